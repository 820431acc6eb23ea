package web

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/notify"
)

// Desk carries handoff events to the team outside /admin (e-mail,
// webhooks, help desks) in the background, and logs the deliveries for
// /admin/deliveries. notify.Dispatcher is one.
type Desk interface {
	Publish(e notify.Event)
	Deliveries() []notify.Delivery
	Sinks() []string
}

// noDesk is the Desk of a server without one: events go nowhere.
type noDesk struct{}

func (noDesk) Publish(notify.Event)          {}
func (noDesk) Deliveries() []notify.Delivery { return nil }
func (noDesk) Sinks() []string               { return nil }

// readReceipts remember, per conversation, the last support turn its chat
// has shown, so a reply the customer read is not e-mailed as well. They
// are per process: behind several replicas a reply read through another
// one is e-mailed anyway, which errs on the side of telling the customer.
type readReceipts struct {
	seen *lru.Cache[string, int]
}

func newReadReceipts() *readReceipts {
	c, _ := lru.New[string, int](100_000) // a positive size: cannot fail
	return &readReceipts{seen: c}
}

// saw records that conversation conv's chat showed its turns up to seq.
func (r *readReceipts) saw(conv string, seq int) {
	if prev, ok := r.seen.Get(conv); !ok || prev < seq {
		r.seen.Add(conv, seq)
	}
}

func (r *readReceipts) hasSeen(conv string, seq int) bool {
	prev, ok := r.seen.Get(conv)
	return ok && prev >= seq
}

// now is the server's clock (Config.Now, for tests).
func (s *Server) now() time.Time {
	if s.cfg.Now != nil {
		return s.cfg.Now()
	}
	return time.Now()
}

// handoffNotice is what the chat tells a customer whose conversation was
// just handed off as ref, and whether it asks for an e-mail address: it
// does only when e-mail can be sent.
func (s *Server) handoffNotice(lang, ref string) (text string, askContact bool) {
	parts := []string{s.texts.Text(lang, "HandoffReference", "Ref", ref)}
	if oh := s.cfg.OfficeHours; oh != nil && !oh.Open(s.now()) {
		if next, ok := oh.NextOpening(s.now()); ok {
			parts = append(parts, s.texts.Text(lang, "OfficeHours", "Hours", oh.String(), "When", whenText(lang, s.now().In(next.Location()), next)))
		}
	}
	if s.cfg.EmailReplies {
		parts = append(parts, s.texts.Text(lang, "HandoffEmailAsk"))
	}
	sep := " "
	if lang == "ja" || lang == "zh" {
		sep = ""
	}
	return strings.Join(parts, sep), s.cfg.EmailReplies
}

// whenText names the time next as a customer would say it from now:
// "9:00 today", "9:00 tomorrow", "Monday 9:00"; in other languages than
// English, as a date and time, which needs no words.
func whenText(lang string, now, next time.Time) string {
	if lang != "" && lang != "en" {
		return next.Format("2006-01-02 15:04 MST")
	}
	clock := next.Format("15:04")
	y1, m1, d1 := now.Date()
	y2, m2, d2 := next.Date()
	switch {
	case y1 == y2 && m1 == m2 && d1 == d2:
		return clock + " today"
	case next.Sub(time.Date(y1, m1, d1, 0, 0, 0, 0, now.Location())) < 48*time.Hour:
		return clock + " tomorrow"
	default:
		return next.Format("Monday") + " " + clock
	}
}

// adminURL is handoff id's page, as the team reaches it from outside.
func (s *Server) adminURL(id int64) string {
	return strings.TrimRight(s.cfg.PublicURL, "/") + "/admin/handoffs/" + strconv.FormatInt(id, 10)
}

// event is the notify.Event of kind about handoff h, with conversation
// turns as its transcript (h's own when turns is nil).
func (s *Server) event(kind notify.Kind, h *conversation.Handoff, turns []dialogue.Turn, msg *notify.Message) notify.Event {
	if turns == nil {
		turns = h.Transcript
	}
	tr := make([]notify.Turn, len(turns))
	for i, t := range turns {
		tr[i] = notify.Turn{Role: t.Role, Text: t.Text}
	}
	return notify.Event{Kind: kind, At: s.now(), Ref: h.Ref, HandoffID: h.ID, Intent: h.Intent,
		Contact: h.Contact, Transcript: tr, Message: msg, AdminURL: s.adminURL(h.ID)}
}

// publishReply tells the desk that a person replied on h at turn seq.
func (s *Server) publishReply(ctx context.Context, h conversation.Handoff, seq int, author, text string) {
	var turns []dialogue.Turn
	if conv, err := s.convs.Get(ctx, h.ConversationID); err == nil {
		turns = conv.History
	}
	e := s.event(notify.Replied, &h, turns, &notify.Message{Seq: seq, Author: author, Text: text})
	conv := h.ConversationID
	e.ReplySeen = func() bool { return s.receipts.hasSeen(conv, seq) }
	s.publish(e)
}

// reply posts a person's reply on handoff h and tells the desk.
func (s *Server) reply(ctx context.Context, h conversation.Handoff, author, text string) (int, error) {
	// The customer's own turns are numbered under this lock too.
	unlock := s.lockSession(h.ConversationID)
	seq, err := s.convs.Reply(ctx, h.ID, text)
	unlock()
	if err != nil {
		return 0, err
	}
	s.log.Info("handoff answered", "handoff", h.ID, "ref", h.Ref, "author", author)
	s.publishReply(ctx, h, seq, author, text)
	return seq, nil
}

// closeHandoff closes h, tells the customer in the chat and tells the desk.
// Closing a closed handoff changes nothing.
func (s *Server) closeHandoff(ctx context.Context, h conversation.Handoff) error {
	if h.Status == conversation.StatusClosed {
		return nil
	}
	unlock := s.lockSession(h.ConversationID)
	defer unlock()
	// The note is a turn of the team's, so the chat shows it live and
	// after a reload; the status is set after it, as Reply marks the
	// handoff answered.
	lang := ""
	if conv, err := s.convs.Get(ctx, h.ConversationID); err == nil {
		lang = conv.Lang
	}
	closing := s.texts.Text(lang, "HandoffClosed", "Ref", h.Ref)
	if _, err := s.convs.Reply(ctx, h.ID, closing); err != nil {
		return err
	}
	if err := s.convs.SetStatus(ctx, h.ID, conversation.StatusClosed); err != nil {
		return err
	}
	h.Status = conversation.StatusClosed
	var turns []dialogue.Turn
	if conv, err := s.convs.Get(ctx, h.ConversationID); err == nil {
		turns = conv.History
	}
	s.log.Info("handoff closed", "handoff", h.ID, "ref", h.Ref)
	s.publish(s.event(notify.Closed, &h, turns, nil))
	return nil
}

// toTeam is the latest message the customer wrote to the team on h: the
// request that was handed off, or a later message the chat passed on to
// the team. Messages to the bot, after the handoff was closed or the
// customer started over, are not.
func toTeam(h conversation.Handoff, history []dialogue.Turn) string {
	said := lastCustomerText(h.Transcript)
	for i := len(h.Transcript); i+1 < len(history); i++ {
		if history[i].Role != "user" {
			continue
		}
		if history[i+1].Action != actionHandoff {
			break // back with the bot
		}
		said = history[i].Text
	}
	return said
}

// closeByID closes handoff id (closeHandoff).
func (s *Server) closeByID(ctx context.Context, id int64) error {
	h, err := s.convs.Handoff(ctx, id)
	if err != nil {
		return err
	}
	return s.closeHandoff(ctx, h)
}

// deliveriesPage serves /admin/deliveries.
func (s *Server) deliveriesPage(c *fiber.Ctx) error {
	return render(c, fiber.StatusOK, deliveriesPage(deliveriesView{Sinks: s.desk.Sinks(), Deliveries: s.desk.Deliveries()}))
}

package web

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"regexp"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/messages"
)

// actionHandoff is the action of the chat's receipts for messages written
// after a handoff: they go to the support team, the bot does not answer them.
const actionHandoff dialogue.Action = "handoff"

// handoffInfo is what the chat is told about its conversation's handoff.
type handoffInfo struct {
	Ref    string              `json:"ref"`
	Status conversation.Status `json:"status"`
}

func infoOf(h *conversation.Handoff) *handoffInfo {
	if h == nil {
		return nil
	}
	return &handoffInfo{Ref: h.Ref, Status: h.Status}
}

// activeHandoff returns the handoff a message to escalated conversation
// sess goes to, or nil when the conversation is with the bot. A closed
// handoff hands the conversation back to the bot.
func (s *Server) activeHandoff(ctx context.Context, sess *dialogue.Session) (*conversation.Handoff, error) {
	if !sess.Escalated {
		return nil, nil
	}
	h, err := s.convs.LatestHandoff(ctx, sess.ID)
	switch {
	case errors.Is(err, conversation.ErrNotFound):
		return nil, nil
	case err != nil:
		return nil, err
	case h.Handled():
		sess.Escalated = false // back to the bot, which may hand off again
		return nil, nil
	}
	return &h, nil
}

// newHandoff is the record of the escalation that ended sess's last turn.
func newHandoff(cur *served, sess *dialogue.Session, reply dialogue.Reply, texts *messages.Catalog) *conversation.Handoff {
	h := &conversation.Handoff{
		Ref:             conversation.NewRef(),
		Intent:          reply.Intent,
		Confirmed:       sess.Confirmed,
		AwaitingContact: true,
	}
	seen := map[string]bool{}
	cite := func(u string) {
		if u != "" && !seen[u] {
			seen[u] = true
			h.Sources = append(h.Sources, u)
		}
	}
	for _, t := range sess.History {
		if t.NodeID == "" || (len(h.Path) > 0 && h.Path[len(h.Path)-1].NodeID == t.NodeID) {
			continue
		}
		step := conversation.Step{NodeID: t.NodeID, Label: t.NodeID}
		if n := cur.index.Node(t.NodeID); n != nil {
			step.Label = n.Problem
			cite(n.Page)
		}
		h.Path = append(h.Path, step)
	}
	for _, u := range reply.Sources {
		cite(u)
	}
	// The customer is told the reference, and asked once how to reach them.
	ask := "\n\n" + texts.Text(sess.Lang, "HandoffReference", "Ref", h.Ref)
	sess.History[len(sess.History)-1].Text += ask
	h.Transcript = sess.History
	return h
}

var (
	emailish = regexp.MustCompile(`[^\s<>()",;]*@[^\s<>()",;]*`)
	skipRE   = regexp.MustCompile(`(?i)^\s*(?:skip|no|nope|no,?\s+thanks?(?:\s+you)?|not\s+now|later|rather\s+not)\s*[.!]*\s*$`)
)

// contactIn finds an e-mail address in msg: found when something looks
// like one, addr set when it is a valid one.
func contactIn(msg string) (addr string, found bool) {
	m := strings.TrimRight(emailish.FindString(msg), ".!?:")
	if m == "" {
		return "", false
	}
	a, err := mail.ParseAddress(m)
	if err != nil || a.Address != m {
		return "", true
	}
	_, domain, _ := strings.Cut(a.Address, "@")
	if !strings.Contains(strings.Trim(domain, "."), ".") || strings.Contains(domain, "..") {
		return "", true
	}
	return a.Address, true
}

// followUp takes a message to a conversation handed off as h: added to the
// handoff with a receipt, never answered by the bot.
func followUp(sess *dialogue.Session, h *conversation.Handoff, message string, texts *messages.Catalog) (dialogue.Reply, conversation.FollowUp) {
	f := conversation.FollowUp{HandoffID: h.ID}
	addr, found := contactIn(message)
	var text string
	switch {
	case addr != "" && (h.AwaitingContact || h.Contact == ""):
		f.Contact = addr
		text = texts.Text(sess.Lang, "ContactThanks", "Address", addr, "Ref", h.Ref)
	case found && h.AwaitingContact:
		f.AwaitingContact = true
		text = texts.Text(sess.Lang, "ContactInvalid")
	case h.AwaitingContact && skipRE.MatchString(message):
		text = texts.Text(sess.Lang, "ContactSkipped", "Ref", h.Ref)
	default:
		text = texts.Text(sess.Lang, "FollowUpAdded", "Ref", h.Ref)
	}
	sess.History = append(sess.History,
		dialogue.Turn{Role: "user", Text: message},
		dialogue.Turn{Role: "agent", Text: text, Action: actionHandoff})
	h.Contact = cmpOr(f.Contact, h.Contact)
	h.AwaitingContact = f.AwaitingContact
	if h.Status == conversation.StatusAnswered {
		h.Status = conversation.StatusOpen
	}
	return dialogue.Reply{Action: actionHandoff, Text: text, Options: []dialogue.Option{}, Sources: []string{}}, f
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// updatesResponse is the answer of GET /api/chat/updates.
type updatesResponse struct {
	Turns   []updateTurn `json:"turns"`
	Next    int          `json:"next"`
	Handoff *handoffInfo `json:"handoff"`
}

type updateTurn struct {
	Seq  int    `json:"seq"`
	Role string `json:"role"`
	Text string `json:"text"`
	HTML string `json:"html"` // Text rendered
}

// apiUpdates serves GET /api/chat/updates?session_id=ID&after=N: the support
// team's replies from turn N on, and the handoff's status, for the chat to poll.
func (s *Server) apiUpdates(c *fiber.Ctx) error {
	id := c.Query("session_id")
	after, err := strconv.Atoi(c.Query("after", "0"))
	if id == "" || err != nil || after < 0 {
		return badRequest("want ?session_id=ID&after=N")
	}
	if err := s.checkOwner(c.UserContext(), c, id); err != nil {
		return err
	}
	sess, err := s.convs.Get(c.UserContext(), id)
	if err != nil {
		return err
	}
	out := updatesResponse{Turns: []updateTurn{}, Next: len(sess.History)}
	for i := after; i < len(sess.History); i++ {
		if t := sess.History[i]; t.Role == conversation.RoleSupport {
			out.Turns = append(out.Turns, updateTurn{Seq: i, Role: t.Role, Text: t.Text, HTML: s.replyHTML(t.Text)})
		}
	}
	if h, err := s.convs.LatestHandoff(c.UserContext(), id); err == nil {
		out.Handoff = infoOf(&h)
	} else if !errors.Is(err, conversation.ErrNotFound) {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.JSON(out)
}

// handoffView is the admin page of one handoff.
type handoffView struct {
	Handoff conversation.Handoff
	Turns   []dialogue.Turn // the conversation, after the handoff too: one page of it (pageTurns)
	Pages   []sourceLink
	Notice  string
	// The page of turns: Turns starts at turn First of Total; Earlier and
	// Later link to the pages around it ("" where there is none).
	First, Total   int
	Earlier, Later templ.SafeURL
}

// transcriptPageSize is how many turns the handoff page shows at once.
const transcriptPageSize = 100

// pageTurns keeps the page of v.Turns that starts at turn from, or the
// latest page (what a support person reads first) when from < 0.
func (v *handoffView) pageTurns(from int) {
	v.Total = len(v.Turns)
	if from < 0 || from >= v.Total {
		from = max(0, v.Total-transcriptPageSize)
	}
	end := min(v.Total, from+transcriptPageSize)
	page := func(start int) templ.SafeURL {
		u := fmt.Sprintf("/admin/handoffs/%d", v.Handoff.ID)
		if start+transcriptPageSize < v.Total {
			u += "?from=" + strconv.Itoa(start)
		}
		return templ.SafeURL(u)
	}
	if from > 0 {
		v.Earlier = page(max(0, from-transcriptPageSize))
	}
	if end < v.Total {
		v.Later = page(end)
	}
	v.First, v.Turns = from, v.Turns[from:end]
}

func handoffID(c *fiber.Ctx) (int64, error) {
	id, err := strconv.ParseInt(c.Params("id"), 10, 64)
	if err != nil {
		return 0, badRequest("handoff id %q is not a number", c.Params("id"))
	}
	return id, nil
}

func (s *Server) handoffPage(c *fiber.Ctx) error {
	id, err := handoffID(c)
	if err != nil {
		return err
	}
	from := -1 // the latest turns
	if f := c.Query("from"); f != "" {
		if from, err = strconv.Atoi(f); err != nil || from < 0 {
			return badRequest("from %q: want a turn number", f)
		}
	}
	v, err := s.handoffView(c.UserContext(), id)
	if err != nil {
		return err
	}
	v.pageTurns(from)
	if c.Query("sent") == "1" {
		v.Notice = "Reply sent. The customer sees it in the chat."
	}
	return render(c, fiber.StatusOK, handoffPage(v))
}

func (s *Server) handoffView(ctx context.Context, id int64) (handoffView, error) {
	h, err := s.convs.Handoff(ctx, id)
	if err != nil {
		return handoffView{}, err
	}
	conv, err := s.convs.Get(ctx, h.ConversationID)
	if err != nil {
		return handoffView{}, err
	}
	v := handoffView{Handoff: h, Turns: conv.History}
	var ix *graph.Index
	if cur := s.current.Load(); cur != nil {
		ix = cur.index
	}
	for _, u := range h.Sources {
		l := sourceLink{Title: u, URL: u}
		if ix != nil {
			if p := ix.Page(u); p != nil && p.Title != "" {
				l.Title = p.Title
			}
		}
		v.Pages = append(v.Pages, l)
	}
	return v, nil
}

// maxReplyLen bounds a support reply, in characters.
const maxReplyLen = 10_000

func (s *Server) replyPost(c *fiber.Ctx) error {
	id, err := handoffID(c)
	if err != nil {
		return err
	}
	text := strings.TrimSpace(c.FormValue("reply"))
	if text == "" || len([]rune(text)) > maxReplyLen {
		v, err := s.handoffView(c.UserContext(), id)
		if err != nil {
			return err
		}
		v.pageTurns(-1)
		v.Notice = fmt.Sprintf("Write a reply first (at most %d characters).", maxReplyLen)
		return render(c, fiber.StatusBadRequest, handoffPage(v))
	}
	h, err := s.convs.Handoff(c.UserContext(), id)
	if err != nil {
		return err
	}
	// The customer's own turns are numbered under this lock too.
	unlock := s.lockSession(h.ConversationID)
	_, err = s.convs.Reply(c.UserContext(), id, text)
	unlock()
	if err != nil {
		return err
	}
	s.log.Info("handoff answered", "handoff", id, "ref", h.Ref)
	return c.Redirect(fmt.Sprintf("/admin/handoffs/%d?sent=1#reply", id), fiber.StatusSeeOther)
}

func (s *Server) statusPost(c *fiber.Ctx) error {
	id, err := handoffID(c)
	if err != nil {
		return err
	}
	st := conversation.Status(c.FormValue("status"))
	if !st.Valid() {
		return badRequest("status %q: want open, answered or closed", st)
	}
	if err := s.convs.SetStatus(c.UserContext(), id, st); err != nil {
		return err
	}
	return c.Redirect(fmt.Sprintf("/admin/handoffs/%d", id), fiber.StatusSeeOther)
}

package web

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/messages"
	"github.com/helpgraph/helpgraph/notify"
)

// chatRequest is the body of POST /api/chat and POST /api/chat/stream.
type chatRequest struct {
	SessionID string `json:"session_id"`
	Message   string `json:"message"`
	// Lang is the language the widget or page asks for (BCP 47), for a
	// first message too short to tell its own; else Accept-Language.
	Lang string `json:"lang,omitempty"`
}

// chatResponse is the answer of POST /api/chat.
type chatResponse struct {
	SessionID string            `json:"session_id"`
	Action    dialogue.Action   `json:"action"`
	Reply     string            `json:"reply"`
	Options   []dialogue.Option `json:"options"`
	NodeID    string            `json:"node_id"`
	Sources   []string          `json:"sources"`
	// Turn is the position of the reply in the conversation (for feedback).
	Turn    int          `json:"turn"`
	Handoff *handoffInfo `json:"handoff"`
}

// sourceLink is a source page as the chat shows it.
type sourceLink struct {
	Title string `json:"title"`
	URL   string `json:"url"`
}

// turnResult is what a turn ran on, besides the session and reply.
type turnResult struct {
	cur     *served
	handoff *conversation.Handoff // the conversation's handoff, if open
}

// converseOnce runs one turn of conversation sessionID ("" starts one) and
// persists it, recording a handoff when the agent escalates (converse
// retries it when another replica wrote first). clientLang is the language
// the browser or widget asks for ("" none).
func (s *Server) converseOnce(ctx context.Context, owner, sessionID, message, clientLang string) (dialogue.Session, dialogue.Reply, *turnResult, error) {
	start := time.Now()
	message = strings.TrimSpace(message)
	switch {
	case message == "":
		return dialogue.Session{}, dialogue.Reply{}, nil, badRequest("message is empty")
	case utf8.RuneCountInString(message) > s.cfg.MaxMessageLen:
		return dialogue.Session{}, dialogue.Reply{}, nil,
			badRequest("message is longer than %d characters", s.cfg.MaxMessageLen)
	case !utf8.ValidString(message):
		return dialogue.Session{}, dialogue.Reply{}, nil, badRequest("message is not valid UTF-8")
	}
	cur := s.current.Load()
	if cur == nil || len(cur.graph.Nodes) == 0 {
		return dialogue.Session{}, dialogue.Reply{}, nil, errNotReady
	}

	var sess dialogue.Session
	var err error
	if sessionID == "" {
		if sess, err = s.convs.Create(ctx, owner); err != nil {
			return dialogue.Session{}, dialogue.Reply{}, nil, err
		}
	} else {
		defer s.lockSession(sessionID)()
		if sess, err = s.convs.GetOwned(ctx, sessionID, owner); err != nil {
			return dialogue.Session{}, dialogue.Reply{}, nil, err
		}
	}
	if clientLang != "" {
		sess.ClientLang = clientLang
	}
	active, err := s.activeHandoff(ctx, &sess)
	if err != nil {
		return dialogue.Session{}, dialogue.Reply{}, nil, err
	}
	from := len(sess.History)
	// Once a person has the conversation, the customer's messages are for
	// them, unless the customer starts over with the bot.
	if active != nil && dialogue.ClassifyAct(message) != dialogue.ActRestart {
		reply, f := followUp(&sess, active, message, s.texts, s.cfg.EmailReplies)
		if err := s.convs.SaveFollowUp(ctx, &sess, from, f); err != nil {
			return dialogue.Session{}, dialogue.Reply{}, nil, err
		}
		s.publish(s.event(notify.CustomerMessage, active, sess.History, &notify.Message{Seq: from, Text: message}))
		s.metrics.turns.Inc()
		s.metrics.actions.WithLabelValues(string(reply.Action)).Inc()
		return sess, reply, &turnResult{cur: cur, handoff: active}, nil
	}
	wasEscalated := sess.Escalated
	reply, err := cur.agent.Respond(ctx, &sess, message)
	if err != nil {
		return dialogue.Session{}, dialogue.Reply{}, nil, err
	}
	var handoff *conversation.Handoff
	agentText := reply.Text
	escalate := reply.Action == dialogue.Escalation && !wasEscalated
	if escalate {
		sess.Escalated = true
	}
	for draw := 1; ; draw++ {
		if escalate {
			sess.History[len(sess.History)-1].Text = agentText
			handoff = newHandoff(cur, &sess, reply, s.handoffNotice)
			reply.Text = sess.History[len(sess.History)-1].Text
		}
		err = s.convs.Save(ctx, &sess, from, handoff)
		// Another handoff has the reference drawn (rare: see NewRef):
		// nothing was saved, so the turn is saved with a new one.
		if !errors.Is(err, conversation.ErrRefTaken) || draw == maxRefDraws {
			break
		}
	}
	if err != nil {
		return dialogue.Session{}, dialogue.Reply{}, nil, err
	}
	if handoff != nil {
		s.log.Info("conversation handed off", "session", sess.ID, "handoff", handoff.ID, "ref", handoff.Ref, "intent", handoff.Intent)
		s.publish(s.event(notify.Created, handoff, nil, nil))
	} else {
		handoff = active // the customer started over: the handoff stays open
	}
	s.metrics.turns.Inc()
	s.metrics.actions.WithLabelValues(string(reply.Action)).Inc()
	s.metrics.latency.Observe(time.Since(start).Seconds())
	return sess, reply, &turnResult{cur: cur, handoff: handoff}, nil
}

// maxRefDraws is how many handoff references a turn draws before failing.
const maxRefDraws = 3

func decodeChatRequest(c *fiber.Ctx) (chatRequest, error) {
	var req chatRequest
	if err := json.Unmarshal(c.Body(), &req); err != nil {
		return req, badRequest("malformed JSON: want {\"session_id\": \"...\", \"message\": \"...\"}")
	}
	return req, nil
}

// apiChat serves POST /api/chat.
func (s *Server) apiChat(c *fiber.Ctx) error {
	req, err := decodeChatRequest(c)
	if err != nil {
		return err
	}
	sess, reply, res, err := s.converse(c.UserContext(), s.browserOwner(c, true), req.SessionID, req.Message, clientLanguage(req.Lang, c.Get(fiber.HeaderAcceptLanguage)))
	if err != nil {
		return err
	}
	s.rememberConversation(c, sess.ID)
	return c.JSON(chatResponse{
		Turn:      len(sess.History) - 1,
		Handoff:   infoOf(res.handoff),
		SessionID: sess.ID,
		Action:    reply.Action,
		Reply:     reply.Text,
		Options:   nonNil(reply.Options),
		NodeID:    reply.NodeID,
		Sources:   nonNil(reply.Sources),
	})
}

// streamMeta is the "meta" event of POST /api/chat/stream.
type streamMeta struct {
	SessionID   string            `json:"session_id"`
	Action      dialogue.Action   `json:"action"`
	NodeID      string            `json:"node_id"`
	Options     []dialogue.Option `json:"options"`
	Sources     []string          `json:"sources"`
	SourceLinks []sourceLink      `json:"source_links"`
	Turn        int               `json:"turn"`
	Handoff     *handoffInfo      `json:"handoff"`
	// Lang is the conversation's language, Texts the chat's words in it
	// (see conversationTexts); absent before it has one.
	Lang  string            `json:"lang,omitempty"`
	Texts map[string]string `json:"texts,omitempty"`
}

// apiChatStream serves POST /api/chat/stream: the same request as /api/chat,
// answered as server-sent events "meta", then "delta" ({"text": ...}, word
// groups that concatenate to the reply), then "done" ({"session_id": ...,
// "html": the reply rendered}).
// Errors before the stream starts are ordinary JSON errors with a status.
func (s *Server) apiChatStream(c *fiber.Ctx) error {
	req, err := decodeChatRequest(c)
	if err != nil {
		return err
	}
	sess, reply, res, err := s.converse(c.UserContext(), s.browserOwner(c, true), req.SessionID, req.Message, clientLanguage(req.Lang, c.Get(fiber.HeaderAcceptLanguage)))
	if err != nil {
		return err
	}
	s.rememberConversation(c, sess.ID)
	meta := streamMeta{
		Turn:        len(sess.History) - 1,
		Handoff:     infoOf(res.handoff),
		SessionID:   sess.ID,
		Action:      reply.Action,
		NodeID:      reply.NodeID,
		Options:     nonNil(reply.Options),
		Sources:     nonNil(reply.Sources),
		SourceLinks: nonNil(sourceLinks(res.cur.index, reply.Sources)),
	}
	meta.Lang, meta.Texts = s.conversationTexts(sess.Lang)
	chunks := wordGroups(reply.Text, 3)
	done := map[string]string{"session_id": meta.SessionID, "html": s.replyHTML(reply.Text)}
	delay := s.cfg.StreamDelay
	c.Set(fiber.HeaderContentType, "text/event-stream; charset=utf-8")
	c.Set(fiber.HeaderCacheControl, "no-cache")
	c.Set("X-Accel-Buffering", "no") // keep proxies from buffering the stream
	// The writer runs after the handler returns: it must not touch c.
	c.Context().SetBodyStreamWriter(func(w *bufio.Writer) {
		writeEvent(w, "meta", meta)
		if w.Flush() != nil {
			return
		}
		for _, chunk := range chunks {
			if delay > 0 {
				time.Sleep(delay)
			}
			writeEvent(w, "delta", map[string]string{"text": chunk})
			if w.Flush() != nil {
				return // client went away
			}
		}
		writeEvent(w, "done", done)
		w.Flush()
	})
	return nil
}

func writeEvent(w *bufio.Writer, event string, data any) {
	b, _ := json.Marshal(data) // plain structs and maps: cannot fail
	w.WriteString("event: " + event + "\ndata: ")
	w.Write(b)
	w.WriteString("\n\n")
}

var wordRE = regexp.MustCompile(`\s*\S+\s*`)

// wordGroups splits text into chunks of n words that concatenate back to text.
func wordGroups(text string, n int) []string {
	words := wordRE.FindAllString(text, -1)
	var chunks []string
	for i := 0; i < len(words); i += n {
		chunks = append(chunks, strings.Join(words[i:min(i+n, len(words))], ""))
	}
	return chunks
}

// sourceLinks pairs source URLs with their page titles.
func sourceLinks(ix *graph.Index, urls []string) []sourceLink {
	var links []sourceLink
	for _, u := range urls {
		title := u
		if p := ix.Page(u); p != nil && p.Title != "" {
			title = sourceTitle(p)
		}
		links = append(links, sourceLink{Title: title, URL: u})
	}
	return links
}

// sourceTitle is how a source is named: its page's title, led by the
// section the page sits in (its breadcrumb's last) when the title is a
// word or two, which name no topic on their own ("Email Server ›
// Installing", a long manual's part; "Billing › Overview").
func sourceTitle(p *graph.Page) string {
	if len(strings.Fields(p.Title)) > 2 || len(p.Breadcrumb) == 0 {
		return p.Title
	}
	section := strings.TrimSpace(p.Breadcrumb[len(p.Breadcrumb)-1])
	if section == "" || strings.EqualFold(section, p.Title) {
		return p.Title
	}
	return section + " › " + p.Title
}

// chatView is what the chat page shows.
type chatView struct {
	Brand     Brand
	Embed     bool
	SessionID string
	Turns     []turnView
	TurnCount int // turns in the conversation, where the chat polls from
	Options   []dialogue.Option
	// FollowUps says Options come after an answer, for what the user may
	// ask next, rather than answer a question.
	FollowUps bool
	// OnlyPerson says no option names a node (a lone "Talk to a person"):
	// no question of which fits. chat.js decides so for streamed options.
	OnlyPerson bool
	Notice     string
	Handoff    *handoffInfo
	// Lang is the language the page is in; texts its words (see localize).
	Lang  string
	texts *messages.Catalog
}

type turnView struct {
	Seq     int
	User    bool
	Support bool
	Text    string
	Action  dialogue.Action
	Sources []sourceLink
	// Rated and Helpful are the customer's rating of a resolution.
	Rated, Helpful bool
}

// chatView is what the chat shows of sess; ratings and handoff are optional.
func (s *Server) chatView(sess dialogue.Session, embed bool, ratings map[int]bool, h *conversation.Handoff) chatView {
	v := chatView{Embed: embed, SessionID: sess.ID, TurnCount: len(sess.History), Handoff: infoOf(h), Lang: sess.Lang}
	cur := s.current.Load()
	for i, t := range sess.History {
		tv := turnView{Seq: i, User: t.Role == "user", Support: t.Role == conversation.RoleSupport, Text: t.Text, Action: t.Action}
		tv.Helpful, tv.Rated = ratings[i]
		if cur != nil && !tv.User && !tv.Support {
			if n := cur.index.Node(t.NodeID); n != nil {
				tv.Sources = sourceLinks(cur.index, []string{n.Page})
			}
		}
		v.Turns = append(v.Turns, tv)
	}
	if n := len(sess.History); n > 0 && (sess.History[n-1].Action == dialogue.Clarification || sess.History[n-1].Action == dialogue.Resolution) {
		v.Options = sess.PendingOptions
		v.FollowUps = sess.History[n-1].Action == dialogue.Resolution
		v.OnlyPerson = !slices.ContainsFunc(v.Options, func(o dialogue.Option) bool { return o.NodeID != "" })
	}
	return v
}

// savedChatView is the chat view of stored conversation id.
func (s *Server) savedChatView(ctx context.Context, id string, embed bool) (chatView, error) {
	sess, err := s.convs.Get(ctx, id)
	if err != nil {
		return chatView{}, err
	}
	ratings, err := s.convs.Feedback(ctx, id)
	if err != nil {
		return chatView{}, err
	}
	var h *conversation.Handoff
	if latest, err := s.convs.LatestHandoff(ctx, id); err == nil {
		h = &latest
	} else if !errors.Is(err, conversation.ErrNotFound) {
		return chatView{}, err
	}
	return s.chatView(sess, embed, ratings, h), nil
}

func chatBase(embed bool) string {
	if embed {
		return "/embed"
	}
	return "/"
}

// chatPage serves GET / and GET /embed; ?s=ID shows conversation ID.
func (s *Server) chatPage(embed bool) fiber.Handler {
	return func(c *fiber.Ctx) error {
		v := chatView{Embed: embed}
		id := c.Query("s")
		if id == "" {
			// No link: the browser's open conversation, if it has one.
			open, err := s.openConversation(c.UserContext(), c)
			if err != nil {
				return err
			}
			id = open
		}
		if id != "" {
			err := s.checkOwner(c.UserContext(), c, id)
			if err == nil {
				v, err = s.savedChatView(c.UserContext(), id, embed)
			}
			// The widget's frame loads while closed: it tells when it is read.
			if err == nil && !embed {
				s.receipts.saw(id, v.TurnCount-1)
			}
			switch {
			case errors.Is(err, conversation.ErrNotFound):
				// Also when it is another browser's: the link alone shows nothing.
				v = chatView{Embed: embed, Notice: s.texts.Text(s.requestLanguage(c), "ConversationNotFound")}
			case err != nil:
				return err
			}
		}
		return render(c, fiber.StatusOK, chatPage(s.branded(s.localize(c, v))))
	}
}

// chatForm serves the no-JavaScript form POST to / and /embed, then
// redirects back to the conversation (post/redirect/get).
func (s *Server) chatForm(embed bool) fiber.Handler {
	return func(c *fiber.Ctx) error {
		lang := clientLanguage(c.FormValue("lang"), c.Get(fiber.HeaderAcceptLanguage))
		sess, _, _, err := s.converse(c.UserContext(), s.browserOwner(c, true), c.FormValue("session_id"), c.FormValue("message"), lang)
		if err != nil {
			status, msg := httpStatus(err)
			if status >= 500 {
				return err
			}
			v := chatView{Embed: embed}
			if id := c.FormValue("session_id"); id != "" && s.checkOwner(c.UserContext(), c, id) == nil {
				if prev, err := s.savedChatView(c.UserContext(), id, embed); err == nil {
					v = prev
				}
			}
			v.Notice = msg
			return render(c, status, chatPage(s.branded(s.localize(c, v))))
		}
		s.rememberConversation(c, sess.ID)
		return c.Redirect(chatBase(embed)+"?s="+url.QueryEscape(sess.ID)+"#latest", fiber.StatusSeeOther)
	}
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// latestAttr marks the latest turn, the target of the form's #latest redirect.
func latestAttr(i, n int) templ.Attributes {
	if i == n-1 {
		return templ.Attributes{"id": "latest"}
	}
	return nil
}

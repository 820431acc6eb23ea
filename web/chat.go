package web

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
)

// chatRequest is the body of POST /api/chat and POST /api/chat/stream.
type chatRequest struct {
	SessionID string `json:"session_id"`
	Message   string `json:"message"`
}

// chatResponse is the answer of POST /api/chat.
type chatResponse struct {
	SessionID string            `json:"session_id"`
	Action    dialogue.Action   `json:"action"`
	Reply     string            `json:"reply"`
	Options   []dialogue.Option `json:"options"`
	NodeID    string            `json:"node_id"`
	Sources   []string          `json:"sources"`
}

// sourceLink is a source page as the chat shows it.
type sourceLink struct {
	Title string `json:"title"`
	URL   string `json:"url"`
}

// converse runs one turn of conversation sessionID ("" starts one) and
// persists it, recording a handoff when the agent escalates.
func (s *Server) converse(ctx context.Context, sessionID, message string) (dialogue.Session, dialogue.Reply, *served, error) {
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
		if sess, err = s.convs.Create(ctx); err != nil {
			return dialogue.Session{}, dialogue.Reply{}, nil, err
		}
	} else {
		defer s.lockSession(sessionID)()
		if sess, err = s.convs.Get(ctx, sessionID); err != nil {
			return dialogue.Session{}, dialogue.Reply{}, nil, err
		}
	}
	from, wasEscalated := len(sess.History), sess.Escalated
	reply, err := cur.agent.Respond(ctx, &sess, message)
	if err != nil {
		return dialogue.Session{}, dialogue.Reply{}, nil, err
	}
	var handoff *conversation.Handoff
	if reply.Action == dialogue.Escalation && !wasEscalated {
		sess.Escalated = true
		handoff = &conversation.Handoff{
			Intent:     reply.Intent,
			Confirmed:  sess.Confirmed,
			Transcript: sess.History,
		}
	}
	if err := s.convs.Save(ctx, &sess, from, handoff); err != nil {
		return dialogue.Session{}, dialogue.Reply{}, nil, err
	}
	if handoff != nil {
		s.log.Info("conversation handed off", "session", sess.ID, "handoff", handoff.ID, "intent", handoff.Intent)
	}
	s.metrics.turns.Inc()
	s.metrics.actions.WithLabelValues(string(reply.Action)).Inc()
	s.metrics.latency.Observe(time.Since(start).Seconds())
	return sess, reply, cur, nil
}

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
	sess, reply, _, err := s.converse(c.UserContext(), req.SessionID, req.Message)
	if err != nil {
		return err
	}
	return c.JSON(chatResponse{
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
}

// apiChatStream serves POST /api/chat/stream: the same request as /api/chat,
// answered as server-sent events "meta", then "delta" ({"text": ...}, word
// groups that concatenate to the reply), then "done" ({"session_id": ...}).
// Errors before the stream starts are ordinary JSON errors with a status.
func (s *Server) apiChatStream(c *fiber.Ctx) error {
	req, err := decodeChatRequest(c)
	if err != nil {
		return err
	}
	sess, reply, cur, err := s.converse(c.UserContext(), req.SessionID, req.Message)
	if err != nil {
		return err
	}
	meta := streamMeta{
		SessionID:   sess.ID,
		Action:      reply.Action,
		NodeID:      reply.NodeID,
		Options:     nonNil(reply.Options),
		Sources:     nonNil(reply.Sources),
		SourceLinks: nonNil(sourceLinks(cur.index, reply.Sources)),
	}
	chunks := wordGroups(reply.Text, 3)
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
		writeEvent(w, "done", map[string]string{"session_id": meta.SessionID})
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
			title = p.Title
		}
		links = append(links, sourceLink{Title: title, URL: u})
	}
	return links
}

// chatView is what the chat page shows.
type chatView struct {
	Embed     bool
	SessionID string
	Turns     []turnView
	Options   []dialogue.Option
	Notice    string
}

type turnView struct {
	User    bool
	Text    string
	Action  dialogue.Action
	Sources []sourceLink
}

func (s *Server) chatView(sess dialogue.Session, embed bool) chatView {
	v := chatView{Embed: embed, SessionID: sess.ID}
	cur := s.current.Load()
	for _, t := range sess.History {
		tv := turnView{User: t.Role == "user", Text: t.Text, Action: t.Action}
		if cur != nil && !tv.User {
			if n := cur.index.Node(t.NodeID); n != nil {
				tv.Sources = sourceLinks(cur.index, []string{n.Page})
			}
		}
		v.Turns = append(v.Turns, tv)
	}
	if n := len(sess.History); n > 0 && sess.History[n-1].Action == dialogue.Clarification {
		v.Options = sess.PendingOptions
	}
	return v
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
		var sess dialogue.Session
		notice := ""
		if id := c.Query("s"); id != "" {
			var err error
			sess, err = s.convs.Get(c.UserContext(), id)
			switch {
			case errors.Is(err, conversation.ErrNotFound):
				notice = "That conversation was not found. You can start a new one."
				sess = dialogue.Session{}
			case err != nil:
				return err
			}
		}
		v := s.chatView(sess, embed)
		v.Notice = notice
		return render(c, fiber.StatusOK, chatPage(v))
	}
}

// chatForm serves the no-JavaScript form POST to / and /embed, then
// redirects back to the conversation (post/redirect/get).
func (s *Server) chatForm(embed bool) fiber.Handler {
	return func(c *fiber.Ctx) error {
		sess, _, _, err := s.converse(c.UserContext(), c.FormValue("session_id"), c.FormValue("message"))
		if err != nil {
			status, msg := httpStatus(err)
			if status >= 500 {
				return err
			}
			v := chatView{Embed: embed}
			if id := c.FormValue("session_id"); id != "" {
				if prev, err := s.convs.Get(c.UserContext(), id); err == nil {
					v = s.chatView(prev, embed)
				}
			}
			v.Notice = msg
			return render(c, status, chatPage(v))
		}
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

package web

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/notify"
)

// The help desk's API, for its automations (a Zendesk trigger, a Freshdesk
// or Chatwoot webhook, a script):
//
//	POST /api/handoffs/{reference}/replies  {"text", "author"?} -> 201 {"reference","turn","status"}
//	POST /api/handoffs/{reference}/close                        -> 200 {"reference","status"}
//
// Both take Authorization: Bearer $HELPGRAPH_ADMIN_TOKEN (401 without) and
// are off (404) while no token is set. A cookie is not enough: these are
// for machines, and a browser's cookie would make them a CSRF target.
func (s *Server) deskRoutes(app *fiber.App, api fiber.Router) {
	api.Post("/handoffs/:ref/replies", s.requireBearer, s.apiHandoffReply)
	api.Post("/handoffs/:ref/close", s.requireBearer, s.apiHandoffClose)
	// Outside /api: a help desk's webhook carries the whole conversation,
	// more than /api's body limit allows.
	app.Post("/hooks/:name/:secret", s.apiHook)
}

// Hook is a help desk's webhook that brings its agents' replies back, at
// POST /hooks/{Name}/{Secret} (the URL given to the help desk: the
// secret in it is what authorises the call).
type Hook struct {
	Name, Secret string
	// Parse reads one call; ok is false for one that is nothing for us.
	Parse func(body []byte) (in notify.Inbound, ok bool, err error)
}

// apiHook serves a Hook: an agent's reply goes to the customer, a close
// closes the handoff. What is not for us is acknowledged, so the help
// desk does not retry it.
func (s *Server) apiHook(c *fiber.Ctx) error {
	var hook *Hook
	for i := range s.hooks {
		h := &s.hooks[i]
		a, b := sha256.Sum256([]byte(c.Params("secret"))), sha256.Sum256([]byte(h.Secret))
		if h.Name == c.Params("name") && h.Secret != "" && subtle.ConstantTimeCompare(a[:], b[:]) == 1 {
			hook = h
		}
	}
	if hook == nil {
		return errNotFound
	}
	in, ok, err := hook.Parse(c.Body())
	if err != nil {
		return badRequest("%v", err)
	}
	if !ok {
		return c.JSON(fiber.Map{"ignored": true})
	}
	h, err := s.convs.HandoffByRef(c.UserContext(), in.Ref)
	if err != nil {
		return err
	}
	switch {
	case in.Close:
		err = s.closeHandoff(c.UserContext(), h)
	case h.Handled():
		s.log.Warn("help desk reply to a closed handoff dropped", "hook", hook.Name, "ref", h.Ref)
		return c.JSON(fiber.Map{"ignored": true, "reason": "handoff closed"})
	default:
		_, err = s.reply(c.UserContext(), h, cmpOr(in.Author, hook.Name), strings.TrimSpace(in.Text))
	}
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"reference": h.Ref})
}

func (s *Server) requireBearer(c *fiber.Ctx) error {
	if s.cfg.AdminToken == "" {
		return errNotFound
	}
	token, ok := strings.CutPrefix(c.Get(fiber.HeaderAuthorization), "Bearer ")
	if !ok || !s.tokenMatches(token) {
		c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="helpgraph"`)
		return errUnauthorized
	}
	return c.Next()
}

// maxAuthorLen bounds the name of a reply's author, in characters.
const maxAuthorLen = 200

type apiReplyRequest struct {
	Text   string `json:"text"`
	Author string `json:"author"`
}

type apiHandoffResponse struct {
	Ref    string              `json:"reference"`
	Turn   int                 `json:"turn,omitempty"`
	Status conversation.Status `json:"status"`
}

func (s *Server) apiHandoffReply(c *fiber.Ctx) error {
	var req apiReplyRequest
	if err := json.Unmarshal(c.Body(), &req); err != nil {
		return badRequest(`malformed JSON: want {"text": "...", "author": "..."}`)
	}
	req.Text = strings.TrimSpace(req.Text)
	req.Author = strings.TrimSpace(req.Author)
	switch {
	case req.Text == "":
		return badRequest("text is empty")
	case !utf8.ValidString(req.Text) || !utf8.ValidString(req.Author):
		return badRequest("text and author must be UTF-8")
	case utf8.RuneCountInString(req.Text) > maxReplyLen:
		return badRequest("text is longer than %d characters", maxReplyLen)
	case utf8.RuneCountInString(req.Author) > maxAuthorLen:
		return badRequest("author is longer than %d characters", maxAuthorLen)
	}
	h, err := s.convs.HandoffByRef(c.UserContext(), c.Params("ref"))
	if err != nil {
		return err
	}
	if h.Handled() {
		return fiber.NewError(fiber.StatusConflict, "handoff "+h.Ref+" is closed: the customer is back with the bot")
	}
	seq, err := s.reply(c.UserContext(), h, req.Author, req.Text)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(apiHandoffResponse{Ref: h.Ref, Turn: seq, Status: conversation.StatusAnswered})
}

func (s *Server) apiHandoffClose(c *fiber.Ctx) error {
	h, err := s.convs.HandoffByRef(c.UserContext(), c.Params("ref"))
	if err != nil {
		return err
	}
	if err := s.closeHandoff(c.UserContext(), h); err != nil {
		return err
	}
	return c.JSON(apiHandoffResponse{Ref: h.Ref, Status: conversation.StatusClosed})
}

// loggedPath is path as the request log shows it: without a hook's secret.
func loggedPath(path string) string {
	if rest, ok := strings.CutPrefix(path, "/hooks/"); ok {
		name, _, _ := strings.Cut(rest, "/")
		return "/hooks/" + name + "/…"
	}
	return path
}

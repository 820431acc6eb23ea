package web

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/helpgraph/helpgraph/conversation"
)

// conversationCookie names the browser's open conversation, so that /,
// /embed and the widget show it again after a reload or a navigation on
// the host site. It is no key: the conversation is shown only to the
// browser that owns it (owner.go). "Start over" forgets it.
const conversationCookie = "helpgraph_conversation"

// cookieHeader is a Set-Cookie value for the chat's cookies: see
// browserCookieHeader for the attributes. maxAge 0 deletes the cookie.
func cookieHeader(name, value string, maxAge int, secure bool) string {
	var b strings.Builder
	b.WriteString(name + "=" + value + "; Path=/; Max-Age=")
	b.WriteString(strconv.Itoa(maxAge))
	b.WriteString("; HttpOnly")
	if secure {
		b.WriteString("; SameSite=None; Secure; Partitioned")
	} else {
		b.WriteString("; SameSite=Lax")
	}
	return b.String()
}

// rememberConversation makes id the browser's open conversation.
func (s *Server) rememberConversation(c *fiber.Ctx, id string) {
	if c.Cookies(conversationCookie) != id {
		c.Response().Header.Add(fiber.HeaderSetCookie, cookieHeader(conversationCookie, id, browserCookieAge, secureContext(c)))
	}
}

// openConversation is the browser's open conversation, "" for none.
func (s *Server) openConversation(ctx context.Context, c *fiber.Ctx) (string, error) {
	id := c.Cookies(conversationCookie)
	if id == "" || len(id) > 64 {
		return "", nil
	}
	err := s.checkOwner(ctx, c, id)
	if errors.Is(err, conversation.ErrNotFound) {
		return "", nil // gone, or another browser's: start afresh
	}
	return id, err
}

// startOver serves POST /restart and /embed/restart ("Start over"): the
// browser forgets its open conversation and gets an empty chat. The old
// conversation, and a handoff on it, stay with the team.
func (s *Server) startOver(embed bool) fiber.Handler {
	return func(c *fiber.Ctx) error {
		c.Response().Header.Add(fiber.HeaderSetCookie, cookieHeader(conversationCookie, "", 0, secureContext(c)))
		return c.Redirect(chatBase(embed), fiber.StatusSeeOther)
	}
}

// restartURL is where the chat's "Start over" form posts.
func restartURL(embed bool) string {
	if embed {
		return "/embed/restart"
	}
	return "/restart"
}

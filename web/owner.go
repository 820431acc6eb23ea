package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"net"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// browserCookie holds a browser's secret. A conversation is bound to the
// browser that started it (its owner is the secret's hash), so a /?s=ID
// link or a session id alone reads and continues nothing.
const browserCookie = "helpgraph_browser"

// browserCookieAge is how long a browser keeps its conversations, in seconds.
const browserCookieAge = 365 * 24 * 3600

// browserOwner returns the owner of the requesting browser's conversations,
// "" when it has no secret yet; with create it gets one.
func (s *Server) browserOwner(c *fiber.Ctx, create bool) string {
	secret := c.Cookies(browserCookie)
	if !validSecret(secret) {
		if !create {
			return ""
		}
		b := make([]byte, 32)
		rand.Read(b) // never fails (crypto/rand)
		secret = hex.EncodeToString(b)
		c.Response().Header.Add(fiber.HeaderSetCookie, browserCookieHeader(secret, secureContext(c)))
	}
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

func validSecret(s string) bool {
	if len(s) != 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// browserCookieHeader is the Set-Cookie value for secret. The widget's chat
// is a third-party frame, where only SameSite=None cookies are sent; those
// must be Secure, and Partitioned keeps each embedding site's conversations
// apart (CHIPS). Over plain HTTP (other than loopback, which browsers treat
// as secure) the cookie is Lax: the chat works, the widget on another site
// cannot keep a conversation.
func browserCookieHeader(secret string, secure bool) string {
	return cookieHeader(browserCookie, secret, browserCookieAge, secure)
}

func secureContext(c *fiber.Ctx) bool {
	if c.Protocol() == "https" {
		return true
	}
	host := c.Hostname()
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// checkOwner answers whether the requesting browser owns conversation id;
// for another browser the conversation does not exist.
func (s *Server) checkOwner(ctx context.Context, c *fiber.Ctx, id string) error {
	return s.convs.CheckOwner(ctx, id, s.browserOwner(c, false))
}

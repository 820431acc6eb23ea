package web

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/graph"
)

// Errors a handler returns; statusTable maps them to HTTP statuses. Their
// text (and what handlers wrap around them) is shown to the client, so it
// must not leak internals; anything unmapped is a 500 with a generic message.
var (
	errBadRequest   = errors.New("bad request")
	errTooLarge     = errors.New("request too large")
	errUnauthorized = errors.New("unauthorized")
	errForbidden    = errors.New("forbidden")
	errNotFound     = errors.New("not found")
	errRateLimited  = errors.New("too many requests, slow down")
	errNotReady     = errors.New("the assistant is not ready yet")
)

// statusTable is the one place errors become HTTP statuses (pkgsite style).
// A row with a message shows it instead of the error's text; one with
// retryAfter sends that many seconds as Retry-After.
var statusTable = []struct {
	err        error
	status     int
	message    string
	retryAfter int
}{
	// First: a store out of reach fails any request, whatever it was.
	{conversation.ErrUnavailable, fiber.StatusServiceUnavailable,
		"the conversation store cannot be reached right now; try again in a few seconds", storeRetryAfter},
	{errBadRequest, fiber.StatusBadRequest, "", 0},
	{errTooLarge, fiber.StatusRequestEntityTooLarge, "", 0},
	{errUnauthorized, fiber.StatusUnauthorized, "", 0},
	{errForbidden, fiber.StatusForbidden, "", 0},
	{errNotFound, fiber.StatusNotFound, "", 0},
	{conversation.ErrNotFound, fiber.StatusNotFound, "", 0},
	{conversation.ErrInvalid, fiber.StatusBadRequest, "", 0},
	{conversation.ErrConflict, fiber.StatusConflict, "", 0},
	{graph.ErrNotFound, fiber.StatusNotFound, "", 0},
	{errRateLimited, fiber.StatusTooManyRequests, "", 0},
	{errNotReady, fiber.StatusServiceUnavailable, "", 0},
	{context.DeadlineExceeded, fiber.StatusGatewayTimeout, "", 0},
}

// storeRetryAfter is the Retry-After, in seconds, of a request that found
// the conversation store out of reach.
const storeRetryAfter = 5

// httpStatus returns the status for err and the message safe to show.
func httpStatus(err error) (int, string) {
	var fe *fiber.Error
	if errors.As(err, &fe) {
		return fe.Code, fe.Message
	}
	for _, e := range statusTable {
		if errors.Is(err, e.err) {
			return e.status, cmp.Or(e.message, err.Error())
		}
	}
	return fiber.StatusInternalServerError, "internal error"
}

// retryAfter returns the Retry-After seconds statusTable gives err (0 for
// none).
func retryAfter(err error) int {
	for _, e := range statusTable {
		if errors.Is(err, e.err) {
			return e.retryAfter
		}
	}
	return 0
}

func badRequest(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errBadRequest, fmt.Sprintf(format, args...))
}

// handleError is the app's ErrorHandler: JSON for /api, an HTML page otherwise.
func (s *Server) handleError(c *fiber.Ctx, err error) error {
	status, msg := httpStatus(err)
	if secs := retryAfter(err); secs > 0 {
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(secs))
	}
	switch {
	case errors.Is(err, conversation.ErrUnavailable):
		// An outage fails every request: one line per interval says so.
		s.outage.failed(err)
	case status >= 500:
		s.log.Error("request failed", "method", c.Method(), "path", c.Path(), "status", status, "err", err)
	}
	if strings.HasPrefix(c.Path(), "/api/") {
		return c.Status(status).JSON(fiber.Map{"error": msg})
	}
	if s.signedInSupportPage(c) {
		return render(c, status, adminErrorPage(status, msg))
	}
	return render(c, status, errorPage(s.customerError(c, status)))
}

// errorView is a customer's error page, in their language.
type errorView struct {
	Lang, Title, Message, Back, BackURL string
	Status                              int
}

// customerError words status for a customer, in the request's language:
// the error's own text is for developers (and English), so it is not shown.
func (s *Server) customerError(c *fiber.Ctx, status int) errorView {
	lang := s.requestLanguage(c)
	id := "ErrorBadRequest"
	switch {
	case status == fiber.StatusNotFound:
		id = "ErrorNotFound"
	case status == fiber.StatusTooManyRequests:
		id = "ErrorTooMany"
	case status >= 500:
		id = "ErrorUnavailable"
	}
	// In the widget the way back is the widget's chat: the full page's
	// may not be framed.
	embed := c.Path() == "/embed" || strings.HasPrefix(c.Path(), "/embed/")
	return errorView{Lang: lang, Status: status, Title: s.texts.Text(lang, "ChatTitle"),
		Message: s.texts.Text(lang, id), Back: s.texts.Text(lang, "ErrorBackToChat"), BackURL: chatBase(embed)}
}

// signedInSupportPage reports whether c asked for a support page with the
// admin token or cookie: its error keeps the support menu. Anyone else
// (and every /admin path while the pages are off) gets a customer's page.
func (s *Server) signedInSupportPage(c *fiber.Ctx) bool {
	if s.cfg.AdminToken == "" || (c.Path() != "/admin" && !strings.HasPrefix(c.Path(), "/admin/")) {
		return false
	}
	ok, _, _ := s.authorized(c)
	return ok
}

package web

import (
	"context"
	"errors"
	"fmt"
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
var statusTable = []struct {
	err    error
	status int
}{
	{errBadRequest, fiber.StatusBadRequest},
	{errTooLarge, fiber.StatusRequestEntityTooLarge},
	{errUnauthorized, fiber.StatusUnauthorized},
	{errForbidden, fiber.StatusForbidden},
	{errNotFound, fiber.StatusNotFound},
	{conversation.ErrNotFound, fiber.StatusNotFound},
	{conversation.ErrInvalid, fiber.StatusBadRequest},
	{conversation.ErrConflict, fiber.StatusConflict},
	{graph.ErrNotFound, fiber.StatusNotFound},
	{errRateLimited, fiber.StatusTooManyRequests},
	{errNotReady, fiber.StatusServiceUnavailable},
	{context.DeadlineExceeded, fiber.StatusGatewayTimeout},
}

// httpStatus returns the status for err and the message safe to show.
func httpStatus(err error) (int, string) {
	var fe *fiber.Error
	if errors.As(err, &fe) {
		return fe.Code, fe.Message
	}
	for _, e := range statusTable {
		if errors.Is(err, e.err) {
			return e.status, err.Error()
		}
	}
	return fiber.StatusInternalServerError, "internal error"
}

func badRequest(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errBadRequest, fmt.Sprintf(format, args...))
}

// handleError is the app's ErrorHandler: JSON for /api, an HTML page otherwise.
func (s *Server) handleError(c *fiber.Ctx, err error) error {
	status, msg := httpStatus(err)
	if status >= 500 {
		s.log.Error("request failed", "method", c.Method(), "path", c.Path(), "status", status, "err", err)
	}
	if strings.HasPrefix(c.Path(), "/api/") {
		return c.Status(status).JSON(fiber.Map{"error": msg})
	}
	return render(c, status, errorPage(status, msg))
}

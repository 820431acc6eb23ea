package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/helpgraph/helpgraph/conversation"
)

// errorf is fmt.Errorf that also marks an error caused by the database
// being out of reach with conversation.ErrUnavailable, so that callers can
// say "try again shortly" instead of "internal error".
func errorf(format string, args ...any) error {
	return unavailable(fmt.Errorf(format, args...))
}

// unavailable returns err marked with conversation.ErrUnavailable when the
// database could not be reached or dropped the connection, else err.
func unavailable(err error) error {
	if err == nil || errors.Is(err, conversation.ErrUnavailable) || !unreachable(err) {
		return err
	}
	return fmt.Errorf("%w: %w", conversation.ErrUnavailable, err)
}

// unreachable reports whether err says the server is out of reach rather
// than that it refused this request: no connection, a connection lost, or
// the server shutting down, starting, or out of connections.
func unreachable(err error) bool {
	var ce *pgconn.ConnectError
	var ne net.Error
	var pe *pgconn.PgError
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return false // the caller gave up: not the server's doing
	case errors.As(err, &pe):
		// Class 08: connection exception; 57P01-03: shutting down or
		// starting; 53300: too many connections.
		return strings.HasPrefix(pe.Code, "08") || pe.Code == "57P01" || pe.Code == "57P02" || pe.Code == "57P03" || pe.Code == "53300"
	case errors.As(err, &ce), errors.As(err, &ne) && !ne.Timeout():
		return true
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, net.ErrClosed):
		return true
	}
	return pgconn.SafeToRetry(err)
}

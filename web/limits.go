package web

import (
	"bytes"

	"github.com/valyala/fasthttp"
)

// Request bodies are bounded per route, before they are read.
//
// fasthttp reads a body of known length into one buffer of that length,
// allocated when the headers arrive (appendBodyFixedSize), not as bytes
// come: a connection announcing 1 MB and sending one byte holds 1 MB until
// the read deadline, and the buffer goes back to a pool that keeps it. So
// the memory a slow-body flood costs is connections × the largest body
// allowed, and the fix is to allow each route only what it needs: the
// limit is chosen from the request line (requestLimits, fasthttp's
// HeaderReceived hook), and a larger Content-Length is answered 413
// without allocating anything. (StreamRequestBody is no fix: it hands a
// too-large body to the handler as a stream that fiber's Ctx.Body reads
// whole.) The read deadline (Config.ReadTimeout) cuts a body that comes
// too slowly, and MaxConnsPerIP bounds the connections one address holds.

// Defaults for Config's limits.
const (
	// DefaultFormBodyLimit bounds the body of the HTML forms (the chat
	// without JavaScript, admin replies): a message of MaxMessageLen
	// characters, percent-encoded, fits many times over.
	DefaultFormBodyLimit = 64 << 10
	// DefaultMaxConnsPerIP bounds the connections one client address,
	// IPv4 or IPv6, may hold open (fasthttp counts both since v1.78). A browser
	// opens about six; an office behind one address, a few dozen.
	DefaultMaxConnsPerIP = 128
)

var apiPrefix = []byte("/api/")

// requestLimits is fasthttp's HeaderReceived hook: the body limit of the
// request's route.
func (s *Server) requestLimits(h *fasthttp.RequestHeader) fasthttp.RequestConfig {
	limit := s.cfg.FormBodyLimit
	if bytes.HasPrefix(h.RequestURI(), apiPrefix) {
		limit = s.cfg.APIBodyLimit
	}
	return fasthttp.RequestConfig{MaxRequestBodySize: limit}
}

// maxConnsPerIP is the per-address connection cap fasthttp enforces: none
// behind a proxy (every connection comes from it) unless set.
func (c *Config) maxConnsPerIP() int {
	switch {
	case c.MaxConnsPerIP < 0:
		return 0
	case c.MaxConnsPerIP > 0:
		return c.MaxConnsPerIP
	case c.ProxyHeader != "":
		return 0
	}
	return DefaultMaxConnsPerIP
}

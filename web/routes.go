package web

import (
	"context"
	"embed"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/a-h/templ"
	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/adaptor"
	"github.com/gofiber/fiber/v2/middleware/filesystem"
	"github.com/gofiber/fiber/v2/middleware/recover"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/graph"
)

//go:embed static
var staticFS embed.FS

// Content-Security-Policy: no inline scripts or styles anywhere. Only the
// embeddable chat may be framed, by any site; everything else by none.
const (
	cspBase  = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; "
	cspPage  = cspBase + "frame-ancestors 'none'"
	cspEmbed = cspBase + "frame-ancestors *"
)

func (s *Server) routes() *fiber.App {
	app := fiber.New(fiber.Config{
		AppName:               "helpgraph",
		ErrorHandler:          s.handleError,
		DisableStartupMessage: true,
		BodyLimit:             max(s.cfg.APIBodyLimit, s.cfg.FormBodyLimit), // and per route: limits.go
		ReadTimeout:           s.cfg.ReadTimeout,
		IdleTimeout:           60 * time.Second,
		ProxyHeader:           s.cfg.ProxyHeader,
		// Form values, queries, headers and cookies are copied out of the
		// request buffer, which fasthttp reuses once a handler returns:
		// what outlives a request (a no-JavaScript chat message in a
		// session or the agent's caches, an /admin/ask conversation) must
		// not change under it. A few small allocations a request.
		Immutable: true,
		// Nothing here takes uploads: a multipart body is not parsed
		// before a handler asks for it.
		DisablePreParseMultipartForm: true,
	})
	app.Server().HeaderReceived = s.requestLimits
	app.Server().MaxConnsPerIP = s.cfg.maxConnsPerIP()
	app.Use(recover.New(), s.logRequests, securityHeaders)

	app.Get("/healthz", func(c *fiber.Ctx) error { return c.SendString("ok") })
	app.Get("/readyz", s.readyz)
	app.Get("/favicon.ico", func(c *fiber.Ctx) error { return c.SendStatus(fiber.StatusNoContent) })
	app.Get("/metrics", adaptor.HTTPHandler(promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{})))

	static, _ := fs.Sub(staticFS, "static") // "static" is embedded above: cannot fail
	app.Get("/widget.js", func(c *fiber.Ctx) error {
		b, err := fs.ReadFile(static, "widget.js")
		if err != nil {
			return err
		}
		b = withWidgetLabels(b, s.widgetTexts())
		c.Set(fiber.HeaderCacheControl, "public, max-age=300")
		c.Type("js", "utf-8")
		return c.Send(b)
	})
	app.Use("/static", filesystem.New(filesystem.Config{Root: http.FS(static), MaxAge: 300}))

	limit := s.rateLimiter()
	app.Get("/", s.chatPage(false))
	app.Post("/", limit, s.chatForm(false))
	app.Get("/embed", s.chatPage(true))
	app.Post("/embed", limit, s.chatForm(true))
	app.Post("/feedback", limit, s.feedbackForm)

	api := app.Group("/api", s.apiBodyLimit)
	api.Post("/chat", limit, s.apiChat)
	api.Post("/chat/stream", limit, s.apiChatStream)
	api.Get("/chat/updates", s.apiUpdates)
	api.Post("/feedback", limit, s.apiFeedback)

	s.adminRoutes(app)
	app.Use(func(c *fiber.Ctx) error { return errNotFound })
	return app
}

// render writes component as the HTML response with status.
func render(c *fiber.Ctx, status int, component templ.Component) error {
	c.Status(status)
	c.Type("html", "utf-8")
	return component.Render(c.UserContext(), c.Response().BodyWriter())
}

func securityHeaders(c *fiber.Ctx) error {
	csp := cspPage
	if c.Path() == "/embed" {
		csp = cspEmbed
	}
	c.Set(fiber.HeaderContentSecurityPolicy, csp)
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	c.Set(fiber.HeaderReferrerPolicy, "strict-origin-when-cross-origin")
	return c.Next()
}

// logRequests logs each request: at Debug when it succeeded, since a busy
// chat answers thousands a second (/metrics counts them), and at Info when
// the client got it wrong; failures are logged by handleError.
func (s *Server) logRequests(c *fiber.Ctx) error {
	start := time.Now()
	err := c.Next()
	status := c.Response().StatusCode()
	if err != nil {
		status, _ = httpStatus(err)
	}
	level := slog.LevelDebug
	// Refused admin sign-ins and store outages come in floods: they are
	// summed up (signin.go, outage.go) instead of a line each.
	signIn := (status == fiber.StatusUnauthorized || status == fiber.StatusTooManyRequests) && strings.HasPrefix(c.Path(), "/admin")
	if status >= 400 && !signIn && !errors.Is(err, conversation.ErrUnavailable) {
		level = slog.LevelInfo
	}
	if s.log.Enabled(c.UserContext(), level) {
		s.log.Log(c.UserContext(), level, "request", "method", c.Method(), "path", c.Path(), "status", status,
			"duration", time.Since(start), "ip", c.IP())
	}
	return err
}

func (s *Server) apiBodyLimit(c *fiber.Ctx) error {
	if len(c.Body()) > s.cfg.APIBodyLimit {
		return errTooLarge
	}
	return c.Next()
}

func (s *Server) readyz(c *fiber.Ctx) error {
	cur := s.current.Load()
	var problems []string
	if cur == nil || len(cur.graph.Nodes) == 0 {
		problems = append(problems, "no graph loaded (run helpgraph build)")
	}
	// The graph is served from memory, but a store that can no longer be
	// read (corrupted or removed underneath) stops new builds reaching us.
	if err := s.pingStore(c.UserContext()); err != nil {
		s.log.Error("readiness: graph store", "err", err)
		problems = append(problems, "graph store unreadable")
	}
	if err := s.convs.Ping(c.UserContext()); err != nil {
		s.log.Error("readiness: conversation database", "err", err)
		problems = append(problems, "conversation database unreachable")
	}
	if len(problems) > 0 {
		return c.Status(fiber.StatusServiceUnavailable).SendString(strings.Join(problems, "\n"))
	}
	return c.SendString("ready")
}

// pinger is a store that can check itself on disk (sqlite.Store).
type pinger interface {
	Ping(ctx context.Context) error
}

// pingStore checks that the graph store can still be read.
func (s *Server) pingStore(ctx context.Context) error {
	if p, ok := s.graphs.(pinger); ok {
		return p.Ping(ctx)
	}
	if _, err := s.graphs.LastBuild(ctx); err != nil && !errors.Is(err, graph.ErrNotFound) {
		return err
	}
	return nil
}

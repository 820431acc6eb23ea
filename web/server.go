// Package web serves Helpgraph over HTTP: the end-customer chat (with SSE
// streaming and a no-JavaScript fallback), the embeddable widget, the JSON
// API, the support-team pages under /admin, and health and metrics endpoints.
//
// The server holds the current graph and its agent behind an atomic pointer
// and swaps both when the store reports a new build generation, so a rebuild
// needs no restart. Conversations are persisted data (node ids, confirmed
// conditions) in a conversation.Store, so they carry on across a swap.
//
// Endpoints:
//
//	GET  /, /embed           the chat (/embed is the frameable widget page); ?s=ID shows a conversation
//	POST /, /embed           the chat without JavaScript: form fields session_id, message; 303 back
//	POST /api/chat           {"session_id"?, "message"} -> {"session_id","action","reply","options","node_id","sources"}
//	POST /api/chat/stream    the same request, answered as SSE: "meta", then "delta" {"text"}..., then "done"
//	GET  /api/chat/updates   ?session_id=ID&after=N: support replies since turn N and the handoff's status
//	POST /api/feedback       {"session_id","turn","helpful"}: 👍/👎 on one answer (POST /feedback: the form)
//	GET  /widget.js          the embeddable widget: <script src="https://HOST/widget.js" defer></script>
//	GET  /admin/...          support pages (HELPGRAPH_ADMIN_TOKEN: bearer header or sign-in cookie)
//	GET  /healthz, /readyz, /metrics
//
// A conversation is read and continued only with the cookie of the browser
// that started it (owner.go).
package web

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v2"
	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/messages"
	"github.com/helpgraph/helpgraph/kgbuild"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/officehours"
	"github.com/helpgraph/helpgraph/resync"
)

// AgentFactory makes the agent that answers from g. The server calls it once
// per graph generation.
type AgentFactory func(g *graph.Graph) dialogue.Agent

// warmer is an agent with work per graph that it can do before it serves
// (dialogue.GraphAgent.Warm).
type warmer interface{ Warm() }

// GraphSource is the part of graph.Store the server reads.
type GraphSource interface {
	Load(ctx context.Context) (*graph.Graph, error)
	SearchIntents(ctx context.Context, query string, limit int) ([]graph.IntentHit, error)
	LastBuild(ctx context.Context) (graph.Build, error)
}

var _ GraphSource = graph.Store(nil)

// Config tunes the server. Zero values take the defaults below.
type Config struct {
	// AdminToken guards /admin; empty disables the admin pages.
	AdminToken string
	// ReportsDir holds evaluation reports (DIR/report.html or DIR/*/report.html).
	ReportsDir string
	// PollInterval is how often the store's build generation is checked.
	PollInterval time.Duration
	// RateLimit is the number of chat requests one client IP may make per
	// RateWindow; negative disables rate limiting.
	RateLimit  int
	RateWindow time.Duration
	// APIBodyLimit bounds the body of /api requests, in bytes;
	// FormBodyLimit that of every other request (limits.go).
	APIBodyLimit  int
	FormBodyLimit int
	// ReadTimeout bounds reading one request, headers and body: a body
	// that comes slower is cut (408).
	ReadTimeout time.Duration
	// MaxConnsPerIP bounds the connections one client address holds
	// open: 0 is DefaultMaxConnsPerIP, or no cap behind a proxy
	// (ProxyHeader set); negative is no cap.
	MaxConnsPerIP int
	// MaxMessageLen bounds a chat message, in characters.
	MaxMessageLen int
	// StreamDelay is the pause between streamed word groups (0 for none).
	StreamDelay time.Duration
	// ProxyHeader, when set (e.g. "X-Forwarded-For"), is trusted for the
	// client IP; only set it behind a proxy that overwrites it.
	ProxyHeader string

	// The support desk (desk.go). EmailReplies is set when e-mail can be
	// sent: only then does the chat ask for an address. PublicURL is the
	// server's address from outside, for links in e-mails and webhooks.
	// OfficeHours, if set, is when the team answers. Now is the clock
	// (time.Now when nil).
	EmailReplies bool
	PublicURL    string
	OfficeHours  *officehours.Schedule
	Now          func() time.Time

	// Brand is the chat's and widget's title, greeting, colour and logo.
	Brand Brand
}

// Defaults for Config's zero values.
const (
	DefaultPollInterval  = 5 * time.Second
	DefaultRateLimit     = 30
	DefaultRateWindow    = time.Minute
	DefaultAPIBodyLimit  = 16 << 10
	DefaultReadTimeout   = 15 * time.Second
	DefaultMaxMessageLen = dialogue.MaxMessageChars
)

func (c *Config) setDefaults() {
	if c.PollInterval <= 0 {
		c.PollInterval = DefaultPollInterval
	}
	if c.RateLimit == 0 {
		c.RateLimit = DefaultRateLimit
	}
	if c.RateWindow <= 0 {
		c.RateWindow = DefaultRateWindow
	}
	if c.APIBodyLimit <= 0 {
		c.APIBodyLimit = DefaultAPIBodyLimit
	}
	if c.FormBodyLimit <= 0 {
		c.FormBodyLimit = DefaultFormBodyLimit
	}
	if c.ReadTimeout <= 0 {
		c.ReadTimeout = DefaultReadTimeout
	}
	if c.MaxMessageLen <= 0 {
		c.MaxMessageLen = DefaultMaxMessageLen
	}
}

// Deps are the server's collaborators.
type Deps struct {
	Logger        *slog.Logger // nil: discard
	Graphs        GraphSource
	Conversations conversation.Store
	NewAgent      AgentFactory
	// Lint, if set, lists the graph's findings for the build page (kgbuild.Lint).
	Lint func(g *graph.Graph) []kgbuild.Finding
	// LLMStats, if set, feeds the LLM call counter in /metrics.
	LLMStats func() llm.Stats
	// Ask, if set, answers questions on /admin/ask.
	Ask Asker
	// Resync, if set, reports the background re-syncs on the build page.
	Resync func() resync.Status
	// Messages are the chat's own words in each language (nil: the
	// embedded catalog); the agent's come from its own options.
	Messages *messages.Catalog
	// Desk, if set, carries handoff events to the team and customers
	// outside the chat (a notify.Dispatcher).
	Desk Desk
	// Hooks bring help desks' replies back (desk_api.go).
	Hooks []Hook
}

// Server is the Helpgraph web server.
type Server struct {
	cfg      Config
	log      *slog.Logger
	graphs   GraphSource
	convs    conversation.Store
	newAgent AgentFactory
	lint     func(g *graph.Graph) []kgbuild.Finding
	resync   func() resync.Status
	texts    *messages.Catalog
	metrics  *metrics
	app      *fiber.App
	ask      *askPages

	current  atomic.Pointer[served]
	reloadMu sync.Mutex
	// sessionLocks serialise turns of one conversation (striped by id hash),
	// so two tabs cannot interleave writes to the same session.
	sessionLocks [64]sync.Mutex
	sessions     *sessions
	signIn       *signInThrottle
	outage       *outageLog
	replies      *lru.Cache[string, string] // rendered chat replies
	desk         Desk
	hooks        []Hook
	receipts     *readReceipts
	live         *live
}

// served is one graph generation with its index and agent.
type served struct {
	generation int64
	build      graph.Build
	graph      *graph.Graph
	index      *graph.Index
	agent      dialogue.Agent
	// findings are the graph's lint findings, worked out on the build
	// page's first visit: the graph does not change while it is served,
	// and linting a large one takes a while (0.4 s for LibreOffice's).
	lintOnce sync.Once
	findings []kgbuild.Finding
}

// lintFindings returns lint's findings for the served graph, once.
func (sv *served) lintFindings(lint func(*graph.Graph) []kgbuild.Finding) []kgbuild.Finding {
	sv.lintOnce.Do(func() { sv.findings = lint(sv.graph) })
	return sv.findings
}

// New returns a server. Call Reload (or Serve, which calls it) to load the graph.
func New(cfg Config, deps Deps) *Server {
	cfg.setDefaults()
	log := deps.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{
		cfg:      cfg,
		log:      log,
		graphs:   deps.Graphs,
		convs:    deps.Conversations,
		newAgent: deps.NewAgent,
		lint:     deps.Lint,
		resync:   deps.Resync,
		texts:    deps.Messages,
		metrics:  newMetrics(deps.LLMStats),
		ask:      newAskPages(deps.Ask),
		// Per process: admin sign-ins do not outlive the process, which is
		// acceptable for a login that takes one paste of a token.
		sessions: newSessions(),
		signIn:   newSignInThrottle(log),
		outage:   newOutageLog(log),
		replies:  newReplyCache(),
		desk:     deps.Desk,
		receipts: newReadReceipts(),
		hooks:    deps.Hooks,
		live:     newLive(),
	}
	if s.desk == nil {
		s.desk = noDesk{}
	}
	if s.texts == nil {
		s.texts = messages.Embedded()
	}
	if cfg.AdminToken == "" {
		log.Info("admin pages disabled: HELPGRAPH_ADMIN_TOKEN is not set; /admin answers 404")
	}
	s.app = s.routes()
	return s
}

// App returns the fiber app, for tests (app.Test) and embedding.
func (s *Server) App() *fiber.App { return s.app }

// Generation returns the build generation being served (0 before any).
func (s *Server) Generation() int64 {
	if cur := s.current.Load(); cur != nil {
		return cur.generation
	}
	return 0
}

// Reload loads the store's graph if its generation differs from the one being
// served, and swaps it in with a new agent. It reports whether it swapped.
func (s *Server) Reload(ctx context.Context) (bool, error) {
	s.reloadMu.Lock()
	defer s.reloadMu.Unlock()
	b, err := s.graphs.LastBuild(ctx)
	if errors.Is(err, graph.ErrNotFound) {
		return false, nil // nothing built yet; /readyz says so
	}
	if err != nil {
		return false, fmt.Errorf("checking the last build: %w", err)
	}
	if cur := s.current.Load(); cur != nil && cur.generation == b.Generation {
		return false, nil
	}
	g, err := s.graphs.Load(ctx)
	if err != nil {
		return false, fmt.Errorf("loading graph generation %d: %w", b.Generation, err)
	}
	next := &served{
		generation: b.Generation,
		build:      b,
		graph:      g,
		index:      graph.NewIndex(g),
		agent:      s.newAgent(g),
	}
	// The old graph is served while the new agent does the work its
	// first turn would otherwise do.
	if w, ok := next.agent.(warmer); ok {
		w.Warm()
	}
	s.current.Store(next)
	s.metrics.generation.Set(float64(b.Generation))
	s.log.Info("serving graph", "generation", b.Generation, "pages", len(g.Pages), "nodes", len(g.Nodes))
	return true, nil
}

// Watch polls the store every PollInterval and reloads on a new generation,
// until ctx is done. Errors are logged and retried at the next tick.
func (s *Server) Watch(ctx context.Context) {
	t := time.NewTicker(s.cfg.PollInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := s.Reload(ctx); err != nil && ctx.Err() == nil {
				s.log.Error("reloading graph", "err", err)
			}
		}
	}
}

// Serve loads the graph, then serves on ln and watches the store until ctx is
// done, when it shuts down gracefully (in-flight requests get 10 seconds).
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	if _, err := s.Reload(ctx); err != nil {
		// Stopped before it started serving (a signal, a test's cleanup):
		// a clean shutdown, not a failure to read the store.
		if ctx.Err() != nil {
			ln.Close()
			s.log.Info("stopped before serving")
			return nil
		}
		return err
	}
	if s.current.Load() == nil {
		s.log.Warn("the store has no graph yet: run helpgraph build; serving anyway and polling for one")
	}
	watchCtx, stopWatch := context.WithCancel(ctx)
	defer stopWatch()
	go s.Watch(watchCtx)
	go returnMemory(watchCtx, memoryCheckEvery, func() int { return int(s.app.Server().GetOpenConnectionsCount()) })

	errc := make(chan error, 1)
	go func() { errc <- s.app.Listener(ln) }()
	s.log.Info("listening", "addr", ln.Addr().String())
	select {
	case err := <-errc:
		return fmt.Errorf("serving on %s: %w", ln.Addr(), err)
	case <-ctx.Done():
	}
	s.live.close() // /admin/live streams would hold the shutdown up
	// Connections still open after the grace period (a browser's idle
	// preconnect, a stalled client) are not worth failing the exit for.
	if err := s.app.ShutdownWithTimeout(10 * time.Second); err != nil {
		s.log.Warn("shutdown: some connections did not finish in time", "err", err)
	}
	s.log.Info("stopped")
	return nil
}

func (s *Server) lockSession(id string) func() {
	h := fnv.New32a()
	h.Write([]byte(id))
	mu := &s.sessionLocks[h.Sum32()%uint32(len(s.sessionLocks))]
	mu.Lock()
	return mu.Unlock
}

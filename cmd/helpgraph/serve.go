package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/kgbuild"
	"github.com/helpgraph/helpgraph/resync"
	"github.com/helpgraph/helpgraph/web"
)

// runServe serves the web chat, the widget, the JSON API and the support
// pages, swapping in each new build of the graph without a restart.
func (m *Main) runServe(ctx context.Context, args []string) error {
	fs := m.flagSet("serve")
	addr := fs.String("addr", ":8080", "address to listen on")
	store := fs.String("store", m.Config.Store, "graph store: a SQLite file or a neo4j:// URI")
	llmMode := fs.String("llm", "auto", "LLM use: auto (when an endpoint is configured), off, or on")
	reports := fs.String("reports", "", "folder of evaluation reports shown at /admin/evaluation")
	convDB := fs.String("conversations", m.Config.ConversationsDB, conversationsUsage)
	poll := fs.Duration("poll", web.DefaultPollInterval, "how often to check the store for a new build")
	rateLimit := fs.Int("rate-limit", web.DefaultRateLimit, "chat requests per minute per client IP (negative: unlimited)")
	proxyHeader := fs.String("proxy-header", "", "trusted header with the client IP, e.g. X-Forwarded-For (only behind a proxy)")
	maxConns := fs.Int("max-conns-per-ip", 0, fmt.Sprintf("connections one client address (IPv4 or IPv6) may hold open (0: %d, or none with --proxy-header; negative: no cap)", web.DefaultMaxConnsPerIP))
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the whole run to this file, for go tool pprof")
	resyncEvery := fs.Duration("resync", 0, "repeat the last build this often in the background (e.g. 6h) and serve its graph; a failed one keeps the graph served (0: never)")
	title := fs.String("title", "", "the chat's title (default: \"Help\" in the customer's language)")
	greeting := fs.String("greeting", "", "what an empty chat says first (default: the catalog's ChatHint, in the customer's language)")
	color := fs.String("color", "", "accent colour of the chat and widget, #rrggbb")
	logo := fs.String("logo", "", "image file (PNG, JPEG, GIF, WebP, SVG) shown before the title")
	synonymsPath := synonymsFlag(fs)
	langs := addLanguageFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *resyncEvery < 0 {
		return usageError{errors.New("serve: --resync must not be negative")}
	}
	brand, err := web.NewBrand(*title, *greeting, *color, *logo)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	if *cpuProfile != "" {
		stop, err := startCPUProfile(*cpuProfile)
		if err != nil {
			return fmt.Errorf("serve: %w", err)
		}
		defer stop()
	}
	client, err := m.openLLM(*llmMode)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	st, err := m.openReadStore(ctx, *store)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	defer st.Close()
	convs, err := m.openConversations(ctx, *convDB, false)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	defer convs.Close()

	dk, err := m.openDesk(m.Config.Desk)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	defer dk.close(m)

	// The web chat records handoffs, so escalations may promise a person.
	synonyms, err := readSynonyms(*synonymsPath)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	opts, err := langs.apply(m.agentOptions(dialogue.Options{Logger: m.Logger, HumanHandoff: true, Synonyms: synonyms}, client))
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	deps := web.Deps{
		Messages:      opts.Messages,
		Logger:        m.Logger,
		Graphs:        st,
		Conversations: convs,
		Lint:          kgbuild.Lint,
	}
	if client != nil {
		deps.LLMStats = client.Stats
	}
	deps.NewAgent = func(g *graph.Graph) dialogue.Agent { return dialogue.NewGraphAgent(g, opts) }
	asker := newAsker(st, convs, client, m) // loads the query engine on the first question
	if emb, ok := asker.Engine.(*ask.Embedded); ok {
		defer emb.Close()
	}
	deps.Ask = asker
	var srv *web.Server
	var loop *resync.Loop
	if *resyncEvery > 0 {
		loop = &resync.Loop{
			Every:  *resyncEvery,
			Logger: m.Logger,
			Build:  func(ctx context.Context) error { return m.rebuild(ctx, st, *store) },
			Swap:   func(ctx context.Context) error { _, err := srv.Reload(ctx); return err },
		}
		deps.Resync = loop.Status
	}
	webCfg := web.Config{
		AdminToken:    m.Config.AdminToken,
		ReportsDir:    *reports,
		PollInterval:  *poll,
		RateLimit:     *rateLimit,
		RateWindow:    time.Minute,
		ProxyHeader:   *proxyHeader,
		MaxConnsPerIP: *maxConns,
		StreamDelay:   15 * time.Millisecond,
		Brand:         brand,
	}
	dk.apply(&webCfg, &deps, m.Config.Desk.PublicURL)
	srv = web.New(webCfg, deps)

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	fmt.Fprintf(m.Stderr, "helpgraph: serving the chat on http://%s/\n", displayAddr(ln.Addr()))
	if loop != nil {
		ticks := m.ResyncTicks
		if ticks == nil {
			t := time.NewTicker(*resyncEvery)
			defer t.Stop()
			ticks = t.C
		}
		go loop.Run(ctx, ticks)
	}
	if err := srv.Serve(ctx, ln); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// rebuild repeats the build whose graph st holds, from the origin its
// report recorded, into the store at spec. A build that fails writes
// nothing, so the served graph stays.
func (m *Main) rebuild(ctx context.Context, st graph.Store, spec string) error {
	lb, err := st.LastBuild(ctx)
	if err != nil {
		return fmt.Errorf("reading the last build: %w", err)
	}
	var last kgbuild.Report
	if err := json.Unmarshal(lb.Report, &last); err != nil || last.Origin == nil {
		return errors.New("the last build recorded no source to read again (it is older than re-syncs): run helpgraph build once")
	}
	args := append([]string{"--" + last.Origin.Kind, last.Origin.Location}, last.Origin.Options...)
	args = append(args, "--store", spec)
	// The build's report is in the store and on /admin/build; its
	// progress goes to the log.
	b := &Main{Config: m.Config, Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Logger: m.Logger.With("resync", true)}
	return b.runBuild(ctx, args)
}

// startCPUProfile profiles the process into path until stop is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("cpu profile: %w", err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// displayAddr turns a wildcard listen address into one a browser can open.
func displayAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

package kgbuild

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/page"
	"github.com/helpgraph/helpgraph/verdict"
)

// Builder builds a knowledge graph from cleaned pages and replaces the graph
// in Store, reusing the previous graph's nodes for pages whose content and
// extractor did not change.
type Builder struct {
	Store     graph.Store
	Extractor Extractor
	Logger    *slog.Logger // nil: discard
	// Progress, if set, is called after each page is done (reused, extracted
	// or failed), from one goroutine at a time.
	Progress func(done, total int)
	// Concurrency bounds concurrent extractions; 0 means 4.
	Concurrency int
	// LLMStats, if set, reports LLM traffic; the build reports the difference
	// between its values before and after extraction.
	LLMStats func() llm.Stats
	// Prices estimates the cost of that traffic; nil means llm.DefaultPrices.
	Prices llm.Prices
	// Force extracts every page again, even unchanged ones.
	Force bool
	// SourceDigest, if set, identifies the build's input (page.HashDir); it
	// is kept in the report, so the next build can tell nothing changed
	// without reading a page.
	SourceDigest string
}

// Report describes one build. It is stored with the graph as JSON.
type Report struct {
	Generation int64 `json:"generation"` // the generation the build wrote (0: nothing written)
	// Write says how the build wrote the store: WriteReplace, WriteUpdate
	// or WriteNone (the graph came out as the store holds it).
	Write string `json:"write,omitempty"`
	// PreviousGeneration is the generation in the store when the build
	// wrote nothing.
	PreviousGeneration int64         `json:"previous_generation,omitempty"`
	Extractor          string        `json:"extractor"`
	StartedAt          time.Time     `json:"started_at"`
	Duration           time.Duration `json:"duration_ns"`
	// Phases is the wall time of each step, in order; the caller may add
	// those before Build (reading the pages).
	Phases       []Phase `json:"phases,omitempty"`
	SourceDigest string  `json:"source_digest,omitempty"`

	Pages          int          `json:"pages"`           // pages given, failed ones included
	PagesOK        int          `json:"pages_ok"`        // pages in the graph with nodes
	PagesExtracted int          `json:"pages_extracted"` // pages the extractor ran on
	PagesUnchanged int          `json:"pages_unchanged"` // pages reused from the previous graph
	Failed         []PageFailed `json:"failed,omitempty"`

	PagesAdded   []string `json:"pages_added,omitempty"`
	PagesChanged []string `json:"pages_changed,omitempty"`
	PagesRemoved []string `json:"pages_removed,omitempty"`
	NodesAdded   int      `json:"nodes_added"`
	NodesChanged int      `json:"nodes_changed"`
	NodesRemoved int      `json:"nodes_removed"`

	Nodes   int                    `json:"nodes"`
	Edges   map[graph.EdgeType]int `json:"edges"`
	Methods map[string]int         `json:"methods"`

	LLMCalls            int64 `json:"llm_calls"`
	LLMCacheHits        int64 `json:"llm_cache_hits"`
	LLMPromptTokens     int64 `json:"llm_prompt_tokens"`
	LLMCompletionTokens int64 `json:"llm_completion_tokens"`
	// LLM is the whole traffic of the build with its estimated cost (nil
	// without an LLM).
	LLM *LLMUsage `json:"llm,omitempty"`
	// Retry lists pages extracted offline because the LLM failed on them
	// (methods structural-fallback and llm-partial); the next build
	// extracts them again.
	Retry []string `json:"retry,omitempty"`
}

// LLMUsage is a build's LLM traffic and what it cost.
type LLMUsage struct {
	Stats   llm.Stats   `json:"stats"`
	Usage   []llm.Usage `json:"usage"`
	CostUSD float64     `json:"cost_usd"`
	Summary string      `json:"summary"`
}

// Phase is the wall time of one step of a build.
type Phase struct {
	Name     string        `json:"name"`
	Duration time.Duration `json:"duration_ns"`
}

// PagesPerSecond is the pages given per second of the whole build, all
// phases included.
func (r *Report) PagesPerSecond() float64 {
	var total time.Duration
	for _, p := range r.Phases {
		total += p.Duration
	}
	if total <= 0 {
		return 0
	}
	return float64(r.Pages) / total.Seconds()
}

// phase records the time since *mark as step name, and moves the mark.
func (r *Report) phase(name string, mark *time.Time) {
	now := time.Now()
	r.Phases = append(r.Phases, Phase{Name: name, Duration: now.Sub(*mark)})
	*mark = now
}

// PageFailed is a page the build could not turn into nodes.
type PageFailed struct {
	URL   string `json:"url"`
	Error string `json:"error"`
}

// String renders the report for people.
func (r *Report) String() string {
	var sb strings.Builder
	switch r.Write {
	case WriteNone:
		fmt.Fprintf(&sb, "build: nothing changed since generation %d: nothing written, %s, extractor %s\n", r.PreviousGeneration, r.Duration.Round(time.Millisecond), r.Extractor)
	case WriteUpdate:
		fmt.Fprintf(&sb, "build: generation %d (changed pages only), %s, extractor %s\n", r.Generation, r.Duration.Round(time.Millisecond), r.Extractor)
	default:
		fmt.Fprintf(&sb, "build: generation %d, %s, extractor %s\n", r.Generation, r.Duration.Round(time.Millisecond), r.Extractor)
	}
	fmt.Fprintf(&sb, "pages: %d given, %d ok, %d failed, %d extracted, %d unchanged\n",
		r.Pages, r.PagesOK, len(r.Failed), r.PagesExtracted, r.PagesUnchanged)
	fmt.Fprintf(&sb, "changes: pages +%d ~%d -%d, nodes +%d ~%d -%d\n",
		len(r.PagesAdded), len(r.PagesChanged), len(r.PagesRemoved), r.NodesAdded, r.NodesChanged, r.NodesRemoved)
	fmt.Fprintf(&sb, "graph: %d nodes, %d child edges, %d reference edges\n", r.Nodes, r.Edges[graph.Child], r.Edges[graph.Reference])
	if len(r.Phases) > 0 {
		parts := make([]string, len(r.Phases))
		var total time.Duration
		for i, p := range r.Phases {
			parts[i] = fmt.Sprintf("%s %s", p.Name, p.Duration.Round(time.Millisecond))
			total += p.Duration
		}
		fmt.Fprintf(&sb, "time: %s (%s; %.0f pages/s)\n", total.Round(time.Millisecond), strings.Join(parts, ", "), r.PagesPerSecond())
	}
	methods := make([]string, 0, len(r.Methods))
	for m := range r.Methods {
		methods = append(methods, m)
	}
	sort.Strings(methods)
	for i, m := range methods {
		methods[i] = fmt.Sprintf("%s %d", m, r.Methods[m])
	}
	if len(methods) > 0 {
		fmt.Fprintf(&sb, "methods: %s\n", strings.Join(methods, ", "))
	}
	if r.LLM != nil {
		fmt.Fprintln(&sb, r.LLM.Summary)
	} else if r.LLMCalls > 0 || r.LLMCacheHits > 0 {
		fmt.Fprintf(&sb, "llm: %d calls, %d cache hits, %d prompt + %d completion tokens\n",
			r.LLMCalls, r.LLMCacheHits, r.LLMPromptTokens, r.LLMCompletionTokens)
	}
	if len(r.Retry) > 0 {
		fmt.Fprintf(&sb, "offline after an LLM failure (extracted again next build): %d pages\n", len(r.Retry))
	}
	writeRemoved(&sb, r.PagesRemoved)
	writeFailures(&sb, r.Failed)
	return sb.String()
}

// ErrNoPages is returned (wrapped) when not one page could be processed.
var ErrNoPages = errors.New("no page could be processed")

// pageResult is one page's outcome.
type pageResult struct {
	// doc is the parsed page, kept only until it is extracted (or, when
	// reused, until the references are known), so that a large build does
	// not hold every parsed page to the end.
	doc    *page.Document
	page   graph.Page
	nodes  []graph.Node
	edges  []graph.Edge // child edges
	reused bool
	err    error
}

// Build extracts docs, links them, and replaces the store's graph. Pages in
// pageErrors (and pages the extractor fails on) are recorded as failed. It
// returns an error, and writes nothing, when ctx is cancelled, when no page
// could be processed, or when the store fails.
func (b *Builder) Build(ctx context.Context, docs []*page.Document, pageErrors []page.PageError) (*Report, error) {
	started := time.Now()
	logger := b.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if b.Store == nil || b.Extractor == nil {
		return nil, errors.New("building graph: builder needs a store and an extractor")
	}
	version := b.Extractor.Version()
	mark := started
	report := &Report{
		Extractor:    version,
		SourceDigest: b.SourceDigest,
		StartedAt:    started.UTC(),
		Edges:        map[graph.EdgeType]int{graph.Child: 0, graph.Reference: 0},
		Methods:      map[string]int{},
	}

	prev, err := b.Store.Load(ctx)
	if err != nil {
		return nil, fmt.Errorf("building graph: loading previous graph: %w", err)
	}
	prevIx := graph.NewIndex(prev)
	prevGen := int64(0)
	if lb, err := b.Store.LastBuild(ctx); err == nil {
		prevGen = lb.Generation
	} else if !errors.Is(err, graph.ErrNotFound) {
		return nil, fmt.Errorf("building graph: reading last build: %w", err)
	}
	report.phase("load previous graph", &mark)

	// One document per URL: the first wins, later duplicates fail.
	var results []*pageResult
	seen := make(map[string]bool)
	var work []int
	var uniq []*page.Document
	for _, doc := range docs {
		if doc == nil {
			continue
		}
		if seen[doc.URL] {
			report.Failed = append(report.Failed, PageFailed{URL: doc.URL, Error: "duplicate page URL"})
			continue
		}
		seen[doc.URL] = true
		uniq = append(uniq, doc)
	}
	for _, doc := range uniq {
		r := &pageResult{doc: doc, page: graph.Page{
			URL:         doc.URL,
			Title:       doc.Title,
			Text:        doc.Text(),
			ContentHash: doc.ContentHash,
			Extractor:   version,
			Status:      graph.PageOK,
		}}
		// The cleaned text is compared too: links to other pages of a
		// folder are rewritten to their URLs, so a page's text can change
		// with its bytes unchanged when a page it links to comes or goes.
		if old := prevIx.Page(doc.URL); !b.Force && old != nil && old.Status == graph.PageOK &&
			old.ContentHash == doc.ContentHash && doc.ContentHash != "" && old.Text == r.page.Text &&
			old.Extractor == version && !retryMethod(old.Method) {
			r.reused = true
			r.page.Method = old.Method
			for _, id := range prevIx.PageNodes(doc.URL) {
				r.nodes = append(r.nodes, *prevIx.Node(id))
				for _, c := range prevIx.Children(id) {
					r.edges = append(r.edges, graph.Edge{From: id, To: c, Type: graph.Child})
				}
			}
		} else {
			work = append(work, len(results))
		}
		results = append(results, r)
	}

	total := len(uniq)
	uniq = nil
	done := 0
	var progressMu sync.Mutex
	tick := func() {
		progressMu.Lock()
		defer progressMu.Unlock()
		done++
		if b.Progress != nil {
			b.Progress(done, total)
		}
	}
	for _, r := range results {
		if r.reused {
			tick()
		}
	}

	var before llm.Stats
	if b.LLMStats != nil {
		before = b.LLMStats()
	}
	if err := b.extractAll(ctx, work, results, tick); err != nil {
		return nil, err
	}
	report.phase("extract", &mark)

	// Reference edges. They change verdicts (Judge, below), never what the
	// extractor said, so an unchanged page is never extracted again.
	refs := b.references(results)
	for _, r := range results {
		r.doc = nil
	}
	if b.LLMStats != nil {
		d := b.LLMStats().Sub(before)
		report.LLMCalls = d.Calls
		report.LLMCacheHits = d.CacheHits
		report.LLMPromptTokens = d.PromptTokens
		report.LLMCompletionTokens = d.CompletionTokens
		prices := b.Prices
		if prices == nil {
			prices = llm.DefaultPrices()
		}
		u := &LLMUsage{Stats: d, Usage: d.Usage(prices), Summary: d.Summary(prices)}
		for _, x := range u.Usage {
			u.CostUSD += x.CostUSD
		}
		report.LLM = u
	}

	g := &graph.Graph{}
	for _, pe := range pageErrors {
		if seen[pe.URL] {
			continue
		}
		seen[pe.URL] = true
		msg := "unknown error"
		if pe.Err != nil {
			msg = pe.Err.Error()
		}
		report.Failed = append(report.Failed, PageFailed{URL: pe.URL, Error: msg})
		g.Pages = append(g.Pages, graph.Page{URL: pe.URL, Status: graph.PageFailed, Error: msg})
	}
	for _, r := range results {
		if r.err != nil {
			report.Failed = append(report.Failed, PageFailed{URL: r.page.URL, Error: r.err.Error()})
			p := r.page
			p.Status, p.Error, p.Method = graph.PageFailed, r.err.Error(), ""
			g.Pages = append(g.Pages, p)
			continue
		}
		report.PagesOK++
		if r.reused {
			report.PagesUnchanged++
		} else {
			report.PagesExtracted++
		}
		report.Methods[r.page.Method]++
		if retryMethod(r.page.Method) {
			report.Retry = append(report.Retry, r.page.URL)
		}
		g.Pages = append(g.Pages, r.page)
		g.Nodes = append(g.Nodes, r.nodes...)
		g.Edges = append(g.Edges, r.edges...)
	}
	g.Edges = append(g.Edges, refs...)
	report.Pages = total + len(pageErrors)
	sort.Strings(report.Retry)
	sort.Slice(report.Failed, func(i, j int) bool { return report.Failed[i].URL < report.Failed[j].URL })

	if report.PagesOK == 0 {
		return report, fmt.Errorf("building graph: %w (%d failed)", ErrNoPages, len(report.Failed))
	}
	if err := g.Validate(); err != nil {
		return report, fmt.Errorf("building graph: %w", err)
	}
	verdict.Judge(g)
	diff(report, prev, g)
	report.Nodes = len(g.Nodes)
	for _, e := range g.Edges {
		report.Edges[e.Type]++
	}
	var delta *graph.Delta // what changed; a first build writes everything
	if prevGen > 0 {
		delta = graph.Changes(prev, g)
	}
	report.phase("link and check", &mark)
	if err := ctx.Err(); err != nil {
		return report, fmt.Errorf("building graph: %w", err)
	}
	report.Write = b.writeMode(prevGen, prev, g, delta)
	if report.Write == WriteNone {
		report.PreviousGeneration = prevGen
		report.Duration = time.Since(started)
		logger.Info("graph unchanged: nothing written", "generation", prevGen, "duration", report.Duration.Round(time.Millisecond))
		return report, nil
	}
	report.Duration = time.Since(started)
	report.Generation = prevGen + 1 // what the store is expected to return; corrected below
	raw, err := json.Marshal(report)
	if err != nil {
		return report, fmt.Errorf("building graph: encoding report: %w", err)
	}
	var gen int64
	if report.Write == WriteUpdate {
		gen, err = b.Store.(graph.Updater).Update(ctx, delta, raw)
	} else {
		gen, err = b.Store.Replace(ctx, g, raw)
	}
	if err != nil {
		report.Generation = 0
		return report, fmt.Errorf("building graph: writing graph: %w", err)
	}
	report.Generation = gen
	report.phase("write", &mark)
	report.Duration = time.Since(started)
	logger.Info("graph built", "generation", gen, "write", report.Write, "pages_ok", report.PagesOK, "failed", len(report.Failed),
		"nodes", report.Nodes, "duration", report.Duration.Round(time.Millisecond))
	return report, nil
}

// How a build wrote the store (Report.Write).
const (
	WriteReplace = "replace" // the whole graph, as a new generation
	WriteUpdate  = "update"  // only the pages that changed (graph.Updater)
	WriteNone    = "none"    // nothing: the graph is the one in the store
)

// updateShare is the largest share of the pages an Update rewrites; more
// is written faster by Replace, in bulk.
const updateShare = 0.25

// writeMode decides how to write next over prev (generation prevGen).
func (b *Builder) writeMode(prevGen int64, prev, next *graph.Graph, d *graph.Delta) string {
	if prevGen == 0 {
		return WriteReplace
	}
	if d.Empty() {
		return WriteNone
	}
	if _, ok := b.Store.(graph.Updater); !ok {
		return WriteReplace
	}
	if float64(len(d.Pages)+len(d.Removed)) > updateShare*float64(max(len(prev.Pages), len(next.Pages))) {
		return WriteReplace
	}
	return WriteUpdate
}

// extractAll runs the extractor on results[idxs] with bounded concurrency.
// A page's extraction error fails that page; a cancelled ctx fails the build.
func (b *Builder) extractAll(ctx context.Context, idxs []int, results []*pageResult, tick func()) error {
	n := b.Concurrency
	if n <= 0 {
		n = 4
	}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range min(n, max(1, len(idxs))) {
		wg.Go(func() {
			for i := range jobs {
				r := results[i]
				r.reused = false
				r.nodes, r.edges, r.err = b.extractOne(ctx, r.doc, &r.page)
				r.doc = nil
				tick()
			}
		})
	}
feed:
	for _, i := range idxs {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("building graph: %w", err)
	}
	return nil
}

// extractOne extracts one page and checks what the extractor returned: a
// single root, ids unique, every node on this page and grounded in its text.
func (b *Builder) extractOne(ctx context.Context, doc *page.Document, p *graph.Page) (nodes []graph.Node, edges []graph.Edge, err error) {
	defer func() {
		// An extractor is handed untrusted pages; one that panics fails the
		// page, not the build.
		if r := recover(); r != nil {
			nodes, edges, err = nil, nil, fmt.Errorf("extractor panicked: %v", r)
		}
	}()
	pg, err := b.Extractor.Extract(ctx, doc)
	if err != nil {
		return nil, nil, fmt.Errorf("extracting: %w", err)
	}
	if pg == nil || len(pg.Nodes) == 0 {
		return nil, nil, errors.New("extracting: no nodes")
	}
	// The page is normalised and indexed once: checking each node against
	// the whole text made a page of n sections cost n².
	grounder := page.NewGrounder(p.Text)
	ids := make(map[string]bool, len(pg.Nodes))
	roots := 0
	for i := range pg.Nodes {
		if i%1024 == 0 && ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		n := &pg.Nodes[i]
		n.Page = doc.URL
		if n.Root {
			roots++
		}
		if n.ID == "" || ids[n.ID] {
			return nil, nil, fmt.Errorf("extracting: empty or duplicate node id %q", n.ID)
		}
		ids[n.ID] = true
		// An empty resolution is a node that only groups its children or
		// that the page leaves open: a clarification, not a failure.
		if n.Resolution != "" && !grounder.Grounded(n.Resolution) {
			return nil, nil, fmt.Errorf("extracting: resolution of %q is not grounded in the page", n.Problem)
		}
	}
	if roots != 1 {
		return nil, nil, fmt.Errorf("extracting: %d root nodes, want 1", roots)
	}
	for _, e := range pg.Edges {
		if e.Type != graph.Child || !ids[e.From] || !ids[e.To] {
			return nil, nil, fmt.Errorf("extracting: bad edge %s->%s (%s)", e.From, e.To, e.Type)
		}
	}
	p.Method = pg.Method
	if p.Method == "" {
		p.Method = graph.MethodStructural
	}
	return pg.Nodes, pg.Edges, nil
}

// retryMethod reports whether a page extracted with method should be
// extracted again even if unchanged: the LLM failed on it last time.
func retryMethod(method string) bool {
	return method == graph.MethodFallback || method == graph.MethodLLMPartial
}

// references returns the reference edges of the pages in results.
func (b *Builder) references(results []*pageResult) []graph.Edge {
	rootOf := make(map[string]string)
	for _, r := range results {
		if r.err != nil {
			continue
		}
		for _, n := range r.nodes {
			if n.Root {
				rootOf[normalizeURL(r.page.URL)] = n.ID
			}
		}
	}
	var edges []graph.Edge
	for _, r := range results {
		if r.err != nil {
			continue
		}
		own := normalizeURL(r.page.URL)
		for _, n := range r.nodes {
			var targets []string
			for _, u := range LinkURLs(n.Resolution) {
				nu := normalizeURL(u)
				if nu == own {
					continue
				}
				if root, ok := rootOf[nu]; ok && root != n.ID && !slices.Contains(targets, root) {
					targets = append(targets, root)
				}
			}
			for _, t := range targets {
				edges = append(edges, graph.Edge{From: n.ID, To: t, Type: graph.Reference})
			}
		}
	}
	return edges
}

// LinkURLs returns the targets of the Markdown links in s, in order.
func LinkURLs(s string) []string {
	var out []string
	for _, m := range lexical.MarkdownLink.FindAllStringSubmatch(s, -1) {
		if m[2] != "" {
			out = append(out, m[2])
		}
	}
	return out
}

// normalizeURL makes link targets and page URLs comparable: the fragment and
// a trailing slash are dropped, and the scheme and host lower-cased.
func normalizeURL(s string) string {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil {
		s, _, _ = strings.Cut(s, "#")
		return strings.TrimSuffix(s, "/")
	}
	u.Fragment = ""
	u.RawFragment = ""
	u.Scheme = strings.ToLower(u.Scheme)
	u.Host = strings.ToLower(u.Host)
	out := u.String()
	if u.Path != "/" || u.RawQuery != "" {
		out = strings.TrimSuffix(out, "/")
	}
	return strings.TrimSuffix(out, "/")
}

// diff fills the report's added/changed/removed counts versus prev.
func diff(r *Report, prev, next *graph.Graph) {
	oldPages := make(map[string]graph.Page, len(prev.Pages))
	for _, p := range prev.Pages {
		oldPages[p.URL] = p
	}
	newPages := make(map[string]bool, len(next.Pages))
	for _, p := range next.Pages {
		newPages[p.URL] = true
		old, ok := oldPages[p.URL]
		switch {
		case !ok:
			r.PagesAdded = append(r.PagesAdded, p.URL)
		case old.ContentHash != p.ContentHash || old.Status != p.Status || old.Extractor != p.Extractor:
			r.PagesChanged = append(r.PagesChanged, p.URL)
		}
	}
	for _, p := range prev.Pages {
		if !newPages[p.URL] {
			r.PagesRemoved = append(r.PagesRemoved, p.URL)
		}
	}
	oldNodes := make(map[string]graph.Node, len(prev.Nodes))
	for _, n := range prev.Nodes {
		oldNodes[n.ID] = n
	}
	newNodes := make(map[string]bool, len(next.Nodes))
	for _, n := range next.Nodes {
		newNodes[n.ID] = true
		old, ok := oldNodes[n.ID]
		switch {
		case !ok:
			r.NodesAdded++
		case !sameNode(old, n):
			r.NodesChanged++
		}
	}
	for _, n := range prev.Nodes {
		if !newNodes[n.ID] {
			r.NodesRemoved++
		}
	}
	sort.Strings(r.PagesAdded)
	sort.Strings(r.PagesChanged)
	sort.Strings(r.PagesRemoved)
}

func sameNode(a, b graph.Node) bool {
	return a.Problem == b.Problem && a.Condition == b.Condition && a.Resolution == b.Resolution &&
		a.Actionable == b.Actionable && a.Root == b.Root && slices.Equal(a.Intents, b.Intents) &&
		(a.Verdict == nil) == (b.Verdict == nil) && (a.Verdict == nil || *a.Verdict == *b.Verdict)
}

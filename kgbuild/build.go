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
	// or failed), from one goroutine at a time. total is the number of
	// pages the source holds when it knows it (Sized), else 0.
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
	// Origin, if set, is recorded in the report (Report.Origin).
	Origin *Origin
	// BaseURL, if set, is the live site the pages' URLs are under
	// (page.ReadOptions.BaseURL); kept in the report, so a rebuild keeps it.
	BaseURL string
	// SortPages orders the graph's pages by URL, for a source whose order
	// depends on timing (a crawl); else they keep the source's order.
	SortPages bool
}

// ErrNoPages is returned (wrapped) when not one page could be processed.
var ErrNoPages = errors.New("no page could be processed")

// pageResult is one page's outcome.
type pageResult struct {
	// doc is the parsed page, kept only until it is extracted, so that a
	// build holds no more parsed pages than it extracts at once.
	doc   *page.Document
	page  graph.Page
	nodes []graph.Node
	edges []graph.Edge // child edges
	// keywords are what the page declares it is about
	// (page.Document.Keywords), added to its root's intents once every
	// page is read (withPageKeywords).
	keywords []string
	reused   bool
	err      error
}

// Build extracts docs, links them, and replaces the store's graph: BuildFrom
// with pages already read.
func (b *Builder) Build(ctx context.Context, docs []*page.Document, pageErrors []page.PageError) (*Report, error) {
	return b.BuildFrom(ctx, Docs(docs, pageErrors))
}

// BuildFrom extracts the pages of src as it hands them over, links them, and
// replaces the store's graph. A page is extracted while src reads the next
// ones, and dropped once extracted: the build holds at most Concurrency+1
// parsed pages. Pages src could not read (and pages the extractor fails on)
// are recorded as failed. It returns an error, and writes nothing, when ctx
// is cancelled, when src fails, when no page could be processed, or when
// the store fails.
//
// Its phases, each one function: loadPrevious, readAndExtract,
// references, assemble, check, write.
func (b *Builder) BuildFrom(ctx context.Context, src Source) (*Report, error) {
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
		Origin:       b.Origin,
		BaseURL:      b.BaseURL,
		Verdicts:     verdict.Version,
		StartedAt:    started.UTC(),
		Edges:        map[graph.EdgeType]int{graph.Child: 0, graph.Reference: 0},
		Methods:      map[string]int{},
	}

	prev, prevGen, err := b.loadPrevious(ctx)
	if err != nil {
		return nil, err
	}
	report.phase("load previous graph", &mark)

	var before llm.Stats
	if b.LLMStats != nil {
		before = b.LLMStats()
	}
	results, pageErrors, err := b.readAndExtract(ctx, src, version, graph.NewIndex(prev), report)
	if err != nil {
		return nil, err
	}
	if agg := aggregates(results); len(agg) > 0 {
		results = slices.DeleteFunc(results, func(r *pageResult) bool {
			if agg[r] {
				pageErrors = append(pageErrors, page.PageError{URL: r.page.URL, Err: fmt.Errorf("%w: it holds other pages whole", page.ErrGenerated)})
			}
			return agg[r]
		})
	}
	withPageKeywords(results)
	report.SiteName = withoutSiteName(results)
	report.phase("read and extract", &mark)

	if b.SortPages {
		slices.SortStableFunc(results, func(x, y *pageResult) int { return strings.Compare(x.page.URL, y.page.URL) })
	}
	// Reference edges. They change verdicts (Judge, below), never what the
	// extractor said, so an unchanged page is never extracted again.
	refs := b.references(results)
	if b.LLMStats != nil {
		report.llmUsage(b.LLMStats().Sub(before), b.Prices)
	}
	g := assemble(report, results, pageErrors, refs)
	results = nil
	if err := check(report, prev, g); err != nil {
		return report, err
	}
	var delta *graph.Delta // what changed; a first build writes everything
	if prevGen > 0 {
		delta = graph.Changes(prev, g)
	}
	report.phase("link and check", &mark)
	if err := ctx.Err(); err != nil {
		return report, fmt.Errorf("building graph: %w", err)
	}
	return b.write(ctx, logger, report, started, &mark, prevGen, prev, g, delta)
}

// loadPrevious loads the store's graph and its generation (0 before the
// first build): the nodes of unchanged pages are reused from it.
func (b *Builder) loadPrevious(ctx context.Context) (*graph.Graph, int64, error) {
	prev, err := b.Store.Load(ctx)
	if err != nil {
		return nil, 0, fmt.Errorf("building graph: loading previous graph: %w", err)
	}
	prevGen := int64(0)
	if lb, err := b.Store.LastBuild(ctx); err == nil {
		prevGen = lb.Generation
	} else if !errors.Is(err, graph.ErrNotFound) {
		return nil, 0, fmt.Errorf("building graph: reading last build: %w", err)
	}
	return prev, prevGen, nil
}

// readAndExtract reads the pages of src, reusing unchanged ones from the
// previous graph (prevIx) and extracting the others as they arrive. It
// returns every page's result in src's order and the pages src could not
// read; duplicate URLs are recorded as failed in report.
func (b *Builder) readAndExtract(ctx context.Context, src Source, version string, prevIx *graph.Index, report *Report) ([]*pageResult, []page.PageError, error) {
	total := 0
	if s, ok := src.(Sized); ok {
		total = s.Len()
	}
	done := 0
	var progressMu sync.Mutex
	tick := func(n int) {
		progressMu.Lock()
		defer progressMu.Unlock()
		done += n
		// A file may hold several pages (page.Split): the count of files
		// is then less than the pages done.
		if total > 0 {
			total = max(total, done)
		}
		if b.Progress != nil {
			b.Progress(done, total)
		}
	}

	// One document per URL: the first wins, later duplicates fail.
	var results []*pageResult
	seen := make(map[string]bool)
	jobs, wait := b.extractors(ctx, func() { tick(1) })
	pageErrors, err := src.Each(ctx, func(doc *page.Document) error {
		if doc == nil {
			return nil
		}
		if seen[doc.URL] {
			report.Failed = append(report.Failed, PageFailed{URL: doc.URL, Error: "duplicate page URL"})
			tick(1)
			return nil
		}
		seen[doc.URL] = true
		r := b.reuse(doc, version, prevIx)
		r.keywords = doc.Keywords
		results = append(results, r)
		if r.reused {
			tick(1)
			return nil
		}
		r.doc = doc
		select {
		case jobs <- r:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
	close(jobs)
	wait()
	if err != nil {
		return nil, nil, fmt.Errorf("building graph: reading pages: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, fmt.Errorf("building graph: %w", err)
	}
	tick(len(pageErrors))
	return results, pageErrors, nil
}

// assemble makes the graph of the pages' results, the pages that could not
// be read and the reference edges, and counts the pages in report. A page
// that failed to read under a URL a result holds is left out.
func assemble(report *Report, results []*pageResult, pageErrors []page.PageError, refs []graph.Edge) *graph.Graph {
	// The graph's slices are made at their final size, and each page's
	// nodes dropped once copied: appending doubled the largest slices, and
	// held every node twice, at the build's peak.
	nodes, edges := 0, 0
	seen := make(map[string]bool, len(results))
	for _, r := range results {
		nodes += len(r.nodes)
		edges += len(r.edges)
		seen[r.page.URL] = true
	}
	g := &graph.Graph{
		Pages: make([]graph.Page, 0, len(results)+len(pageErrors)),
		Nodes: make([]graph.Node, 0, nodes),
		Edges: make([]graph.Edge, 0, edges+len(refs)),
	}
	for _, pe := range pageErrors {
		if seen[pe.URL] {
			continue
		}
		seen[pe.URL] = true
		if errors.Is(pe.Err, page.ErrGenerated) {
			report.Skipped = append(report.Skipped, pe.URL)
			continue
		}
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
		r.nodes, r.edges = nil, nil
	}
	g.Edges = append(g.Edges, refs...)
	report.Pages = len(results) + len(pageErrors)
	sort.Strings(report.Retry)
	sort.Slice(report.Failed, func(i, j int) bool { return report.Failed[i].URL < report.Failed[j].URL })
	sort.Strings(report.Skipped)
	return g
}

// check validates g, judges its nodes, and records in report what changed
// since prev and how big g is.
func check(report *Report, prev, g *graph.Graph) error {
	if report.PagesOK == 0 {
		return fmt.Errorf("building graph: %w (%d failed)", ErrNoPages, len(report.Failed))
	}
	if err := g.Validate(); err != nil {
		return fmt.Errorf("building graph: %w", err)
	}
	verdict.Judge(g)
	diff(report, prev, g)
	report.Nodes = len(g.Nodes)
	for _, e := range g.Edges {
		report.Edges[e.Type]++
	}
	return nil
}

// write stores g over prev (generation prevGen) the cheapest way that
// gives the same graph (writeMode), with report, and finishes report.
func (b *Builder) write(ctx context.Context, logger *slog.Logger, report *Report, started time.Time, mark *time.Time,
	prevGen int64, prev, g *graph.Graph, delta *graph.Delta) (*Report, error) {
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
	report.phase("write", mark)
	report.Duration = time.Since(started)
	logger.Info("graph built", "generation", gen, "write", report.Write, "pages_ok", report.PagesOK, "failed", len(report.Failed),
		"nodes", report.Nodes, "duration", report.Duration.Round(time.Millisecond))
	return report, nil
}

// reuse returns doc's result: the previous graph's nodes when the page is
// unchanged, else a page still to extract.
func (b *Builder) reuse(doc *page.Document, version string, prevIx *graph.Index) *pageResult {
	r := &pageResult{page: graph.Page{
		URL:         doc.URL,
		Title:       doc.Title,
		Lang:        doc.Lang,
		Breadcrumb:  doc.Breadcrumb,
		Text:        doc.Text(),
		ContentHash: doc.ContentHash,
		Extractor:   version,
		Status:      graph.PageOK,
	}}
	// The cleaned text is compared too: links to other pages of a folder
	// are rewritten to their URLs, so a page's text can change with its
	// bytes unchanged when a page it links to comes or goes.
	old := prevIx.Page(doc.URL)
	if b.Force || old == nil || old.Status != graph.PageOK || old.ContentHash != doc.ContentHash || doc.ContentHash == "" ||
		old.Text != r.page.Text || old.Extractor != version || retryMethod(old.Method) {
		return r
	}
	r.reused = true
	r.page.Method = old.Method
	// The previous graph's text is kept: it is the same, and this page's
	// copy can then be freed with its document.
	r.page.Text = old.Text
	for _, id := range prevIx.PageNodes(doc.URL) {
		r.nodes = append(r.nodes, *prevIx.Node(id))
		for _, c := range prevIx.Children(id) {
			r.edges = append(r.edges, graph.Edge{From: id, To: c, Type: graph.Child})
		}
	}
	return r
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

// extractors starts Concurrency workers that extract the pages sent on
// jobs, each dropping its page's document once extracted. A page's
// extraction error fails that page; a cancelled ctx leaves the rest of the
// pages unextracted. wait returns when jobs is closed and every worker done.
func (b *Builder) extractors(ctx context.Context, tick func()) (jobs chan<- *pageResult, wait func()) {
	n := b.Concurrency
	if n <= 0 {
		n = 4
	}
	ch := make(chan *pageResult)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			for r := range ch {
				if ctx.Err() == nil {
					r.nodes, r.edges, r.err = b.extractOne(ctx, r.doc, &r.page)
				}
				r.doc = nil
				tick()
			}
		})
	}
	return ch, wg.Wait
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
		if n.Resolution != "" && !grounder.GroundedLines(n.Resolution) {
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
//
// The parts of a document split into pages (page.Split: "manual.pdf",
// "manual.pdf#page=12", …) share its address but for the place they open
// at: a link to the document leads to its opening part, the one at the
// bare address, and a link to a part's place to that part. (Keyed by the
// address alone, every part overwrote the last, and links to a manual led
// to its last chapter.) Links between the parts of one document are
// references like any other; a link to its own page is none.
func (b *Builder) references(results []*pageResult) []graph.Edge {
	rootOf := make(map[string]string)  // a page's address, its place kept -> its root
	opening := make(map[string]string) // a document's address -> its opening part's root
	for _, r := range results {
		if r.err != nil {
			continue
		}
		for _, n := range r.nodes {
			if !n.Root {
				continue
			}
			rootOf[normalizeURLAt(r.page.URL)] = n.ID
			doc := normalizeURL(r.page.URL)
			if _, ok := opening[doc]; !ok || !strings.Contains(r.page.URL, "#") {
				opening[doc] = n.ID
			}
		}
	}
	target := func(u string) (string, bool) {
		if root, ok := rootOf[normalizeURLAt(u)]; ok {
			return root, true
		}
		root, ok := opening[normalizeURL(u)]
		return root, ok
	}
	var edges []graph.Edge
	for _, r := range results {
		if r.err != nil {
			continue
		}
		own := rootOf[normalizeURLAt(r.page.URL)]
		for _, n := range r.nodes {
			var targets []string
			for _, u := range LinkURLs(n.Resolution) {
				if root, ok := target(u); ok && root != own && root != n.ID && !slices.Contains(targets, root) {
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

// normalizeURLAt is normalizeURL with the place in the page kept (the
// fragment): the address of a part of a split document.
func normalizeURLAt(s string) string {
	base, place, ok := strings.Cut(strings.TrimSpace(s), "#")
	if !ok || place == "" {
		return normalizeURL(base)
	}
	return normalizeURL(base) + "#" + place
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

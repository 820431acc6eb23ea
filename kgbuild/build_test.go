package kgbuild

import (
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/graphtest"
	"github.com/helpgraph/helpgraph/graph/sqlite"
	"github.com/helpgraph/helpgraph/internal/shareddata"
	"github.com/helpgraph/helpgraph/page"
	"github.com/helpgraph/helpgraph/verdict"
)

var update = flag.Bool("update", false, "rewrite golden files")

const helpcenterDir = "../testdata/helpcenter"

// ssaDir is the folder of the real ssa pages beside the repository; the
// test skips (or fails, where the data must be there) without it.
func ssaDir(tb testing.TB) string {
	return filepath.Join(shareddata.Doc2DialSSA(tb), "docs")
}

// countingExtractor counts Extract calls and can fail or cancel on demand.
type countingExtractor struct {
	Extractor
	version string
	calls   atomic.Int64
	fail    bool
	onCall  func(n int64)
}

func (c *countingExtractor) Extract(ctx context.Context, doc *page.Document) (*PageGraph, error) {
	n := c.calls.Add(1)
	if c.onCall != nil {
		c.onCall(n)
	}
	if c.fail {
		return nil, errors.New("extractor broke")
	}
	return c.Extractor.Extract(ctx, doc)
}

func (c *countingExtractor) Version() string {
	if c.version != "" {
		return c.version
	}
	return c.Extractor.Version()
}

func openStore(t testing.TB) *sqlite.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "graph.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func readDir(t testing.TB, dir string) ([]*page.Document, []page.PageError) {
	t.Helper()
	docs, errs, err := page.ReadDir(context.Background(), dir, page.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return docs, errs
}

// copyDir copies the pages of src into a new temp folder.
func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dst, rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), raw, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// checkGraph asserts the properties every built graph has, whatever the golden says.
func checkGraph(t *testing.T, g *graph.Graph, docs []*page.Document) {
	t.Helper()
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	ix := graph.NewIndex(g)
	texts := make(map[string]string)
	for _, d := range docs {
		texts[d.URL] = d.Text()
	}
	for _, p := range g.Pages {
		if p.Status != graph.PageOK {
			continue
		}
		roots := 0
		for _, id := range ix.PageNodes(p.URL) {
			if ix.Node(id).Root {
				roots++
			}
		}
		if roots != 1 {
			t.Errorf("page %s has %d roots, want 1", p.URL, roots)
		}
	}
	checkVerdicts(t, g)
	for _, n := range g.Nodes {
		if len(n.Intents) < 3 {
			t.Errorf("node %q has %d intents, want >= 3", n.Problem, len(n.Intents))
		}
		if !page.GroundedLines(n.Resolution, texts[n.Page]) {
			t.Errorf("node %q: resolution not grounded in %s: %q", n.Problem, n.Page, n.Resolution)
		}
	}
	// Nothing lost: every sentence of a page is in one of its nodes.
	for _, p := range g.Pages {
		var nodes []graph.Node
		for _, id := range ix.PageNodes(p.URL) {
			nodes = append(nodes, *ix.Node(id))
		}
		if lost, total := UnplacedText(p, nodes); len(lost) > 0 {
			t.Errorf("%s: %d of %d sentences in no node: %q", p.URL, len(lost), total, lost)
		}
	}
	for _, e := range g.Edges {
		if e.Type != graph.Reference {
			continue
		}
		from, to := ix.Node(e.From), ix.Node(e.To)
		if !to.Root || from.Page == to.Page {
			t.Errorf("reference %s->%s must go to another page's root", e.From, e.To)
		}
		linked := false
		for _, u := range LinkURLs(from.Resolution) {
			linked = linked || normalizeURL(u) == normalizeURL(to.Page)
		}
		if !linked {
			t.Errorf("reference from %q to %s has no link in the resolution", from.Problem, to.Page)
		}

	}
}

func TestBuildHelpcenterGolden(t *testing.T) {
	ctx := context.Background()
	docs, errs := readDir(t, helpcenterDir)
	st := openStore(t)
	b := &Builder{Store: st, Extractor: NewStructural()}
	rep, err := b.Build(ctx, docs, errs)
	if err != nil {
		t.Fatal(err)
	}
	if rep.PagesOK != len(docs) || len(rep.Failed) != len(errs) {
		t.Errorf("report: %d ok, %d failed; want %d ok, %d failed\n%s", rep.PagesOK, len(rep.Failed), len(docs), len(errs), rep)
	}
	g, err := st.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	checkGraph(t, g, docs)

	ix := graph.NewIndex(g)
	withSections := 0
	for _, d := range docs {
		if hasSections(d) {
			withSections++
			if len(ix.Children(ix.Root(d.URL))) == 0 {
				t.Errorf("page %s has sections but its root has no children", d.URL)
			}
		}
	}
	conds := 0
	for _, n := range g.Nodes {
		if n.Condition != "" {
			conds++
		}
	}
	if conds < 20 {
		t.Errorf("%d nodes with conditions, want at least 20", conds)
	}
	if rep.Edges[graph.Reference] == 0 {
		t.Error("no reference edges")
	}

	// The reservation-change page: situations per booking method, with a
	// second level under one of them.
	var change string
	for _, p := range g.Pages {
		if strings.HasSuffix(p.URL, "reservations/change-reservation.html") {
			change = p.URL
		}
	}
	root := ix.Root(change)
	if root == "" {
		t.Fatalf("no root for the reservation-change page %q", change)
	}
	kids := ix.Children(root)
	if len(kids) < 3 {
		t.Fatalf("reservation-change root has %d children, want >= 3", len(kids))
	}
	found := map[string]string{}
	for _, k := range kids {
		c := ix.Node(k).Condition
		for _, w := range []string{"member", "guest", "phone"} {
			if strings.Contains(c, w) {
				found[w] = k
			}
		}
	}
	for _, w := range []string{"member", "guest", "phone"} {
		if found[w] == "" {
			t.Errorf("reservation-change: no child condition mentions %q", w)
		}
	}
	if m := found["member"]; m != "" && len(ix.Children(m)) < 2 {
		t.Errorf("reservation-change: member child has %d children, want a second level of >= 2", len(ix.Children(m)))
	}
	t.Logf("helpcenter: %d pages (%d with sections), %d nodes, %d with conditions, %d child and %d reference edges",
		len(g.Pages), withSections, len(g.Nodes), conds, rep.Edges[graph.Child], rep.Edges[graph.Reference])

	got, err := ExportJSON(g)
	if err != nil {
		t.Fatal(err)
	}
	golden := "../testdata/golden/helpcenter.json"
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./kgbuild -run Golden -update)", err)
	}
	if string(got) != string(want) {
		t.Errorf("export differs from %s; run go test ./kgbuild -run Golden -update and review the diff", golden)
	}
}

func hasSections(d *page.Document) bool {
	for i, b := range d.Blocks {
		if b.Kind == page.Heading && i > 0 {
			return true
		}
	}
	return false
}

func TestBuildSSA(t *testing.T) {
	ctx := context.Background()
	docs, errs := readDir(t, ssaDir(t))
	st := openStore(t)
	rep, err := (&Builder{Store: st, Extractor: NewStructural()}).Build(ctx, docs, errs)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Failed) > 0 || rep.PagesOK != len(docs) {
		t.Errorf("want every page ok:\n%s", rep)
	}
	g, err := st.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	checkGraph(t, g, docs)
	ix := graph.NewIndex(g)
	for _, d := range docs {
		if hasSections(d) && len(ix.Children(ix.Root(d.URL))) == 0 {
			t.Errorf("page %s has sections but no children", d.URL)
		}
	}
	conds, deep := 0, 0
	for _, n := range g.Nodes {
		if n.Condition != "" {
			conds++
		}
		if p := ix.Parent(n.ID); p != "" && ix.Parent(p) != "" {
			deep++
		}
	}
	t.Logf("ssa: %d pages ok, %d nodes (%d with conditions, %d two or more levels deep), %d child and %d reference edges, 100%% grounded",
		rep.PagesOK, len(g.Nodes), conds, deep, rep.Edges[graph.Child], rep.Edges[graph.Reference])
}

func TestBuildIncremental(t *testing.T) {
	ctx := context.Background()
	dir := copyDir(t, helpcenterDir)
	st := openStore(t)
	ex := &countingExtractor{Extractor: NewStructural()}
	build := func() *Report {
		t.Helper()
		ex.calls.Store(0)
		docs, errs := readDir(t, dir)
		rep, err := (&Builder{Store: st, Extractor: ex, Concurrency: 3}).Build(ctx, docs, errs)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	first := build()
	total := int64(first.PagesOK)
	if ex.calls.Load() != total {
		t.Fatalf("first build: %d extractions, want %d", ex.calls.Load(), total)
	}

	rep := build()
	if got := ex.calls.Load(); got != 0 || rep.PagesUnchanged != int(total) {
		t.Errorf("unchanged rebuild: %d extractions and %d unchanged, want 0 and %d", got, rep.PagesUnchanged, total)
	}
	if rep.NodesAdded+rep.NodesChanged+rep.NodesRemoved != 0 || rep.Write != WriteNone || rep.Generation != 0 ||
		rep.PreviousGeneration != first.Generation {
		t.Errorf("unchanged rebuild: report %+v", rep)
	}
	if lb, err := st.LastBuild(ctx); err != nil || lb.Generation != first.Generation {
		t.Errorf("unchanged rebuild: store at generation %d (%v), want %d: nothing written", lb.Generation, err, first.Generation)
	}
	if !strings.Contains(rep.String(), "nothing changed since generation 1") {
		t.Errorf("unchanged rebuild's report does not say so:\n%s", rep)
	}

	path := filepath.Join(dir, "reservations", "group-bookings.html")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(raw), "</main>", "<p>Groups of 30 rooms or more get a dedicated coordinator.</p></main>", 1)
	if changed == string(raw) {
		changed = strings.Replace(string(raw), "</body>", "<p>Groups of 30 rooms or more get a dedicated coordinator.</p></body>", 1)
	}
	if err := os.WriteFile(path, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	rep = build()
	if got := ex.calls.Load(); got != 1 || len(rep.PagesChanged) != 1 || rep.Write != WriteUpdate || rep.Generation != first.Generation+1 {
		t.Errorf("one page changed: %d extractions, changed %v, write %q, generation %d; want 1, 1, update, %d",
			got, rep.PagesChanged, rep.Write, rep.Generation, first.Generation+1)
	}
	checkAsFresh(t, st, dir)

	before, err := st.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "reservations", "partner-site-bookings.html")); err != nil {
		t.Fatal(err)
	}
	rep = build()
	if len(rep.PagesRemoved) != 1 || !strings.HasSuffix(rep.PagesRemoved[0], "partner-site-bookings.html") || rep.NodesRemoved == 0 {
		t.Errorf("removed page: removed %v, %d nodes removed", rep.PagesRemoved, rep.NodesRemoved)
	}
	// Pages linking to the removed one lose references, which changes
	// verdicts. Their bytes are the same, but their cleaned text is not
	// (the link no longer resolves to a page of the folder), so they are
	// extracted again: the graph must be the one a fresh build gives.
	if got := ex.calls.Load(); got == 0 || got >= total {
		t.Errorf("removed page: %d extractions, want the pages linking to it (some, not all)", got)
	}
	after, err := st.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	checkVerdicts(t, after)
	lostRefs := 0
	bix, aix := graph.NewIndex(before), graph.NewIndex(after)
	for _, n := range after.Nodes {
		if len(bix.References(n.ID)) > 0 && len(aix.References(n.ID)) == 0 {
			lostRefs++
		}
	}
	if lostRefs == 0 {
		t.Error("removed page: no node lost its references; the test needs a page linked alone")
	}
	if !strings.Contains(rep.String(), "removed: ") {
		t.Errorf("report text does not list the removed page:\n%s", rep)
	}
	if rep.Write == WriteNone {
		t.Errorf("removed page: nothing written")
	}
	checkAsFresh(t, st, dir)

	ex.version = "structural-v999"
	rep = build()
	if got := ex.calls.Load(); got != total-1 || rep.PagesUnchanged != 0 || rep.Write != WriteReplace {
		t.Errorf("new extractor version: %d extractions, %d unchanged, write %q; want %d, 0, replace", got, rep.PagesUnchanged, rep.Write, total-1)
	}
}

// checkAsFresh asserts that st holds the graph a fresh build of dir writes,
// but for the order in which an incremental build leaves the pages.
func checkAsFresh(t *testing.T, st graph.Store, dir string) {
	t.Helper()
	ctx := context.Background()
	fresh := openStore(t)
	docs, errs := readDir(t, dir)
	if _, err := (&Builder{Store: fresh, Extractor: NewStructural()}).Build(ctx, docs, errs); err != nil {
		t.Fatal(err)
	}
	want, err := fresh.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got, err := st.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if d := graphtest.Diff(graphtest.Canonical(got), graphtest.Canonical(want)); d != "" {
		t.Errorf("after an incremental build the store differs from a fresh build: %s", d)
	}
}

func TestBuildAtomic(t *testing.T) {
	docs, errs := readDir(t, helpcenterDir)
	tests := []struct {
		name  string
		setup func(ex *countingExtractor, cancel context.CancelFunc)
		want  error
	}{
		{"cancelled mid-way", func(ex *countingExtractor, cancel context.CancelFunc) {
			ex.onCall = func(n int64) {
				if n == 5 {
					cancel()
				}
			}
		}, context.Canceled},
		{"extractor fails on every page", func(ex *countingExtractor, cancel context.CancelFunc) {
			ex.fail = true
		}, ErrNoPages},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := openStore(t)
			if _, err := (&Builder{Store: st, Extractor: NewStructural()}).Build(context.Background(), docs, errs); err != nil {
				t.Fatal(err)
			}
			before, _ := st.Load(context.Background())
			lb, _ := st.LastBuild(context.Background())

			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			// A new version makes every page be extracted again.
			ex := &countingExtractor{Extractor: NewStructural(), version: "structural-next"}
			tt.setup(ex, cancel)
			_, err := (&Builder{Store: st, Extractor: ex, Concurrency: 2}).Build(ctx, docs, errs)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Build error = %v, want %v", err, tt.want)
			}
			after, _ := st.Load(context.Background())
			lb2, _ := st.LastBuild(context.Background())
			if lb2.Generation != lb.Generation {
				t.Errorf("generation %d -> %d, want unchanged", lb.Generation, lb2.Generation)
			}
			if len(after.Nodes) != len(before.Nodes) || !slices.EqualFunc(after.Pages, before.Pages, func(a, b graph.Page) bool { return a.URL == b.URL && a.Extractor == b.Extractor }) {
				t.Error("previous graph was not left intact")
			}
		})
	}
}

func TestBuildFailedPages(t *testing.T) {
	ctx := context.Background()
	good := docFrom(t, "https://h.example/a", "A page", "Click Save. See [B](https://h.example/b#top) and [gone](https://h.example/gone/).")
	empty := &page.Document{URL: "https://h.example/empty", Title: "Empty"}
	st := openStore(t)
	rep, err := (&Builder{Store: st, Extractor: NewStructural()}).Build(ctx,
		[]*page.Document{good, empty, good},
		[]page.PageError{{URL: "https://h.example/gone", Err: page.ErrTooBig}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.PagesOK != 1 || len(rep.Failed) != 3 {
		t.Fatalf("want 1 ok and 3 failed (empty, duplicate, too big):\n%s", rep)
	}
	g, _ := st.Load(ctx)
	var failed int
	for _, p := range g.Pages {
		if p.Status == graph.PageFailed {
			failed++
			if p.Error == "" {
				t.Errorf("failed page %s has no error", p.URL)
			}
		}
	}
	if failed != 2 {
		t.Errorf("%d failed pages in the graph, want 2", failed)
	}
	findings := Lint(g)
	if !slices.ContainsFunc(findings, func(f Finding) bool { return f.Kind == DanglingReference && strings.Contains(f.Message, "failed") }) {
		t.Errorf("lint finds no dangling reference to the failed page: %v", findings)
	}

	if _, err := (&Builder{Store: st, Extractor: NewStructural()}).Build(ctx, []*page.Document{empty}, nil); !errors.Is(err, ErrNoPages) {
		t.Errorf("build of only bad pages: err = %v, want ErrNoPages", err)
	}
}

func TestNormalizeURL(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://Help.Example/a/b/#top", "https://help.example/a/b"},
		{"https://help.example/a/b", "https://help.example/a/b"},
		{"reservations/change.html#x", "reservations/change.html"},
		{"https://help.example/", "https://help.example"},
	}
	for _, tt := range tests {
		if got := normalizeURL(tt.in); got != tt.want {
			t.Errorf("normalizeURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestReferencesToSplitDocuments: the parts of a split document share its
// address but for their place; a link to the document leads to its
// opening part (it led to its last: each part overwrote the one before),
// a link to a part's place to that part, and a link between two parts of
// one document is a reference like any other.
func TestReferencesToSplitDocuments(t *testing.T) {
	res := []*pageResult{
		{page: graph.Page{URL: "manual.pdf"}, nodes: []graph.Node{{ID: "opening", Root: true}}},
		{page: graph.Page{URL: "manual.pdf#page=12"}, nodes: []graph.Node{{ID: "email", Root: true, Resolution: "Back to the [start](manual.pdf)."}}},
		{page: graph.Page{URL: "manual.pdf#page=40"}, nodes: []graph.Node{{ID: "appendix", Root: true, Resolution: "See [this part](manual.pdf#page=40)."}}},
		{page: graph.Page{URL: "faq.md"}, nodes: []graph.Node{
			{ID: "faq", Root: true, Resolution: "See [the manual](manual.pdf) and [its e-mail chapter](manual.pdf#page=12)."},
			{ID: "faq-self", Resolution: "[Back to the top](faq.md#top)."},
		}},
	}
	var got []string
	for _, e := range (&Builder{}).references(res) {
		got = append(got, e.From+" -> "+e.To)
	}
	want := []string{"email -> opening", "faq -> opening", "faq -> email"}
	if !slices.Equal(got, want) {
		t.Errorf("references = %q, want %q", got, want)
	}
}

// checkVerdicts checks that every node of g has the verdict its text and
// edges give now.
func checkVerdicts(t *testing.T, g *graph.Graph) {
	t.Helper()
	fresh := *g
	fresh.Nodes = slices.Clone(g.Nodes)
	verdict.Judge(&fresh)
	for i, n := range g.Nodes {
		if n.Verdict == nil {
			t.Errorf("node %q has no verdict", n.Problem)
		} else if *n.Verdict != *fresh.Nodes[i].Verdict {
			t.Errorf("node %q: stored verdict %+v, want %+v", n.Problem, *n.Verdict, *fresh.Nodes[i].Verdict)
		}
	}
}

// TestBuildSkipsGeneratedPages: an index or search page the documentation
// tool generated is read and left out, reported as skipped, not failed,
// and is no page of the graph.
func TestBuildSkipsGeneratedPages(t *testing.T) {
	ctx := context.Background()
	good := docFrom(t, "https://h.example/a", "A page", "Click Save.")
	st := openStore(t)
	rep, err := (&Builder{Store: st, Extractor: NewStructural()}).Build(ctx, []*page.Document{good},
		[]page.PageError{{URL: "https://h.example/genindex", Err: page.ErrGenerated}, {URL: "https://h.example/gone", Err: page.ErrTooBig}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Pages != 3 || rep.PagesOK != 1 || len(rep.Failed) != 1 || !slices.Equal(rep.Skipped, []string{"https://h.example/genindex"}) {
		t.Fatalf("want 3 given, 1 ok, 1 failed (too big), genindex skipped:\n%s", rep)
	}
	if s := rep.String(); !strings.Contains(s, "1 failed, 1 skipped") || !strings.Contains(s, "skipped: 1 page a documentation tool generated (indexes, search pages, redirects): https://h.example/genindex") {
		t.Errorf("summary does not say what was skipped:\n%s", s)
	}
	g, _ := st.Load(ctx)
	for _, p := range g.Pages {
		if p.URL == "https://h.example/genindex" {
			t.Errorf("generated page in the graph: %+v", p)
		}
	}
}

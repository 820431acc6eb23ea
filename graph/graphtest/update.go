package graphtest

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// updateTests are the conformance cases of graph.Updater; TestStore runs
// them on every store that implements it.
var updateTests = []struct {
	name string
	run  func(t *testing.T, s graph.Updater)
}{
	{"UpdateWritesChanges", testUpdateWritesChanges},
	{"UpdateEdgesAcrossPages", testUpdateEdgesAcrossPages},
	{"UpdateOnEmpty", testUpdateOnEmpty},
	{"UpdateInvalidKeepsOld", testUpdateInvalidKeepsOld},
	{"UpdateConcurrentLoad", testUpdateConcurrentLoad},
}

// fixtureEdited is Fixture after an edit of some of its pages: the email
// page has a changed root and a new node, the router page lost a node (and
// the edge to it), the failed page is gone, a billing page is new and
// refers to the password page, which is as it was.
func fixtureEdited() *graph.Graph {
	g := Fixture()
	const billing = "https://help.example.com/billing"
	const email = "https://help.example.com/email"
	var pages []graph.Page
	for _, p := range g.Pages {
		if p.Status == graph.PageFailed {
			continue
		}
		if p.URL == email {
			p.Text += "\n\n## Verify\n\nClick the link we sent."
			p.ContentHash = "sha256:b2"
			p.Breadcrumb = []string{"Profile"}
		}
		pages = append(pages, p)
	}
	pages = append(pages, graph.Page{URL: billing, Title: "Billing", Text: "# Billing\n\nInvoices are monthly.",
		ContentHash: "sha256:ee", Method: graph.MethodStructural, Extractor: "structural/1", Status: graph.PageOK})
	var nodes []graph.Node
	for _, n := range g.Nodes {
		switch n.ID {
		case "router-note":
			continue
		case "email-root":
			n.Intents = []string{"change my email address", "new email address"}
			nodes = append(nodes, n, graph.Node{ID: "email-verify", Page: email, Problem: "verifying the new email",
				Resolution: "Click the link we sent.", Intents: []string{"verification link expired"}, Actionable: true})
			continue
		}
		nodes = append(nodes, n)
	}
	nodes = append(nodes, graph.Node{ID: "billing-root", Page: billing, Problem: "invoices", Resolution: "Invoices are monthly.",
		Intents: []string{"where is my invoice", "download invoice"}, Root: true})
	var edges []graph.Edge
	for _, e := range g.Edges {
		if e.To != "router-note" {
			edges = append(edges, e)
		}
	}
	edges = append(edges,
		graph.Edge{From: "email-root", To: "email-verify", Type: graph.Child},
		graph.Edge{From: "billing-root", To: "pw-root", Type: graph.Reference})
	return &graph.Graph{Pages: pages, Nodes: nodes, Edges: edges}
}

func testUpdateWritesChanges(t *testing.T, s graph.Updater) {
	ctx := context.Background()
	prev, next := Fixture(), fixtureEdited()
	mustReplace(t, s, prev)
	d := graph.Changes(prev, next)
	report := json.RawMessage(`{"incremental":true}`)
	gen, err := s.Update(ctx, d, report)
	if err != nil {
		t.Fatalf("Update: %v", err)
	}
	if gen != 2 {
		t.Errorf("Update returned generation %d, want 2", gen)
	}
	b, err := s.LastBuild(ctx)
	if err != nil {
		t.Fatalf("LastBuild: %v", err)
	}
	if b.Generation != 2 || string(b.Report) != string(report) {
		t.Errorf("LastBuild after Update = generation %d, report %s; want 2, %s", b.Generation, b.Report, report)
	}
	checkApplied(t, s, prev, d, next)
	for _, id := range []string{"router-note"} {
		if _, err := s.Node(ctx, id); !errors.Is(err, graph.ErrNotFound) {
			t.Errorf("Node(%q) after its removal: err = %v, want ErrNotFound", id, err)
		}
	}
	for _, want := range []graph.Node{next.Nodes[2], next.Nodes[3]} { // email-root (changed), email-verify (new)
		got, err := s.Node(ctx, want.ID)
		if err != nil {
			t.Fatalf("Node(%q): %v", want.ID, err)
		}
		if d := diffNode(got, want); d != "" {
			t.Errorf("Node(%q) after Update: %s", want.ID, d)
		}
	}
	// The search index follows: new intents found, replaced ones gone.
	checkHitIDs(t, s, "invoice", []string{"billing-root"})
	checkHitIDs(t, s, "verification", []string{"email-verify"})
	checkHitIDs(t, s, "account", nil) // only a replaced intent of email-root had it
	checkHitIDs(t, s, "password", []string{"pw-root", "pw-sms"})

	// Replace and Update keep taking turns, generations counting up.
	if gen := mustReplace(t, s, prev); gen != 3 {
		t.Errorf("Replace after Update returned generation %d, want 3", gen)
	}
	if gen, err := s.Update(ctx, d, nil); err != nil || gen != 4 {
		t.Fatalf("second Update = %d, %v; want generation 4", gen, err)
	}
	checkApplied(t, s, prev, d, next)
	back := graph.Changes(next, prev)
	if _, err := s.Update(ctx, back, nil); err != nil {
		t.Fatalf("Update back: %v", err)
	}
	checkApplied(t, s, mustApply(t, prev, d), back, prev)
	checkHitIDs(t, s, "invoice", nil)
	checkHitIDs(t, s, "verification", nil)
}

// checkApplied asserts that the store holds prev with d applied, in the
// order graph.Apply gives, and the same graph as next but for order.
func checkApplied(t *testing.T, s graph.Store, prev *graph.Graph, d *graph.Delta, next *graph.Graph) {
	t.Helper()
	got, err := s.Load(context.Background())
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if diff := Diff(got, mustApply(t, prev, d)); diff != "" {
		t.Errorf("Load after Update differs from graph.Apply: %s", diff)
	}
	if diff := Diff(Canonical(got), Canonical(next)); diff != "" {
		t.Errorf("Load after Update differs from the graph the change was made for: %s", diff)
	}
}

func mustApply(t *testing.T, g *graph.Graph, d *graph.Delta) *graph.Graph {
	t.Helper()
	out, err := graph.Apply(g, d)
	if err != nil {
		t.Fatalf("graph.Apply: %v", err)
	}
	return out
}

// Canonical returns g in an order that does not depend on how it was
// written: pages by URL, nodes by page (keeping their order on a page) and
// edges by their source's place (keeping the order of a node's edges).
func Canonical(g *graph.Graph) *graph.Graph {
	c := clone(g)
	slices.SortStableFunc(c.Pages, func(a, b graph.Page) int { return compareStrings(a.URL, b.URL) })
	slices.SortStableFunc(c.Nodes, func(a, b graph.Node) int { return compareStrings(a.Page, b.Page) })
	at := make(map[string]int, len(c.Nodes))
	for i, n := range c.Nodes {
		at[n.ID] = i
	}
	slices.SortStableFunc(c.Edges, func(a, b graph.Edge) int { return at[a.From] - at[b.From] })
	return c
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// testUpdateEdgesAcrossPages: an edge from a page the change does not touch
// survives when its target is rewritten with the same id, and goes with its
// target when the target is gone.
func testUpdateEdgesAcrossPages(t *testing.T, s graph.Updater) {
	ctx := context.Background()
	prev := Fixture()
	mustReplace(t, s, prev)
	const email = "https://help.example.com/email"
	page := prev.Pages[1]
	page.Title = "Change your email address"
	page.Lang = "de"
	// Same root id: pw-root -> email-root stays.
	same := &graph.Delta{Pages: []graph.Page{page}, Nodes: []graph.Node{prev.Nodes[2]}}
	same.Nodes[0].Problem = "changing your email"
	if _, err := s.Update(ctx, same, nil); err != nil {
		t.Fatalf("Update: %v", err)
	}
	got, err := s.Load(ctx)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if !slices.Contains(got.Edges, graph.Edge{From: "pw-root", To: "email-root", Type: graph.Reference}) {
		t.Errorf("the reference to a rewritten node with the same id was lost: %v", got.Edges)
	}
	checkApplied(t, s, prev, same, mustApply(t, prev, same))
	// A new root id: the reference to the old root goes with it.
	before := got
	renamed := &graph.Delta{Pages: []graph.Page{page}, Nodes: []graph.Node{{ID: "email-root-2", Page: email,
		Problem: "changing your email", Resolution: "Open Settings > Account.", Root: true}}}
	if _, err := s.Update(ctx, renamed, nil); err != nil {
		t.Fatalf("Update: %v", err)
	}
	got, err = s.Load(ctx)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	for _, e := range got.Edges {
		if e.To == "email-root" || e.From == "email-root" {
			t.Errorf("edge %v to a node that is gone survived the Update", e)
		}
	}
	checkApplied(t, s, before, renamed, mustApply(t, before, renamed))
	checkHitIDs(t, s, "update", nil) // the old root's intents left the index
}

func testUpdateOnEmpty(t *testing.T, s graph.Updater) {
	ctx := context.Background()
	want := Fixture()
	d := graph.Changes(&graph.Graph{}, want)
	gen, err := s.Update(ctx, d, nil)
	if err != nil {
		t.Fatalf("Update on an empty store: %v", err)
	}
	if gen != 1 {
		t.Errorf("Update on an empty store returned generation %d, want 1", gen)
	}
	checkApplied(t, s, &graph.Graph{}, d, want)
	checkHitIDs(t, s, "router", []string{"router-root", "router-long"})
}

func testUpdateInvalidKeepsOld(t *testing.T, s graph.Updater) {
	ctx := context.Background()
	old := Fixture()
	mustReplace(t, s, old)
	good := func() *graph.Delta { return graph.Changes(old, fixtureEdited()) }
	invalid := map[string]func(d *graph.Delta){
		"dangling edge": func(d *graph.Delta) {
			d.Edges = append(d.Edges, graph.Edge{From: d.Nodes[0].ID, To: "ghost", Type: graph.Reference})
		},
		"node of another page": func(d *graph.Delta) {
			d.Nodes = append(d.Nodes, graph.Node{ID: "pw-sms", Page: d.Pages[0].URL, Problem: "clash"})
		},
		"node of a page not written": func(d *graph.Delta) { d.Nodes[0].Page = "https://nowhere.example.com" },
		"edge from elsewhere": func(d *graph.Delta) {
			d.Edges = append(d.Edges, graph.Edge{From: "pw-sms", To: d.Nodes[0].ID, Type: graph.Reference})
		},
		"bad edge type":         func(d *graph.Delta) { d.Edges[0].Type = "sibling" },
		"written and removed":   func(d *graph.Delta) { d.Removed = append(d.Removed, d.Pages[0].URL) },
		"two roots on one page": func(d *graph.Delta) { d.Nodes[1].Root = true },
	}
	for name, spoil := range invalid {
		d := good()
		spoil(d)
		if gen, err := s.Update(ctx, d, json.RawMessage(`{"bad":true}`)); err == nil {
			t.Errorf("Update with %s: got generation %d, want an error", name, gen)
		}
	}
	if gen, err := s.Update(ctx, nil, nil); err == nil {
		t.Errorf("Update(nil): got generation %d, want an error", gen)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if gen, err := s.Update(cctx, good(), nil); err == nil {
		t.Errorf("Update with a cancelled context: got generation %d, want an error", gen)
	}
	checkUnchanged(t, s, old, 1)
}

// testUpdateConcurrentLoad: readers see the graph before or after an
// Update, never a mix.
func testUpdateConcurrentLoad(t *testing.T, s graph.Updater) {
	ctx := context.Background()
	a := Synthetic(300, 1)
	// Drop the last page (and the references to it), and edit the nodes
	// of every tenth page.
	b := mustApply(t, a, &graph.Delta{Removed: []string{a.Pages[len(a.Pages)-1].URL}})
	for i := range b.Nodes {
		if (i/10)%10 == 0 {
			b.Nodes[i].Problem += " (edited)"
		}
	}
	forward, backward := graph.Changes(a, b), graph.Changes(b, a)
	mustReplace(t, s, a)
	want := [2]*graph.Graph{Canonical(a), Canonical(b)}
	done := make(chan struct{})
	errs := make(chan error, 3)
	for range 3 {
		go func() {
			for {
				select {
				case <-done:
					errs <- nil
					return
				default:
				}
				got, err := s.Load(ctx)
				if err != nil {
					errs <- err
					return
				}
				c := Canonical(got)
				if Diff(c, want[0]) != "" && Diff(c, want[1]) != "" {
					errs <- errors.New("Load during Update saw a mix of two graphs: " + Diff(c, want[0]))
					return
				}
			}
		}()
	}
	for i := range 6 {
		d := forward
		if i%2 == 1 {
			d = backward
		}
		if _, err := s.Update(ctx, d, nil); err != nil {
			t.Errorf("Update %d: %v", i, err)
		}
	}
	close(done)
	for range 3 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

package kgbuild

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestLint(t *testing.T) {
	g := &graph.Graph{
		Pages: []graph.Page{
			{URL: "https://h.example/a", Status: graph.PageOK},
			{URL: "https://h.example/b", Status: graph.PageOK},
			{URL: "https://h.example/broken", Status: graph.PageFailed, Error: "page has no text"},
		},
		Nodes: []graph.Node{
			{ID: "a0", Page: "https://h.example/a", Root: true, Problem: "A", Resolution: "Intro.", Intents: []string{"How do I pay?"}},
			{ID: "a1", Page: "https://h.example/a", Problem: "A dead end", Resolution: "Please contact us.", Intents: []string{"x"}},
			{ID: "a2", Page: "https://h.example/a", Problem: "A steps", Actionable: true,
				Resolution: "Click [B](https://h.example/b#top), [gone](https://h.example/gone), [broken](https://h.example/broken/) or [elsewhere](https://other.example/x).", Intents: []string{"y"}},
			{ID: "b0", Page: "https://h.example/b", Root: true, Problem: "B", Actionable: true, Resolution: "Click.", Intents: []string{"How do I pay"}},
		},
		Edges: []graph.Edge{
			{From: "a0", To: "a1", Type: graph.Child},
			{From: "a0", To: "a2", Type: graph.Child},
			{From: "a2", To: "b0", Type: graph.Reference},
		},
	}
	type key struct {
		kind FindingKind
		node string
	}
	got := make(map[key]int)
	for _, f := range Lint(g) {
		got[key{f.Kind, f.Node}]++
		if f.Message == "" || f.Page == "" {
			t.Errorf("finding without page or message: %+v", f)
		}
	}
	want := map[key]int{
		{DeadEnd, "a1"}:           1, // non-actionable leaf, no reference
		{DanglingReference, "a2"}: 2, // gone (missing) and broken (failed); other.example is another site
		{IntentCollision, "a0"}:   1, // "How do I pay?" on a and b
		{SingleNodePage, "b0"}:    1,
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s on %s: %d findings, want %d", k.kind, k.node, got[k], n)
		}
	}
	if len(got) != len(want) {
		t.Errorf("findings %v, want %v", got, want)
	}
}

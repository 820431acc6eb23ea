package kgbuild

import (
	"slices"
	"strings"
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

// TestLintHelpCenterUnderAPath: a help center published under a path of its
// company's site (https://acme.example/kb/) links to the rest of that site
// (the shop, the licence): those links are not dangling, a link to a
// missing page under /kb/ is.
func TestLintHelpCenterUnderAPath(t *testing.T) {
	g := &graph.Graph{
		Pages: []graph.Page{
			{URL: "https://acme.example/kb/", Status: graph.PageOK},
			{URL: "https://acme.example/kb/billing/refunds/", Status: graph.PageOK},
		},
		Nodes: []graph.Node{
			{ID: "r", Page: "https://acme.example/kb/billing/refunds/", Root: true, Actionable: true, Problem: "Refunds",
				Resolution: "See [licence](https://acme.example/license.html), [buy](https://acme.example/download.html?auto=true), [overview](https://acme.example/kb/) and [gone](https://acme.example/kb/billing/gone/)."},
		},
	}
	var dangling []string
	for _, f := range Lint(g) {
		if f.Kind == DanglingReference {
			dangling = append(dangling, f.Message)
		}
	}
	if want := "links to https://acme.example/kb/billing/gone/, which is not in the graph"; len(dangling) != 1 || dangling[0] != want {
		t.Errorf("dangling references %q, want [%q]", dangling, want)
	}
}

// TestEmptySections: a heading with no text before the next heading at
// its level or above, or the end, is an empty section; one over a deeper
// section, or over text, is not; a "# …" line after the title is text (a
// shell's comment in code), and chrome headings are left out.
func TestEmptySections(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"an empty leaf and one at the end", "# Install\nRun it.\n## Usage\n## Options\nUse --quiet.\n## Screenshots\n", []string{"Usage", "Screenshots"}},
		{"over a deeper section", "# Install\n## Reference\n### Options\nUse --quiet.", nil},
		{"a shell's comment after a heading", "# Install\n## Examples\n# install the latest\npip install x", nil},
		{"chrome", "# Install\nRun it.\n## Related articles\n## Next\nGo on.", nil},
		{"a page of its title alone", "# Install", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := EmptySections(graph.Page{URL: "https://h.example/install", Text: tc.text})
			if !slices.Equal(got, tc.want) {
				t.Errorf("EmptySections = %q, want %q", got, tc.want)
			}
		})
	}
	g := &graph.Graph{
		Pages: []graph.Page{{URL: "https://h.example/a", Status: graph.PageOK, Text: "# A\nIntro.\n## Usage\n## Steps\nClick."}},
		Nodes: []graph.Node{{ID: "a0", Page: "https://h.example/a", Root: true, Problem: "A", Resolution: "Intro."}},
	}
	var kinds []FindingKind
	for _, f := range Lint(g) {
		if f.Kind == EmptySection {
			kinds = append(kinds, f.Kind)
			if !strings.Contains(f.Message, `"Usage"`) {
				t.Errorf("finding %q does not name the section", f.Message)
			}
		}
	}
	if len(kinds) != 1 {
		t.Errorf("Lint: %d empty-section findings, want 1", len(kinds))
	}
}

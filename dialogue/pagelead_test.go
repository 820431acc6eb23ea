package dialogue

import (
	"math"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// leadGraph is a small app's help center: extensions (userscripts, script
// managers), filters and installing the app.
func leadGraph() *graph.Graph {
	const ext, filters, install = "https://help.app.example/extensions", "https://help.app.example/filters", "https://help.app.example/install"
	return &graph.Graph{
		Pages: []graph.Page{{URL: ext, Title: "Extensions"}, {URL: filters, Title: "Filters"}, {URL: install, Title: "Install the app"}},
		Nodes: []graph.Node{
			{ID: "ext", Page: ext, Problem: "Extensions", Root: true, Actionable: true,
				Resolution: "The app runs extensions that change how websites look and work."},
			{ID: "scripts", Page: ext, Problem: "Userscripts", Actionable: true,
				Resolution: "Userscripts are small programs that change a website. Install one from a catalog of scripts."},
			{ID: "managers", Page: ext, Problem: "Script managers", Actionable: true,
				Resolution: "Tampermonkey and Violentmonkey are managers you can add next to the app."},
			{ID: "filters", Page: filters, Problem: "Filters", Root: true, Actionable: true,
				Resolution: "Filters block ads on websites."},
			{ID: "custom", Page: filters, Problem: "Add a custom filter", Actionable: true,
				Resolution: "Open Filters and choose Add to write your own filter."},
			{ID: "install", Page: install, Problem: "Install the app", Root: true, Actionable: true,
				Resolution: "Download the installer and open it."},
		},
		Edges: []graph.Edge{{From: "ext", To: "scripts", Type: graph.Child}, {From: "ext", To: "managers", Type: graph.Child}, {From: "filters", To: "custom", Type: graph.Child}},
	}
}

// TestPageLeader: a request no section matches well enough is answered
// from the best section of the page that clearly leads on whole-page
// evidence, and only then.
func TestPageLeader(t *testing.T) {
	a := NewGraphAgent(leadGraph(), Options{})
	lead := func(id string, pageLead, pageCoverage float64, terms int) candidate {
		return candidate{id: id, pageLead: pageLead, pageCoverage: pageCoverage, terms: terms}
	}
	for _, tc := range []struct {
		name  string
		cands []candidate
		want  string
	}{
		{"the page leads clearly", []candidate{lead("scripts", 2, 1, 1), lead("custom", 0.5, 0.3, 1)}, "scripts"},
		{"the lead is not clear", []candidate{lead("scripts", 1.1, 1, 1)}, ""},
		{"the page holds too little of the request", []candidate{lead("scripts", 2, 0.4, 1)}, ""},
		{"the section has none of the request's words in what it is about", []candidate{lead("scripts", 2, 1, 0)}, ""},
		{"the best section is on another page", []candidate{lead("custom", 0.5, 1, 1), lead("scripts", 2, 1, 1)}, ""},
		{"no page scored but this one", []candidate{lead("scripts", math.Inf(1), 1, 1)}, "scripts"},
		{"no candidates", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.pageLeader(tc.cands); got != tc.want {
				t.Errorf("pageLeader = %q, want %q", got, tc.want)
			}
		})
	}
	// End to end: no section has "add", "userscripts" and "tampermonkey",
	// the extensions page has them all; a request the pages barely touch is
	// still asked again.
	if r := firstReply(t, leadGraph(), "can I add userscripts like tampermonkey?"); r.Action != Resolution || r.NodeID != "scripts" {
		t.Errorf("got %s at %q, want a resolution at scripts", r.Action, r.NodeID)
	}
	if r := firstReply(t, leadGraph(), "can I add a printer to my laptop?"); r.Action == Resolution {
		t.Errorf("got a resolution at %q, want none", r.NodeID)
	}
}

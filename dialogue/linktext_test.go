package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// hubGraph is a printing topic page that lists its guides as links, and
// two of the guides.
func hubGraph() *graph.Graph {
	const hub, jam, cancel = "https://help.example/printing", "https://help.example/paperjam", "https://help.example/cancel"
	return &graph.Graph{
		Pages: []graph.Page{{URL: hub, Title: "Printing"}, {URL: jam, Title: "Clearing a paper jam"}, {URL: cancel, Title: "Cancel a print job"}},
		Nodes: []graph.Node{
			{ID: "hub", Page: hub, Problem: "Printer problems", Root: true, Actionable: true,
				Resolution: "- [Clearing a paper jam — When paper is stuck in the printer, how you free the stuck paper depends on the printer.](https://help.example/paperjam)\n- [Cancel a print job — Cancel a pending print job and remove it from the printer queue.](https://help.example/cancel)"},
			{ID: "jam", Page: jam, Problem: "Clearing a jam", Root: true, Actionable: true,
				Resolution: "Open the printer cover and gently pull out the stuck paper."},
			{ID: "cancel", Page: cancel, Problem: "Cancel a print job", Root: true, Actionable: true,
				Resolution: "Open the print queue and choose Cancel."},
		},
		Edges: []graph.Edge{{From: "hub", To: "jam", Type: graph.Reference}, {From: "hub", To: "cancel", Type: graph.Reference}},
	}
}

// TestLinkTextIsTheLinkedPages: the words of a link count for the page it
// leads to, not for the list that links it.
func TestLinkTextIsTheLinkedPages(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Open the cover.", "Open the cover."},
		{"Wait, or [reset your password](https://x.example/reset).", "Wait, or  ."},
		{"- [Clear a jam — pull the paper](jam.html)\n- ![Printer tray *border](tray.png)", "-  \n- ! "},
	} {
		if got := withoutLinks(tc.in); got != tc.want {
			t.Errorf("withoutLinks(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	a := NewGraphAgent(hubGraph(), Options{})
	if cands := a.lexical(query{terms: a.an.terms("paper stuck in the printer")}, nil, 2); len(cands) == 0 || cands[0].id != "jam" {
		t.Errorf("ranked %+v, want the paper jam page first", cands)
	}
}

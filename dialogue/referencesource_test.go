package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// installGraph is a small help center: an overview page whose sections
// point to the pages that answer, one saying nothing of its own, one with
// a word before the link.
func installGraph() *graph.Graph {
	const overview, linux, windows = "https://help.app.example/overview", "https://help.app.example/linux", "https://help.app.example/windows"
	return &graph.Graph{
		Pages: []graph.Page{{URL: overview, Title: "App overview"}, {URL: linux, Title: "Setup on Linux"}, {URL: windows, Title: "Setup on Windows"}},
		Nodes: []graph.Node{
			{ID: "linux-pointer", Page: overview, Problem: "Install the app on Linux", Root: true},
			{ID: "windows-pointer", Page: overview, Problem: "Install the app on Windows", Root: true,
				Resolution: "Windows 10 or later is needed."},
			{ID: "linux", Page: linux, Problem: "Setup on Linux", Root: true, Actionable: true,
				Resolution: "Open a terminal and run the install script."},
			{ID: "windows", Page: windows, Problem: "Setup on Windows", Root: true, Actionable: true,
				Resolution: "Run the installer and follow its steps."},
		},
		Edges: []graph.Edge{{From: "linux-pointer", To: "linux", Type: graph.Reference}, {From: "windows-pointer", To: "windows", Type: graph.Reference}},
	}
}

// TestReferenceSourceFirst: a reply that follows a reference cites first
// the page its text comes from: the referenced page when the pointer says
// nothing of its own, the pointer's page when its words lead the reply.
func TestReferenceSourceFirst(t *testing.T) {
	for _, tc := range []struct {
		say, first string
	}{
		{"install the app on linux", "https://help.app.example/linux"},
		{"install the app on windows", "https://help.app.example/overview"},
	} {
		t.Run(tc.say, func(t *testing.T) {
			r := firstReply(t, installGraph(), tc.say)
			if r.Action != Resolution || len(r.Sources) != 2 || r.Sources[0] != tc.first {
				t.Errorf("%s, sources %q (%q); want a resolution citing %s first, then the other page", r.Action, r.Sources, r.Text, tc.first)
			}
		})
	}
}

package dialogue

import (
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestCaseDetailOf: a message that only tells a detail of the customer's
// case gives that detail; a request, a question or a complaint none.
func TestCaseDetailOf(t *testing.T) {
	for _, tc := range []struct{ msg, want string }{
		{"it's a desktop", "desktop"},
		{"its an old tablet", "old tablet"},
		{"I'm on linux", "linux"},
		{"i am using the beta version", "beta version"},
		{"i run ubuntu 24.04", "ubuntu 24.04"},
		{"oh, on my home pc", "home pc"},
		{"with a touchscreen.", "touchscreen"},
		{"i have a problem", ""},
		{"it's an error", ""},
		{"how do I use my tablet?", ""},
		{"i have a tablet that will not start after the update", ""},
		{"it's not a tablet", ""},
		{"thanks", ""},
		{"its a diskless workstation actually", "diskless workstation"},
		{"I'm on a mac now", "mac"},
	} {
		if got := caseDetailOf(tc.msg); got != tc.want {
			t.Errorf("caseDetailOf(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
}

// detailGraph is a page on a dim screen with a part for tablets, and a
// page on tablet batteries that says "tablet" more.
func detailGraph() *graph.Graph {
	const dim, battery = "https://help.example.com/dim", "https://help.example.com/battery"
	return &graph.Graph{
		Pages: []graph.Page{{URL: dim, Title: "The screen is too dim"}, {URL: battery, Title: "Tablet battery life"}},
		Nodes: []graph.Node{
			{ID: "dim", Page: dim, Problem: "The screen is too dim", Root: true, Actionable: true,
				Resolution: "1. Open Settings.\n1. Drag the Brightness slider to the right."},
			{ID: "dimtab", Page: dim, Problem: "On a tablet", Actionable: true,
				Resolution: "Swipe down from the top edge and drag the brightness bar."},
			{ID: "battery", Page: battery, Problem: "Tablet battery life", Root: true, Actionable: true,
				Resolution: "A tablet battery lasts longer when the tablet is charged before it runs flat. Tablet batteries age."},
		},
		Edges: []graph.Edge{{From: "dim", To: "dimtab", Type: graph.Child}},
	}
}

// TestDetailAfterAnswer: "it's a tablet" after an answer (seen chatting on
// GNOME's help: "its a laptop" after an answer on a dark screen went to
// the battery pages) is answered from the part of the page being
// discussed that names it, else taken in with the topic kept; never from
// another page that mentions the word.
func TestDetailAfterAnswer(t *testing.T) {
	for _, tc := range []struct {
		name   string
		turns  []string
		action Action
		node   string
		text   string
	}{
		{"a part names it", []string{"the screen is too dim", "it's a tablet"}, Resolution, "dimtab", "Swipe down"},
		{"no part names it", []string{"the screen is too dim", "i'm on a chromebook"}, Clarification, "dim", "no separate part for “chromebook”"},
		{"a request stays one", []string{"the screen is too dim", "how long does a tablet battery last"}, Resolution, "battery", "lasts longer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := lastReply(t, NewGraphAgent(detailGraph(), Options{}), tc.turns...)
			if r.Action != tc.action || r.NodeID != tc.node || !strings.Contains(r.Text, tc.text) {
				t.Errorf("last reply %s at %q %q; want %s at %q containing %q", r.Action, r.NodeID, r.Text, tc.action, tc.node, tc.text)
			}
		})
	}
}

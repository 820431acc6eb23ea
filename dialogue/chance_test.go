package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestChanceMatch: a short opening request with a word no page has, that
// shares one word with its best match, goes unanswered; the same word with
// words the pages have is answered.
func TestChanceMatch(t *testing.T) {
	const visit = "https://help.example/visit"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: visit, Title: "Visiting an office"}},
		Nodes: []graph.Node{
			{ID: "visit", Page: visit, Problem: "Visiting an office", Root: true, Actionable: true,
				Resolution: "Offices are open from 9:00 to 16:00 on weekdays."},
			{ID: "bring", Page: visit, Problem: "What to bring", Actionable: true,
				Resolution: "Bring your ID card and the letter we sent you."},
			{ID: "appointment", Page: visit, Problem: "Making an appointment", Actionable: true,
				Resolution: "Call the office or book online."},
		},
		Edges: []graph.Edge{{From: "visit", To: "bring", Type: graph.Child}, {From: "visit", To: "appointment", Type: graph.Child}},
	}
	for _, tc := range []struct{ say, want string }{
		{"can I bring my parrot", ""},
		{"what should I bring", "bring"},
		{"can I bring my ID card", "bring"},
	} {
		t.Run(tc.say, func(t *testing.T) {
			if r := firstReply(t, g, tc.say); r.NodeID != tc.want {
				t.Errorf("%q: got %s at %q, want %q", tc.say, r.Action, r.NodeID, tc.want)
			}
		})
	}
}

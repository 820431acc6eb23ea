package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestNamesSection checks that a page's introduction does not stand in for
// the section a request names, while a request that is the page's title
// keeps the page.
func TestNamesSection(t *testing.T) {
	const fees, cancel, book = "https://help.example/fees", "https://help.example/cancel", "https://help.example/book"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: fees, Title: "Cancellation fees and no-shows"}, {URL: cancel, Title: "Cancelling a reservation"},
			{URL: book, Title: "Making a reservation"}},
		Nodes: []graph.Node{
			{ID: "fees", Page: fees, Problem: "Cancellation fees and no-shows", Root: true, Actionable: true, Resolution: "The fee depends on how early before the reservation you call it off. A no-show pays the full night."},
			{ID: "plans", Page: fees, Problem: "Plans with other fees", Actionable: true, Resolution: "Some plans charge the whole reservation."},
			{ID: "noshow", Page: fees, Problem: "No-shows", Actionable: true, Resolution: "If you do not arrive, you pay the first night of the reservation."},
			{ID: "cancel", Page: cancel, Problem: "Cancelling a reservation", Root: true, Actionable: true, Resolution: "Open the reservation and click Cancel."},
			{ID: "after", Page: cancel, Problem: "After you cancel", Actionable: true, Resolution: "You get an e-mail about the reservation within an hour."},
			{ID: "change", Page: cancel, Problem: "Changing a reservation instead", Actionable: true, Resolution: "You may change the reservation instead."},
			{ID: "make", Page: book, Problem: "Making a reservation", Root: true, Actionable: true, Resolution: "Choose a room and click Book."},
			{ID: "code", Page: book, Problem: "Your reservation code", Actionable: true, Resolution: "The code is in the e-mail we send."},
		},
		Edges: []graph.Edge{
			{From: "fees", To: "plans", Type: graph.Child}, {From: "fees", To: "noshow", Type: graph.Child},
			{From: "cancel", To: "after", Type: graph.Child}, {From: "cancel", To: "change", Type: graph.Child},
			{From: "make", To: "code", Type: graph.Child},
		},
	}
	a := NewGraphAgent(g, Options{})
	c := func(id string, score float64) candidate {
		return candidate{id: id, score: score, coverage: 1, ownCoverage: 1, terms: 1}
	}
	for _, tc := range []struct {
		request string
		cands   []candidate
		want    string
	}{
		// The request is the section's whole heading and a third of the page's.
		{"what about no-shows", []candidate{c("noshow", 10), c("fees", 7)}, "noshow"},
		// The request is most of the page's title: the page answers or asks.
		{"how do I cancel", []candidate{c("after", 10), c("cancel", 7)}, "cancel"},
		// A section whose heading the request does not hold gives way as before.
		{"what does a no-show cost", []candidate{c("plans", 10), c("fees", 7)}, "fees"},
	} {
		t.Run(tc.request, func(t *testing.T) {
			terms := a.an.terms(tc.request)
			if got := a.selectCandidate(&Session{}, tc.cands, terms); got != tc.want {
				t.Errorf("selectCandidate(%v) = %q, want %q", terms, got, tc.want)
			}
		})
	}
}

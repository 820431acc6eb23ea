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
			if got := a.selectCandidate(&Session{}, tc.cands, a.leadsOf(tc.cands), terms); got != tc.want {
				t.Errorf("selectCandidate(%v) = %q, want %q", terms, got, tc.want)
			}
		})
	}
}

// TestFullerOnPage checks that of two branches of a page the one holding
// every request term the other holds, and more, is chosen, while a
// section's own branches, its ancestors and other kinds of node are not
// traded for it.
func TestFullerOnPage(t *testing.T) {
	const receipts = "https://help.example/receipts"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: receipts, Title: "Receipts"}},
		Nodes: []graph.Node{
			{ID: "root", Page: receipts, Problem: "Receipts", Root: true, Resolution: "Who issues it depends on how you paid."},
			{ID: "member", Page: receipts, Problem: "Receipts", Condition: "you paid online", Actionable: true, Resolution: "Click Download receipt and enter the company name."},
			{ID: "company", Page: receipts, Problem: "Receipts", Condition: "other companies", Actionable: true, Resolution: "Download a receipt for the company (see above)."},
			{ID: "after", Page: receipts, Problem: "After you download", Actionable: true, Resolution: "The name can be changed once."},
			{ID: "verify", Page: receipts, Problem: "No e-mail arrives", Actionable: true, Resolution: "Check the spam folder."},
			{ID: "verify-typo", Page: receipts, Problem: "No e-mail arrives", Condition: "you mistyped your address", Actionable: true, Resolution: "Sign up again."},
			{ID: "signup", Page: receipts, Problem: "Signing up", Actionable: true, Resolution: "Sign up; we send an e-mail."},
		},
		Edges: []graph.Edge{
			{From: "root", To: "member", Type: graph.Child}, {From: "root", To: "company", Type: graph.Child},
			{From: "root", To: "after", Type: graph.Child}, {From: "root", To: "verify", Type: graph.Child},
			{From: "verify", To: "verify-typo", Type: graph.Child}, {From: "root", To: "signup", Type: graph.Child},
		},
	}
	a := NewGraphAgent(g, Options{})
	c := func(id string, score float64, matched uint64) candidate {
		return candidate{id: id, score: score, coverage: 1, ownCoverage: 1, terms: 2, matched: matched}
	}
	for _, tc := range []struct {
		name  string
		cands []candidate
		want  string
	}{
		{"a branch holding more of the request", []candidate{c("company", 10, 0b011), c("member", 8, 0b111)}, "member"},
		{"holding as much is not enough", []candidate{c("company", 10, 0b011), c("member", 8, 0b011)}, "company"},
		{"holding other terms is not enough", []candidate{c("company", 10, 0b011), c("member", 8, 0b101)}, "company"},
		{"too far below", []candidate{c("company", 10, 0b011), c("member", 10*genericRatio*0.9, 0b111)}, "company"},
		{"a situation is not traded for a section", []candidate{c("company", 10, 0b011), c("after", 8, 0b111)}, "company"},
		{"the ancestor is left to generalise", []candidate{c("company", 10, 0b011), c("root", 8, 0b111)}, "company"},
		{"a section whose branch holds the rest", []candidate{c("verify", 10, 0b011), c("verify-typo", 9, 0b111), c("signup", 8, 0b111)}, "verify"},
		{"a section without such a branch", []candidate{c("verify", 10, 0b011), c("signup", 8, 0b111)}, "signup"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.fullerOnPage(tc.cands, tc.cands[0].id); got != tc.want {
				t.Errorf("fullerOnPage = %q, want %q", got, tc.want)
			}
		})
	}
}

package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// bookingGraph is a small help center: a page about changing a
// reservation (a lead-in, two situations and a sub-problem), one about
// cancelling, one about refunds, a hub pointing to both, and a heading
// with nothing under it.
func bookingGraph() *graph.Graph {
	const (
		change, cancel, refund = "https://help.example/change", "https://help.example/cancel", "https://help.example/refund"
		hub, fees              = "https://help.example/help", "https://help.example/fees"
	)
	return &graph.Graph{
		Pages: []graph.Page{{URL: change, Title: "Change a reservation"}, {URL: cancel, Title: "Cancel a reservation"},
			{URL: refund, Title: "Refunds"}, {URL: hub, Title: "Help with reservations"}, {URL: fees, Title: "Fees"}},
		Nodes: []graph.Node{
			{ID: "change", Page: change, Problem: "Change a reservation", Root: true, Resolution: "How you change a reservation depends on how you booked it."},
			{ID: "change-online", Page: change, Problem: "Change a reservation", Condition: "If you booked online", Actionable: true, Resolution: "Open the reservation and click Change."},
			{ID: "change-phone", Page: change, Problem: "Change a reservation", Condition: "If you booked by phone", Actionable: true, Resolution: "Call the hotel line to change it."},
			{ID: "after", Page: change, Problem: "After you change a reservation", Actionable: true, Resolution: "You get a new confirmation e-mail within an hour."},
			{ID: "cancel", Page: cancel, Problem: "Cancel a reservation", Root: true, Actionable: true, Resolution: "Click Cancel on the reservation page."},
			{ID: "refund", Page: refund, Problem: "Get a refund", Root: true, Actionable: true, Resolution: "Refunds reach your card within five days."},
			{ID: "hub", Page: hub, Problem: "Help with reservations", Root: true},
			{ID: "fees", Page: fees, Problem: "Fees", Root: true},
		},
		Edges: []graph.Edge{
			{From: "change", To: "change-online", Type: graph.Child}, {From: "change", To: "change-phone", Type: graph.Child},
			{From: "change", To: "after", Type: graph.Child},
			{From: "hub", To: "cancel", Type: graph.Reference}, {From: "hub", To: "refund", Type: graph.Reference},
		},
	}
}

// TestSelectCandidate checks step 3 on hand-set candidates: among those
// within the tie margin of the best, the one that fits the conversation.
func TestSelectCandidate(t *testing.T) {
	a := NewGraphAgent(bookingGraph(), Options{})
	well := func(id string, score float64) candidate {
		return candidate{id: id, score: score, coverage: 1, ownCoverage: 1, terms: 2}
	}
	near := func(c candidate) candidate { c.near = true; return c }
	for _, tc := range []struct {
		name  string
		cands []candidate
		want  string
	}{
		{"the best alone", []candidate{well("cancel", 10), well("refund", 5)}, "cancel"},
		{"a problem tied with its situation: the problem, which asks", []candidate{well("change-online", 10), well("change", 9.5)}, "change"},
		{"of tied nodes, the one in the conversation's place", []candidate{well("cancel", 10), near(well("refund", 9.5))}, "refund"},
		{"the place does not lift one outside the tie margin", []candidate{well("cancel", 10), near(well("refund", 8))}, "cancel"},
		{"a node saying nothing gives way to one that matches", []candidate{well("fees", 10), {id: "cancel", score: 9.8, coverage: 0.3}, well("refund", 9.5)}, "refund"},
		{"nothing matches well enough", []candidate{{id: "cancel", score: 10, coverage: 0.2, terms: 1}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.selectCandidate(&Session{}, tc.cands, a.leadsOf(tc.cands), nil); got != tc.want {
				t.Errorf("selectCandidate = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestSelectOnLeadingPage: when the best-scoring candidate sits on the
// page that clearly leads on whole-page evidence, a near tie is decided
// for that page, not by a finer preference (the conversation's place, a
// title); nothing on it matching well enough is no answer.
func TestSelectOnLeadingPage(t *testing.T) {
	a := NewGraphAgent(bookingGraph(), Options{})
	c := func(id string, score, coverage, pageScore float64, near bool) candidate {
		return candidate{id: id, score: score, coverage: coverage, ownCoverage: coverage, terms: 2, pageCoverage: 1, pageScore: pageScore, near: near}
	}
	for _, tc := range []struct {
		name  string
		cands []candidate
		want  string
	}{
		{"the leading page decides a near tie", []candidate{c("refund", 10, 1, 5, false), c("cancel", 9.5, 1, 2, true)}, "refund"},
		{"no page leads: the place decides", []candidate{c("refund", 10, 1, 5, false), c("cancel", 9.5, 1, 4.5, true)}, "cancel"},
		{"the best is not on the leading page: the place decides", []candidate{c("cancel", 10, 1, 2, true), c("refund", 9.5, 1, 5, false)}, "cancel"},
		{"the leading page's best matches too little: no answer", []candidate{c("refund", 10, 0.3, 5, false), c("cancel", 9.8, 1, 2, false)}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.selectCandidate(&Session{}, tc.cands, a.leadsOf(tc.cands), nil); got != tc.want {
				t.Errorf("selectCandidate = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestGeneralise checks that an ancestor stands in for the selected node
// when the request says nothing it does not, and scores near enough.
func TestGeneralise(t *testing.T) {
	a := NewGraphAgent(bookingGraph(), Options{})
	c := func(id string, score, coverage float64) candidate {
		return candidate{id: id, score: score, coverage: coverage, ownCoverage: coverage, terms: 2}
	}
	for _, tc := range []struct {
		name  string
		cands []candidate
		want  string
	}{
		{"the page asks which situation: it stands in", []candidate{c("after", 10, 1), c("change", 10*genericRatio, 1)}, "change"},
		{"scoring too far below", []candidate{c("after", 10, 1), c("change", 10*genericRatio*0.9, 1)}, "after"},
		{"saying less of the request", []candidate{c("after", 10, 1), c("change", 9, 0.8)}, "after"},
		{"no ancestor", []candidate{c("cancel", 10, 1), c("change", 9, 1)}, "cancel"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.generalise(tc.cands, tc.cands[0].id); got != tc.want {
				t.Errorf("generalise = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestPickChildren checks which situations a reply picks among a node's
// conditional children, and the confirmed conditions it falls back on.
func TestPickChildren(t *testing.T) {
	a := NewGraphAgent(bookingGraph(), Options{})
	kids := a.conditionalChildren("change")
	if !slices.Equal(kids, []string{"change-online", "change-phone"}) {
		t.Fatalf("conditionalChildren(change) = %v", kids)
	}
	for _, tc := range []struct {
		text      string
		confirmed []string
		want      []string
	}{
		{"I booked by phone", nil, []string{"change-phone"}},
		{"online", nil, []string{"change-online"}},
		{"I booked it", nil, nil},           // words every situation has
		{"change my reservation", nil, nil}, // the problem's words pick nothing
		{"I booked it", []string{"If you booked by phone"}, []string{"change-phone"}},
		{"", []string{"If you booked online", "If you booked by phone"}, []string{"change-phone"}}, // the latest decides
	} {
		if got := a.pickChildren("change", kids, a.readText(tc.text), tc.confirmed); !slices.Equal(got, tc.want) {
			t.Errorf("pickChildren(%q, confirmed %q) = %v, want %v", tc.text, tc.confirmed, got, tc.want)
		}
	}
}

// TestBestReferences checks which of a node's references a request
// follows: those sharing the most of its words, or all when none shares any.
func TestBestReferences(t *testing.T) {
	a := NewGraphAgent(bookingGraph(), Options{})
	refs := []string{"cancel", "refund"}
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"how do I get my refund", []string{"refund"}},
		{"I want to cancel", []string{"cancel"}},
		{"help please", refs},
	} {
		if got := a.bestReferences(refs, a.readText(tc.text).terms); !slices.Equal(got, tc.want) {
			t.Errorf("bestReferences(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

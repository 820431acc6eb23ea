package dialogue

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
)

func TestCapShares(t *testing.T) {
	for _, tc := range []struct {
		name      string
		ids       []int32
		weight    []float64
		want      []float64
		wantTotal float64
	}{
		{"one word is the whole request", []int32{0}, []float64{5}, []float64{5}, 5},
		{"a rare word against a common one weighs as much as it", []int32{0, 1}, []float64{4.8, 1.2}, []float64{1.2, 1.2}, 2.4},
		{"the heaviest of three capped at the others' sum", []int32{0, 1, 2}, []float64{1, 6, 2}, []float64{1, 3, 2}, 6},
		{"no word above half: unchanged", []int32{0, 1, 2}, []float64{2, 3, 2}, []float64{2, 3, 2}, 7},
		{"two equal words: unchanged", []int32{0, 1}, []float64{2, 2}, []float64{2, 2}, 4},
		{"a word no node has sets no cap", []int32{0, -1}, []float64{4.8, 2}, []float64{4.8, 2}, 6.8},
		{"but counts in the sum", []int32{0, 1, -1}, []float64{4.8, 1.2, 2}, []float64{1.2, 1.2, 2}, 4.4},
		{"a word no node has is never capped", []int32{-1, 0, 1}, []float64{9, 1, 1}, []float64{9, 1, 1}, 11},
		{"no words", nil, nil, nil, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := slices.Clone(tc.weight)
			total := capShares(tc.ids, w)
			if !slices.Equal(w, tc.want) || math.Abs(total-tc.wantTotal) > 1e-9 {
				t.Errorf("capShares(%v, %v) = %v, %v; want %v, %v", tc.ids, tc.weight, w, total, tc.want, tc.wantTotal)
			}
		})
	}
}

// TestCapSharesHalfExactly: a node with exactly the words besides the
// capped one covers exactly half of the request, as MinCoverage reads it,
// however the weights round.
func TestCapSharesHalfExactly(t *testing.T) {
	for _, weight := range [][]float64{{4.86, 1.13}, {0.1, 0.7}, {5.89, 0.1, 0.2}, {3.3, 1.1, 0.7, 0.3}} {
		ids := make([]int32, len(weight))
		w := slices.Clone(weight)
		total := capShares(ids, w)
		heaviest := 0
		for i := range weight {
			if weight[i] > weight[heaviest] {
				heaviest = i
			}
		}
		var mask uint64
		for i := range w {
			if i != heaviest {
				mask |= 1 << i
			}
		}
		if got := maskShare(w, total, mask); got != 0.5 {
			t.Errorf("%v: the other words cover %v, want exactly 0.5", weight, got)
		}
		if got := maskShare(w, total, 1<<heaviest); got != 0.5 {
			t.Errorf("%v: the capped word covers %v, want exactly 0.5", weight, got)
		}
	}
}

// capGraph is a small help center where "booking" and "error" are in
// many headings and "give" in one: a request telling its error with that
// everyday verb names the errors section in all its other words.
func capGraph() *graph.Graph {
	const (
		booking = "https://help.example/booking"
		points  = "https://help.example/points"
		account = "https://help.example/account"
	)
	node := func(id, page, problem string) graph.Node {
		return graph.Node{ID: id, Page: page, Root: true, Problem: problem, Actionable: true, Resolution: "Open the app, go to the menu and follow the steps shown there."}
	}
	g := &graph.Graph{
		Pages: []graph.Page{{URL: booking, Title: "Reservations"}, {URL: points, Title: "Loyalty"}, {URL: account, Title: "Your account"}},
		Nodes: []graph.Node{
			node("booking-errors", booking, "Booking errors"),
			node("change", booking, "How do I change my booking?"),
			node("phone", booking, "Change a booking made by phone"),
			node("cancel", booking, "Cancel a booking"),
			node("group", booking, "Booking for a group"),
			node("payment", booking, "Payment error"),
			node("app", booking, "Error in the app"),
			node("website", booking, "Error on the website"),
			node("give", points, "Can I give my points to a family member?"),
			node("expire", points, "When do my points expire?"),
			node("earn", points, "How do I earn points?"),
			node("password", account, "Reset my password"),
			node("delete", account, "Delete my account"),
		},
	}
	return verdict.Judged(g)
}

// TestCapSharesAnswers: a request whose everyday verb is rare in the
// help center's headings is answered where its other words are, and the
// rare word with its own node's other words is still that node's.
func TestCapSharesAnswers(t *testing.T) {
	a := NewGraphAgent(capGraph(), Options{})
	for _, tc := range []struct{ message, want string }{
		// Uncapped, "give" is half the request and the errors section
		// covers less than MinCoverage of it.
		{"my booking gives an error", "booking-errors"},
		{"booking error", "booking-errors"},
		{"can i give my points to my son", "give"},
	} {
		r, err := a.Respond(context.Background(), &Session{}, tc.message)
		if err != nil {
			t.Fatal(err)
		}
		if r.Action != Resolution || r.NodeID != tc.want {
			t.Errorf("%q: %s at %q, want a resolution at %q", tc.message, r.Action, r.NodeID, tc.want)
		}
	}
}

package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestPageSharesEnough(t *testing.T) {
	held := func(h ...float64) heldRequest { return heldRequest{held: h, weights: make([]float64, len(h))} }
	for _, tc := range []struct {
		name           string
		onPage, atNode heldRequest
		want           bool
	}{
		{"one word of two on the page", held(1, 0), held(1, 0), false},
		{"both on the page, one in the heading", held(1, 1), held(1, 0.5), true},
		{"both on the page, only in its text", held(1, 1), held(0.5, 0.5), false},
		{"one in the page's context", held(1, 1), held(0, 0.8), true},
		{"one word, the heading's", held(1), held(1), true},
		{"a longer request: the page's lead is the evidence", held(1, 0, 0), held(0, 0, 0), true},
		{"nothing", held(), held(), false},
	} {
		if got := pageSharesEnough(tc.onPage, tc.atNode); got != tc.want {
			t.Errorf("%s: pageSharesEnough = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// packingGraph is a small help center whose one page on a trip's packing
// has a section on what to bring, and a page on the screen.
func packingGraph() *graph.Graph {
	const trip, screen = "https://help.desk.example/packing", "https://help.desk.example/screen"
	return &graph.Graph{
		Pages: []graph.Page{{URL: trip, Title: "Packing for the trip"}, {URL: screen, Title: "Screen"}},
		Nodes: []graph.Node{
			{ID: "bring", Page: trip, Problem: "What to bring", Root: true, Actionable: true,
				Resolution: "Your passport, a charger and walking shoes."},
			{ID: "screen", Page: screen, Problem: "Change the brightness", Root: true, Actionable: true,
				Resolution: "Use the brightness slider in the top bar."},
		},
	}
}

// TestNoPageOnChanceWord: a short request whose one known word a page's
// heading has, beside a word no page has, is not asked about that page
// (pageSharesEnough): it gets the not-found reply and "Talk to a person".
func TestNoPageOnChanceWord(t *testing.T) {
	r := firstReply(t, packingGraph(), "may i bring my parrot")
	for _, o := range r.Options {
		if o.NodeID != "" {
			t.Fatalf("offered %q on a chance word: %q", o.Label, r.Text)
		}
	}
	if len(r.Options) != 1 || r.Options[0].Value != TalkToPersonValue {
		t.Errorf("options %+v, want only Talk to a person", r.Options)
	}
}

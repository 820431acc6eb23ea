package dialogue

import (
	"context"
	"math"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
)

func TestSpecificity(t *testing.T) {
	for _, tc := range []struct {
		floor          float64
		named, heading int
		want           float64
	}{
		{0.4, 2, 2, 1},    // the request names the whole heading
		{0.4, 3, 2, 1},    // and more: no bonus beyond it
		{0.4, 1, 4, 0.55}, // a quarter of it
		{0.4, 0, 4, 0.4},  // none of it
		{0.4, 0, 0, 0.4},  // a heading of function words says nothing
		{0.6, 1, 2, 0.8},
	} {
		if got := specificity(tc.floor, tc.named, tc.heading); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("specificity(%v, %d, %d) = %v, want %v", tc.floor, tc.named, tc.heading, got, tc.want)
		}
	}
}

// specificGraph is a page where a long heading repeats a request's words
// in its answer, beside a short heading that is exactly the request.
func specificGraph() *graph.Graph {
	const url = "https://help.example/points"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: url, Title: "Loyalty program"}},
		Nodes: []graph.Node{
			{ID: "earn", Page: url, Root: true, Problem: "Earning points", Actionable: true,
				Resolution: "You get 10 for every night you stay with us, on any rate, at any of our hotels, whether you book on the website, in the app or by phone."},
			{ID: "guest", Page: url, Root: true, Problem: "Do I earn points when a friend stays in a room booked under my name?", Actionable: true,
				Intents:    []string{"earn points for a friend's stay", "earn points on a room for someone else", "points earned by the booker", "earn points booking for others", "earn points for family"},
				Resolution: "Yes. Points are earned by the member who pays: you earn points for the room you booked and paid for, and points for your friend's nights go to you. Your friend earns no points."},
		},
	}
	return verdict.Judged(g)
}

// TestSpecificHeadingWins: a request naming the whole of a short heading is
// answered there, not at a long heading naming a few of its words whose
// answer repeats them.
func TestSpecificHeadingWins(t *testing.T) {
	a := NewGraphAgent(specificGraph(), Options{})
	for _, tc := range []struct{ message, want string }{
		{"how do I earn points", "earn"},
		{"do I earn points when a friend stays in a room I booked", "guest"},
	} {
		r, err := a.Respond(context.Background(), &Session{}, tc.message)
		if err != nil {
			t.Fatal(err)
		}
		if r.NodeID != tc.want {
			t.Errorf("%q: answered at %q (%s), want %q", tc.message, r.NodeID, r.Action, tc.want)
		}
	}
}

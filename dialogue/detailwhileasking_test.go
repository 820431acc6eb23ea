package dialogue

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
)

func TestDetailWhileAskingPolicy(t *testing.T) {
	detail := &reading{terms: []string{"zorblax"}}
	for _, tc := range []struct {
		name string
		st   missState
		want bool // moveAskWhich comes before moveSuggest
	}{
		{"a detail in no page's words while asking", missState{asking: true, situations: true}, true},
		{"in the pages' words: a request", missState{asking: true, situations: true, pageWords: true}, false},
		{"topics suggested on a miss", missState{asking: true}, false},
		{"nothing asked", missState{}, false},
	} {
		moves := missMoves(detail, tc.st)
		ask, suggest := slices.Index(moves, moveAskWhich), slices.Index(moves, moveSuggest)
		if got := ask >= 0 && (suggest < 0 || ask < suggest); got != tc.want {
			t.Errorf("%s: moves %v, want ask which first: %v", tc.name, moves, tc.want)
		}
	}
}

// TestDetailWhileAsking: "which of these applies?" answered with a
// situation none of the options names, in words no page has, asks the
// question again with its options kept, not the not-found reply that
// drops them.
func TestDetailWhileAsking(t *testing.T) {
	const page = "https://help.example/sync"
	g := verdict.Judged(&graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "Syncing your notes"}},
		Nodes: []graph.Node{
			{ID: "sync", Page: page, Problem: "Syncing your notes", Root: true, Resolution: "How you turn on syncing depends on where you use the notes app."},
			{ID: "desktop", Page: page, Problem: "Syncing your notes (desktop)", Condition: "you use the desktop app", Actionable: true, Resolution: "Open Preferences and tick Sync."},
			{ID: "web", Page: page, Problem: "Syncing your notes (web)", Condition: "you use the web version", Actionable: true, Resolution: "Syncing is always on in the web version."},
		},
		Edges: []graph.Edge{{From: "sync", To: "desktop", Type: graph.Child}, {From: "sync", To: "web", Type: graph.Child}},
	})
	a, s := NewGraphAgent(g, Options{}), &Session{}
	asked, err := a.Respond(context.Background(), s, "how do i sync my notes")
	if err != nil || asked.Action != Clarification || len(asked.Options) != 2 {
		t.Fatalf("first reply %+v, %v: want the two situations asked", asked, err)
	}
	r, err := a.Respond(context.Background(), s, "zorblax tablet")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Clarification || !sameNodes(r.Options, asked.Options) || !sameNodes(s.PendingOptions, asked.Options) {
		t.Errorf("reply %s %q with options %+v, pending %+v: want the question again, options kept", r.Action, r.Text, r.Options, s.PendingOptions)
	}
}

// TestHistoryWhileAsking: "which of these applies?" answered with what the
// customer did with the thing ("i bought it last year") whose words no
// node holds enough of (a miss, which suggested the calendar page)
// takes the detail in and asks the question again, options kept.
func TestHistoryWhileAsking(t *testing.T) {
	const (
		page     = "https://help.example/sync"
		orders   = "https://help.example/orders"
		calendar = "https://help.example/calendar"
	)
	g := verdict.Judged(&graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "Syncing your notes"}, {URL: orders, Title: "Orders"}, {URL: calendar, Title: "Calendar"}},
		Nodes: []graph.Node{
			{ID: "sync", Page: page, Problem: "Syncing your notes", Root: true, Resolution: "How you turn on syncing depends on where you use the notes app."},
			{ID: "desktop", Page: page, Problem: "Syncing your notes (desktop)", Condition: "you use the desktop app", Actionable: true, Resolution: "Open Preferences and tick Sync."},
			{ID: "web", Page: page, Problem: "Syncing your notes (web)", Condition: "you use the web version", Actionable: true, Resolution: "Syncing is always on in the web version."},
			{ID: "orders", Page: orders, Problem: "Find your last order", Root: true, Actionable: true, Resolution: "Your purchases are listed under Account - Orders."},
			{ID: "year", Page: calendar, Problem: "Show the whole year", Root: true, Actionable: true, Resolution: "Choose View - Year to see twelve months at once."},
		},
		Edges: []graph.Edge{{From: "sync", To: "desktop", Type: graph.Child}, {From: "sync", To: "web", Type: graph.Child}},
	})
	a, s := NewGraphAgent(g, Options{}), &Session{}
	asked, err := a.Respond(context.Background(), s, "how do i sync my notes")
	if err != nil || asked.Action != Clarification || len(asked.Options) != 2 {
		t.Fatalf("first reply %+v, %v: want the two situations asked", asked, err)
	}
	r, err := a.Respond(context.Background(), s, "i bought it last year")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Clarification || r.NodeID != "sync" || !sameNodes(r.Options, asked.Options) || !strings.HasPrefix(r.Text, "Noted.") {
		t.Errorf("reply %s at %q %q with options %+v: want the detail noted, the question again", r.Action, r.NodeID, r.Text, r.Options)
	}
}

package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
)

// TestClickedOptionStatesNoSituation: an option sent back (its label, its
// number) whose node sits beneath a situation the user has not stated is
// asked which situation applies, even when the label's own words name a
// sibling situation's ("web version"); choosing the situation answers it.
func TestClickedOptionStatesNoSituation(t *testing.T) {
	const page = "https://help.example/shared"
	g := verdict.Judged(&graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "Opening shared reports"}},
		Nodes: []graph.Node{
			{ID: "shared", Page: page, Problem: "Opening shared reports", Root: true,
				Resolution: "A report shared with you opens where you use the product."},
			{ID: "desktop", Page: page, Problem: "Opening shared reports (desktop app)", Condition: "you use the desktop app", Actionable: true,
				Resolution: "Shared reports are listed under Shared in the sidebar."},
			{ID: "desktop-link", Page: page, Problem: "Opening a link from the web version", Actionable: true,
				Resolution: "Choose File, then Open link, and paste the link."},
			{ID: "browser", Page: page, Problem: "Opening shared reports (web version)", Condition: "you use the web version in a browser", Actionable: true,
				Resolution: "Click the link in the e-mail: the report opens in a new tab."},
		},
		Edges: []graph.Edge{
			{From: "shared", To: "desktop", Type: graph.Child},
			{From: "desktop", To: "desktop-link", Type: graph.Child},
			{From: "shared", To: "browser", Type: graph.Child},
		},
	})
	for _, click := range []string{"Opening a link from the web version", "1"} {
		t.Run(click, func(t *testing.T) {
			a := NewGraphAgent(g, Options{})
			s := &Session{PendingOptions: a.options([]string{"desktop-link"}),
				History: []Turn{{Role: "user", Text: "open a link"}, {Role: "agent", Action: Clarification, Text: "Is it about this?"}}}
			r, err := a.Respond(context.Background(), s, click)
			if err != nil {
				t.Fatal(err)
			}
			if r.Action != Clarification || r.NodeID != "shared" || len(r.Options) != 2 || s.Asked != "desktop-link" {
				t.Fatalf("%q: %s at %q with %d options (%q), asked %q; want which situation, at shared", click, r.Action, r.NodeID, len(r.Options), r.Text, s.Asked)
			}
			if r, err = a.Respond(context.Background(), s, r.Options[0].Value); err != nil || r.Action != Resolution || r.NodeID != "desktop-link" {
				t.Errorf("situation chosen: %s at %q (%q), %v; want the section clicked", r.Action, r.NodeID, r.Text, err)
			}
		})
	}
}

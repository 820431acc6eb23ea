package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// topicGraph has a page on family benefits and one on qualifying, whose
// sections share the words of a divorced spouse's questions.
func topicGraph() *graph.Graph {
	const family, qualify = "https://help.example/family", "https://help.example/qualify"
	return &graph.Graph{
		Pages: []graph.Page{{URL: family, Title: "Family benefits"}, {URL: qualify, Title: "How you qualify"}},
		Nodes: []graph.Node{
			{ID: "family", Page: family, Problem: "Family benefits", Root: true, Actionable: true,
				Resolution: "Certain members of your family may receive benefits on your record: your spouse, your children and a divorced spouse."},
			{ID: "family-divorced", Page: family, Problem: "Benefits for a divorced spouse", Actionable: true,
				Resolution: "A divorced spouse can get benefits on your record if the marriage lasted 10 years or longer. The length of a marriage matters."},
			{ID: "qualify", Page: qualify, Problem: "How you qualify", Root: true, Actionable: true,
				Resolution: "You qualify with enough work credits."},
			{ID: "qualify-marriage", Page: qualify, Problem: "Marriage length and divorce", Actionable: true,
				Resolution: "If you were married for 10 years and then divorced, your ex-spouse may qualify on your record."},
		},
		Edges: []graph.Edge{{From: "family", To: "family-divorced", Type: graph.Child}, {From: "qualify", To: "qualify-marriage", Type: graph.Child}},
	}
}

// TestMovesAway: the page being discussed is left only when the message
// clearly moves away: the other page holds more of it, or its title has all
// of it and this page's does not.
func TestMovesAway(t *testing.T) {
	a := NewGraphAgent(topicGraph(), Options{})
	qualify := a.an.terms("how do I qualify?")
	divorce := a.an.terms("the marriage length after a divorce")
	for _, tc := range []struct {
		name        string
		there, here candidate
		terms       []string
		want        bool
	}{
		{"the other page holds more of the message", candidate{id: "qualify-marriage", pageCoverage: 1}, candidate{id: "family-divorced", pageCoverage: 0.6}, divorce, true},
		{"both pages hold all of it", candidate{id: "qualify-marriage", pageCoverage: 1}, candidate{id: "family-divorced", pageCoverage: 1}, divorce, false},
		{"this page holds more of it", candidate{id: "qualify-marriage", pageCoverage: 0.6}, candidate{id: "family-divorced", pageCoverage: 1}, divorce, false},
		{"the other page's title has all of it", candidate{id: "qualify", pageCoverage: 1}, candidate{id: "family", pageCoverage: 1}, qualify, true},
		{"this page's title has all of it too", candidate{id: "qualify-marriage", pageCoverage: 1}, candidate{id: "qualify", pageCoverage: 1}, qualify, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.movesAway(tc.there, tc.here, tc.terms); got != tc.want {
				t.Errorf("movesAway = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestTopicChange: a follow-up that shares more words with a section
// elsewhere stays on the page being discussed when that page has its words
// too; one that names another page's title goes there.
func TestTopicChange(t *testing.T) {
	for _, tc := range []struct{ then, want string }{
		// The other section's heading: it scores three times the section
		// here, but the family page has every word.
		{"marriage length and divorce", "family-divorced"},
		{"the marriage length after a divorce, is it 10 years?", "family-divorced"},
		{"how do I qualify?", "qualify"},
	} {
		t.Run(tc.then, func(t *testing.T) {
			a := NewGraphAgent(topicGraph(), Options{})
			s := &Session{}
			if r, err := a.Respond(context.Background(), s, "family benefits"); err != nil || r.NodeID != "family" {
				t.Fatalf("first turn: %s at %q, %v", r.Action, r.NodeID, err)
			}
			r, err := a.Respond(context.Background(), s, tc.then)
			if err != nil {
				t.Fatal(err)
			}
			if r.NodeID != tc.want {
				t.Errorf("got %s at %q (%q), want %q", r.Action, r.NodeID, r.Text, tc.want)
			}
		})
	}
}

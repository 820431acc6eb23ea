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

// TestTopicChangeNeedsTheTitle: a follow-up that shares more words with a
// section elsewhere stays on the page being discussed unless it scores
// 4/3 of TopicChange better or the other page's title says more of it.
func TestTopicChangeNeedsTheTitle(t *testing.T) {
	for _, tc := range []struct{ then, want string }{
		// "marriage length" is the other section's heading: it scores about
		// twice the section here, between TopicChange and 4/3 of it. (A
		// change in that band that the title backs is in the fixture's
		// dialogues: "where do I find my confirmation code?")
		{"the marriage length after a divorce, is it 10 years?", "family-divorced"},
		{"how do I qualify?", "qualify"},
	} {
		t.Run(tc.then, func(t *testing.T) {
			a := NewGraphAgent(topicGraph(), Options{TopicChange: 1.8})
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

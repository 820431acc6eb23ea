package dialogue

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestDontKnowToDoubted: "I don't know" to "is it about this?", asked of
// the node found for a request that lacks its distinctive words, is
// answered with what that node says, cited, and counts no miss: the user
// can't rule it out by its title. A "no" is not answered there, and a
// topic merely suggested on a miss is no such node (see the fixture
// "unsure about the suggested topics").
func TestDontKnowToDoubted(t *testing.T) {
	g := &graph.Graph{}
	for i, topic := range []string{"export a report", "share a report", "print a report", "schedule a report", "delete a report", "rename", "archive"} {
		g.Nodes = append(g.Nodes, graph.Node{ID: topic, Page: fmt.Sprintf("https://help.example.com/%d", i), Problem: "Project settings: " + topic, Root: true, Actionable: true,
			Resolution: "Open the project settings and click " + strings.ToUpper(topic[:1]) + topic[1:] + "."})
	}
	for _, tc := range []struct {
		name, reply string
		answered    bool // at the node asked about
	}{
		{"can't tell", "I don't know", true},
		{"assents", "sounds good", true},
		{"assents after an interjection", "hmm ok", true},
		{"a detail no page has", "it's a zorblax", true},
		{"not it", "no", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, s := NewGraphAgent(g, Options{}), &Session{}
			if r, err := a.Respond(context.Background(), s, "how do I export a report"); err != nil || r.Action != Resolution {
				t.Fatalf("opening: %s, %v", r.Action, err)
			}
			asked, err := a.Respond(context.Background(), s, "and my snapchat report settings?")
			if err != nil || asked.Action != Clarification || len(asked.Options) != 1 || s.Doubted != asked.Options[0].NodeID {
				t.Fatalf("first reply %+v (doubted %q), %v: want one node asked about", asked, s.Doubted, err)
			}
			r, err := a.Respond(context.Background(), s, tc.reply)
			if err != nil {
				t.Fatal(err)
			}
			id := asked.Options[0].NodeID
			if answered := r.Action == Resolution && r.NodeID == id; answered != tc.answered {
				t.Fatalf("%q: %s at %q (%q), want answered at %q: %v", tc.reply, r.Action, r.NodeID, r.Text, id, tc.answered)
			}
			if tc.answered && (len(r.Sources) == 0 || r.Sources[0] != a.ix.Node(id).Page || s.Rephrases != 0 || s.Doubted != "") {
				t.Errorf("sources %v, %d misses, doubted %q: want its page, none, none", r.Sources, s.Rephrases, s.Doubted)
			}
		})
	}
}

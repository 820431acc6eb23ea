package dialogue

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestAnswersRequest(t *testing.T) {
	// Three terms of weight 2, 2 and 1 in a graph whose rarest word
	// weighs 4: a word no page has weighs 2 (unknownRarity).
	for _, tc := range []struct {
		name      string
		weights   []float64
		node, own uint64
		want      bool
	}{
		{"every word known: the ranking judged it", []float64{2, 1, 0.5}, 0b001, 0, true},
		{"a word no page has, the node holds the rest", []float64{2, 2, 0}, 0b011, 0b011, true},
		{"a word no page has outweighs the generic one held", []float64{0, 0, 1}, 0b100, 0b100, false},
		{"a word no page has and half the rest held", []float64{0, 2, 1}, 0b010, 0b010, false},
		{"half the weight held is enough", []float64{0, 2, 1, 0.5}, 0b110, 0, true},
		{"three words in the node's own fields: a long match", []float64{0, 0, 1, 1, 1}, 0b11100, 0b11100, true},
		{"three words, but in the answer text only", []float64{0, 0, 1, 1, 1}, 0b11100, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := heldRequest{weights: tc.weights, rarest: 4, node: tc.node, own: tc.own}
			if got := answersRequest(h, 0.5); got != tc.want {
				t.Errorf("answersRequest(%+v) = %v, want %v", h, got, tc.want)
			}
		})
	}
}

// TestHoldsRequest: on a small hand-made graph, a request whose word no
// page has outweighs what a node holds of it gets no answer, asked first,
// after an answer on another page or on its own page; the same request
// without that word, one whose distinctive word the node has, and a
// follow-up whose words the page holds, are answered.
func TestHoldsRequest(t *testing.T) {
	var nodes []graph.Node
	// Every heading says "project settings", five say "report": generic
	// and common words here.
	for i, topic := range []string{"export a report", "share a report", "print a report", "schedule a report", "delete a report",
		"rename", "archive", "transfer", "duplicate", "invite", "pin", "star"} {
		nodes = append(nodes, graph.Node{ID: topic, Page: fmt.Sprintf("https://help.example.com/%d", i), Problem: "Project settings: " + topic, Root: true, Actionable: true,
			Resolution: "Open the project settings and click " + strings.ToUpper(topic[:1]) + topic[1:] + "."})
	}
	nodes = append(nodes, graph.Node{ID: "backup", Page: "https://help.example.com/backup", Problem: "Nightly backups", Root: true, Actionable: true,
		Resolution: "Everything is backed up every night."})
	g := &graph.Graph{Nodes: nodes}
	for _, tc := range []struct {
		name, first, ask string
		want             Action
	}{
		{"the help center's own words", "", "how do I print a report", Resolution},
		{"a distinctive word the node has beside one no page has", "", "how do I print a snapchat report", Resolution},
		{"a word no page has outweighs the common ones held, asked first", "", "where are my snapchat report settings", Clarification},
		{"the same after an answer on another page", "how do nightly backups work", "where are my snapchat report settings", Clarification},
		{"the same after an answer on its page", "how do I export a report", "and my snapchat report settings?", Clarification},
		{"a follow-up the page holds", "how do I export a report", "and the project settings?", Resolution},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := NewGraphAgent(g, Options{})
			s := &Session{}
			if tc.first != "" {
				if r, err := a.Respond(context.Background(), s, tc.first); err != nil || r.Action != Resolution {
					t.Fatalf("%q: %s, %v", tc.first, r.Action, err)
				}
			}
			r, err := a.Respond(context.Background(), s, tc.ask)
			if err != nil {
				t.Fatal(err)
			}
			if r.Action != tc.want {
				t.Errorf("%q: %s at %q (%q), want %s", tc.ask, r.Action, r.NodeID, r.Text, tc.want)
			}
		})
	}
}

package dialogue

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestNotSolvedToYesNoPolicy: "that didn't help" to "Is it about this?"
// says no to the topic asked about.
func TestNotSolvedToYesNoPolicy(t *testing.T) {
	doubted := actState{pending: 1, optionNode: true, last: Clarification, doubted: true, yesNo: true}
	suggested := actState{pending: 1, optionNode: true, last: Clarification, yesNo: true}
	for _, st := range []actState{doubted, suggested} {
		if got := actMoves(ActNotSolved, st); len(got) == 0 || got[0] != moveNotIt {
			t.Errorf("actMoves(ActNotSolved, %+v) = %v; want moveNotIt first", st, got)
		}
	}
}

// TestNotSolvedToDoubted: "that didnt help" to "Is it about this?" (seen
// chatting on GNOME's help) is a no to that topic: the options are
// withdrawn and the customer asked to describe the situation, not asked
// "which one of these applies?" with the same one option again.
func TestNotSolvedToDoubted(t *testing.T) {
	g := &graph.Graph{}
	for i, topic := range []string{"export a report", "share a report", "print a report", "schedule a report", "delete a report", "rename", "archive"} {
		g.Nodes = append(g.Nodes, graph.Node{ID: topic, Page: fmt.Sprintf("https://help.example.com/%d", i), Problem: "Project settings: " + topic, Root: true, Actionable: true,
			Resolution: "Open the project settings and click " + strings.ToUpper(topic[:1]) + topic[1:] + "."})
	}
	a, s := NewGraphAgent(g, Options{}), &Session{}
	if r, err := a.Respond(context.Background(), s, "how do I export a report"); err != nil || r.Action != Resolution {
		t.Fatalf("opening: %s, %v", r.Action, err)
	}
	asked, err := a.Respond(context.Background(), s, "and my snapchat report settings?")
	if err != nil || asked.Action != Clarification || len(asked.Options) != 1 {
		t.Fatalf("second reply %+v, %v: want one node asked about", asked, err)
	}
	r, err := a.Respond(context.Background(), s, "that didnt help")
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(r.Options, func(o Option) bool { return o.NodeID == asked.Options[0].NodeID }) || len(s.PendingOptions) != 0 {
		t.Errorf("%s %q with options %+v: want the topic asked about withdrawn", r.Action, r.Text, r.Options)
	}
}

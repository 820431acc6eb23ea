package dialogue

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestAskOneAgain: a reply with nothing to go on to "Is it about this?"
// ("she is 60", seen chatting on the ssa pages) asks again whether it is
// it, not "which one of these applies to you?" of a single option.
func TestAskOneAgain(t *testing.T) {
	a, s, _ := askedAboutOne(t)
	r, err := a.Respond(context.Background(), s, "she is 60")
	if err != nil {
		t.Fatal(err)
	}
	if r.Text == a.say(s, "WhichOne") {
		t.Errorf("%q with options %+v: a choice of one", r.Text, r.Options)
	}
}

// askedAboutOne returns an agent over a small graph of project settings
// and a conversation where, after an answer, a follow-up in words no page
// has ("and my snapchat report settings?") was asked about one node, with
// that reply.
func askedAboutOne(t *testing.T) (*GraphAgent, *Session, Reply) {
	t.Helper()
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
	return a, s, asked
}

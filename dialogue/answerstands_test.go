package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestAnswerStands: a detail taken in at the node just answered ("Noted.
// … If what it says does not help, just say so.") leaves that answer the
// last one given; any other turn between does not. The policy's
// courtesyAfterAnswer reads the same.
func TestAnswerStands(t *testing.T) {
	answered, noted := Turn{Role: "agent", Action: Resolution, NodeID: "n"}, Turn{Role: "agent", Action: Clarification, NodeID: "n"}
	for _, tc := range []struct {
		name  string
		agent []Turn
		want  bool
	}{
		{"noted after the answer", []Turn{answered, noted}, true},
		{"the answer itself last", []Turn{answered}, false},
		{"noted after an answer elsewhere", []Turn{{Role: "agent", Action: Resolution, NodeID: "m"}, noted}, false},
		{"a question at the node, no answer before", []Turn{{Role: "agent", Action: Clarification, NodeID: "m"}, noted}, false},
		{"handed over after the answer", []Turn{answered, {Role: "agent", Action: Escalation, NodeID: "n"}}, false},
	} {
		s := &Session{}
		for _, at := range tc.agent {
			s.History = append(s.History, Turn{Role: "user", Text: "x"}, at)
		}
		if last, before := lastAgentTurns(s); answerStands(last, before, "n") != tc.want {
			t.Errorf("%s: answerStands = %v, want %v", tc.name, !tc.want, tc.want)
		}
	}
	// At no node, nothing was answered to stand.
	if answerStands(Turn{Action: Clarification}, Turn{Action: Resolution}, "") {
		t.Error("answerStands at no node = true, want false")
	}
}

// TestStillFailsAfterDetailNoted: "still too dark" after an answer and a
// detail taken in at it ("it's a laptop": no part of the page for it)
// says the answer did not help, as it does right after the answer. Seen
// on GNOME's help: the same answer was given again, word for word.
func TestStillFailsAfterDetailNoted(t *testing.T) {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "dim", Page: "dim", Problem: "Screen too dark", Root: true, Actionable: true, Resolution: "Open Settings, choose Power and drag the Screen Brightness slider to the right."},
		{ID: "keys", Page: "keys", Problem: "Keyboard shortcuts", Root: true, Actionable: true, Resolution: "Open Settings and choose Keyboard to see the shortcuts."},
	}}
	for _, n := range g.Nodes {
		g.Pages = append(g.Pages, graph.Page{URL: n.Page, Title: n.Problem})
	}
	a, s := NewGraphAgent(g, Options{}), &Session{}
	var r Reply
	for i, m := range []string{"my screen is too dark", "it's a laptop", "still too dark"} {
		var err error
		if r, err = a.Respond(context.Background(), s, m); err != nil {
			t.Fatal(err)
		}
		if i == 1 && (r.Action != Clarification || r.NodeID != "dim") {
			t.Fatalf("%q: %s at %q %q, want the detail noted at the answer", m, r.Action, r.NodeID, r.Text)
		}
	}
	if r.Action != Escalation {
		t.Errorf("still too dark: %s %q, want the answer said not to help (a person)", r.Action, r.Text)
	}
}

package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestCleanResolution(t *testing.T) {
	for _, tc := range []struct {
		name string
		node graph.Node
		want string
	}{
		{"heading restating the problem", graph.Node{Problem: "I can't find my code", Resolution: "## I can't find my code"}, "I can't find my code"},
		{"heading marker", graph.Node{Problem: "Codes", Resolution: "## Before you start\nClick Codes."}, "Before you start\nClick Codes."},
		{"condition restated on its own line",
			graph.Node{Condition: "you were logged out", Resolution: "You were logged out\nLog in again."}, "Log in again."},
		{"condition restated as a prefix",
			graph.Node{Condition: "you want to change the dates", Resolution: "- If you want to change the dates: cancel and book again."}, "Cancel and book again."},
		{"condition run into the next sentence",
			graph.Node{Condition: "the screen did not appear", Resolution: "- If the screen did not appear Turn off pop-up blockers."}, "Turn off pop-up blockers."},
		{"label restated", graph.Node{Condition: "members", Resolution: "- Members: on the details page."}, "On the details page."},
		{"a longer condition is no restatement",
			graph.Node{Condition: "you booked", Resolution: "You booked by phone, so call us."}, "You booked by phone, so call us."},
		{"page furniture dropped", graph.Node{Resolution: "Points expire.\nLast updated: 2026-03-02"}, "Points expire."},
	} {
		if got := cleanResolution(&tc.node); got != tc.want {
			t.Errorf("%s: cleanResolution = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestAnswers(t *testing.T) {
	g := &graph.Graph{
		Nodes: []graph.Node{
			{ID: "steps", Problem: "Reset", Resolution: "Click Reset.", Actionable: true},
			{ID: "fact", Problem: "When will I get my refund?", Resolution: "Within 7 business days."},
			{ID: "where", Problem: "Phone number (members)", Condition: "members", Resolution: "- Members: on the details page."},
			{ID: "handoff", Problem: "Receipt", Resolution: "Please contact the accommodation directly. We can't issue it."},
			{ID: "handled", Problem: "Lost items", Resolution: "Lost property is handled by the hotel."},
			{ID: "noshow", Problem: "No-shows", Resolution: "If you do not arrive and do not contact anyone, you pay 100%."},
			{ID: "pointer", Problem: "Missing points", Resolution: "See [Points](https://x.example/points)."},
			{ID: "heading", Problem: "Codes", Resolution: "## Codes"},
			{ID: "intro", Problem: "Declined", Resolution: "Check which situation matches yours."},
			{ID: "child", Problem: "Declined (debit)", Condition: "you use a debit card", Resolution: "Use a credit card.", Actionable: true},
			{ID: "ref", Problem: "Locked", Resolution: "Your account is locked."},
			{ID: "points", Problem: "Points", Resolution: "About points.", Root: true},
			{ID: "refsteps", Problem: "Code (members)", Resolution: "Log in and open My Reservations. If it isn't listed, see [Points](https://x.example/points)."},
			{ID: "reflink", Problem: "Locked", Resolution: "Wait, or [reset your password](https://x.example/points)."},
		},
		Edges: []graph.Edge{
			{From: "intro", To: "child", Type: graph.Child},
			{From: "ref", To: "points", Type: graph.Reference},
			{From: "refsteps", To: "points", Type: graph.Reference},
			{From: "reflink", To: "points", Type: graph.Reference},
		},
	}
	a := NewGraphAgent(g, Options{})
	for id, want := range map[string]bool{
		"steps": true, "fact": true, "where": true, "noshow": true,
		"handoff": false, "handled": false, "pointer": false, "heading": false,
		"intro":    false, // introduces its sub-problems
		"ref":      false, // follows its reference
		"refsteps": true,  // steps of its own; the link is a "see also"
		"reflink":  false, // its only step is the link
	} {
		if got := a.answers(a.ix.Node(id)); got != want {
			t.Errorf("answers(%s) = %v, want %v", id, got, want)
		}
	}
}

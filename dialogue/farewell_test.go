package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestFarewellSaysGoodbye: "ok bye" or "thanks, see you" after an answer
// takes leave: goodbye, not "You're welcome! Is there anything else I can
// help you with?", which a bare "thanks" still gets. So does saying there
// is nothing more ("that's all, thanks", "nothing else", "i'm all set"),
// which, read as a request, matched pages on "everything" or "set".
func TestFarewellSaysGoodbye(t *testing.T) {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "reset", Page: "https://help.example.com/reset", Problem: "Reset your password", Actionable: true, Root: true, Resolution: "Open Settings and choose Password."},
	}}
	for _, tc := range []struct{ say, want string }{
		{"ok bye", "Goodbye"},
		{"thanks, see you", "Goodbye"},
		{"Thank you! Goodbye.", "Goodbye"},
		{"thanks", "Welcome"},
		{"thanks a lot", "Welcome"},
		{"thanks that's all", "Goodbye"},
		{"nothing else, thanks", "Goodbye"},
		{"ok thats everything", "Goodbye"},
		{"i'm all set", "Goodbye"},
		{"nope, that's it", "Goodbye"},
		{"no more questions", "Goodbye"},
		{"das war's, danke", "Goodbye"},
	} {
		a, s := NewGraphAgent(g, Options{}), &Session{}
		if r, err := a.Respond(context.Background(), s, "how do I reset my password"); err != nil || r.NodeID != "reset" {
			t.Fatalf("first reply %+v, %v", r, err)
		}
		r, err := a.Respond(context.Background(), s, tc.say)
		if err != nil || r.Text != a.say(s, tc.want) {
			t.Errorf("%q: %s %q, %v: want %s", tc.say, r.Action, r.Text, err, tc.want)
		}
	}
}

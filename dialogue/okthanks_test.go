package dialogue

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestAcknowledges(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want bool
	}{
		{"ok thanks", true}, {"Okay, thank you!", true}, {"thanks ok", true}, {"ok merci", true},
		{"thanks", false}, {"thank you, bye", false}, {"how do I export it", false},
	} {
		if got := acknowledges(messageAcks(tc.msg)); got != tc.want {
			t.Errorf("acknowledges(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

func TestThanksToYesNoPolicy(t *testing.T) {
	yesNo := actState{pending: 1, optionNode: true, last: Clarification, yesNo: true}
	withAck := yesNo
	withAck.acks = true
	if m := actMoves(ActThanks, withAck); len(m) == 0 || m[0] != moveShowAsked {
		t.Errorf("ok thanks to a yes-or-no question: moves %v, want moveShowAsked first", m)
	}
	if m := actMoves(ActThanks, yesNo); len(m) == 0 || m[0] != moveWelcome {
		t.Errorf("thanks alone to a yes-or-no question: moves %v, want moveWelcome first", m)
	}
}

// TestOkThanksToDoubted: "ok thanks" to "Is it about this?" assents: the
// node asked about is shown (nothing was answered yet to be thanked for);
// "thanks" alone still closes.
func TestOkThanksToDoubted(t *testing.T) {
	g := &graph.Graph{}
	for i, topic := range []string{"export a report", "share a report", "print a report", "schedule a report", "delete a report", "rename", "archive"} {
		g.Nodes = append(g.Nodes, graph.Node{ID: topic, Page: fmt.Sprintf("https://help.example.com/%d", i), Problem: "Project settings: " + topic, Root: true, Actionable: true,
			Resolution: "Open the project settings and click " + strings.ToUpper(topic[:1]) + topic[1:] + "."})
	}
	for _, tc := range []struct {
		reply    string
		answered bool
	}{
		{"ok thanks", true},
		{"thanks", false},
	} {
		t.Run(tc.reply, func(t *testing.T) {
			a, s := NewGraphAgent(g, Options{}), &Session{}
			if r, err := a.Respond(context.Background(), s, "how do I export a report"); err != nil || r.Action != Resolution {
				t.Fatalf("opening: %s, %v", r.Action, err)
			}
			asked, err := a.Respond(context.Background(), s, "and my snapchat report settings?")
			if err != nil || asked.Action != Clarification || len(asked.Options) != 1 {
				t.Fatalf("first reply %+v, %v: want one node asked about", asked, err)
			}
			r, err := a.Respond(context.Background(), s, tc.reply)
			if err != nil {
				t.Fatal(err)
			}
			if answered := r.Action == Resolution && r.NodeID == asked.Options[0].NodeID; answered != tc.answered {
				t.Errorf("%q: %s %q, want answered at the node asked about: %v", tc.reply, r.Action, r.Text, tc.answered)
			}
		})
	}
}

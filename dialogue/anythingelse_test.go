package dialogue

import (
	"fmt"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestAnythingElsePolicy(t *testing.T) {
	anythingElse := actState{last: Clarification, askedAnythingElse: true, nodeSays: true}
	for _, tc := range []struct {
		name string
		act  Act
		st   actState
		want move
	}{
		{"yes to anything else?", ActYes, anythingElse, moveAskWhat},
		{"no to anything else?", ActNo, anythingElse, moveGoodbye},
		{"yes after an answer", ActYes, actState{last: Resolution, nodeSays: true}, moveGoOn},
	} {
		if m := actMoves(tc.act, tc.st); len(m) == 0 || m[0] != tc.want {
			t.Errorf("%s: moves %v, want %v first", tc.name, m, tc.want)
		}
	}
}

// TestYesNoToAnythingElse: "Is there anything else I can help you with?"
// "Yes." asks what with; "No." says goodbye. Before, the yes went on with
// the page just answered ("thanks" "yes" on adguard-en got the next
// uninstall step) and the no was asked to describe its situation.
func TestYesNoToAnythingElse(t *testing.T) {
	g := &graph.Graph{}
	for i, topic := range []string{"export a report", "share a report", "print a report", "schedule a report"} {
		g.Nodes = append(g.Nodes, graph.Node{ID: topic, Page: fmt.Sprintf("https://help.example.com/%d", i), Problem: "How to " + topic, Root: true, Actionable: true,
			Resolution: "Open the project settings and click " + strings.ToUpper(topic[:1]) + topic[1:] + ".\nThen confirm with OK.\nThe report is then ready for you."})
	}
	for _, tc := range []struct {
		turns []string
		want  string
	}{
		{[]string{"how do I export a report", "thanks", "yes"}, "Of course. What can I help you with?"},
		{[]string{"how do I export a report", "ok", "yes"}, "Of course. What can I help you with?"},
		{[]string{"how do I export a report", "thanks", "no"}, "All right. Thanks for getting in touch, and have a good day!"},
		// "What else can I help you with?" (after a no to the answer)
		// "Yes please.": before, a miss ("Sorry, I couldn't find that").
		{[]string{"how do I export a report", "no", "yes please"}, "Of course. What can I help you with?"},
		{[]string{"how do I export a report", "no", "no"}, "All right. Thanks for getting in touch, and have a good day!"},
	} {
		t.Run(strings.Join(tc.turns, " / "), func(t *testing.T) {
			r := lastReply(t, NewGraphAgent(g, Options{}), tc.turns...)
			if r.Text != tc.want {
				t.Errorf("last reply %s %q, want %q", r.Action, r.Text, tc.want)
			}
		})
	}
}

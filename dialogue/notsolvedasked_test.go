package dialogue

import (
	"context"
	"slices"
	"strings"
	"testing"
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
	a, s, asked := askedAboutOne(t)
	r, err := a.Respond(context.Background(), s, "that didnt help")
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(r.Options, func(o Option) bool { return o.NodeID == asked.Options[0].NodeID }) || len(s.PendingOptions) != 0 {
		t.Errorf("%s %q with options %+v: want the topic asked about withdrawn", r.Action, r.Text, r.Options)
	}
}

// TestNotSolvedAfterHandover: "that didn't work" after a handover hands
// over again, sorry that it did not solve it, not "Of course.", which
// answers a request for a person.
func TestNotSolvedAfterHandover(t *testing.T) {
	r := lastReply(t, fixtureAgent(t, Options{}), "how do I cancel my booking?", "agent please", "that didn't work")
	if r.Action != Escalation || !strings.HasPrefix(r.Text, "I'm sorry that didn't solve it.") {
		t.Errorf("%s %q; want an escalation sorry that it did not solve it", r.Action, r.Text)
	}
}

package dialogue

import (
	"context"
	"slices"
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

package dialogue

import (
	"testing"
)

// "I already tried that" after an answer says the answer did not help, as
// "that didn't work" does; read as a request, "already" finds any page
// that says it ("If the section already exists").
func TestAlreadyTriedIsNotSolved(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		msg  string
		want Act
	}{
		{"i already tried that", ActNotSolved},
		{"I've tried that already", ActNotSolved},
		{"already did that", ActNotSolved},
		{"tried it, and it didn't work", ActNotSolved},
		{"I have done all of that before.", ActNotSolved},
		{"I checked that already, still nothing", ActNotSolved},
		{"how do I see which boxes I checked?", ActNone},
		{"I tried that on my mac, what else?", ActNone},
		{"how do I undo what I tried?", ActNone},
	} {
		if got := classifyAct(an, tc.msg); got != tc.want {
			t.Errorf("classifyAct(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

// After an answer, "i already tried that" is answered as "that didn't
// work" is.
func TestAlreadyTriedAfterAnAnswer(t *testing.T) {
	a := fixtureAgent(t, Options{})
	replyTo := func(id, msg string) Reply { return replyAfterAnswer(t, a, id, msg) }
	want := replyTo("didnt", "that didn't work")
	got := replyTo("tried", "i already tried that")
	if got.Action != want.Action || got.Text != want.Text || got.NodeID != want.NodeID {
		t.Errorf("tried that: %s %q at %q; want as \"that didn't work\": %s %q at %q", got.Action, got.Text, got.NodeID, want.Action, want.Text, want.NodeID)
	}
}

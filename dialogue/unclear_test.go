package dialogue

import (
	"context"
	"slices"
	"testing"
)

// TestClassifyUnclear: a message saying the reply was not understood is
// ActUnclear in the catalog's languages; a question about a word of the
// pages ("what does WPA mean?") is a request.
func TestClassifyUnclear(t *testing.T) {
	a := NewGraphAgent(sampleGraph(t), Options{})
	tests := []struct {
		msg  string
		want Act
	}{
		{"what do you mean", ActUnclear},
		{"what do you mean?", ActUnclear},
		{"sorry what does that mean", ActUnclear},
		{"i dont understand", ActUnclear},
		{"I don't get it", ActUnclear},
		{"i'm confused", ActUnclear},
		{"that makes no sense", ActUnclear},
		{"can you explain that again please", ActUnclear},
		{"huh? what do you mean by that", ActUnclear},
		{"what does WPA mean?", ActNone},
		{"I don't understand how to cancel my booking", ActNone},
		{"I understand", ActAck},
		{"ich verstehe nicht", ActUnclear},
		{"Was meinen Sie?", ActUnclear},
		{"je ne comprends pas", ActUnclear},
		{"c'est-à-dire ?", ActUnclear},
		{"no entiendo", ActUnclear},
		{"¿Qué quiere decir?", ActUnclear},
		{"どういう意味ですか？", ActUnclear},
	}
	for _, tt := range tests {
		if got := classifyAct(a.an, tt.msg); got != tt.want {
			t.Errorf("classifyAct(%q) = %s; want %s", tt.msg, got, tt.want)
		}
	}
}

// TestUnclearPolicy: after any reply, "what do you mean?" asks which part
// and offers a person; at the start it is matched as a request.
func TestUnclearPolicy(t *testing.T) {
	for _, st := range []actState{{last: Resolution, nodeSays: true}, {pending: 3, optionNode: true, last: Clarification, nodeSays: true}} {
		if got := actMoves(ActUnclear, st); !slices.Equal(got, []move{moveUnclear}) {
			t.Errorf("actMoves(ActUnclear, %+v) = %v; want moveUnclear", st, got)
		}
	}
	if got := actMoves(ActUnclear, actState{}); got != nil {
		t.Errorf("actMoves(ActUnclear, start) = %v; want none", got)
	}
}

// TestUnclearKeepsPlace: "what do you mean" after an answer (seen chatting
// on GNOME's help: it was answered from a page about WEP and WPA, which
// uses "mean") asks which part, offers a person, counts no miss and keeps
// the conversation at the answer; a follow-up still leans on it.
func TestUnclearKeepsPlace(t *testing.T) {
	a, s := NewGraphAgent(sampleGraph(t), Options{}), &Session{}
	first, err := a.Respond(context.Background(), s, "how do I cancel my booking")
	if err != nil || first.NodeID == "" {
		t.Fatalf("opening: %+v, %v", first, err)
	}
	r, err := a.Respond(context.Background(), s, "what do you mean")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Clarification || len(r.Sources) != 0 || s.Rephrases != 0 || s.CurrentNode != first.NodeID {
		t.Errorf("%s %q from %v (misses %d, at %q): want a question citing no page, no miss, still at %q", r.Action, r.Text, r.Sources, s.Rephrases, s.CurrentNode, first.NodeID)
	}
	if !slices.ContainsFunc(r.Options, func(o Option) bool { return o.Value == TalkToPersonValue }) {
		t.Errorf("options %+v: want a person offered", r.Options)
	}
}

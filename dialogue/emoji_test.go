package dialogue

import (
	"context"
	"strings"
	"testing"
)

func TestReactionAct(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want Act
	}{
		{"👍", ActAck},
		{"👍🏽", ActAck}, // with a skin tone
		{"👌!", ActAck},
		{"😀😀", ActAck},
		{"✅", ActAck},
		{"🙏", ActThanks},
		{"❤️", ActThanks}, // with its variation selector
		{"👎", ActNo},
		{"🙏👎", ActNo},
		{"👎🙏", ActNo},
		// Words or numbers beside it: no reaction alone.
		{"🙂 thanks", ActNone},
		{"👍 2", ActNone},
		{"?", ActNone},
		{"", ActNone},
		{"...", ActNone},
	} {
		if got := reactionAct(tc.msg); got != tc.want {
			t.Errorf("reactionAct(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

// TestReactions: a reaction alone is answered as the act it makes, never
// as a request the pages do not cover.
func TestReactions(t *testing.T) {
	g := driftGraph()
	if r := firstReply(t, g, "👍"); strings.Contains(r.Text, "couldn't find") || r.Action != Clarification {
		t.Errorf("a first 👍 got %s %q, want a greeting", r.Action, r.Text)
	}
	a := NewGraphAgent(g, Options{})
	s := &Session{}
	ctx := context.Background()
	if _, err := a.Respond(ctx, s, "how do I lock the screen"); err != nil {
		t.Fatal(err)
	}
	r, err := a.Respond(ctx, s, "🙏")
	if err != nil {
		t.Fatal(err)
	}
	if want := a.say(s, "Welcome"); r.Text != want {
		t.Errorf("🙏 after an answer got %q, want %q", r.Text, want)
	}
}

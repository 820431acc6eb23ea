package dialogue

import (
	"context"
	"slices"
	"testing"
)

func TestClassifyRepeat(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		msg  string
		want Act
	}{
		{"can you repeat that", ActRepeat},
		{"sorry, could you repeat the last answer please?", ActRepeat},
		{"say that again", ActRepeat},
		{"repeat", ActRepeat},
		{"come again?", ActRepeat},
		{"pardon, can u repeat it", ActRepeat},
		// Requests that name repeating.
		{"how do I repeat the header row on every page", ActNone},
		{"repeat rows on each printed page", ActNone},
		{"say", ActNone},
		{"Können Sie das wiederholen?", ActRepeat},
		{"pouvez-vous répéter ?", ActRepeat},
		{"¿Puede repetir?", ActRepeat},
		{"もう一度お願いします", ActRepeat},
	} {
		if got := classifyAct(an, tc.msg); got != tc.want {
			t.Errorf("classifyAct(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
	for _, row := range wholeActs {
		if row.act != ActRepeat {
			continue
		}
		for _, s := range []string{"can you repeat that", "come again", "repeat rows", "COME AGAIN?", "Say It Again"} {
			if got, want := row.re.MatchString(s), row.re.Regexp.MatchString(s); got != want {
				t.Errorf("the repeat regexp on %q: %v, the regexp alone says %v", s, got, want)
			}
		}
	}
}

// "Can you repeat that?" gets the last reply again, its options still
// pending, whether it answered or asked.
func TestRepeatTheLastReply(t *testing.T) {
	ctx := context.Background()
	a := fixtureAgent(t, Options{})
	for _, first := range []string{"how do I cancel my booking?", "I want to change my booking", "my points never showed up after my trip last month"} {
		s := &Session{ID: first}
		want, err := a.Respond(ctx, s, first)
		if err != nil {
			t.Fatal(err)
		}
		pending := slices.Clone(s.PendingOptions)
		got, err := a.Respond(ctx, s, "can you repeat that?")
		if err != nil {
			t.Fatal(err)
		}
		if got.Action != want.Action || got.Text != want.Text || got.NodeID != want.NodeID || !slices.Equal(got.Options, want.Options) || !slices.Equal(got.Sources, want.Sources) || !slices.Equal(s.PendingOptions, pending) {
			t.Errorf("%q then repeat:\n got %s %q at %q %v %v\nwant %s %q at %q %v %v", first, got.Action, got.Text, got.NodeID, got.Options, got.Sources, want.Action, want.Text, want.NodeID, want.Options, want.Sources)
		}
	}
}

package dialogue

import (
	"context"
	"strings"
	"testing"
)

func TestTwoQuestions(t *testing.T) {
	for _, tc := range []struct {
		msg, first, rest string
	}{
		{"how do i add a user and how do i change the wifi password?", "how do i add a user", "how do i change the wifi password?"},
		{"How do I add a user? How do I change the wifi password?", "How do I add a user", "How do I change the wifi password?"},
		{"where is the log file, and can I change the log level?", "where is the log file", "can I change the log level?"},
		// One question.
		{"what does the sync button do and is it safe to press", "", ""},
		{"what is a bookmark folder and how do i make one", "", ""},
		{"Where are my old invoices? Can they be printed again?", "", ""},
		{"how do i add a user and change the wifi password?", "", ""},
		{"how do i add a user", "", ""},
		{"how and why?", "", ""},
		{"my wifi is slow and how do i fix it", "", ""},
		{"how do i add users, groups and roles", "", ""},
	} {
		first, rest, ok := twoQuestions(tc.msg)
		if ok != (tc.rest != "") || ok && (first != tc.first || rest != tc.rest) {
			t.Errorf("twoQuestions(%q) = %q, %q, %v; want %q, %q", tc.msg, first, rest, ok, tc.first, tc.rest)
		}
	}
}

// TestSecondQuestionOffered: of two questions in one message, the one the
// reply did not answer is named and offered, its words as the option's
// value (the message is ranked whole, as before); a message of one
// question offers no such thing.
func TestSecondQuestionOffered(t *testing.T) {
	a := fixtureAgent(t, Options{})
	ctx := context.Background()
	for _, tc := range []struct{ msg, answeredAt, offered string }{
		{"how do I cancel my reservation and how do I earn loyalty points?", "points", "how do I cancel my reservation"},
		{"how do I earn loyalty points? and how do I cancel my reservation?", "points", "how do I cancel my reservation"},
	} {
		s := &Session{}
		r, err := a.Respond(ctx, s, tc.msg)
		if err != nil {
			t.Fatal(err)
		}
		also := a.say(s, "AlsoAsked", "Question", tc.offered)
		if r.NodeID != tc.answeredAt || !strings.HasSuffix(r.Text, also) {
			t.Errorf("%q: %s at %s %q; want at %s, ending %q", tc.msg, r.Action, r.NodeID, r.Text, tc.answeredAt, also)
		}
		if n := len(r.Options); n == 0 || r.Options[n-1].Value != tc.offered {
			t.Errorf("%q: options %v; want %q last", tc.msg, r.Options, tc.offered)
		}
	}
	r, err := a.Respond(ctx, &Session{}, "how do I cancel my reservation?")
	if err != nil || strings.Contains(r.Text, "You also asked") {
		t.Errorf("one question: %q (%v)", r.Text, err)
	}
}

func TestUnanswered(t *testing.T) {
	a := fixtureAgent(t, Options{})
	const cancel, points = "how do I cancel my reservation?", "how do I earn loyalty points?"
	for _, tc := range []struct {
		ids   []string
		other string
		ok    bool
	}{
		{[]string{"points"}, "how do I cancel my reservation", true},
		{[]string{"", "cancel"}, "how do I earn loyalty points", true}, // an option names one
		{[]string{"points", "cancel"}, "", false},                      // both taken up
		{[]string{"login"}, "", false},                                 // neither: which was meant is unknown
	} {
		other, ok := a.unanswered(tc.ids, cancel, points)
		if other != tc.other || ok != tc.ok {
			t.Errorf("unanswered(%q) = %q, %v; want %q, %v", tc.ids, other, ok, tc.other, tc.ok)
		}
	}
}

package dialogue

import (
	"context"
	"strings"
	"testing"
)

// TestNotItAfterAnAnswerInOtherLanguages: "nein, das ist es nicht" and
// "それは違います" after an answer reject it, as "no, that's not it" does
// (the customer is asked to say it otherwise or to ask for a person); they
// were a plain "no", which after an answer only asks "what else can I
// help you with?" (adguard-ja: a wrong answer rejected with "それは違います"
// got "承知しました。ほかにお手伝いできることはありますか？"). With no
// options offered, the answer is what is not it: "then that's not it",
// not "none of those".
func TestNotItAfterAnAnswerInOtherLanguages(t *testing.T) {
	a := multilingualAgent(t)
	for _, tc := range []struct{ ask, notIt, page string }{
		{"die E-Mail zum Zurücksetzen kommt nicht an", "nein, das ist es nicht", "de/account/password"},
		{"再設定メールが届かない", "それは違います", "ja/account/password"},
		{"the reset e-mail does not arrive", "no, that's not it", "en/account/password"},
	} {
		s := &Session{ID: tc.ask}
		r, err := a.Respond(context.Background(), s, tc.ask)
		if err != nil {
			t.Fatal(err)
		}
		if r.Action != Resolution || len(r.Sources) == 0 || !strings.Contains(r.Sources[0], tc.page) {
			t.Fatalf("%q: first reply %q (%s) from %v, want an answer from %s", tc.ask, r.Text, r.Action, r.Sources, tc.page)
		}
		whatElse := a.say(s, "WhatElse")
		r, err = a.Respond(context.Background(), s, tc.notIt)
		if err != nil {
			t.Fatal(err)
		}
		if r.Text == whatElse || !strings.Contains(r.Text, a.say(s, "LeadNotIt")) {
			t.Errorf("%q after an answer: %q, want it led by %q", tc.notIt, r.Text, a.say(s, "LeadNotIt"))
		}
	}
}

package dialogue

import (
	"testing"
)

// How customers say an answer was wrong or useless, ask for someone above
// the bot, or thank it warmly: each is the act it says, not a request
// matched against the pages ("manager" found the Template Manager, "helpful"
// an ODF option, "saved my life" nothing).
func TestComplaintsAndWarmThanks(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		msg  string
		want Act
	}{
		{"wrong answer", ActNoneOfThese},
		{"that's the wrong page", ActNoneOfThese},
		{"no, that's wrong", ActNoneOfThese},
		{"this is not correct", ActNoneOfThese},
		{"this isnt helpful", ActNotSolved},
		{"that wasn't very helpful", ActNotSolved},
		{"useless", ActNotSolved},
		{"it's no help at all", ActNotSolved},
		{"can I speak to your manager", ActHuman},
		{"let me talk to a supervisor", ActHuman},
		{"you saved my life thank you so much!!", ActThanks},
		{"you're a lifesaver", ActThanks},
		{"that saved my day", ActThanks},
		// Clauses that each say it did not work.
		{"i tried that, still nothing", ActNotSolved},
		{"did that and same thing", ActNotSolved},
		{"tried it already. still the same problem!", ActNotSolved},
		{"tried that, still nothing, hmm", ActNotSolved},
		// Requests.
		{"i tried that, how do I reset the router", ActNone},
		{"still nothing on the screen after boot", ActNone},
		{"the wrong page opens when I click a link", ActNone},
		{"how do I open the extension manager", ActNone},
		{"is the helpful tips panel available in calc", ActNone},
		{"how do I save my document as a template", ActNone},
	} {
		if got := classifyAct(an, tc.msg); got != tc.want {
			t.Errorf("classifyAct(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

// After an answer, "wrong answer" is answered as "that's not it" is, and
// "this isnt helpful" as "that didn't help" is.
func TestComplaintsAfterAnAnswer(t *testing.T) {
	a := fixtureAgent(t, Options{})
	replyTo := func(id, msg string) Reply { return replyAfterAnswer(t, a, id, msg) }
	for _, tc := range [][2]string{
		{"wrong answer", "that's not it"},
		{"this isnt helpful", "that didn't help"},
		{"i tried that, still nothing", "that didn't help"},
		{"you saved my life thank you so much!!", "thanks"},
	} {
		got, want := replyTo(tc[0], tc[0]), replyTo(tc[1], tc[1])
		if got.Action != want.Action || got.Text != want.Text {
			t.Errorf("%q: %s %q; want as %q: %s %q", tc[0], got.Action, got.Text, tc[1], want.Action, want.Text)
		}
	}
}

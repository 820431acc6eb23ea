package dialogue

import (
	"context"
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
		// Complaints of the product, with no request in them.
		{"nothing works", ActNotSolved},
		{"this app is useless", ActNotSolved},
		{"your product is garbage, nothing works", ActNotSolved},
		{"hello, nothing works!", ActNotSolved},
		// Requests.
		{"nothing works after the update when I open the settings", ActNone},
		{"this setting is terrible for the battery, how do I turn it off", ActNone},
		{"how do I empty the garbage folder", ActNone},
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

// A complaint as the first message ("your product is garbage, nothing
// works") has nothing to refer to: what fails is asked and a person
// offered, not its words searched ("nothing" found any page that says it).
func TestComplaintFirst(t *testing.T) {
	a := fixtureAgent(t, Options{})
	for _, msg := range []string{"nothing works", "your product is garbage, nothing works", "still nothing"} {
		s := &Session{}
		r, err := a.Respond(context.Background(), s, msg)
		if err != nil || r.Action != Clarification || r.Text != a.say(s, "AskWhatFails") ||
			len(r.Options) != 1 || r.Options[0].Value != TalkToPersonValue || len(r.Sources) > 0 {
			t.Errorf("%q: %s %q %v %v (%v); want what fails asked, a person offered", msg, r.Action, r.Text, r.Options, r.Sources, err)
		}
		// Said again with nothing more, it is not asked again.
		if r, err := a.Respond(context.Background(), s, "still nothing"); err != nil || r.Action != Escalation {
			t.Errorf("%q, then \"still nothing\": %s %q (%v); want a person", msg, r.Action, r.Text, err)
		}
	}
}

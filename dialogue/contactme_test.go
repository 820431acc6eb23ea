package dialogue

import (
	"testing"
)

// Asking to be contacted by a person is a request for one, not a search for
// "support" or "contact" in the pages.
func TestContactMeIsARequestForAPerson(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		msg  string
		want Act
	}{
		{"can someone from support contact me", ActHuman},
		{"i want someone to call me", ActHuman},
		{"could your support team please email me", ActHuman},
		{"can a person reach me by phone?", ActHuman},
		{"somebody from the sales team call me asap", ActHuman},
		// Not a request to be contacted.
		{"how do I contact support?", ActNone},
		{"will support e-mail me my license key?", ActNone},
		{"the app keeps asking someone to contact them", ActNone},
	} {
		if got := classifyAct(an, tc.msg); got != tc.want {
			t.Errorf("classifyAct(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

// Mid-conversation, "can someone from support contact me" is answered as
// "I want to talk to a person" is: the request is granted, not read as a
// request the pages cannot resolve.
func TestContactMeMidConversation(t *testing.T) {
	a := fixtureAgent(t, Options{})
	replyTo := func(id, msg string) Reply { return replyAfterAnswer(t, a, id, msg) }
	want := replyTo("person", "I want to talk to a person")
	got := replyTo("contact-me", "can someone from support contact me")
	if got.Action != want.Action || got.Text != want.Text {
		t.Errorf("contact me: %v %q; want as a request for a person: %v %q", got.Action, got.Text, want.Action, want.Text)
	}
}

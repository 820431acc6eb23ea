package dialogue

import (
	"context"
	"testing"
)

// Asking for help from a person, in any words customers use, is a request
// for one, not a search for the word "human" in the pages.
func TestHelpFromAPersonIsARequestForOne(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		msg  string
		want Act
	}{
		{"i need help from a human", ActHuman},
		{"can I get help from a real person?", ActHuman},
		{"I want human support for this", ActHuman},
		{"any help from the support team?", ActHuman},
		{"help from a human being please", ActHuman},
		// The pages' own words stay requests.
		{"the human resources template", ActNone},
		{"help from the wizard", ActNone},
	} {
		if got := classifyAct(an, tc.msg); got != tc.want {
			t.Errorf("classifyAct(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

// Mid-conversation, after a doubted guess, "i need help from a human" hands
// off instead of answering from a page that happens to say "human".
func TestHelpFromAHumanMidConversation(t *testing.T) {
	ctx := context.Background()
	a := fixtureAgent(t, Options{})
	s := &Session{ID: "help-from"}
	r, err := a.Respond(ctx, s, "I want to change my booking")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action == Escalation {
		t.Fatalf("first turn escalated: %+v", r)
	}
	r, err = a.Respond(ctx, s, "i need help from a human")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Escalation {
		t.Errorf("help from a human: action %v, text %q; want an escalation", r.Action, r.Text)
	}
}

package dialogue

import "testing"

// TestComplaintAfterCourtesy: thanks or an ok, a contrast and a way of
// saying no is that no ("thanks but it didnt change", seen chatting on
// GNOME's help, went back to the page's introduction): the thanks only
// softens it. A request after the contrast stays a request.
func TestComplaintAfterCourtesy(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		msg  string
		want Act
		ok   bool
	}{
		{"thank you but nothing changed", ActNotSolved, true},
		{"thx, but it still doesn't work", ActNotSolved, true},
		{"cheers. however that did not fix anything", ActNotSolved, true},
		{"ok thanks but it didnt change", ActNotSolved, true},
		{"thanks, but none of these", ActNoneOfThese, true},
		{"merci, mais ça ne marche pas", ActNotSolved, true},
		{"ありがとう、でも直りません", ActNotSolved, true},
		{"thanks but where do I find the settings?", ActNone, false},
		{"it works but slowly", ActNone, false},
		{"the printer is new but it did not help", ActNone, false},
		{"thanks", ActNone, false},
		{"great, but it's still the same problem", ActNotSolved, true},
		{"danke, aber das hat nicht geklappt", ActNotSolved, true},
		{"great, but where is the menu?", ActNone, false},
	} {
		if got, ok := complaintAfterCourtesy(an, tc.msg); got != tc.want || ok != tc.ok {
			t.Errorf("complaintAfterCourtesy(%q) = %v, %v; want %v, %v", tc.msg, got, ok, tc.want, tc.ok)
		}
	}
}

// TestDidntChangeIsNotSolved: "it didn't change" says that nothing
// changed, as "nothing changed" does.
func TestDidntChangeIsNotSolved(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		msg  string
		want Act
	}{
		{"it didn't change", ActNotSolved},
		{"that doesnt change anything", ActNotSolved},
		{"how do I change it?", ActNone},
	} {
		if got := classifyAct(an, tc.msg); got != tc.want {
			t.Errorf("classifyAct(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

// After an answer, "thanks, but it didn't work" is answered as "that
// didn't work" is, not searched as a new request.
func TestThanksButAfterAnAnswer(t *testing.T) {
	a := fixtureAgent(t, Options{})
	want := replyAfterAnswer(t, a, "didnt", "that didn't work")
	for _, msg := range []string{"thanks, but it didn't work", "thank you but nothing changed"} {
		got := replyAfterAnswer(t, a, msg, msg)
		if got.Action != want.Action || got.Text != want.Text || got.NodeID != want.NodeID {
			t.Errorf("%q: %s %q at %q; want as \"that didn't work\": %s %q at %q", msg, got.Action, got.Text, got.NodeID, want.Action, want.Text, want.NodeID)
		}
	}
}

// TestCourtesyButAsks: found chatting, "thanks but I need a person" was
// searched as a request, "great, but it's still the same problem" and
// "danke, aber das hat nicht geklappt" read as new requests: praise is a
// courtesy before a contrast, "it's still the same problem" and "das hat
// nicht geklappt" say it did not work, "I need a person" asks for one.
func TestCourtesyButAsks(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		msg  string
		want Act
	}{
		{"thanks but I need a person", ActHuman},
		{"I need a real person", ActHuman},
		{"ok but I want to speak to a person", ActHuman},
		{"I need a personal account", ActNone},
		{"I need a person to sign the form", ActNone},
		{"I need a person to help me", ActHuman},
		{"merci, mais j'ai besoin d'un humain", ActHuman},
		{"gracias, pero necesito una persona real", ActHuman},
		{"great, but it's still the same problem", ActNotSolved},
		{"it's still the same issue", ActNotSolved},
		{"das hat nicht geklappt", ActNotSolved},
		{"danke, aber das hat nicht geklappt", ActNotSolved},
		{"das hat geklappt", ActThanks},
	} {
		if got := classifyAct(an, tc.msg); got != tc.want {
			t.Errorf("classifyAct(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

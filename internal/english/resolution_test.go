package english

import "testing"

func TestCleanResolution(t *testing.T) {
	for _, tc := range []struct {
		name string
		node struct{ Problem, Condition, Resolution string }
		want string
	}{
		{"heading restating the problem", struct{ Problem, Condition, Resolution string }{Problem: "I can't find my code", Resolution: "## I can't find my code"}, "I can't find my code"},
		{"heading marker", struct{ Problem, Condition, Resolution string }{Problem: "Codes", Resolution: "## Before you start\nClick Codes."}, "Before you start\nClick Codes."},
		{"condition restated on its own line",
			struct{ Problem, Condition, Resolution string }{Condition: "you were logged out", Resolution: "You were logged out\nLog in again."}, "Log in again."},
		{"condition restated as a prefix",
			struct{ Problem, Condition, Resolution string }{Condition: "you want to change the dates", Resolution: "- If you want to change the dates: cancel and book again."}, "Cancel and book again."},
		{"condition run into the next sentence",
			struct{ Problem, Condition, Resolution string }{Condition: "the screen did not appear", Resolution: "- If the screen did not appear Turn off pop-up blockers."}, "Turn off pop-up blockers."},
		{"condition set off by a dash",
			struct{ Problem, Condition, Resolution string }{Condition: "the screen did not appear", Resolution: "- If the screen did not appear – Turn off pop-up blockers."}, "Turn off pop-up blockers."},
		{"label restated", struct{ Problem, Condition, Resolution string }{Condition: "members", Resolution: "- Members: on the details page."}, "On the details page."},
		{"a longer condition is no restatement",
			struct{ Problem, Condition, Resolution string }{Condition: "you booked", Resolution: "You booked by phone, so call us."}, "You booked by phone, so call us."},
		{"page furniture dropped", struct{ Problem, Condition, Resolution string }{Resolution: "Points expire.\nLast updated: 2026-03-02"}, "Points expire."},
	} {
		if got := CleanResolution(tc.node.Resolution, tc.node.Problem, tc.node.Condition); got != tc.want {
			t.Errorf("%s: CleanResolution = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestSubstanceAndSteps(t *testing.T) {
	for _, tc := range []struct {
		resolution, problem, condition string
		sentences                      int
		steps, whoToAsk                bool
	}{
		{"Click Reset.", "Reset", "", 1, true, false},
		{"## Codes", "Codes", "", 0, false, false},
		{"See [Points](https://x.example/points).", "Missing points", "", 0, false, false},
		// A page that has moved points elsewhere.
		{"This section has been moved to [Points](https://x.example/points).", "Points", "", 0, false, false},
		{"Moved to [Points](https://x.example/points).", "Points", "", 0, false, false},
		{"The button moved to [the toolbar](https://x.example/t) in version 3.", "Toolbar", "", 1, false, false},
		{"- Members: on the details page.", "Phone number", "members", 1, false, false},
		{"Please contact the shop directly. We can't issue it.", "Receipt", "", 2, false, true},
		{"If you do not arrive and do not contact anyone, you pay 100%.", "No-shows", "", 1, false, false},
		{"1. Then bring your ID. Keep the receipt.", "Check-in", "", 2, true, false},
		{"Please wait 3 days, or read [the FAQ](https://x.example/faq).", "Waiting", "", 1, false, false},
		{"Contact [support](https://x.example/c).", "Help", "", 1, false, false},
		{"Q. How long?\nA. Within 7 business days.\nLast updated: 2026-01-02", "How long?", "", 1, false, false},
		// Link labels flattened into a page's text are titles, not sentences.
		{"Estimate Your Costs Apply For An Account Help For Your Family", "More information", "", 0, false, false},
		{"Our Online Application What Is An Account? Online Services", "More information", "", 0, false, false},
		{"Open the Account Settings page. Choose Delete Account.", "Deleting", "", 2, true, false},
		{"Visit Help Center Online.", "Help", "", 1, true, false},
		// A question answers nothing.
		{"How do I return to an application I started?", "FAQs", "", 0, false, false},
		{"Forgot it? Click Reset.", "Password", "", 1, true, false},
		// A lead-in with nothing after it introduces nothing; one followed
		// by what it introduces is kept.
		{"If you would like to apply for a permit for :", "Applying for a permit", "you would like to apply for a permit for", 0, false, false},
		{"To remove the app, enter:", "Remove the app", "", 0, false, false},
		{"To remove the app, enter:\n\napp remove --all", "Remove the app", "", 2, false, false},
	} {
		sub := Substance(tc.resolution, tc.problem, tc.condition)
		if len(sub) != tc.sentences || GivesSteps(sub) != tc.steps || NamesWhoToAsk(sub) != tc.whoToAsk {
			t.Errorf("%q: substance %q (steps %v, who to ask %v), want %d sentences, steps %v, who to ask %v",
				tc.resolution, sub, GivesSteps(sub), NamesWhoToAsk(sub), tc.sentences, tc.steps, tc.whoToAsk)
		}
	}
}

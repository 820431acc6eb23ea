package dialogue

import (
	"testing"
)

// TestSaysStillFails checks which messages say the answer just given did
// not help, and which ask whether something still holds.
func TestSaysStillFails(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want bool
	}{
		{"it still fails", true},
		{"still not working", true},
		{"I get the same error", true},
		{"that didn't help", true},
		{"it won't work", true},
		{"can I still change my plan?", false},
		{"how much can I earn and still get paid?", false},
		{"how do I change my plan", false},
		{"will the late fee still be charged if I pay today?", false},
		{"would your monthly limit still apply after I upgrade?", false},
		{"the reset link still fails", true},
		{"what's the late fee again?", false},
		{"sorry, how do I open the settings again?", false},
		{"why does it crash again?", true},
		{"it crashed again. what now?", true},
		{"I tried the steps and the app still crashes", true},
	} {
		if got := saysStillFails(tc.msg); got != tc.want {
			t.Errorf("saysStillFails(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

// TestWordsNoPageHas checks the rules for requests made of words no page
// has, on bookingGraph: mostly unknown words, and a best match sharing only
// one word beside an unknown one (chance).
func TestWordsNoPageHas(t *testing.T) {
	a := NewGraphAgent(bookingGraph(), Options{})
	for _, tc := range []struct {
		msg            string
		mostlyUnknown  bool
		chanceOnRefund bool // with refund, matching one term, as the best match
	}{
		{"refund my parrot", false, true},
		{"parrot weather sunshine refund", true, true},
		{"refund to my card", false, false},
		{"parrot", true, true},
	} {
		terms := a.readText(tc.msg).terms
		if got := a.mostlyUnknown(terms); got != tc.mostlyUnknown {
			t.Errorf("mostlyUnknown(%q) = %v, want %v", terms, got, tc.mostlyUnknown)
		}
		if got := a.chanceMatch(terms, candidate{id: "refund", matched: 1}); got != tc.chanceOnRefund {
			t.Errorf("chanceMatch(%q, one word matched) = %v, want %v", terms, got, tc.chanceOnRefund)
		}
	}
	// Two words matched is no chance, unknown words or not.
	if a.chanceMatch(a.readText("refund card parrot").terms, candidate{id: "refund", matched: 0b11}) {
		t.Error("chanceMatch with two words matched = true, want false")
	}
}

// TestStayOnPageRule checks the section of the page being discussed that
// a weak request is answered from, on bookingGraph.
func TestStayOnPageRule(t *testing.T) {
	a := NewGraphAgent(bookingGraph(), Options{})
	for _, tc := range []struct {
		name, at, msg string
		share         float64
		want          string
	}{
		{"a section whose answer has the words", "change", "will I get a new confirmation e-mail", 0, "after"},
		{"most of a follow-up's words in its answer", "change", "a new confirmation e-mail?", answerShare, "after"},
		{"some of a request's words in its answer", "change", "cancel and refund my card, new e-mail?", 0, "after"},
		{"too few for a follow-up", "change", "cancel and refund my card, new e-mail?", answerShare, ""},
		{"words of another page", "change", "refund to my card", 0, ""},
		{"no conversation", "", "will I get a new confirmation e-mail", 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := a.readText(tc.msg)
			got := a.stayOnPage(&Session{CurrentNode: tc.at}, query{terms: r.terms, neg: r.neg}, tc.share)
			if got != tc.want {
				t.Errorf("stayOnPage(%q at %q, share %v) = %q, want %q", tc.msg, tc.at, tc.share, got, tc.want)
			}
		})
	}
}

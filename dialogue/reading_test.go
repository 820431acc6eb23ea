package dialogue

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// TestTurnReadsMessageOnce plays conversations that go through every step
// of a turn (acts, options answered in words, follow-ups, a yes with a
// story, descents through conditions, references, misses with
// suggestions) and fails when one turn cuts its message into words more
// than once: the turn's reading is made once and passed on.
func TestTurnReadsMessageOnce(t *testing.T) {
	a := fixtureAgent(t, Options{})
	conversations := [][]string{
		{"I want to change my booking", "as a guest", "I don't have the code"},
		{"I'm getting an error when trying to change my booking", "member", "what about by phone?", "and as a guest?", "it still fails"},
		{"I want to change my booking", "online", "member", "where do I find my confirmation code?"},
		{"how can I change a reservation I booked by phone", "yes, I booked it last week", "thanks"},
		{"my account is locked", "yes", "can you help me?"},
		{"expiry points weather sunshine pool dinner spa gym", "the first one", "no"},
		{"asdf qwerty", "the parrot of my neighbour", "how do I cancel my booking?", "what about refunds?"},
		{"Hi there, good morning! I was wondering if you could tell me a little bit about how to cancel my booking", "I don't know"},
		{"I left my charger in the room at Hotel Sunrise", "booking AB12345C was charged twice"},
	}
	var read []string
	a.an.onRead = func(text string) { read = append(read, text) }
	for _, conv := range conversations {
		s := &Session{ID: conv[0]}
		for _, msg := range conv {
			read = read[:0]
			if _, err := a.Respond(context.Background(), s, msg); err != nil {
				t.Fatal(err)
			}
			// The message as the turn matches it: spelling corrected,
			// specifics masked; alone or joined to other texts.
			m := lexical.Mask(a.spell.correct(msg))
			n := 0
			for _, text := range read {
				if text == m || strings.HasPrefix(text, m+" . ") || strings.HasSuffix(text, " . "+m) || strings.Contains(text, " . "+m+" . ") {
					n++
				}
			}
			if n > 1 {
				t.Errorf("%q (in %q): the turn read its message %d times: %q", msg, conv[0], n, read)
			}
		}
	}
}

// TestReadMessage checks what a turn reads in a message, row by row.
func TestReadMessage(t *testing.T) {
	a := fixtureAgent(t, Options{})
	for _, tc := range []struct {
		msg  string
		want reading // the fields compared: terms, neg, act, lead, yesStatement, followUpForm, record
	}{
		{"how do I cancel my booking?", reading{terms: []string{"cancel", "book"}}},
		{"I don't have the code", reading{terms: []string{"code"}, neg: true}},
		// A negation word inside a specific negates nothing (the e-mail
		// goes, with its label).
		{"my e-mail is no-reply@example.com", reading{}},
		{"yes, I booked it last week", reading{terms: []string{"book", "last", "week"}, lead: ActYes, yesStatement: true}},
		{"yes, and how do I cancel?", reading{terms: []string{"cancel"}, lead: ActYes}},
		{"what about by phone?", reading{terms: []string{"phone"}, followUpForm: true}},
		{"booking AB12345C was charged twice", reading{terms: []string{"book", "pay", "twice"}, record: true}},
		{"agent please", reading{terms: []string{"agent"}, act: ActHuman}},
		{"no", reading{act: ActNo, lead: ActNo, neg: true}},
	} {
		r := a.readMessage(tc.msg)
		got := reading{terms: r.terms, neg: r.neg, act: r.act, lead: r.lead, yesStatement: r.yesStatement, followUpForm: r.followUpForm, record: r.record}
		if !slices.Equal(got.terms, tc.want.terms) || got.neg != tc.want.neg || got.act != tc.want.act || got.lead != tc.want.lead ||
			got.yesStatement != tc.want.yesStatement || got.followUpForm != tc.want.followUpForm || got.record != tc.want.record {
			t.Errorf("readMessage(%q) =\n %+v, want\n %+v", tc.msg, got, tc.want)
		}
	}
}

// TestLeadingAct checks the yes or no a message opens (or closes) with,
// and whether it is a yes followed by a statement.
func TestLeadingAct(t *testing.T) {
	for _, tc := range []struct {
		msg          string
		lead         Act
		yesStatement bool
	}{
		{"Yes, I left to run errands", ActYes, true},
		{"Oh, ok, yes I am", ActYes, true},
		{"yes, and how do I apply?", ActYes, false},
		{"yes how do I apply", ActYes, false},
		{"yes", ActYes, false},
		{"No, I was at home", ActNo, false},
		{"I've read about that already, yes.", ActYes, true}, // a statement closed by a yes
		{"it's free, right?", ActNone, false},
		{"I've read that, yes?", ActNone, false},
		{"how do I apply", ActNone, false},
	} {
		if got := leadingAct(tc.msg); got != tc.lead {
			t.Errorf("leadingAct(%q) = %s, want %s", tc.msg, got, tc.lead)
		}
		if got := tc.lead == ActYes && statesAfterYes(tc.msg); got != tc.yesStatement {
			t.Errorf("statesAfterYes(%q) = %v, want %v", tc.msg, got, tc.yesStatement)
		}
	}
}

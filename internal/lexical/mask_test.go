package lexical

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"I won't, you WON’T, they wont", []string{"i", "wont", "you", "wont", "they", "wont"}},
		{"it's Anne's", []string{"it", "s", "anne", "s"}},
		{"Été payé: 10 days", []string{"été", "payé", "10", "days"}},
		{"e\u0301te", []string{"e\u0301te"}}, // a combining accent stays in its word
		{"n't", []string{"nt"}},
		{"Python 3.11 and 1.10.4.", []string{"python", "3.11", "and", "1.10.4"}}, // a version is one word
		{"end of list.2 items", []string{"end", "of", "list", "2", "items"}},
		{"", nil},
	}
	for _, tt := range tests {
		if got := Words(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Words(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPhoneNumber(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"Call 0570-000-123 (9:00-20:00, every day).", "0570-000-123"},
		{"call +1 (800) 772-1213 now", "+1 (800) 772-1213"},
		{"ring +44 20 7946 0958", "+44 20 7946 0958"},
		{"1-800-772-1213", "1-800-772-1213"},
		{"Last updated: 2026-03-02", ""},
		{"from 2019-2020", ""},
		{"booking 48213", ""},
	}
	for _, tt := range tests {
		if got := PhoneNumber.FindString(tt.in); got != tt.want {
			t.Errorf("PhoneNumber in %q = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestLinks(t *testing.T) {
	in := "See [the form](https://x.org/a?b=1) or [](https://x.org/empty) and [two\nlines](https://x.org)."
	if got, want := StripLinks(in), "See the form or [](https://x.org/empty) and [two\nlines](https://x.org)."; got != want {
		t.Errorf("StripLinks = %q, want %q", got, want)
	}
	if got := URL.FindAllString(in, -1); !slices.Equal(got, []string{"https://x.org/a?b=1", "https://x.org/empty", "https://x.org"}) {
		t.Errorf("URL found %q", got)
	}
}

func TestFollowableLinks(t *testing.T) {
	tests := []struct{ in, want string }{
		{"- [Features](adguard-for-windows/features/features.md) Main features", "- Features Main features"},
		{"Open the [Activities](shell-introduction.html) overview.", "Open the Activities overview."},
		{"See [below](#install) or [Installation](../install/).", "See below or Installation."},
		{"Go to your [account](https://example.com/a?b=1).", "Go to your [account](https://example.com/a?b=1)."},
		{"Write to [us](mailto:help@example.com) or [call](tel:+15550100).", "Write to [us](mailto:help@example.com) or [call](tel:+15550100)."},
		{"No links here.", "No links here."},
	}
	for _, tt := range tests {
		if got := FollowableLinks(tt.in); got != tt.want {
			t.Errorf("FollowableLinks(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMask(t *testing.T) {
	tests := []struct{ in, want string }{
		{"how do I cancel my booking 48213 on 12 March at Hotel Sunrise?", "how do I cancel my booking on at ?"},
		{"my email is jo@x.org and tel: +44 20 7946 0958", "my and"},
		{"I paid with my Visa, see www.x.org/a", "I paid with my card, see"},
		{"Hi there, I was wondering if you could tell me about refunds", ", about refunds"},
		// Request framing goes; the topic stays, and so do the same verbs
		// where they are the request itself.
		{"Could you please give me some information about spouses' benefits?", "some information about spouses' benefits?"},
		{"I need help understanding disability benefits.", "I need disability benefits."},
		{"Tell me more about the late fee", "the late fee"},
		{"Can you tell me something about gift cards?", "gift cards?"},
		{"Can you help me out with billing?", "with billing?"},
		{"How do I find out if my card was charged?", "How do I my card was charged?"},
		{"I would like to obtain information about refunds", "I would like to about refunds"},
		{"I've heard about a loyalty program", "a loyalty program"},
		{"I'm thinking of moving my appointment", "moving my appointment"},
		{"Look, I've been searching for the opening hours", "Look, the opening hours"},
		{"Tell me a joke", "a joke"},
		{"I'm not sure if I can apply online", "I can apply online"},
		{"not certain whether my payment went through", "my payment went through"},
		{"I'm not a member", "I'm not a member"},
		{"tell me how to cancel", "how to cancel"},
		{"what kind of rooms do you have", "what rooms do you have"},
		{"Is it possible to change the date online?", "change the date online?"},
		{"is it possible for me to pay later", "pay later"},
		{"it is possible that the card expired", "it is possible that the card expired"},
		{"give me a refund", "give me a refund"},
		{"What will I need to show at the desk?", "What will I need to show at the desk?"},
		// A month, not a word that opens like one.
		{"we were married 20 years", "we were married years"},
		{"it arrived on Sept. 3, 2024 and again Dec 12", "it arrived on and again"},
		{"due 5th of may and paid march 1st", "due and paid"},
		{"a decent 5 star hotel", "a decent star hotel"},
		// A time of day is when it happened to the user.
		{"ERROR: could not connect (at 12:03:11)", "ERROR: could not connect (at )"},
		{"it crashed at 9:30 pm and again at 3pm", "it crashed at and again at"},
		{"since 10:45:02.123 AM it fails", "since it fails"},
		{"my 2 amps", "my amps"},
	}
	for _, tt := range tests {
		if got := Mask(tt.in); got != tt.want {
			t.Errorf("Mask(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestMaskKeeping: the words with a digit that keep allows, given the word
// before them, stay; every other specific goes as Mask takes it (a date,
// an amount, a phone number are never codes to keep).
func TestMaskKeeping(t *testing.T) {
	keep := func(prev, code string) bool {
		return code == "1603" || code == "18" || code == "12" || prev == "Pi" && code == "4"
	}
	tests := []struct{ in, want string }{
		{"wifi on my Raspberry Pi 4, 4 rooms", "wifi on my Raspberry Pi 4, rooms"},
		{"Pi-4 or pi 4", "Pi-4 or pi"},
		{"4 Pi 4", "Pi 4"},
		{"error 1603 when installing", "error 1603 when installing"},
		{"my son is under 18 and has a disability", "my son is under 18 and has a disability"},
		{"cancel my booking 48213", "cancel my booking"},
		{"error 1603 on booking SN2W9E4R7T", "error 1603 on booking"},
		{"refund of $18 on 12 March", "refund of on"},
		{"call +44 20 7946 0958", "call"},
		{"failed at 12:03:11, error 1603", "failed at , error 1603"},
	}
	for _, tt := range tests {
		if got := MaskKeeping(tt.in, keep); got != tt.want {
			t.Errorf("MaskKeeping(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got, want := MaskKeeping(tt.in, nil), Mask(tt.in); got != want {
			t.Errorf("MaskKeeping(%q, nil) = %q, want Mask's %q", tt.in, got, want)
		}
	}
}

func TestNegated(t *testing.T) {
	for s, want := range map[string]bool{
		"If you don't have your code": true,
		"I dont have it":              true,
		"I lost my card":              true,
		"If you have your code":       false,
		"Notes on the node":           false,
		"I can’t log in":              true,
		"It's NOT there":              true,
		"no_reply address":            false,
		"cannot_":                     false,
		"didn'tell":                   false,
		"shouldn't":                   true,
		"naïve not":                   true,
		"misſing":                     true, // the long s: (?i) folds it to s
		"Loſt card":                   true,
	} {
		if got := Negated(s); got != want {
			t.Errorf("Negated(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestNegatedAsRegexp checks the word scan against the regexp it reads
// for, on random texts made of the pieces that matter (negation words,
// apostrophes, word characters, letters beyond ASCII).
func TestNegatedAsRegexp(t *testing.T) {
	pieces := append([]string{"n", "N", "t", "T", "'", "’", "_", "0", " ", ".", "é", "ï", "K", "a", "s", "o", "x"}, negationWords...)
	rng := rand.New(rand.NewPCG(7, 11))
	for range 200_000 {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			p := pieces[rng.IntN(len(pieces))]
			if rng.IntN(4) == 0 {
				p = strings.ToUpper(p)
			}
			b.WriteString(p)
		}
		if s := b.String(); Negated(s) != negation.MatchString(s) {
			t.Fatalf("Negated(%q) = %v, the regexp says %v", s, Negated(s), negation.MatchString(s))
		}
	}
}

func TestCasing(t *testing.T) {
	for _, tt := range []struct {
		f        func(string) string
		in, want string
	}{
		{UpperFirst, "été payé", "Été payé"},
		{UpperFirst, "", ""},
		{LowerFirst, "If you booked", "if you booked"},
		{LowerFirst, "Social Security", "Social Security"},
		{LowerFirst, "FAQ entries", "FAQ entries"},
		{LowerFirst, "I was charged", "I was charged"},
		{LowerFirst, "Can I have two accounts", "can I have two accounts"},
		{LowerFirst, "Do I'm", "do I'm"},
		{LowerFirst, "Été payé", "été payé"},
	} {
		if got := tt.f(tt.in); got != tt.want {
			t.Errorf("casing(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestHasRecordNumber(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"refund status for my cancelled booking SN4P7L2K9J", true},
		{"booked with ST-55120 on a partner site", true},
		{"order 3008XK21 never came", true},
		{"i forgot the 3d secure password", false},
		{"forms W-2, SSA-1099 and COVID-19", false},
		{"booking 48213", false},
		{"on the 14th of May", false},
		{"Could not connect to filter server (code 0x80072efd)", false},
		{"ticket 3x80072efd", true},
	}
	for _, tt := range tests {
		if got := HasRecordNumber(tt.in); got != tt.want {
			t.Errorf("HasRecordNumber(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

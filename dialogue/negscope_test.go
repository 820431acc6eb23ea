package dialogue

import (
	"slices"
	"testing"
)

// TestDeniedSituation: a situation the user denies rules out the label
// that states it instead of picking it; what is left is chosen from.
// A negation that is part of a label's own words, or restates the
// problem the labels are situations of, rules nothing out.
func TestDeniedSituation(t *testing.T) {
	a := NewGraphAgent(situationGraph(), Options{})
	labels := []string{"you use the desktop app", "you use the web version in a browser", "you use the mobile app on a phone"}
	for _, tc := range []struct {
		labels []string
		text   string
		ignore []string
		want   []int
	}{
		{labels, "I'm not on a phone", nil, []int{0, 1}},
		{labels, "i don't use the browser version", nil, []int{0, 2}},
		{labels[:2], "export fails, I'm not in a browser", nil, []int{0}},
		{labels, "I'm on my phone", nil, []int{2}},                                                         // no negation: as before
		{labels, "it doesn't work on my phone", nil, []int{2}},                                             // the negation governs "work", not the phone
		{labels, "I'm not at home, I use the browser", nil, []int{1}},                                      // the clause ends before "browser"
		{[]string{"you have the file", "you don't have the file"}, "I don't have the file", nil, []int{1}}, // a negated label: as before
		{labels, "no browser export", []string{"browser", "export"}, nil},                                  // the problem's words deny nothing
		{[]string{"you paid online", "you paid in the shop"}, "I didn't pay online", nil, []int{1}},
	} {
		ignore := map[string]bool{}
		for _, w := range tc.ignore {
			for _, term := range a.an.terms(w) {
				ignore[term] = true
			}
		}
		if got := a.discriminate(tc.labels, a.readText(tc.text), ignore); !slices.Equal(got, tc.want) {
			t.Errorf("discriminate(%q, %q) = %v, want %v", tc.labels, tc.text, got, tc.want)
		}
	}
}

// TestNegatedScopes: the terms each negation governs, up to the end of
// its clause; a phrase that folds the negator in is not negated.
func TestNegatedScopes(t *testing.T) {
	a := NewGraphAgent(situationGraph(), Options{Synonyms: [][]string{{"offline", "without internet"}}})
	for _, tc := range []struct {
		text string
		want [][]string
	}{
		{"I'm not on a phone", [][]string{{"phone"}}},
		{"didn't pay online but I have a card", [][]string{{"pay", "onlin"}}},
		{"I work without internet", nil},
		{"how do I export a report", nil},
	} {
		got := a.negatedScopes(tc.text)
		if len(got) != len(tc.want) {
			t.Errorf("negatedScopes(%q) = %q, want %q", tc.text, got, tc.want)
			continue
		}
		for i := range got {
			if !slices.Equal(got[i], tc.want[i]) {
				t.Errorf("negatedScopes(%q) = %q, want %q", tc.text, got, tc.want)
			}
		}
	}
}

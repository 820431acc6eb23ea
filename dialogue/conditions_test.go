package dialogue

import (
	"slices"
	"testing"
)

// TestDiscriminateTerms checks which labels (a node's children's
// conditions, or options) a reply's terms pick, on plain terms.
func TestDiscriminateTerms(t *testing.T) {
	label := func(neg bool, terms ...string) labelTerms { return labelTerms{terms: terms, neg: neg} }
	booked := []labelTerms{
		label(false, "book", "onlin", "member"),
		label(false, "book", "onlin", "guest"),
		label(false, "book", "phone"),
	}
	code := []labelTerms{label(false, "have", "code"), label(true, "have", "code")}
	for _, tc := range []struct {
		name   string
		labels []labelTerms
		terms  []string
		neg    bool
		ignore map[string]bool
		want   []int
	}{
		{"a word one label has", booked, []string{"phone"}, false, nil, []int{2}},
		{"a word two labels share ties them", booked, []string{"onlin"}, false, nil, []int{0, 1}},
		{"a rarer word beats a shared one", booked, []string{"onlin", "guest"}, false, nil, []int{1}},
		{"a word every label has says nothing", booked, []string{"book"}, false, nil, nil},
		{"no word in common", booked, []string{"refund"}, false, nil, nil},
		{"no words", booked, nil, false, nil, nil},
		{"the problem's words are ignored", booked, []string{"phone"}, false, map[string]bool{"phone": true}, nil},
		{"polarity: a negated reply picks the negated side", code, []string{"code"}, true, nil, []int{1}},
		{"polarity: a plain reply picks the plain side", code, []string{"have", "code"}, false, nil, []int{0}},
		{"polarity needs a word on the subject", code, []string{"refund"}, true, nil, nil},
		{"one label: its words count", booked[2:], []string{"book"}, false, nil, []int{0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := discriminateTerms(tc.labels, &reading{terms: tc.terms, neg: tc.neg}, tc.ignore)
			if !slices.Equal(got, tc.want) {
				t.Errorf("discriminateTerms(%v) = %v, want %v", tc.terms, got, tc.want)
			}
		})
	}
}

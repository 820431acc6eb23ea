package dialogue

import (
	"slices"
	"testing"
)

// TestOwnWordsNameTheDoubted: to "Is it about this?" (The first... rows),
// "and the first column?" was taken as a yes (its "first" read as "the
// first one", found chatting on LibreOffice's help): a reply with words
// the option's label lacks is a new request, while its own words, its
// place or a yes name it.
func TestOwnWordsNameTheDoubted(t *testing.T) {
	a := &GraphAgent{an: newAnalyzer(nil)}
	label := a.an.terms("The first... rows")
	for _, tc := range []struct {
		msg  string
		want []string
	}{
		{"and the first column?", []string{"column"}},
		{"what about the last page", []string{"page"}},
		{"the first rows", nil},
		{"the first one", nil},
		{"yes, the first one", nil},
		{"1", nil},
		{"that one", nil},
	} {
		if got := ownWords(a.an.terms(tc.msg), label, a.asksNothing); !slices.Equal(got, tc.want) {
			t.Errorf("ownWords(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

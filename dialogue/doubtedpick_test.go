package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
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

// TestDoubtedPickNeedsItsWords: with "Is it about this?" open on a node, a
// reply that would pick it by its place ("first") but says a word of its
// own is not a pick (before: "and the first column?" answered at "The
// first... rows"); naming it by its place, its label or a yes is.
func TestDoubtedPickNeedsItsWords(t *testing.T) {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "rows", Page: "https://help.example.com/table", Problem: "The first... rows", Root: true, Actionable: true, Resolution: "Repeats the first n rows as a header."},
		{ID: "freeze", Page: "https://help.example.com/freeze", Problem: "Freezing rows or columns", Root: true, Actionable: true, Resolution: "Choose View, Freeze Cells."},
	}}
	a := NewGraphAgent(g, Options{})
	for _, tc := range []struct {
		msg  string
		want bool
	}{
		{"and the first column?", false},
		{"the first one", true},
		{"the first rows", true},
	} {
		s := &Session{Doubted: "rows", PendingOptions: []Option{{Label: "The first... rows", Value: "The first... rows", NodeID: "rows"}}}
		if got := a.pickHolds(s, a.readMessage(tc.msg), 0); got != tc.want {
			t.Errorf("pickHolds(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

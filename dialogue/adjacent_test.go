package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestPairPostings checks the pair index on hand-made documents: each
// ordered adjacent pair once per document with its count, a word repeated
// ("page page") no pair, the rarer pair scoring higher.
func TestPairPostings(t *testing.T) {
	docs := [][]int32{
		{1, 2, 3},    // (1,2) (2,3)
		{1, 2, 1, 2}, // (1,2) twice, (2,1)
		{2, 2, 3},    // (2,3); (2,2) is no pair
		{},
	}
	pp := newPairPostings(len(docs), func(i int, emit func(a, b int32)) { emitPairs(docs[i], emit) })
	for _, tc := range []struct {
		a, b int32
		want []int32
	}{
		{1, 2, []int32{0, 1}},
		{2, 3, []int32{0, 2}},
		{2, 1, []int32{1}},
		{2, 2, nil},
		{3, 2, nil}, // order counts
	} {
		got, scores := pp.lookup(pairKey(tc.a, tc.b))
		if !slices.Equal(got, tc.want) || len(scores) != len(got) {
			t.Errorf("pair (%d,%d): docs %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	// Of two pairs in documents of one pair each, the rarer weighs more.
	docs = [][]int32{{1, 2}, {1, 2}, {3, 4}}
	pp = newPairPostings(len(docs), func(i int, emit func(a, b int32)) { emitPairs(docs[i], emit) })
	_, common := pp.lookup(pairKey(1, 2))
	_, rare := pp.lookup(pairKey(3, 4))
	if len(common) != 2 || len(rare) != 1 || !(common[0] > 0 && rare[0] > common[0]) {
		t.Errorf("scores (1,2) %v, (3,4) %v: want the rarer higher", common, rare)
	}
}

// TestPhraseEvidence: of two headings with the same words, the one that
// holds the request's words as the phrase it names ("table of contents")
// ranks first; the pair adds to the score, never to coverage.
func TestPhraseEvidence(t *testing.T) {
	const page = "writer.html"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "Writer"}},
		Nodes: []graph.Node{
			{ID: "scattered", Page: page, Problem: "Contents editor for a table", Root: true, Resolution: "Protect what a cell holds."},
			{ID: "phrase", Page: page, Problem: "Table of contents editor", Root: true, Resolution: "Insert an index of headings."},
		},
	}
	a := NewGraphAgent(g, Options{})
	query := a.an.terms("a table of contents")
	if want := []string{"tabl", "content"}; !slices.Equal(query, want) {
		t.Fatalf("terms %q, want %q", query, want)
	}
	if got := a.lex.queryPairs(query); len(got) != 1 {
		t.Fatalf("query pairs %v, want one", got)
	}
	m := a.lex.match(query, nil)
	defer m.release()
	hits := m.top(nil, nil, 2)
	if len(hits) != 2 || a.lex.ids[hits[0].doc] != "phrase" {
		t.Fatalf("hits %v: want the heading with the phrase first", hits)
	}
	if hits[0].coverage != hits[1].coverage || hits[0].score <= hits[1].score {
		t.Errorf("coverage %v vs %v, score %v vs %v: want the same coverage, a higher score",
			hits[0].coverage, hits[1].coverage, hits[0].score, hits[1].score)
	}
	// In the reverse order the words are no phrase: the two tie on
	// their words, graph order decides.
	rev := a.lex.match([]string{"content", "tabl"}, nil)
	defer rev.release()
	if r := rev.top(nil, nil, 2); r[0].score != r[1].score {
		t.Errorf("reverse order scored %v and %v, want a tie", r[0].score, r[1].score)
	}
}

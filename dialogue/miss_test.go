package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestSharedForSuggestion(t *testing.T) {
	for _, tc := range []struct {
		terms     int
		pageLeads bool
		want      int
	}{
		{0, false, 0}, {1, false, 1}, {2, false, 1}, {3, false, 1}, {4, false, 2}, {5, false, 2}, {9, false, 2},
		{2, true, 2}, {3, true, 2},
	} {
		if got := sharedForSuggestion(tc.terms, tc.pageLeads); got != tc.want {
			t.Errorf("sharedForSuggestion(%d, %v) = %d, want %d", tc.terms, tc.pageLeads, got, tc.want)
		}
	}
}

// archiveGraph is a small help center with three pages on keeping copies
// of files, whose headings share one word, and one on the screen.
func archiveGraph() *graph.Graph {
	const how, what, why, screen = "https://help.desk.example/copies-how", "https://help.desk.example/copies-what", "https://help.desk.example/copies-why", "https://help.desk.example/screen"
	return &graph.Graph{
		Pages: []graph.Page{{URL: how, Title: "Making copies"}, {URL: what, Title: "What to copy"}, {URL: why, Title: "Why make copies"}, {URL: screen, Title: "Screen"}},
		Nodes: []graph.Node{
			{ID: "how", Page: how, Problem: "Making copies", Root: true, Actionable: true,
				Resolution: "Open the copy tool and choose a drive to keep them on."},
			{ID: "what", Page: what, Problem: "What to copy", Root: true, Actionable: true,
				Resolution: "Your documents, photos and settings are worth keeping."},
			{ID: "why", Page: why, Problem: "Why make copies", Root: true, Actionable: true,
				Resolution: "A broken drive loses whatever is on it."},
			{ID: "screen", Page: screen, Problem: "Change the brightness", Root: true, Actionable: true,
				Resolution: "Use the brightness slider in the top bar."},
		},
	}
}

// TestSuggestOnShortRequest: a request of two or three words, one of
// which a heading has, matches nothing well enough; the topics its other word
// names are offered (sharedForSuggestion), not "please rephrase". A
// request none of whose words a heading has is still asked to rephrase.
func TestSuggestOnShortRequest(t *testing.T) {
	for _, tc := range []struct {
		name, say string
		suggested bool
	}{
		{"one word of two in the headings", "copies of my stuff", true},
		{"one word of three in the headings", "copies vanish quickly", true},
		{"no word in a heading", "is it going to rain tomorrow in the mountains?", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := firstReply(t, archiveGraph(), tc.say)
			var nodes int
			for _, o := range r.Options {
				if o.NodeID != "" {
					nodes++
				}
			}
			if r.Action != Clarification || (nodes > 0) != tc.suggested {
				t.Errorf("got %s, options %+v (%q); want a clarification, topics offered: %v", r.Action, r.Options, r.Text, tc.suggested)
			}
		})
	}
}

// TestFarAhead: the first suggestion stands alone when it is the
// best-ranked candidate and every other suggestion scores under
// genericRatio of it; candidates that are not suggested do not count.
func TestFarAhead(t *testing.T) {
	c := func(id string, score float64) candidate { return candidate{id: id, score: score} }
	for _, tc := range []struct {
		name  string
		cands []candidate
		ids   []string
		want  bool
	}{
		{"every other suggestion far behind", []candidate{c("a", 10), c("b", 5.9), c("c", 3)}, []string{"a", "b", "c"}, true},
		{"one close behind", []candidate{c("a", 10), c("b", 5.9), c("c", 6)}, []string{"a", "b", "c"}, false},
		{"a close candidate not suggested", []candidate{c("a", 10), c("b", 9), c("c", 3)}, []string{"a", "c"}, true},
		{"first suggestion is not the best-ranked", []candidate{c("a", 10), c("b", 3)}, []string{"b", "a"}, false},
		{"no candidates", nil, []string{"a"}, false},
		{"no suggestions", []candidate{c("a", 10)}, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := farAhead(tc.cands, tc.ids); got != tc.want {
				t.Errorf("farAhead = %v, want %v", got, tc.want)
			}
		})
	}
}

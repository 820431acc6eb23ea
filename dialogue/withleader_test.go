package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestWithLeader(t *testing.T) {
	pages := map[string]string{"brochure": "p/brochure", "brochure-steps": "p/brochure", "marks": "p/letter", "outline": "p/outline", "other": "p/other"}
	pageOf := func(id string) string { return pages[id] }
	lead := pageLead{url: "p/brochure", id: "brochure"}
	for _, tc := range []struct {
		name  string
		ids   []string
		lead  pageLead
		first string
		want  []string
	}{
		{"the leading page, first in the ranking, leads the topics", []string{"marks", "outline"}, lead, "p/brochure", []string{"brochure", "marks", "outline"}},
		{"at most maxSuggestions", []string{"marks", "outline", "other"}, lead, "p/brochure", []string{"brochure", "marks", "outline"}},
		{"nothing suggested: the leading page alone", nil, lead, "p/brochure", []string{"brochure"}},
		{"a suggestion on the leading page already", []string{"marks", "brochure-steps"}, lead, "p/brochure", []string{"marks", "brochure-steps"}},
		{"the best-ranked candidate on another page", []string{"marks", "outline"}, lead, "p/letter", []string{"marks", "outline"}},
		{"no page leads", []string{"marks", "outline"}, pageLead{}, "p/brochure", []string{"marks", "outline"}},
		{"the leading page says nothing", []string{"marks"}, pageLead{url: "p/brochure"}, "p/brochure", []string{"marks"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := withLeader(slices.Clone(tc.ids), tc.lead, tc.first, pageOf); !slices.Equal(got, tc.want) {
				t.Errorf("withLeader(%v) = %v, want %v", tc.ids, got, tc.want)
			}
		})
	}
}

// brochureGraph is a small help center whose page on printing a brochure
// says "booklet", "fold" and "middle" in its text only, beside pages whose
// headings share two words of a request for a booklet.
func brochureGraph() *graph.Graph {
	const brochure, letter, outline, save, open = "https://help.office.example/brochure", "https://help.office.example/letter", "https://help.office.example/outline", "https://help.office.example/save", "https://help.office.example/open"
	return &graph.Graph{
		Pages: []graph.Page{{URL: brochure, Title: "Printing a brochure"}, {URL: letter, Title: "Letter wizard"}, {URL: outline, Title: "Outline"},
			{URL: save, Title: "Saving documents"}, {URL: open, Title: "Opening documents"}},
		Nodes: []graph.Node{
			{ID: "brochure", Page: brochure, Problem: "Printing a brochure", Root: true, Resolution: "A brochure is a booklet you fold."},
			{ID: "brochure-steps", Page: brochure, Problem: "To print a brochure", Actionable: true, Resolution: "1. Choose File - Print.\n2. Select Brochure."},
			{ID: "brochure-paper", Page: brochure, Problem: "Paper", Resolution: "The sheets are stapled in the middle."},
			{ID: "marks", Page: letter, Problem: "Print fold marks", Root: true, Actionable: true, Resolution: "Mark Fold marks to print them on the letter."},
			{ID: "outline", Page: outline, Problem: "Print a folded outline", Root: true, Actionable: true, Resolution: "Folded headings are printed folded."},
			{ID: "save", Page: save, Problem: "Save a document", Root: true, Actionable: true, Resolution: "Choose File - Save."},
			{ID: "open", Page: open, Problem: "Open a document", Root: true, Actionable: true, Resolution: "Choose File - Open."},
		},
		Edges: []graph.Edge{{From: "brochure", To: "brochure-steps", Type: graph.Child}, {From: "brochure", To: "brochure-paper", Type: graph.Child}},
	}
}

// TestLeaderLeadsSuggestions: a request no section holds enough of, whose
// best-ranked section is on the page that clearly leads on whole-page
// evidence and holds it, is asked about that page first, not only about
// topics whose headings share two of its words.
func TestLeaderLeadsSuggestions(t *testing.T) {
	r := firstReply(t, brochureGraph(), "how to print a booklet that i can fold in the middle")
	if r.Action != Clarification || len(r.Options) == 0 || r.Options[0].NodeID != "brochure" {
		t.Errorf("got %s, options %+v (%q); want the brochure page offered first", r.Action, r.Options, r.Text)
	}
}

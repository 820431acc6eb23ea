package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func termSet(s string) map[string]bool {
	out := map[string]bool{}
	for _, t := range strings.Fields(s) {
		out[t] = true
	}
	return out
}

// TestNamedSection: a request names a sub-section when it holds most of
// what the sub-section's heading says beyond its parent's, by weight, and
// more of it than of any sibling's.
func TestNamedSection(t *testing.T) {
	weight := func(t string) float64 {
		if t == "need" || t == "get" {
			return 0.2 // common words weigh little
		}
		return 1
	}
	for _, tc := range []struct {
		name     string
		parent   string
		headings []string
		request  string
		want     int
	}{
		{"names a sub-section beyond the parent", "card adopt child", []string{"origin document need", "fee"}, "document need card adopt child", 0},
		{"only the parent's words", "card adopt child", []string{"card document", "card fee"}, "card adopt child", -1},
		{"a common word alone names nothing", "card adopt child", []string{"document need"}, "need card", -1},
		{"half by weight is not most", "card", []string{"document photo"}, "card document", -1},
		{"of two named wholly, the fuller", "card", []string{"document", "document copy"}, "card document copy", 1},
		{"a tie names none", "card", []string{"document", "photo"}, "document photo", -1},
		{"a heading with nothing of its own", "card document", []string{"card", "document"}, "card document", -1},
		{"no sub-sections", "card", nil, "card document", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hs := make([]map[string]bool, len(tc.headings))
			for i, h := range tc.headings {
				hs[i] = termSet(h)
			}
			if got := namedSection(termSet(tc.parent), hs, strings.Fields(tc.request), weight); got != tc.want {
				t.Errorf("namedSection(%q, %q, %q) = %d, want %d", tc.parent, tc.headings, tc.request, got, tc.want)
			}
		})
	}
}

// TestRequestNamingASubSectionIsAnsweredThere: a request that matches a
// section and also names one of its sub-sections ("the documents for an
// adopted child's card" and the sub-section "Which documents do I need?"
// under "Card for an adopted child") is answered from the sub-section,
// not with the section's opening and the sub-section as an option; a
// request the section's heading says all of gets the section.
func TestRequestNamingASubSectionIsAnsweredThere(t *testing.T) {
	const page = "https://help.example.com/cards"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "Cards"}},
		Nodes: []graph.Node{
			{ID: "root", Page: page, Problem: "Cards", Root: true, Resolution: "Everything about membership cards."},
			{ID: "adopted", Page: page, Problem: "Membership card for a foreign-born adopted child", Actionable: true,
				Resolution: "You can ask for a membership card for your foreign-born adopted child before the adoption is final. Apply at any branch office."},
			{ID: "documents", Page: page, Problem: "Which documents do I need?", Actionable: true,
				Resolution: "Bring the adoption decree and a passport; copies must be certified."},
			{ID: "fees", Page: page, Problem: "Fees and waiting times", Actionable: true,
				Resolution: "The card is free and arrives within two weeks."},
			{ID: "lost", Page: page, Problem: "Replace a lost card", Actionable: true,
				Resolution: "Report the loss online and a new card is sent by post."},
		},
		Edges: []graph.Edge{
			{From: "root", To: "adopted", Type: graph.Child}, {From: "root", To: "lost", Type: graph.Child},
			{From: "adopted", To: "documents", Type: graph.Child}, {From: "adopted", To: "fees", Type: graph.Child},
		},
	}
	for _, tc := range []struct {
		message, want string
	}{
		{"which documents do I need to get a membership card for my foreign-born adopted child", "documents"},
		{"how do I get a membership card for a foreign-born adopted child", "adopted"},
	} {
		t.Run(tc.message, func(t *testing.T) {
			a, s := NewGraphAgent(g, Options{}), &Session{}
			r, err := a.Respond(context.Background(), s, tc.message)
			if err != nil || r.Action != Resolution || r.NodeID != tc.want {
				t.Errorf("%q: %s at %q (%q), %v; want a resolution at %s", tc.message, r.Action, r.NodeID, r.Text, err, tc.want)
			}
		})
	}
}

package dialogue

import (
	"maps"
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestPlaceWhileAskingAboutDoubted: the conversation's place is the
// current node's page, and while "is it about this?" is open for a
// doubted node, that node's page too (the page the user was last shown);
// once answered or replaced, only the current node's.
func TestPlaceWhileAskingAboutDoubted(t *testing.T) {
	const billing, export = "https://help.example.com/billing", "https://help.example.com/export"
	g := &graph.Graph{
		Nodes: []graph.Node{
			{ID: "invoices", Page: billing, Problem: "Invoices", Root: true, Actionable: true, Resolution: "Invoices are under Billing."},
			{ID: "refunds", Page: billing, Problem: "Refunds", Root: true, Actionable: true, Resolution: "Refunds take five days."},
			{ID: "pdf", Page: export, Problem: "Export as a PDF file", Root: true, Actionable: true, Resolution: "Choose File, then Export."},
			{ID: "csv", Page: export, Problem: "Export as a spreadsheet", Root: true, Actionable: true, Resolution: "Choose File, then CSV."},
		},
	}
	a := NewGraphAgent(g, Options{})
	asking := a.options([]string{"pdf"})
	for _, tc := range []struct {
		name string
		s    Session
		want []string
	}{
		{"at a node", Session{CurrentNode: "invoices"}, []string{"invoices", "refunds"}},
		{"asking about a doubted node", Session{CurrentNode: "invoices", Doubted: "pdf", PendingOptions: asking}, []string{"csv", "invoices", "pdf", "refunds"}},
		{"asking about one, nowhere yet", Session{Doubted: "pdf", PendingOptions: asking}, []string{"csv", "pdf"}},
		{"question no longer open", Session{CurrentNode: "invoices", Doubted: "pdf"}, []string{"invoices", "refunds"}},
		{"nowhere", Session{}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := slices.Sorted(maps.Keys(a.place(&tc.s)))
			if !slices.Equal(got, tc.want) {
				t.Errorf("place = %v, want %v", got, tc.want)
			}
		})
	}
}

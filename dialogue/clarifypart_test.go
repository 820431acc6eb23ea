package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// partsGraph is a help center of two pages: one whose sections are parts
// of a dialog, one whose sections are the customer's situations.
func partsGraph() *graph.Graph {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "pdf", Page: "https://help.example.com/pdf", Problem: "Export as PDF", Resolution: "Saves the document as a PDF file.", Root: true},
		{ID: "pdf-general", Page: "https://help.example.com/pdf", Problem: "General", Resolution: "Sets the range of pages and the image quality."},
		{ID: "pdf-security", Page: "https://help.example.com/pdf", Problem: "Security", Resolution: "Sets a password that opens the file."},
		{ID: "chart", Page: "https://help.example.com/chart", Problem: "Inserting charts", Resolution: "Charts are made from a table's values.", Root: true},
		{ID: "chart-sheet", Page: "https://help.example.com/chart", Problem: "Inserting charts", Condition: "In a spreadsheet", Resolution: "Select the cells and choose Insert - Chart."},
		{ID: "chart-text", Page: "https://help.example.com/chart", Problem: "Inserting charts", Condition: "In a text document", Resolution: "Choose Insert - Chart and edit the data table."},
		// A guide's list of topics, each item a condition named by its link.
		{ID: "mail", Page: "https://help.example.com/mail", Problem: "Junk mail", Resolution: "- [Marking mail as junk: How to mark junk.](https://help.example.com/mark)", Root: true},
		{ID: "mail-mark", Page: "https://help.example.com/mail", Problem: "Junk mail", Condition: "marking mail as junk", Resolution: "- [Marking mail as junk: How to mark junk.](https://help.example.com/mark)"},
		{ID: "mail-settings", Page: "https://help.example.com/mail", Problem: "Junk mail", Condition: "junk mail settings", Resolution: "- [Junk mail settings: How to set up the filter.](https://help.example.com/settings)"},
		// A situation whose text is a link to the page for it.
		{ID: "mail-card", Page: "https://help.example.com/mail", Problem: "Junk mail", Condition: "if you use a work account", Resolution: "See [Work accounts](https://help.example.com/work)."},
	}}
	for _, e := range [][2]string{{"pdf", "pdf-general"}, {"pdf", "pdf-security"}, {"chart", "chart-sheet"}, {"chart", "chart-text"}} {
		g.Edges = append(g.Edges, graph.Edge{From: e[0], To: e[1], Type: graph.Child})
	}
	return g
}

// TestClarifyParts: options that are parts of a page are asked about as
// parts ("which part are you asking about?"), situations as situations
// ("which of these applies to you?").
func TestClarifyParts(t *testing.T) {
	a := NewGraphAgent(partsGraph(), Options{})
	for _, tc := range []struct{ msg, node, want, not string }{
		{"export as pdf", "pdf", "which part are you asking about?", "applies to you"},
		{"inserting charts", "chart", "which of these applies to you?", "which part"},
	} {
		r, err := a.Respond(context.Background(), &Session{ID: tc.msg}, tc.msg)
		if err != nil {
			t.Fatal(err)
		}
		if r.Action != Clarification || r.NodeID != tc.node || !strings.Contains(r.Text, tc.want) || strings.Contains(r.Text, tc.not) {
			t.Errorf("%q: %s at %q: %q; want a clarification at %q asking %q", tc.msg, r.Action, r.NodeID, r.Text, tc.node, tc.want)
		}
	}
}

func TestPartsOnly(t *testing.T) {
	a := NewGraphAgent(partsGraph(), Options{})
	for _, tc := range []struct {
		name string
		ids  []string
		want bool
	}{
		{"sections", []string{"pdf-general", "pdf-security"}, true},
		{"situations", []string{"chart-sheet", "chart-text"}, false},
		{"a situation among sections", []string{"pdf-general", "chart-text"}, false},
		{"an option that is no node", []string{"pdf-general", ""}, false},
		{"items of a list of topics", []string{"mail-mark", "mail-settings"}, true},
		{"a situation that links its page", []string{"mail-mark", "mail-card"}, false},
		{"none", nil, false},
	} {
		var opts []Option
		for _, id := range tc.ids {
			opts = append(opts, Option{Label: id, Value: id, NodeID: id})
		}
		if got := a.partsOnly(opts); got != tc.want {
			t.Errorf("%s: partsOnly = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// Asked again ("both" names no one option), a question about parts is
// asked about parts again.
func TestClarifyPartsAskedAgain(t *testing.T) {
	a := NewGraphAgent(partsGraph(), Options{})
	for _, tc := range []struct{ msg, want string }{
		{"export as pdf", "Which one of these are you asking about?"},
		{"inserting charts", "Which one of these applies to you?"},
	} {
		s := &Session{ID: tc.msg}
		if _, err := a.Respond(context.Background(), s, tc.msg); err != nil {
			t.Fatal(err)
		}
		r, err := a.Respond(context.Background(), s, "yes")
		if err != nil {
			t.Fatal(err)
		}
		if r.Action != Clarification || r.Text != tc.want {
			t.Errorf("%q then yes: %s %q; want %q", tc.msg, r.Action, r.Text, tc.want)
		}
	}
}

// "No" to a question about parts asked again: none of them, as for
// situations (asking a third time goes round in circles).
func TestClarifyPartsNoAfterAskedAgain(t *testing.T) {
	a := NewGraphAgent(partsGraph(), Options{})
	s := &Session{ID: "parts-no"}
	for _, msg := range []string{"export as pdf", "yes"} {
		if _, err := a.Respond(context.Background(), s, msg); err != nil {
			t.Fatal(err)
		}
	}
	r, err := a.Respond(context.Background(), s, "no")
	if err != nil {
		t.Fatal(err)
	}
	if r.Text == "Which one of these are you asking about?" || len(r.Options) != 0 {
		t.Errorf("no after asked again: %s %q %v; want none of them taken", r.Action, r.Text, r.Options)
	}
}

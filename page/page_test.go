package page

import "testing"

func TestGrounder(t *testing.T) {
	text := "# Refunds\nYou can ask for a **refund** within 14 days \u2014 call us.\n- Open “My bookings”"
	tests := []struct {
		snippet string
		want    bool
	}{
		{"You can ask for a **refund**", true},
		{"you  CAN ask\tfor a **refund** within 14 days - call us.", true},
		{`open "my bookings"`, true},
		{"# refunds you can", true}, // across lines: line breaks are white space
		{"refund within", false},
		{"", false},
		{"   ", false},
		{"call us. - open", true},
		{"call us today", false},
	}
	// Enough rounds that the Grounder switches from scanning to its index
	// partway: both must answer alike.
	g := NewGrounder(text)
	for round := range 2 * scanBudget / len(tests) {
		for _, tt := range tests {
			if got := g.Grounded(tt.snippet); got != tt.want {
				t.Errorf("round %d (indexed %v): Grounder.Grounded(%q) = %v, want %v", round, g.index != nil, tt.snippet, got, tt.want)
			}
		}
	}
	if g.index == nil {
		t.Errorf("Grounder never indexed its text after %d scans", g.scanned/len(g.text))
	}
	for _, tt := range tests {
		if got := Grounded(tt.snippet, text); got != tt.want {
			t.Errorf("Grounded(%q) = %v, want %v", tt.snippet, got, tt.want)
		}
	}
}

// TestGroundedCodeLines: a node's line of code, a code span alone on its
// line (as the structural extractor marks it), is grounded by the code it
// holds; a code span around words the page does not have, or code in a
// sentence the page does not write so, is not.
func TestGroundedCodeLines(t *testing.T) {
	text := "## Uninstall\nRun this:\n$ pip uninstall sampleproject\n$ cwd=`pwd`"
	for _, tt := range []struct {
		snippet string
		want    bool
	}{
		{"Run this:\n`$ pip uninstall sampleproject`", true},
		{"  `$ pip uninstall sampleproject`", true},
		{"`` $ cwd=`pwd` ``", true},
		{"$ cwd=`pwd`", true}, // as the page writes it
		{"`$ pip uninstall otherproject`", false},
		{"Run `$ pip uninstall sampleproject`", false},
		// A blank line of code (lexical.BlankCode) between two lines of a
		// block says nothing the page's text must hold; alone, nothing.
		{"`$ pip uninstall sampleproject`\n` `\n`` $ cwd=`pwd` ``", true},
		{"  ` `", false},
	} {
		if got := GroundedLines(tt.snippet, text); got != tt.want {
			t.Errorf("GroundedLines(%q) = %v, want %v", tt.snippet, got, tt.want)
		}
	}
	// A "<" the node's text escapes (lexical.EscapeRawHTML) is the page's.
	if s, text := `Titles are marked by \<h1> and \</h1>.`, "Titles are marked by <h1> and </h1>."; !GroundedLines(s, text) {
		t.Errorf("GroundedLines(%q, %q) = false, want true", s, text)
	}
}

// TestTextSized checks that Text sizes its buffer exactly: the text is
// kept for every page of a graph, so slack would be held to the end.
func TestTextSized(t *testing.T) {
	d := &Document{Blocks: []Block{
		{Kind: Heading, Level: 9, Text: "Deep heading"},
		{Kind: Paragraph, Text: "Some words."},
		{Kind: ListItem, Depth: 3, Ordered: true, Text: "nested step"},
		{Kind: ListItem, Depth: 0, Text: "odd depth"},
		{Kind: TableRow, Text: "a | b"},
	}}
	n := len(d.Blocks)
	for _, b := range d.Blocks {
		n += len(b.Text) + blockMarkup(b)
	}
	if got := len(d.Text()) + 1; got != n {
		t.Errorf("Text is %d bytes (+1 for the missing last newline), sized for %d:\n%s", got, n, d.Text())
	}
}

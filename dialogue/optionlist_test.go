package dialogue

import (
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestOptionLists(t *testing.T) {
	// page builds one page's nodes: a root, then a section per heading
	// size (words and terms alike), each with chars characters of text.
	page := func(heads []int, chars int, steps bool) []sectionShape {
		nodes := []sectionShape{{root: true, headWords: 2, headTerms: 2, answerChars: 300}}
		for _, h := range heads {
			nodes = append(nodes, sectionShape{headWords: h, headTerms: h, answerChars: chars})
		}
		nodes[len(nodes)-1].steps = steps
		return nodes
	}
	for _, tc := range []struct {
		name  string
		nodes []sectionShape
		want  bool
	}{
		{"a dialog's options", page([]int{1, 1, 2, 1, 2, 1}, 120, false), true},
		{"most sections labelled", page([]int{1, 1, 1, 4, 5}, 150, false), true},
		{"too few sections", page([]int{1, 1, 1, 1}, 120, false), false},
		{"headed by sentences", page([]int{1, 4, 5, 4, 3, 6}, 120, false), false},
		{"labels said at length (a hub of topics)", page([]int{2, 2, 2, 2, 2, 2}, 300, false), false},
		{"steps on the page (one per browser)", page([]int{1, 1, 1, 1, 1, 1}, 120, true), false},
		{"a label of two words but many terms", []sectionShape{{root: true}, {headWords: 2, headTerms: 3, answerChars: 90},
			{headWords: 2, headTerms: 3, answerChars: 90}, {headWords: 2, headTerms: 3, answerChars: 90},
			{headWords: 1, headTerms: 1, answerChars: 90}, {headWords: 1, headTerms: 1, answerChars: 90}}, false},
		// "Before you apply": few terms, but worded as a sentence.
		{"a label of few terms but more words", []sectionShape{{root: true}, {headWords: 3, headTerms: 1, answerChars: 90},
			{headWords: 3, headTerms: 1, answerChars: 90}, {headWords: 3, headTerms: 2, answerChars: 90},
			{headWords: 1, headTerms: 1, answerChars: 90}, {headWords: 1, headTerms: 1, answerChars: 90}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A task page (page 1, with steps) beside the page tested.
			nodes := append(slices.Clone(tc.nodes), sectionShape{page: 1, root: true, headWords: 3, headTerms: 3, answerChars: 200, steps: true})
			if got := optionLists(nodes, 2); !slices.Equal(got, []bool{tc.want, false}) {
				t.Errorf("optionLists = %v, want [%v false]", got, tc.want)
			}
		})
	}
	// Without a page of steps anywhere, no page is told from a task page.
	if got := optionLists(page([]int{1, 1, 2, 1, 2, 1}, 120, false), 1); got[0] {
		t.Errorf("optionLists without task pages = %v, want [false]", got)
	}
}

func TestHasNumberedSteps(t *testing.T) {
	for text, want := range map[string]bool{
		"1. Open the File menu.\n2. Choose Print.":      true,
		"Open the File menu.\n 1) Choose Print.\n2) OK": true,
		"1. Open the File menu.":                        false,
		"- Open the File menu.\n- Choose Print.":        false,
		"Pages 1. and 2. are printed.":                  false,
	} {
		if got := hasNumberedSteps(text); got != want {
			t.Errorf("hasNumberedSteps(%q) = %v, want %v", text, got, want)
		}
	}
}

// officeGraph is a small office-suite manual: the Print dialog's reference
// page, one short section per option, whose labels and descriptions
// repeat the words of printing, and the task page on printing several
// pages on one sheet.
func officeGraph() *graph.Graph {
	const dialog, task = "text/shared/01/print.html", "text/writer/guide/print_small.html"
	options := []struct{ label, text string }{
		{"Printer", "Select the printer to print the pages on."},
		{"Paper size", "Select the size of the paper sheet the printer prints on."},
		{"Paper sides", "Print the pages on both sides of the paper sheet."},
		{"Pages", "Print the pages you select: the page range to print."},
		{"Copies", "Print more than one copy of the pages."},
		{"Brochure", "Print the pages as a brochure on paper sheets."},
		{"Order", "Print the pages in reverse order."},
	}
	g := &graph.Graph{
		Pages: []graph.Page{{URL: dialog, Title: "Print"}, {URL: task, Title: "Printing Multiple Pages on One Sheet"}},
		Nodes: []graph.Node{{ID: "print", Page: dialog, Problem: "Print", Root: true, Actionable: true,
			Resolution: "Prints the current document, selection, or the pages you specify. You can also set the print options for the current document. The print options can vary according to the printer and the operating system that you use."}},
	}
	for i, o := range options {
		id := "opt" + strings.Repeat("i", i+1)
		g.Nodes = append(g.Nodes, graph.Node{ID: id, Page: dialog, Problem: o.label, Resolution: o.text, Actionable: true})
		g.Edges = append(g.Edges, graph.Edge{From: "print", To: id, Type: graph.Child})
	}
	g.Nodes = append(g.Nodes, graph.Node{ID: "small", Page: task, Problem: "Printing Multiple Pages on One Sheet", Root: true, Actionable: true,
		Resolution: "1. Choose File - Print.\n2. On the Page Layout tab, select the number of pages per sheet.\n3. Click Print."})
	return g
}

// TestOptionListEvidence: the reference page of the dialog a request
// involves repeats its words over its options, and as a whole page it
// would outscore the task page; an option list's whole-page evidence
// counts optionListWeight, and the task page answers.
func TestOptionListEvidence(t *testing.T) {
	g := officeGraph()
	a := NewGraphAgent(g, Options{})
	if !a.lex.optionList[a.lex.pageOf[a.doc["print"]]] || a.lex.optionList[a.lex.pageOf[a.doc["small"]]] {
		t.Fatalf("option lists by page: %v, want the Print dialog's page only", a.lex.optionList)
	}
	r := firstReply(t, g, "print 2 pages on one sheet of paper")
	if len(r.Sources) == 0 || r.Sources[0] != "text/writer/guide/print_small.html" {
		t.Errorf("got %s citing %v (%q), want the task page", r.Action, r.Sources, r.Text)
	}
}

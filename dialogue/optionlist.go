package dialogue

import (
	"slices"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
)

// A manual for a program has two kinds of pages: task pages, which tell
// how to do something (steps), and reference pages, one per dialog or
// menu command, which list its options, each a short section headed by
// the option's label ("Numbering", "Type", "Automatic"). A request to do
// something ("print 2 pages on one sheet of paper") is answered by the
// task page; the reference page of the dialog involved has the request's
// words too, spread over its many labels and repeated, and as a whole
// page it outscores the task page. Its whole-page evidence is worth less:
// an option list is a list of things the page names, not one topic it is
// about. Its sections still rank on their own words ("vlookup" finds the
// VLOOKUP function's page).

// The shape of an option list (see optionLists).
const (
	// optionListSections is the fewest sections below its root an option
	// list has.
	optionListSections = 5
	// optionLabelWords is the most words (and terms) a label heading has:
	// "Paper size", not "Before you apply".
	optionLabelWords = 2
	// optionLabelShare is the least share of its sections headed by a label.
	optionLabelShare = 0.6
	// optionLabelChars is the most characters the median label section's
	// text has: an option is described in a sentence or two. A hub of
	// labelled topics ("Retirement Benefits", "Disability Benefits") or a
	// page of platforms ("Android", "iOS") says more under each.
	optionLabelChars = 200
	// optionListWeight is the share of its whole-page evidence an option
	// list keeps.
	optionListWeight = 0.5
)

// sectionShape is what optionLists reads of a node: its page (a number),
// whether it is its page's root, how many words and distinct terms its
// heading has, how long its text is and whether the text gives numbered
// steps.
type sectionShape struct {
	page                 int32
	root                 bool
	headWords, headTerms int
	answerChars          int
	steps                bool
}

// sectionShapes reads each node of g as optionLists does, its pages
// numbered as lx numbers them.
func (lx *lexicalIndex) sectionShapes(g *graph.Graph) []sectionShape {
	shapes := make([]sectionShape, len(g.Nodes))
	for i := range g.Nodes {
		n := &g.Nodes[i]
		shapes[i] = sectionShape{page: lx.pageOf[i], root: n.Root, headWords: len(strings.Fields(n.Problem)),
			headTerms: int(lx.headTerms[i]), answerChars: len(n.Resolution), steps: hasNumberedSteps(n.Resolution)}
	}
	return shapes
}

// optionLists reports, per page (numbered 0..pages-1), whether the page
// is an option list: optionListSections sections or more below its root,
// at least optionLabelShare of them headed by a label of at most
// optionLabelWords words and terms, the median label section's text at most
// optionLabelChars long, and no numbered steps anywhere (a page that
// shows how to do something is a task page, however its sections are
// headed: "Chrome", "Firefox", "Safari" on a page of steps per browser).
// A help center none of whose pages gives steps has none: the manuals
// meant have task pages beside their reference pages.
func optionLists(nodes []sectionShape, pages int) []bool {
	sections := make([]int, pages)
	steps := make([]bool, pages)
	labelChars := make([][]int, pages)
	for _, n := range nodes {
		steps[n.page] = steps[n.page] || n.steps
		if n.root {
			continue
		}
		sections[n.page]++
		if n.headWords <= optionLabelWords && n.headTerms <= optionLabelWords {
			labelChars[n.page] = append(labelChars[n.page], n.answerChars)
		}
	}
	out := make([]bool, pages)
	if !slices.Contains(steps, true) {
		// No page shows how to do something: there are no task pages to
		// tell the option lists from.
		return out
	}
	for p := range out {
		labels := labelChars[p]
		if steps[p] || sections[p] < optionListSections || float64(len(labels)) < optionLabelShare*float64(sections[p]) {
			continue
		}
		slices.Sort(labels)
		out[p] = labels[len(labels)/2] <= optionLabelChars
	}
	return out
}

// hasNumberedSteps reports whether text gives a procedure: two or more
// lines that open a numbered step ("1. Click …").
func hasNumberedSteps(text string) bool {
	n := 0
	for line := range strings.Lines(text) {
		if numberedStep.MatchString(strings.TrimSpace(line)) {
			if n++; n == 2 {
				return true
			}
		}
	}
	return false
}

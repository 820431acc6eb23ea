package dialogue

import (
	"regexp"
	"slices"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// A resolution longer than maxAnswerChars is a whole section of a page:
// the reply then gives the sentences that bear on the question, about
// focusChars of them, in the page's order and words. The page itself is in
// the reply's sources.
const (
	maxAnswerChars = 600
	focusChars     = 300
)

// sentenceCut finds where a sentence ends: after . ! or ? and the spaces
// that follow (kept with the sentence so joining restores the text).
var sentenceCut = regexp.MustCompile(`[.!?]+["')\]]*\s+`)

// initials is text ending in an abbreviation of single letters before its
// last period ("U.S", "e.g"), or a line's step number ("1"): the period
// after it ends no sentence.
var initials = regexp.MustCompile(`(?:^|[^\pL\pN])(?:\pL\.)*\pL$|^\s*\d{1,2}$`)

// unit is a sentence of a resolution and whether a line break follows it.
type unit struct {
	text      string
	lineBreak bool
	// indent is the white space that opens its line when it is indented
	// under the one before (a list item's code, or what follows the
	// code): it goes on in that item. "" when not.
	indent string
	// blank is the blank line of code before it (lexical.BlankCode, as
	// its line writes it), "" when none: no sentence of its own, so it
	// moves no cut; shown when the line before it is.
	blank string
}

// answerChars is the length of res less its blank lines of code
// (lexical.BlankCode), which make no answer longer: a code block's blank
// line never turns a whole answer into an excerpt.
func answerChars(res string) int {
	n := len(res)
	if !strings.Contains(res, lexical.BlankCode) {
		return n
	}
	for _, line := range strings.Split(res, "\n") {
		if lexical.BlankCodeLine(line) {
			n -= len(line) + 1
		}
	}
	return n
}

// units splits text into sentences, keeping line structure.
func units(text string) []unit {
	var out []unit
	blank := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if lexical.BlankCodeLine(line) {
			blank = line
			continue
		}
		first := len(out)
		start := 0
		// A line of code is one unit: cut at a stop inside ("Proceed
		// (Y/n)? y"), it would leave its code span open.
		cuts := sentenceCut.FindAllStringIndex(line, -1)
		if _, code := lexical.CodeLine(line); code {
			cuts = nil
		}
		for _, m := range cuts {
			if initials.MatchString(line[start:m[0]]) {
				continue // "U.S. citizens", "e.g. a passport", "1. Sign in": no sentence ends
			}
			if open := line[start:m[0]]; strings.Count(open, "(") > strings.Count(open, ")") && strings.Contains(line[m[1]:], ")") {
				continue // "(The limit is 10. It rises to 20.)": one aside
			}
			out = append(out, unit{text: strings.TrimSpace(line[start:m[1]])})
			start = m[1]
		}
		if rest := strings.TrimSpace(line[start:]); rest != "" {
			out = append(out, unit{text: rest})
		}
		if len(out) > first && (line[0] == ' ' || line[0] == '\t') && !listItem.MatchString(strings.TrimSpace(line)) {
			out[first].indent = line[:len(line)-len(strings.TrimLeft(line, " \t"))]
		}
		if len(out) > first && first > 0 {
			out[first].blank = blank
		}
		blank = ""
		if len(out) > 0 {
			out[len(out)-1].lineBreak = true
		}
	}
	return out
}

// focus returns n's resolution as shown for a question: whole when short,
// else a window of sentences from the one that shares the most
// (IDF-weighted) terms with query (a message's terms), or from its opening, which says what
// the section is about, when none does. Sentences already in shown are
// passed over: asked again about the same section, it goes on with what it
// has not said yet.
//
// A first answer about a section keeps its opening when that is short (it
// says what the section is about, and often is the answer) and adds the
// sentences the question asks about after it; a list or a sequence of
// steps the window reaches is given whole.
func (a *GraphAgent) focus(n *graph.Node, query []string, shown string) string {
	return a.focusText(n, a.withoutBoilerplate(shownText(n)), query, shown)
}

// focusText is focus on res, the part of n's text a reply may give.
func (a *GraphAgent) focusText(n *graph.Node, res string, query []string, shown string) string {
	if answerChars(res) <= maxAnswerChars && shown == "" {
		return res
	}
	us := units(res)
	if len(us) < 2 {
		return res
	}
	seen := make([]bool, len(us))
	unseen := 0
	for i, u := range us {
		seen[i] = shown != "" && strings.Contains(shown, u.text)
		if !seen[i] {
			unseen++
		}
	}
	if unseen == 0 {
		clear(seen) // all said: say the most relevant part again
	} else if answerChars(res) <= maxAnswerChars && unseen == len(us) {
		return res
	}
	first := unseen == len(us)
	want := map[string]float64{}
	for _, t := range query {
		want[t] = a.lex.idf(t)
	}
	if first {
		// On a first answer, only what the question asks beyond the
		// section's heading picks a sentence: a chosen option, or a
		// question that names the section, gets its opening.
		for _, t := range a.an.terms(n.Problem) {
			delete(want, t)
		}
	}
	best, bestScore := -1, -1.0
	for i, u := range us {
		if seen[i] {
			continue
		}
		var score float64
		for _, t := range uniqueTerms(a.an.terms(u.text)) {
			score += want[t]
		}
		if score > bestScore+1e-9 {
			best, bestScore = i, score
		}
	}
	if first && bestScore <= 0 {
		best = 0 // a first answer opens where the section does
	}
	keep := make([]bool, len(us))
	lo, hi := window(us, seen, best)
	for i := lo; i <= hi; i++ {
		keep[i] = true
	}
	if first && lo > 0 && len(us[0].text) <= openingChars && !listItem.MatchString(us[0].text) {
		keep[0] = true // (a list's first item says what it is, not what the section is)
	}
	withOwnItems(us, keep)
	if first && len(query) > 0 && (bestScore <= 0 || !keepsList(us, keep)) {
		// Nothing asked beyond the section's heading, or the sentences
		// asked about give neither steps nor a list of ways: its steps
		// answer. (A clarification's lead-in, asked nothing, stays short.)
		reachSteps(us, keep)
	}
	wholeLists(us, keep)
	wholeSteps(us, keep)
	wholeCode(us, keep)
	withoutDanglingLeads(us, keep)
	return joinUnits(us, keep)
}

// withOwnItems widens keep so that a kept line that goes on in a list
// item (its code, a tab's label, what follows the code), kept without
// the line before it, comes with the line of its item: a step's command
// shown under another step's line, or under none, says a different thing
// from the page.
func withOwnItems(us []unit, keep []bool) {
	var item []bool // made on first use: most replies keep no such line
	for i := 1; i < len(us); i++ {
		if !keep[i] || keep[i-1] || us[i].indent == "" || !us[i-1].lineBreak {
			continue
		}
		if item == nil {
			item = listItems(us)
		}
		j := i - 1
		for j > 0 && !item[j] && (us[j].indent != "" || !us[j-1].lineBreak) {
			j--
		}
		if !item[j] {
			continue
		}
		for ; j < i && !keep[j]; j++ {
			keep[j] = true
			if us[j].lineBreak {
				break
			}
		}
	}
}

// keepsList reports whether keep holds an item of a list or a step of us.
func keepsList(us []unit, keep []bool) bool {
	item := listItems(us)
	for i := range us {
		if keep[i] && item[i] {
			return true
		}
	}
	return false
}

// openingChars is the longest opening sentence a first answer keeps
// before the sentences the question asks about.
const openingChars = 200

// window returns the sentences around best, unseen, that a reply gives:
// grown forwards (a sentence's detail follows it), then backwards, while
// they fit in focusChars.
func window(us []unit, seen []bool, best int) (lo, hi int) {
	lo, hi = best, best
	size := len(us[best].text)
	for hi+1 < len(us) && !seen[hi+1] && size+len(us[hi+1].text) <= focusChars {
		hi++
		size += len(us[hi].text) + 1
	}
	for lo > 0 && !seen[lo-1] && size+len(us[lo-1].text) <= focusChars {
		lo--
		size += len(us[lo].text) + 1
	}
	return lo, hi
}

// maxListChars bounds the list a reply completes: steps cut in half
// mislead, but a list longer than this is a page to read, with its link in
// the sources.
const maxListChars = 2 * maxAnswerChars

// listItem is the start of a list item or a numbered step.
var listItem = regexp.MustCompile(`^(?:\d{1,2}[.)]|[-*•+])\s`)

// wholeLists widens keep so that a list it reaches, or whose lead-in it
// keeps, is kept whole, with the sentence that leads into it, when that
// fits in maxListChars.
func wholeLists(us []unit, keep []bool) {
	item := listItems(us)
	for i := 0; i < len(us); {
		if !item[i] {
			i++
			continue
		}
		start, end := listSpan(us, item, i)
		// A kept sentence that introduces the list ("To cancel your
		// subscription:") reaches it: said without it, it promises steps
		// the reply does not give.
		reached := start < i && keep[start] && (strings.HasSuffix(us[start].text, ":") || ledSteps(us, start, i))
		for j := i; j <= end; j++ {
			reached = reached || keep[j]
		}
		if reached && spanChars(us, start, end) <= maxListChars {
			for j := start; j <= end; j++ {
				keep[j] = true
			}
		}
		i = end + 1
	}
}

// wholeCode widens keep so that a block of code it reaches (lines of
// code one after another) is kept whole when it fits in maxListChars: a
// loop's first line alone ("if mylist:"), which a window cut from eight,
// is no code to run. A longer block is left as the window cut it, its
// page's link in the sources.
func wholeCode(us []unit, keep []bool) {
	for i := 0; i < len(us); {
		if _, code := lexical.CodeLine(us[i].text); !code {
			i++
			continue
		}
		end := i
		for end+1 < len(us) && us[end].lineBreak {
			if _, code := lexical.CodeLine(us[end+1].text); !code {
				break
			}
			end++
		}
		if slices.Contains(keep[i:end+1], true) && spanChars(us, i, end) <= maxListChars {
			for j := i; j <= end; j++ {
				keep[j] = true
			}
		}
		i = end + 1
	}
}

// listItems marks the sentences that open a list item or a step.
func listItems(us []unit) []bool {
	item := make([]bool, len(us))
	for i, u := range us {
		item[i] = (i == 0 || us[i-1].lineBreak) && listItem.MatchString(u.text)
	}
	return item
}

// listSpan returns the list whose first item is us[i]: from the sentence
// that leads into it to the last line of its last item.
func listSpan(us []unit, item []bool, i int) (start, end int) {
	end = i
	for end+1 < len(us) && (item[end+1] || !us[end].lineBreak || us[end+1].indent != "") {
		end++
	}
	return max(i-1, 0), end
}

// spanChars is the length of us[start..end] joined.
func spanChars(us []unit, start, end int) int {
	size := 0
	for j := start; j <= end; j++ {
		size += len(us[j].text) + 1
	}
	return size
}

// reachSteps keeps the section's first steps, with their lead-in, when
// they fit in maxListChars: what a section about doing something answers
// with, when the question asks nothing beyond its heading. Steps are
// numbered, or a list whose every item is an instruction ("- Install the
// command for yourself", "- Ask the system admin …": things to try).
func reachSteps(us []unit, keep []bool) {
	item := listItems(us)
	judged := -1 // the last unit of the list last judged for instructions
	for i := range us {
		if !item[i] {
			continue
		}
		start, end := listSpan(us, item, i)
		steps := english.NumberedItem.MatchString(us[i].text)
		if !steps && i > judged {
			// A list is judged whole, from its first item: a tail of
			// instructions does not make a list of things to try.
			steps, judged = instructions(us, item, i, end), end
		}
		if !steps {
			continue
		}
		if spanChars(us, start, end) <= maxListChars {
			keep[i] = true // wholeLists keeps the rest
		}
		return
	}
}

// instructions reports whether every item of the list us[first..end]
// (item marks where one opens) opens with an instruction's verb.
func instructions(us []unit, item []bool, first, end int) bool {
	for j := first; j <= end; j++ {
		if item[j] && !english.StartsWithImperative(english.StripListMarker(us[j].text)) {
			return false
		}
	}
	return true
}

// wholeSteps widens keep so that a run of steps written as sentences
// ("Contact the provider and ask … . Create the account … .") that it
// reaches is kept whole, as a list is, when that fits in maxListChars: the
// steps after the one asked about finish it. A step is a sentence that
// opens with an instruction's verb.
func wholeSteps(us []unit, keep []bool) {
	for i := 0; i < len(us); {
		end := i
		for end < len(us) && english.StartsWithImperative(us[end].text) {
			end++
		}
		if end-i < 2 {
			i = max(end, i+1)
			continue
		}
		reached, size := false, 0
		for j := i; j < end; j++ {
			reached = reached || keep[j]
			size += len(us[j].text) + 1
		}
		if reached && size <= maxListChars {
			for j := i; j < end; j++ {
				keep[j] = true
			}
		}
		i = end
	}
}

// joinUnits joins the kept sentences in the page's order, each line as on
// the page; a gap between kept parts starts a new line.
func joinUnits(us []unit, keep []bool) string {
	var b strings.Builder
	last := -1
	for i, u := range us {
		if !keep[i] {
			continue
		}
		if last >= 0 {
			if us[last].lineBreak || last != i-1 {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
			// A line indented under the line kept before it goes on in
			// that line's list item, as on the page (its code, or
			// what follows the code): flush left, Markdown ends the
			// list before it.
			if u.blank != "" && last == i-1 {
				b.WriteString(u.blank + "\n")
			}
			if u.indent != "" && last == i-1 && us[last].lineBreak {
				b.WriteString(u.indent)
			}
		}
		b.WriteString(u.text)
		last = i
	}
	return b.String()
}

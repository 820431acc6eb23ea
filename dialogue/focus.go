package dialogue

import (
	"regexp"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
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

// unit is a sentence of a resolution and whether a line break follows it.
type unit struct {
	text      string
	lineBreak bool
}

// units splits text into sentences, keeping line structure.
func units(text string) []unit {
	var out []unit
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t")
		if strings.TrimSpace(line) == "" {
			continue
		}
		start := 0
		for _, m := range sentenceCut.FindAllStringIndex(line, -1) {
			out = append(out, unit{text: strings.TrimSpace(line[start:m[1]])})
			start = m[1]
		}
		if rest := strings.TrimSpace(line[start:]); rest != "" {
			out = append(out, unit{text: rest})
		}
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
func (a *GraphAgent) focus(n *graph.Node, query []string, shown string) string {
	res := shownText(n)
	if len(res) <= maxAnswerChars && shown == "" {
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
	} else if len(res) <= maxAnswerChars && unseen == len(us) {
		return res
	}
	want := map[string]float64{}
	for _, t := range query {
		want[t] = a.lex.idf(t)
	}
	if unseen == len(us) {
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
	if unseen == len(us) && bestScore <= 0 {
		best = 0 // a first answer opens where the section does
	}
	// Grow the window forwards (a sentence's detail follows it), then
	// backwards, over unseen sentences, while it fits.
	lo, hi := best, best
	size := len(us[best].text)
	for hi+1 < len(us) && !seen[hi+1] && size+len(us[hi+1].text) <= focusChars {
		hi++
		size += len(us[hi].text) + 1
	}
	for lo > 0 && !seen[lo-1] && size+len(us[lo-1].text) <= focusChars {
		lo--
		size += len(us[lo].text) + 1
	}
	var b strings.Builder
	for i := lo; i <= hi; i++ {
		b.WriteString(us[i].text)
		if i < hi {
			if us[i].lineBreak {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		}
	}
	return b.String()
}

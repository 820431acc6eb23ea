package dialogue

import (
	"regexp"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
)

// ownCode reports whether code, a word with a digit after the word prev,
// names what a node is about: a term of a heading, title or intent ("Error
// 1603", "Android 10", "Apply for a child under age 18"). Such a code is
// the help center's own; one no heading has is a specific of the user's (a
// booking number), though a page's text may say it in passing, and so is a
// lone digit ("3 rooms"), unless a heading writes it after the same word:
// a version ("Raspberry Pi 4", "Windows 7", see versions).
func (a *GraphAgent) ownCode(prev, code string) bool {
	if len(code) < 2 { // a count ("3 rooms"), unless it numbers a name as a heading does
		return a.versions[versionKey(prev, code)]
	}
	terms := a.an.terms(code)
	for _, t := range terms {
		id, ok := a.lex.dict[t]
		if !ok || (a.lex.fields[fieldOwn].IDF[id] == 0 && a.lex.fields[fieldContext].IDF[id] == 0) {
			return false
		}
	}
	return len(terms) > 0
}

// versionWord is a name numbered with a lone digit: "Pi 4", "Windows 7".
var versionWord = regexp.MustCompile(`(\pL+)[ -](\d)\b`)

// versionsOf returns the names the headings, titles and intents of g
// number with a lone digit, as versionKey.
func versionsOf(g *graph.Graph) map[string]bool {
	v := map[string]bool{}
	add := func(text string) {
		if !strings.ContainsAny(text, "0123456789") {
			return
		}
		for _, m := range versionWord.FindAllStringSubmatch(text, -1) {
			v[versionKey(m[1], m[2])] = true
		}
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		add(n.Problem)
		add(n.Condition)
		for _, in := range n.Intents {
			add(in)
		}
	}
	for _, p := range g.Pages {
		add(p.Title)
	}
	return v
}

func versionKey(name, digit string) string { return strings.ToLower(name) + " " + digit }

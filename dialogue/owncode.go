package dialogue

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
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

// versionsOf returns the names the headings, titles and intents of g
// number with a lone digit ("Pi 4", "Windows 7"), as versionKey. It reads
// every node once when an agent is made: a scan, not a regexp.
func versionsOf(g *graph.Graph) map[string]bool {
	v := map[string]bool{}
	add := func(text string) {
		for i := 0; i < len(text); i++ {
			if name, ok := numberedName(text, i); ok {
				v[versionKey(name, text[i:i+1])] = true
			}
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

// numberedName returns the word of letters that text[i], a lone digit,
// numbers: the word right before it, past one space or hyphen ("Pi 4",
// "Windows-7"). A digit of a longer number or code ("4.2" is two, "4G" is
// no lone digit) numbers nothing.
func numberedName(text string, i int) (string, bool) {
	if c := text[i]; c < '0' || c > '9' || i < 2 || (text[i-1] != ' ' && text[i-1] != '-') || lexical.IsWordAt(text, i+1) {
		return "", false
	}
	if r, _ := utf8.DecodeLastRuneInString(text[:i-1]); !unicode.IsLetter(r) {
		return "", false // one space or hyphen, right after the word
	}
	return lexical.WordBefore(text[:i-1]), true
}

func versionKey(name, digit string) string { return strings.ToLower(name) + " " + digit }

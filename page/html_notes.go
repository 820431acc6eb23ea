package page

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Notes on HTML pages: an element a help center marks as a note (yelp's
// <div class="note">, a Bootstrap alert, a rendered admonition or GitHub
// callout, Asciidoctor's admonition block, role="note") that opens a section is written after the
// section's own text, as the Markdown reader does with admonitions
// (dialectWriter.holdAside): what a section opens with, and a reply quotes
// first, is its answer ("If you do not want the app to start with the
// computer, change the setting"), not the aside ("These steps need
// administrator rights"). Nothing is dropped, and warnings keep their place.

// noteWords are the class words that mark an element as a note;
// "admonitionblock" is Asciidoctor's (Antora's) for every kind, those not
// named here ("important") too.
var noteWords = map[string]bool{
	"note": true, "tip": true, "admonition": true, "callout": true, "alert": true, "notice": true, "hint": true,
	"admonitionblock": true,
}

// asideNote reports whether n is a note that is not a warning.
func asideNote(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Div, atom.P, atom.Section, atom.Blockquote:
	default:
		return false
	}
	class, _ := attr(n, "class")
	role, _ := attr(n, "role")
	title, _ := attr(n, "title")
	words := append(nameWords(class), nameWords(title)...)
	note := strings.EqualFold(strings.TrimSpace(role), "note")
	for _, w := range words {
		if warningKinds[w] {
			return false // to be read before what follows it
		}
		note = note || noteWords[w]
	}
	return note
}

// opensSection reports whether nothing but headings has been written since
// the last heading: a note there stands before the section's own text.
func (x *extractor) opensSection() bool {
	return len(x.blocks) == 0 || x.blocks[len(x.blocks)-1].Kind == Heading
}

// holdNote writes note n's blocks into x.held instead of the section.
func (x *extractor) holdNote(n *html.Node) {
	x.flush()
	from := len(x.blocks)
	x.walk(n)
	x.flush()
	x.held = append(x.held, x.blocks[from:]...)
	x.blocks = x.blocks[:from]
}

// writeHeld writes the notes held back, at the end of the section's own
// text: before the next heading, or at the end of the page.
func (x *extractor) writeHeld() {
	x.blocks = append(x.blocks, x.held...)
	x.held = x.held[:0]
}

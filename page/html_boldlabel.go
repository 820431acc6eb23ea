package page

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Pages written by hand, or in a help desk's editor, often head their
// parts with a paragraph in bold instead of a heading: an FAQ's questions
// ("<p><b>(7) How do I list all tables…</b></p>" over the answer), a
// product's features, "Step 2: Connect the router". Read as paragraphs,
// such a part had no section of its own, and a question whose words no
// line of the structural extractor took for a label ("How do I…" read as
// a lead-in) was lost in the answer before it.

// maxBoldLabelRunes is how long a bold paragraph may be and still head
// what follows it: a question or a title, not a sentence stressed.
const maxBoldLabelRunes = 150

// boldLabel returns the bold element of p when p is a label in bold
// heading the part that follows it: its only content is one b or strong
// element, it is short, it is no sentence stressed (it ends with no full
// stop: "Never pass unsanitized user input to this function.") nor leads
// into what follows with a colon ("Allowed values:"), the block after it
// holds text of its own, not only a table, a figure or code, and it is no
// caption (DocBook's formal titles, <p class="title">: "Table 8.1. Data
// Types", "Example 36.1. …").
func boldLabel(p *html.Node) (*html.Node, bool) {
	if hasClass(p, "title") {
		return nil, false
	}
	var bold *html.Node
	for c := p.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) == "":
		case c.Type == html.ElementNode && (c.DataAtom == atom.B || c.DataAtom == atom.Strong) && bold == nil:
			bold = c
		case c.Type == html.ElementNode && c.DataAtom == atom.Br:
		default:
			return nil, false
		}
	}
	if bold == nil {
		return nil, false
	}
	var sb strings.Builder
	textOf(bold, &sb)
	text := strings.TrimSpace(sb.String())
	if text == "" || utf8.RuneCountInString(text) > maxBoldLabelRunes || strings.HasSuffix(text, ":") || strings.HasSuffix(text, ".") {
		return nil, false
	}
	next := nextElement(p)
	if next == nil || !ownText(next) {
		return nil, false
	}
	return bold, true
}

// nextElement returns the element after n among its siblings, or nil.
func nextElement(n *html.Node) *html.Node {
	for c := n.NextSibling; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return c
		}
		if c.Type == html.TextNode && strings.TrimSpace(c.Data) != "" {
			return nil // text of the paragraph's container goes on
		}
	}
	return nil
}

// ownText reports whether n holds text outside tables, figures and code.
func ownText(n *html.Node) bool {
	switch {
	case n.Type == html.TextNode:
		return strings.TrimSpace(n.Data) != ""
	case n.Type != html.ElementNode:
		return false
	}
	switch n.DataAtom {
	case atom.Table, atom.Pre, atom.Figure, atom.Img, atom.Code:
		return false
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if ownText(c) {
			return true
		}
	}
	return false
}

// boldHeading writes bold, a paragraph's label (boldLabel), as a heading
// one level below the section it is in; the section's level stays, so the
// next label is its sibling.
func (x *extractor) boldHeading(bold *html.Node) {
	x.flush()
	x.writeHeld()
	x.inline++
	x.walk(bold)
	x.inline--
	if text, links := x.take(); text != "" {
		x.blocks = append(x.blocks, Block{Kind: Heading, Level: min(x.level+1, 6), Text: text, Links: links})
	}
}

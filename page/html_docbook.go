package page

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Book-style HTML: what DocBook's chunked HTML (and other generated manuals)
// puts on every page that is not the page's content. The navigation header
// and footer are chrome by their class (chromeWords); the rest is
// recognised by its structure here: a figure whose only content is its
// image, an admonition's own label ("Note" in the cell beside its icon),
// and the section numbers DocBook writes into each title ("7.34. Add Alpha
// Channel"). Inline markup of the text itself ("the <span class=guimenu>
// menu</span>") is never chrome, whatever its class says (inSentence).

// wrapperTitle reports whether n is the title block of a section that
// wraps one titled section and nothing else of its own (a table of contents
// and empty anchors aside): DocBook's titlepage of an article made of one
// section, as a wiki page exported to DocBook is (the article titled
// "MatrixSynapse", its one section "Matrix Synapse (Chat Server)"). Read,
// the two titles are two headings over the same text, a page whose first
// section repeats it; without the wrapper's, the section's title is the
// page's (no <title>) and the page one level.
func wrapperTitle(n *html.Node) bool {
	if !titlepage(n) || n.Parent == nil {
		return false
	}
	var inner *html.Node
	for c := n.Parent.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c == n:
		case c.Type == html.TextNode:
			if strings.IndexFunc(c.Data, isWordRune) >= 0 {
				return false
			}
		case c.Type != html.ElementNode:
		case inner == nil && titledSection(c):
			inner = c
		default:
			class, _ := attr(c, "class")
			if !isChrome(class) && !emptyElement(c) {
				return false
			}
		}
	}
	return inner != nil
}

// titlepage reports whether n is DocBook's title block of a section
// (<div class="titlepage">).
func titlepage(n *html.Node) bool {
	if n.Type != html.ElementNode || n.DataAtom != atom.Div {
		return false
	}
	class, _ := attr(n, "class")
	return hasWord(nameWords(class), "titlepage")
}

// titledSection reports whether n is a section with a title block of its own.
func titledSection(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return titlepage(c)
		}
	}
	return false
}

// emptyElement reports whether n holds no words and no media: an anchor an
// index entry points to (<a class="indexterm"/>).
func emptyElement(n *html.Node) bool {
	var sb strings.Builder
	textOf(n, &sb)
	if strings.IndexFunc(sb.String(), isWordRune) >= 0 {
		return false
	}
	media := false
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		for c := n.FirstChild; c != nil && !media; c = c.NextSibling {
			media = c.DataAtom == atom.Img || c.DataAtom == atom.Picture || c.DataAtom == atom.Svg ||
				c.DataAtom == atom.Video || c.DataAtom == atom.Object || c.DataAtom == atom.Table
			visit(c)
		}
	}
	visit(n)
	return !media
}

// inSentence reports whether n is phrasing markup inside a sentence: an
// inline element beside words, the parent's own or a sibling's that is no
// chrome ("through <span class=guimenu>Layer</span> → <span
// class=guimenuitem>Add Alpha Channel</span>"). Its class names what it
// marks up (a menu's name, a key), not a part of the page; a breadcrumb's
// or a menu's links stand beside nothing but each other and separators.
func inSentence(n *html.Node) bool {
	if !phrasing(n) || n.Parent == nil {
		return false
	}
	for c := n.Parent.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c == n:
		case c.Type == html.TextNode:
			if strings.IndexFunc(c.Data, isWordRune) >= 0 {
				return true
			}
		case phrasing(c):
			class, _ := attr(c, "class")
			id, _ := attr(c, "id")
			if isChrome(class) || isChrome(id) {
				continue
			}
			var sb strings.Builder
			textOf(c, &sb)
			if strings.IndexFunc(sb.String(), isWordRune) >= 0 {
				return true
			}
		}
	}
	return false
}

// phrasing reports whether n is an element of running text.
func phrasing(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	switch n.DataAtom {
	case atom.Span, atom.A, atom.B, atom.Strong, atom.I, atom.Em, atom.Code, atom.Kbd,
		atom.Samp, atom.Var, atom.Abbr, atom.Cite, atom.Q, atom.Small, atom.Mark, atom.Tt:
		return true
	}
	return false
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// bodyBanner reports whether n is a banner at the top of the body, an
// element of id "banner" directly inside it (Publican's "Download the
// ebook" above every page of a book). A banner inside the content is the
// content's.
func bodyBanner(n *html.Node) bool {
	id, _ := attr(n, "id")
	return id == "banner" && n.Parent != nil && n.Parent.DataAtom == atom.Body
}

// qandaContents reports whether n is the list of questions DocBook's
// stylesheets put before an FAQ's entries: a <dl> in a div of class
// "qandaset" whose text is links and their numbers only ("1.2. <a>Where
// does the name come from?</a>"). Read as a description list, each
// question became a section whose text was the questions after it,
// beside the question's own section. A list with text of its own is an
// entry's.
func qandaContents(n *html.Node) bool {
	if n.DataAtom != atom.Dl || n.Parent == nil || n.Parent.DataAtom != atom.Div || !hasClass(n.Parent, "qandaset") {
		return false
	}
	return onlyLinksAndNumbers(n)
}

// onlyLinksAndNumbers reports whether the text of n outside its links is
// section numbers and spaces only.
func onlyLinksAndNumbers(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode:
			if strings.TrimFunc(c.Data, func(r rune) bool { return unicode.IsDigit(r) || r == '.' || unicode.IsSpace(r) }) != "" {
				return false
			}
		case c.Type == html.ElementNode && c.DataAtom != atom.A:
			if !onlyLinksAndNumbers(c) {
				return false
			}
		}
	}
	return true
}

// imageFigure reports whether n is a figure that holds nothing but media and
// its caption: the reader does not read images, so their caption ("Figure
// 14.182. The Text tool in Toolbox") would stand alone, a line a reply
// could quote and a short line the extractor would take for a heading.
func imageFigure(n *html.Node) bool {
	if n.DataAtom != atom.Figure {
		class, _ := attr(n, "class")
		figure := false
		for _, w := range nameWords(class) {
			figure = figure || w == "figure" || w == "informalfigure"
		}
		if !figure || n.DataAtom != atom.Div {
			return false
		}
	}
	media, text := false, false
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		for c := n.FirstChild; c != nil && !text; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode:
				text = strings.IndexFunc(c.Data, isWordRune) >= 0
			case c.Type != html.ElementNode:
			case c.DataAtom == atom.Img || c.DataAtom == atom.Picture || c.DataAtom == atom.Svg ||
				c.DataAtom == atom.Video || c.DataAtom == atom.Object:
				media = true
			case !isCaption(c):
				visit(c)
			}
		}
	}
	visit(n)
	return media && !text
}

// isCaption reports whether n is a figure's caption: <figcaption>, or an
// element of class "title" or "caption" (DocBook's <p class="title">).
func isCaption(n *html.Node) bool {
	if n.DataAtom == atom.Figcaption {
		return true
	}
	class, _ := attr(n, "class")
	for _, w := range nameWords(class) {
		if w == "title" || w == "caption" {
			return true
		}
	}
	return false
}

// admonitionTitle reports whether n is the label of the note or warning
// around it ("Note", "Tip", "Warning" beside the icon): the first text of
// that element, a word or two in a heading, a table header cell or an
// element of class "title". Notes on HTML pages are read without their
// label (html_notes.go); a label standing alone would become a section
// named "Note".
func admonitionTitle(n *html.Node) bool {
	label, ok := noteTitleText(n)
	return ok && len(label) <= 30 && len(strings.Fields(label)) <= 2
}

// noteTitle reports whether n is a note's title: what a reader writes as
// one (noteLabel), or on an HTML page the first text of a note or warning,
// in a heading, a table header cell or an element of class "title"
// ("Where to get help:", which admonitionTitle leaves, as longer than a
// kind's name).
func noteTitle(n *html.Node) bool {
	if class, _ := attr(n, "class"); n.DataAtom == atom.Span && class == noteLabelClass {
		return true
	}
	_, ok := noteTitleText(n)
	return ok
}

// noteTitleText returns the text of n when n is the title of the note or
// warning around it: the first text of that note, in a heading, a table
// header cell or an element of class "title".
func noteTitleText(n *html.Node) (string, bool) {
	switch n.DataAtom {
	case atom.Th, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
	default:
		class, _ := attr(n, "class")
		if !hasWord(nameWords(class), "title") {
			return "", false
		}
	}
	var sb strings.Builder
	textOf(n, &sb)
	label := strings.TrimSpace(sb.String())
	if label == "" {
		return "", false
	}
	note := admonitionAround(n)
	if note == nil {
		return "", false
	}
	sb.Reset()
	textOf(note, &sb)
	return label, strings.HasPrefix(strings.TrimSpace(sb.String()), label)
}

// admonitionAround returns the note or warning n is in, looking a few
// levels up (DocBook wraps a note's text in a table), or nil.
func admonitionAround(n *html.Node) *html.Node {
	p := n.Parent
	for depth := 0; p != nil && depth < 5; depth++ {
		if isAdmonition(p) {
			return p
		}
		p = p.Parent
	}
	return nil
}

// inAdmonition reports whether table t lays out a note: DocBook writes a
// note as a table of its icon and its text.
func inAdmonition(t *html.Node) bool { return admonitionAround(t) != nil }

// isAdmonition reports whether n is marked as a note or a warning.
func isAdmonition(n *html.Node) bool {
	if n.Type != html.ElementNode {
		return false
	}
	if role, _ := attr(n, "role"); strings.EqualFold(strings.TrimSpace(role), "note") {
		return true
	}
	class, _ := attr(n, "class")
	for _, w := range nameWords(class) {
		if noteWords[w] || warningKinds[w] {
			return true
		}
	}
	return false
}

func hasWord(words []string, w string) bool {
	for _, x := range words {
		if x == w {
			return true
		}
	}
	return false
}

// generatedByDocBook reports whether the page says DocBook's stylesheets
// wrote it (<meta name="generator" content="DocBook XSL Stylesheets ...">),
// or Publican, which publishes DocBook books with them (Red Hat's and
// Fedora's guides, the Debian Administrator's Handbook).
func generatedByDocBook(gq *goquery.Document) bool {
	g := generator(gq)
	return strings.HasPrefix(g, "docbook") || strings.HasPrefix(g, "publican")
}

// sectionLabel is the number DocBook writes before a title: "7.34. ",
// "2. ", "C.2. " (an appendix's letter), and the label of a chapter, part,
// appendix, example or procedure, one word of the book's language before
// its number or letter ("Chapter 15. ", "Part II. ", "Appendix C. ",
// "Example 6.1. ", "Procedure 6.1. "): without it the label's word and
// number would be title words of every chapter's page.
var sectionLabel = regexp.MustCompile(`^(?:\p{Lu}\p{Ll}+\s+(?:[IVXLC]+|[A-Z]|\d+)(?:\.\d+)*\.\s+|(?:[A-Z]|\d+)(?:\.\d+)*\.\s+)`)

// withoutSectionLabel removes a leading section number from a title; a
// title that is only a number is kept.
func withoutSectionLabel(s string) string { return withoutLabel(sectionLabel, s) }

// withoutLabel removes from s the label that label matches at its start,
// unless nothing but the label is there.
func withoutLabel(label *regexp.Regexp, s string) string {
	if loc := label.FindStringIndex(s); loc != nil && strings.IndexFunc(s[loc[1]:], isWordRune) >= 0 {
		return s[loc[1]:]
	}
	return s
}

// readDocBookSidebars reads DocBook's sidebars as the notes they are: a
// <sidebar> is a box beside the text ("TIP", "BACK TO BASICS",
// "PERSPECTIVE Btrfs combines LVM and RAID": 420 of them in the Debian
// Administrator's Handbook), written as <div class="sidebar">, which on
// any other page is the site's sidebar and was dropped as chrome.
func readDocBookSidebars(root *html.Node) {
	for _, n := range outermost(root, func(n *html.Node) bool { return n.DataAtom == atom.Div && hasClass(n, "sidebar") }) {
		removeAttr(n, "class")
		n.Attr = append(n.Attr, html.Attribute{Key: "class", Val: "note"})
	}
}

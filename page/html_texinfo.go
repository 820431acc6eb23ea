package page

import (
	"regexp"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// GNU Texinfo's HTML (makeinfo, texi2any): the manuals of GNU projects and
// many others, one page a node. Each page opens (and often closes) with a
// navigation panel, "Next: …, Previous: …, Up: … [Index]", its <title> is
// the node's name with the manual's after it in parentheses ("Backups
// (Acme Manual)"), headings carry their section numbers ("2.1 Backups"),
// and the index nodes are tables of entries. Read as any page, the panel
// was the root's text (its "Previous:" a situation of its own) and the
// manual's name a title word of every page.

// generatedByMakeinfo reports whether the page says Texinfo wrote it
// (<meta name="Generator" content="makeinfo"> up to Texinfo 6,
// "texi2any" since 7).
func generatedByMakeinfo(gq *goquery.Document) bool {
	content := generator(gq)
	return strings.HasPrefix(content, "makeinfo") || strings.HasPrefix(content, "texi2any")
}

// texinfoPanel reports whether n is a Texinfo node's navigation panel, a
// div of class "header" (Texinfo 6) or "nav-panel" (7): "Next: …,
// Previous: …, Up: … [Index]" at the top of a node, and again at the
// bottom of a long one (there without the links' rel, and in the
// manual's language).
func texinfoPanel(n *html.Node) bool {
	return n.DataAtom == atom.Div && hasClass(n, "header", "nav-panel")
}

// copiableAnchor reports whether n is the "¶" link Texinfo puts in each
// heading (class "copiable-anchor", since 7.1 "copiable-link").
func copiableAnchor(n *html.Node) bool {
	return n.DataAtom == atom.A && hasClass(n, "copiable-anchor", "copiable-link")
}

// texinfoManualTitle matches a Texinfo page's <title>: the node's name,
// then the manual's title in parentheses.
var texinfoManualTitle = regexp.MustCompile(`^(.*\S)\s+\(([^()]+)\)$`)

// texinfoTitle returns a Texinfo page's title without the manual's name
// after it; the Top node, the manual's first page, is titled by the
// manual.
func texinfoTitle(title string) string {
	m := texinfoManualTitle.FindStringSubmatch(title)
	if m == nil {
		return title
	}
	if m[1] == "Top" {
		return m[2]
	}
	return m[1]
}

// readTexinfo removes from a Texinfo page what is no text of its node:
// its navigation panels (texinfoPanel) and its indexes, their entries'
// tables ("index-cp" up to Texinfo 6, "cp-entries-printindex" in a
// "printindex" div since 7) and the "Jump to:" tables of letters beside
// them. An index lists every entry of the manual, each a link to where it
// is: nothing to answer from. It reports whether there was an index; a
// page that held nothing else is an index node, no page (ErrGenerated). A
// manual written as one page keeps its text.
func readTexinfo(root *html.Node) (index bool) {
	for _, n := range outermost(root, func(n *html.Node) bool { return texinfoPanel(n) || texinfoIndex(n) || emptyCategory(n) }) {
		index = index || texinfoIndex(n)
		n.Parent.RemoveChild(n)
	}
	return index
}

// emptyCategory reports whether n is the category of a definition that has
// none: makeinfo writes "<category>: " before each definition's signature,
// and a manual that leaves the category out (Octave's, 4,113 of them) had
// every signature read ": x = csvread (filename)".
func emptyCategory(n *html.Node) bool {
	if n.DataAtom != atom.Span || !hasClass(n, "category") && !hasClass(n, "category-def") {
		return false
	}
	return strings.TrimSuffix(textOfNode(n), ":") == "" // textOfNode collapses spaces
}

// texinfoIndex reports whether n is an index's table (or its div), or a
// table of the letters that jump into one.
func texinfoIndex(n *html.Node) bool {
	class, _ := attr(n, "class")
	switch n.DataAtom {
	case atom.Div:
		return hasClass(n, "printindex")
	case atom.Table:
		for _, c := range strings.Fields(class) {
			if strings.HasPrefix(c, "index-") || strings.HasSuffix(c, "printindex") {
				return true
			}
		}
		return holdsSummaryLetter(n)
	}
	return false
}

// holdsSummaryLetter reports whether n holds a link of class
// "summary-letter" (an index's "Jump to:" letters).
func holdsSummaryLetter(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (c.DataAtom == atom.A && hasClass(c, "summary-letter") || holdsSummaryLetter(c)) {
			return true
		}
	}
	return false
}

// texinfoSectionLabel is the number Texinfo writes before a heading:
// "2.1 ", "1 ", "A.2 ", "Appendix A ".
var texinfoSectionLabel = regexp.MustCompile(`^(?:\d+(?:\.\d+)*|[A-Z](?:\.\d+)+|Appendix\s+[A-Z](?:\.\d+)*)\s+`)

package page

import (
	"regexp"
	"slices"
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

// generator returns the lower-cased content of the page's generator meta
// element, or "".
func generator(gq *goquery.Document) string {
	content := ""
	gq.Find("meta[name][content]").EachWithBreak(func(_ int, s *goquery.Selection) bool {
		name, _ := s.Attr("name")
		if !strings.EqualFold(strings.TrimSpace(name), "generator") {
			return true
		}
		content, _ = s.Attr("content")
		content = strings.ToLower(strings.TrimSpace(content))
		return false
	})
	return content
}

// texinfoNav reports whether n is a Texinfo node's navigation panel: a
// div of class "header" (Texinfo 6) or "nav-panel" (7) holding a link to
// the next, previous or parent node (rel="next", "prev", "up"). "header"
// alone names any page's heading area; the node links tell the panel.
func texinfoNav(n *html.Node) bool {
	if n.DataAtom != atom.Div {
		return false
	}
	return hasClass(n, "header", "nav-panel") && hasNodeLink(n)
}

// hasClass reports whether element n has one of the classes names.
func hasClass(n *html.Node, names ...string) bool {
	class, _ := attr(n, "class")
	return slices.ContainsFunc(strings.Fields(class), func(c string) bool { return slices.Contains(names, c) })
}

// hasNodeLink reports whether n holds a link with rel next, prev or up.
func hasNodeLink(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if c.DataAtom == atom.A {
			rel, _ := attr(c, "rel")
			switch strings.ToLower(strings.TrimSpace(rel)) {
			case "next", "prev", "up":
				return true
			}
		}
		if hasNodeLink(c) {
			return true
		}
	}
	return false
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

// texinfoIndex reports whether the page is an index node: its entries'
// table ("index-cp" up to Texinfo 6, "cp-entries-printindex" and a
// "printindex" div since 7). Such a page is a list of every entry of the
// manual, each a link to where it is: no page to answer from (ErrGenerated).
func texinfoIndex(gq *goquery.Document) bool {
	return gq.Find(`table[class^="index-"], table[class*="printindex"], div.printindex`).Length() > 0
}

// texinfoSectionLabel is the number Texinfo writes before a heading:
// "2.1 ", "1 ", "A.2 ", "Appendix A ".
var texinfoSectionLabel = regexp.MustCompile(`^(?:\d+(?:\.\d+)*|[A-Z](?:\.\d+)+|Appendix\s+[A-Z](?:\.\d+)*)\s+`)

// withoutTexinfoLabel removes a heading's section number; a heading that
// is only a number is kept.
func withoutTexinfoLabel(s string) string {
	if loc := texinfoSectionLabel.FindStringIndex(s); loc != nil && strings.IndexFunc(s[loc[1]:], isWordRune) >= 0 {
		return s[loc[1]:]
	}
	return s
}

package page

import (
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// What an id names. The cleaner drops an element whose class or id names
// page chrome (isChrome), but an id is often a link target, named after
// what it marks: a heading's slug, a documented setting, an anchor.

// headingAnchor reports whether id is the anchor of a heading, made from
// its words: n is a heading, or the section whose first child with text is
// one, and the heading's words are the id's or the id's are its (numbers
// aside). Documentation tools name headings and sections so, Markdown
// sites and Sphinx by a slug ("sharing-a-folder",
// "s-queries-over-related-objects"), Texinfo by the node ("Block-Comments"),
// and a heading with a word of page chrome in it ("Sharing a folder",
// "Queries over related objects", "Language cookie") was dropped as
// chrome, with its whole section where the section held it. A sidebar or a
// comment thread is named for what it is, not for its heading ("sidebar"
// over "Related articles"; "comments" over "3 thoughts on …").
func headingAnchor(n *html.Node, id string) bool {
	if isHeading(n) {
		return namedAfter(id, n)
	}
	// Sphinx gives a section the first of its targets as id (a module's,
	// "s-module-django.db.models.fields.related") and the others to empty
	// spans before its heading ("relationship-fields").
	ids := []string{id}
	h := leadingHeading(n, &ids)
	return h != nil && slices.ContainsFunc(ids, func(id string) bool { return namedAfter(id, h) })
}

// leadingHeading returns the heading n's text opens with, looking into the
// wrappers around it (yelp writes <div class="inner"><div class="hgroup">
// around a section's heading), or nil; it adds to ids those of the empty
// elements before it.
func leadingHeading(n *html.Node, ids *[]string) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode:
			if strings.IndexFunc(c.Data, isWordRune) >= 0 {
				return nil
			}
		case c.Type != html.ElementNode:
		case textOfNode(c) == "":
			if v, ok := attr(c, "id"); ok {
				*ids = append(*ids, v)
			}
		case isHeading(c):
			return c
		default:
			return leadingHeading(c, ids)
		}
	}
	return nil
}

// namedAfter reports whether id is made of the words of heading h, or h of
// id's. Both are lowercased first: a slug keeps no capitals to split words
// at ("SameSite cookies", "s-samesite-cookies").
func namedAfter(id string, h *html.Node) bool {
	heading, anchor := wordsNotNumbers(strings.ToLower(textOfNode(h))), wordsNotNumbers(strings.ToLower(id))
	return len(heading) > 0 && len(anchor) > 0 && (subset(heading, anchor) || subset(anchor, heading))
}

// target reports whether n is a link target, an <a> with an id and no
// href. Written as XML (<a id="_the_pager"/>), such an anchor holds, read
// as HTML, all that follows it in its block (Debian Reference's
// sections).
func target(n *html.Node) bool {
	if n.DataAtom != atom.A {
		return false
	}
	_, href := attr(n, "href")
	return !href
}

// textBlock reports whether n is a block of text, whose id is a target for
// links to it and not the name of page chrome: Sphinx marks what it
// documents so ("std-fieldlookup-search", "std-setting-SESSION_COOKIE_AGE"
// on a paragraph or a term), and a paragraph on the search lookup was
// dropped for its "search".
func textBlock(n *html.Node) bool {
	switch n.DataAtom {
	case atom.P, atom.Dl, atom.Dt, atom.Dd, atom.Li, atom.Pre, atom.Blockquote, atom.Table, atom.Tr, atom.Td, atom.Code:
		return true
	}
	return false
}

func isHeading(n *html.Node) bool {
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// wordsNotNumbers is nameWords less the numbers ("2.7.2 Block Comments").
func wordsNotNumbers(v string) []string {
	return slices.DeleteFunc(nameWords(v), func(w string) bool { return strings.Trim(w, "0123456789") == "" })
}

// subset reports whether every word of a is one of b.
func subset(a, b []string) bool {
	for _, w := range a {
		if !slices.Contains(b, w) {
			return false
		}
	}
	return true
}

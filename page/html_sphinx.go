package page

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
)

// Sphinx's HTML (Read the Docs and most Python projects' manuals): besides
// its pages, a build writes pages no reader asks: the general and module
// indexes, the search page and, with the viewcode extension, a listing of
// each module's source. They are recognised by the structure Sphinx gives
// them, not by their names or words: an index table, a source listing's
// blocks and their links back to the documentation, the search page's
// results box beside the script of its search index. Their chrome (sidebar,
// related bar, the ¶ permalinks of headings) is already chrome by its class,
// role and form; what remains is the "[source]" link viewcode puts beside
// each documented function, and the icon-font glyphs of tab labels.

// ErrGenerated is a page a documentation tool generated for navigation, not
// for reading: an index, a search page, a source listing, a redirect. It is
// a page with no text of its own (errors.Is(err, ErrNoText)).
var ErrGenerated = fmt.Errorf("%w: an index, search page, source listing or redirect the documentation tool generated", ErrNoText)

// generatedSelector finds what only generated pages hold: Sphinx's index
// and source listings, and DocBook's back-of-book index (a letter's
// div.indexdiv of terms linked to where they occur: PostgreSQL's
// bookindex.html, GIMP's index), which answered "auto increment id column"
// with the entries under "A".
const generatedSelector = "table.indextable, div.viewcode-block, a.viewcode-back, div.index div.indexdiv"

// generatedPage reports whether the page is one of the generated pages
// (ErrGenerated).
func generatedPage(gq *goquery.Document) bool {
	if gq.Find(generatedSelector).Length() > 0 {
		return true
	}
	// The search page: its results box, filled by the script that loads
	// the search index. A results box alone may be any page's search widget.
	return gq.Find("#search-results").Length() > 0 && gq.Find(`script[src$="searchindex.js"]`).Length() > 0
}

// sourceLink reports whether n is the "[source]" label of viewcode's link
// from a documented object to its source listing (the link, left empty,
// goes with it).
func sourceLink(n *html.Node) bool {
	class, _ := attr(n, "class")
	for _, c := range strings.Fields(class) {
		if c == "viewcode-link" {
			return true
		}
	}
	return false
}

// iconGlyphs reports whether s is text of an icon font and no words: glyphs
// of the Unicode private use area, with at most spaces and punctuation
// beside them ("\uf17c/\uf179", Font Awesome's Linux and Apple logos on a tab
// label). A reader would see boxes.
func iconGlyphs(s string) bool {
	icon := false
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Co, r):
			icon = true
		case isWordRune(r):
			return false
		}
	}
	return icon
}

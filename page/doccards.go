package page

import (
	"cmp"
	"html"
	"path"
	"regexp"
	"slices"
	"strings"
)

// docCardList is Docusaurus' <DocCardList />, without items of its own:
// the cards of the category whose index the page is.
var docCardList = regexp.MustCompile(`^<DocCardList\s*/>$`)

// docCards is what <DocCardList /> shows on the page at rel, the index of
// its folder's category, as a list of links (site.pageLinks, as a Mallard
// guide's topics and a DITA topic's children): a card for each
// other page of the folder and for each folder below it that has an index
// page (index.md, README.md, or one named as the folder), each its title
// and front matter description, in path order (Docusaurus orders by
// sidebar_position, which most folders follow in their file names' number
// prefixes). A category index that is only the list read as a title
// alone, a page with nothing to say.
func (s *site) docCards(rel string) string {
	dir := path.Dir(unescapePath(rel))
	var cards []string
	for p := range s.pages {
		file := unescapePath(p)
		if p == rel || pageKind(p) != "md" {
			continue
		}
		d := path.Dir(file)
		stem := strings.TrimSuffix(path.Base(file), path.Ext(file))
		if d == dir || path.Dir(d) == dir && d != dir && (isIndexName(stem) || stem == path.Base(d)) {
			cards = append(cards, p)
		}
	}
	slices.Sort(cards)
	return s.pageLinks(cards, func(p string) string { return cmp.Or(s.titles[p], titleFromPath(unescapePath(p))) },
		func(p string) string { return "/" + html.EscapeString(p) })
}

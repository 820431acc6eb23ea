package page

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// languageLinks reports whether n is the page's list of its other
// languages: two links or more that name their language (hreflang), and
// outside its links no more than a label ("Available Languages: en | es |
// fr"). What it says is which translations exist, no answer.
func languageLinks(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Div, atom.P, atom.Ul, atom.Span:
	default:
		return false
	}
	hreflang, words := 0, 0
	var walk func(*html.Node)
	walk = func(p *html.Node) {
		// Past a label's words it is no such list: the cleaner asks of
		// every block, and a block of text is left unread.
		for c := p.FirstChild; c != nil && words <= maxLanguageLabelWords; c = c.NextSibling {
			switch {
			case c.Type == html.ElementNode && c.DataAtom == atom.A:
				if v, _ := attr(c, "hreflang"); strings.TrimSpace(v) != "" {
					hreflang++
				}
			case c.Type == html.TextNode:
				words += len(strings.FieldsFunc(c.Data, func(r rune) bool { return !isWordRune(r) }))
			case c.Type == html.ElementNode:
				walk(c)
			}
		}
	}
	walk(n)
	return hreflang >= 2 && words <= maxLanguageLabelWords
}

// maxLanguageLabelWords is how many words beside its links a list of
// languages may have: its label.
const maxLanguageLabelWords = 3

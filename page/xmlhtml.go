package page

import (
	"crypto/sha256"
	"encoding/hex"
	"html"
	"io"
	"strconv"
	"strings"
)

// What the XML readers (Mallard, DITA, DocBook) share of writing a page
// as HTML for the HTML reader: each names its own elements, the markup
// they become is one.

// writeHeading writes a heading of level (at most 6) whose content is
// text (HTML); an empty one says nothing and is left out.
func writeHeading(out io.StringWriter, level int, text string) {
	if text = strings.TrimSpace(text); text == "" {
		return
	}
	h := strconv.Itoa(min(level, 6))
	out.WriteString("<h" + h + ">" + text + "</h" + h + ">\n")
}

// writeTable writes n's rows as an HTML table: the rows are the elements
// isRow names, found through the elements isGroup names (a body, a head,
// a CALS tgroup), their cells the elements isCell names, each cell's
// content written by cell.
func writeTable(out io.StringWriter, n *xmlNode, isGroup, isRow, isCell func(*xmlNode) bool, cell func(*xmlNode)) {
	out.WriteString("<table>")
	var rows func(ns []*xmlNode)
	rows = func(ns []*xmlNode) {
		for _, k := range ns {
			switch {
			case isGroup(k):
				rows(k.kids)
			case isRow(k):
				out.WriteString("<tr>")
				for _, c := range k.kids {
					if isCell(c) {
						out.WriteString("<td>")
						cell(c)
						out.WriteString("</td>")
					}
				}
				out.WriteString("</tr>")
			}
		}
	}
	rows(n.kids)
	out.WriteString("</table>\n")
}

// writeList writes the elements of items that isItem names as the items
// of an HTML list of tag (ul, ol), each item's content written by item.
func writeList(out io.StringWriter, tag string, items []*xmlNode, isItem func(*xmlNode) bool, item func(*xmlNode)) {
	out.WriteString("<" + tag + ">")
	for _, it := range items {
		if isItem(it) {
			out.WriteString("<li>")
			item(it)
			out.WriteString("</li>")
		}
	}
	out.WriteString("</" + tag + ">\n")
}

// named returns a test of an element's name against names.
func named(names ...string) func(*xmlNode) bool {
	return func(n *xmlNode) bool {
		for _, name := range names {
			if n.name == name {
				return true
			}
		}
		return false
	}
}

// writeTerms writes entries as an HTML definition list: in each entry,
// the elements isTerm names its terms (their HTML by term), those isDesc
// names its descriptions (written by desc).
func writeTerms(out io.StringWriter, entries []*xmlNode, isTerm, isDesc func(*xmlNode) bool, term func(*xmlNode) string, desc func(*xmlNode)) {
	out.WriteString("<dl>")
	for _, e := range entries {
		for _, k := range e.kids {
			switch {
			case isTerm(k):
				out.WriteString("<dt>" + term(k) + "</dt>")
			case isDesc(k):
				out.WriteString("<dd>")
				desc(k)
				out.WriteString("</dd>")
			}
		}
	}
	out.WriteString("</dl>\n")
}

// looseText is the inline content found between a section's blocks (text
// and inline markup outside any paragraph), written as one paragraph
// when a block or the section's end closes it.
type looseText struct {
	nodes  []*xmlNode
	out    io.StringWriter
	inline func([]*xmlNode) string // the writer's inline content as HTML
}

// add takes n into the paragraph being gathered.
func (p *looseText) add(n *xmlNode) { p.nodes = append(p.nodes, n) }

// flush writes the paragraph gathered, if it says anything, and starts
// another.
func (p *looseText) flush() {
	if text := strings.TrimSpace(p.inline(p.nodes)); text != "" {
		p.out.WriteString("<p>" + text + "</p>\n")
	}
	p.nodes = p.nodes[:0]
}

// writePageHead writes the HTML a page kept as XML opens with: its title,
// its description as the page's, and the title as its first heading.
func writePageHead(out io.StringWriter, title, desc string) {
	out.WriteString("<!DOCTYPE html><html><head><title>" + html.EscapeString(title) + "</title>")
	if desc != "" {
		out.WriteString(`<meta name="description" content="` + html.EscapeString(desc) + `">`)
	}
	out.WriteString("</head><body><main><h1>" + html.EscapeString(title) + "</h1>\n")
}

// readXMLPage reads body, a page kept as XML (raw, at rel) written as HTML
// after writePageHead, as the HTML reader does (link resolves its links):
// titled title, its keywords its description's and then keywords, its
// language lang where that is a language tag, its content hash raw's.
func readXMLPage(body string, raw []byte, rel string, link func(string) (string, bool), title, desc string, keywords []string, lang string) (*Document, error) {
	p, err := parseHTMLPage([]byte(body+"</main></body></html>"), rel, "", link)
	if err != nil {
		return nil, err
	}
	doc := p.Document
	doc.Title = title
	doc.Keywords = append(Keywords(desc), keywords...)
	if l := langTag(lang, false); l != "" {
		doc.Lang = l
	}
	sum := sha256.Sum256(raw)
	doc.ContentHash = hex.EncodeToString(sum[:])
	return doc, nil
}

// joinParts writes the parts of a path or a key combination (a menu's
// items, keys) as HTML joined with sep, each part's HTML by part, which
// says whether the node is a part at all.
func joinParts(nodes []*xmlNode, sep string, part func(*xmlNode) (string, bool)) string {
	var parts []string
	for _, k := range nodes {
		if text, ok := part(k); ok {
			parts = append(parts, strings.TrimSpace(text))
		}
	}
	return strings.Join(parts, sep)
}

// pageLinks writes the folder's pages rels as a list of links, each its
// title (title) and its description (site.descs) in one link, to href:
// a Mallard guide's topic links and a DITA topic's child links, as yelp
// and DITA-OT hold them. The description inside the link: its words are
// the linked page's, not the listing page's (a link's words count for the
// page it leads to), or a page listing many outranks each of them on
// their own descriptions.
func (s *site) pageLinks(rels []string, title, href func(rel string) string) string {
	if len(rels) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("<ul>")
	for _, rel := range rels {
		b.WriteString(`<li><a href="` + href(rel) + `">` + html.EscapeString(title(rel)))
		if d := s.descs[rel]; d != "" {
			b.WriteString(": " + html.EscapeString(d))
		}
		b.WriteString("</a></li>")
	}
	b.WriteString("</ul>\n")
	return b.String()
}

package page

import (
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

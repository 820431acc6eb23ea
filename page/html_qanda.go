package page

import (
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// DocBook's stylesheets write an FAQ (qandaset) as a layout table: a row of
// class "question" (its number in one cell, the question in the next), a
// row of class "answer", and for each group of questions (qandadiv) a row
// holding its title. Read as a table, or as the cells' text, a question was
// a bold line inside the text of the page's section, and most questions
// no section of their own: the XML reader makes each a heading over its
// answer (docbook.go), and so does readDocBookQanda here.

// readDocBookQanda rewrites each such table under root as the sections it
// stands for: a group's title row as it is, each question a heading one
// level below the groups' (h4) without its number, each answer its cell's
// content. Other rows (the groups' lists of their questions, spacers) go.
func readDocBookQanda(root *html.Node) {
	for _, t := range outermost(root, func(n *html.Node) bool { return n.DataAtom == atom.Table && qandaTable(n) }) {
		var out []*html.Node
		for _, row := range tableRows(t) {
			cells := rowCells(row)
			if len(cells) == 0 {
				continue
			}
			switch rowClass(row) {
			case "qandadiv":
				out = append(out, adopt(atom.Div, cells...))
			case "question":
				h := adopt(atom.H4, cells[len(cells)-1]) // the number's cell before it
				out = append(out, h)
			case "answer":
				out = append(out, adopt(atom.Div, cells[len(cells)-1]))
			}
		}
		for _, n := range out {
			t.Parent.InsertBefore(n, t)
		}
		t.Parent.RemoveChild(t)
	}
}

// qandaTable reports whether table t holds a DocBook question row.
func qandaTable(t *html.Node) bool {
	return slices.ContainsFunc(tableRows(t), func(row *html.Node) bool { return rowClass(row) == "question" })
}

// rowClass returns the first of a row's classes, or "".
func rowClass(row *html.Node) string {
	class, _ := attr(row, "class")
	if f := strings.Fields(class); len(f) > 0 {
		return f[0]
	}
	return ""
}

// rowCells returns a row's cells.
func rowCells(row *html.Node) []*html.Node {
	var cells []*html.Node
	for c := row.FirstChild; c != nil; c = c.NextSibling {
		if c.DataAtom == atom.Td || c.DataAtom == atom.Th {
			cells = append(cells, c)
		}
	}
	return cells
}

// adopt returns a new element a holding the children of each of from, in
// order (moved, not copied).
func adopt(a atom.Atom, from ...*html.Node) *html.Node {
	n := &html.Node{Type: html.ElementNode, DataAtom: a, Data: a.String()}
	for _, f := range from {
		for c := f.FirstChild; c != nil; {
			next := c.NextSibling
			f.RemoveChild(c)
			n.AppendChild(c)
			c = next
		}
	}
	return n
}

// outermost returns the elements under root that match, in document
// order, without looking inside one that does.
func outermost(root *html.Node, match func(*html.Node) bool) []*html.Node {
	var found []*html.Node
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		if n.Type == html.ElementNode && match(n) {
			found = append(found, n)
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(root)
	return found
}

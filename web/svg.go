package web

import (
	"strings"

	"github.com/helpgraph/helpgraph/graph"
)

// svgPicture is a page's node tree laid out for drawing as SVG on the server.
type svgPicture struct {
	Width, Height int
	Boxes         []svgBox
	Lines         []svgLine
}

type svgBox struct {
	ID      string
	Lines   []string // the label, wrapped
	Title   string   // the full problem, shown on hover
	X, Y    int
	Current bool
}

type svgLine struct{ X1, Y1, X2, Y2 int }

// Layout sizes, in SVG user units.
const (
	boxW, boxH = 180, 44
	gapX, gapY = 16, 40
	margin     = 8
	maxDrawn   = 200 // a page with more nodes is drawn in part
	labelRunes = 26
	ellipsis   = "…"
)

// layoutPageTree lays out the tree of nodeID's page as layers: depth is the
// row; leaves take consecutive columns and a parent sits centred over its
// children. Nodes the page's tree does not reach are drawn as extra trees.
func layoutPageTree(ix *graph.Index, nodeID string) svgPicture {
	n := ix.Node(nodeID)
	if n == nil {
		return svgPicture{}
	}
	var pic svgPicture
	placed := map[string]bool{}
	centre := map[string]int{} // node id -> x centre
	nextSlot, maxDepth := 0, 0

	var place func(id string, depth int) int
	place = func(id string, depth int) int {
		placed[id] = true
		maxDepth = max(maxDepth, depth)
		var kids []int
		for _, c := range ix.Children(id) {
			if !placed[c] && len(placed) < maxDrawn && ix.Node(c) != nil && ix.Node(c).Page == n.Page {
				kids = append(kids, place(c, depth+1))
			}
		}
		var x int
		if len(kids) == 0 {
			x = margin + nextSlot*(boxW+gapX) + boxW/2
			nextSlot++
		} else {
			x = (kids[0] + kids[len(kids)-1]) / 2
		}
		centre[id] = x
		node := ix.Node(id)
		y := margin + depth*(boxH+gapY)
		// Siblings usually share the problem and differ by condition, so the
		// condition is the more telling label.
		label := node.Problem
		if node.Condition != "" {
			label = node.Condition
		}
		pic.Boxes = append(pic.Boxes, svgBox{
			ID: id, Lines: wrap(label, labelRunes, 2), Title: node.Problem,
			X: x - boxW/2, Y: y, Current: id == nodeID,
		})
		for _, k := range kids {
			pic.Lines = append(pic.Lines, svgLine{X1: x, Y1: y + boxH, X2: k, Y2: y + boxH + gapY})
		}
		return x
	}

	starts := []string{}
	if r := ix.Root(n.Page); r != "" {
		starts = append(starts, r)
	}
	starts = append(starts, ix.PageNodes(n.Page)...)
	for _, id := range starts {
		if placed[id] || len(placed) >= maxDrawn {
			continue
		}
		if p := ix.Parent(id); p != "" && ix.Node(p) != nil && ix.Node(p).Page == n.Page {
			continue // reached from its parent's tree
		}
		place(id, 0)
	}
	pic.Width = 2*margin + max(1, nextSlot)*(boxW+gapX) - gapX
	pic.Height = 2*margin + (maxDepth+1)*(boxH+gapY) - gapY
	return pic
}

// wrap breaks s at spaces into at most maxLines lines of at most width
// runes, ending with an ellipsis when s does not fit.
// lineY returns the baseline of label line i of n in a box at y.
func lineY(y, i, n int) int {
	const lineHeight = 15
	return y + boxH/2 + 4 - (n-1)*lineHeight/2 + i*lineHeight
}

func wrap(s string, width, maxLines int) []string {
	var lines []string
	line := ""
	words := strings.Fields(s)
	for _, w := range words {
		if len([]rune(w)) > width { // a word longer than a line is cut
			w = string([]rune(w)[:width-1]) + ellipsis
		}
		switch {
		case line == "":
			line = w
		case len([]rune(line))+1+len([]rune(w)) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
		if len(lines) == maxLines {
			last := []rune(lines[maxLines-1])
			if len(last) >= width {
				last = last[:width-1]
			}
			lines[maxLines-1] = string(last) + ellipsis
			return lines
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

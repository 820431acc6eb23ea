package web

import (
	"cmp"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/helpgraph/helpgraph/graph"
)

// mapView is the whole graph drawn for people: one box per page (with its
// node count), pages clustered by the section of the site they are in, and
// a curve for the references from one page to another. Drawing pages, not
// nodes, keeps it readable at thousands of nodes.
type mapView struct {
	Width, Height       int
	Sections            []mapSection
	Pages               []mapPage
	Links               []mapLink
	NodeCount, RefCount int
	Dropped             int // weakest links left out
}

type mapSection struct {
	Label      string
	X, Y, W, H int
}

type mapPage struct {
	URL, Title, Root string
	Lines            []string
	Nodes            int
	Failed           bool
	X, Y             int
}

type mapLink struct {
	D     string // SVG path
	Width string
	Title string
}

const (
	mapBoxW, mapBoxH = 170, 48
	mapGap           = 10
	mapPad           = 12
	mapLabelH        = 22
	mapMaxW          = 1080 // about the admin pages' width
	mapMaxCols       = 4
	mapMaxLinks      = 3000
)

// folders are where a page's URL puts it: its host, then each folder
// above the page.
func folders(pageURL string) []string {
	u, err := url.Parse(pageURL)
	if err != nil {
		return []string{pageURL}
	}
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	return append([]string{u.Host}, parts[:len(parts)-1]...)
}

// sections groups pages by the section of the site each is in: the first
// folder below the folders all pages share. A help center whose every page
// sits under one folder (LibreOffice's 1,672 under en-US/text/) is grouped
// by its applications, not drawn as one box of all its pages. A section is
// named by its path ("h.test/billing", "/en-US/text/scalc"); pages at the
// top of a site with no folders are in "/".
func sections(pages []graph.Page) map[string][]graph.Page {
	paths := make([][]string, len(pages))
	var shared []string
	for i, p := range pages {
		paths[i] = folders(p.URL)
		if i == 0 {
			shared = paths[i]
			continue
		}
		n := 0
		for n < len(shared) && n < len(paths[i]) && shared[n] == paths[i][n] {
			n++
		}
		shared = shared[:n]
	}
	out := map[string][]graph.Page{}
	for i, p := range pages {
		name := strings.Join(paths[i][:min(len(shared)+1, len(paths[i]))], "/")
		if name == "" {
			name = "/"
		}
		out[name] = append(out[name], p)
	}
	return out
}

func layoutGraphMap(g *graph.Graph, ix *graph.Index) mapView {
	v := mapView{NodeCount: len(g.Nodes)}
	bySection := sections(g.Pages)
	names := make([]string, 0, len(bySection))
	for s := range bySection {
		names = append(names, s)
	}
	slices.Sort(names)

	centre := map[string][2]int{}
	x, y, rowH := mapGap, mapGap, 0
	for _, name := range names {
		pages := bySection[name]
		slices.SortFunc(pages, func(a, b graph.Page) int { return strings.Compare(a.URL, b.URL) })
		cols := min(mapMaxCols, len(pages))
		rows := (len(pages) + cols - 1) / cols
		label := name + " (" + plural(len(pages), "page") + ")"
		// Wide enough for its label too (about 7.5 units a character at 13px).
		w := max(2*mapPad+cols*mapBoxW+(cols-1)*mapGap, 2*mapPad+len([]rune(label))*15/2)
		h := mapLabelH + 2*mapPad + rows*mapBoxH + (rows-1)*mapGap
		if x+w > mapMaxW && x > mapGap {
			x, y, rowH = mapGap, y+rowH+mapGap, 0
		}
		v.Sections = append(v.Sections, mapSection{Label: label, X: x, Y: y, W: w, H: h})
		for i, p := range pages {
			px := x + mapPad + (i%cols)*(mapBoxW+mapGap)
			py := y + mapLabelH + mapPad + (i/cols)*(mapBoxH+mapGap)
			mp := mapPage{URL: p.URL, Title: cmp.Or(p.Title, p.URL), Root: ix.Root(p.URL), Nodes: len(ix.PageNodes(p.URL)),
				Failed: p.Status == graph.PageFailed, X: px, Y: py}
			mp.Lines = wrapLabel(mp.Title, 24, 2)
			v.Pages = append(v.Pages, mp)
			centre[p.URL] = [2]int{px + mapBoxW/2, py + mapBoxH/2}
		}
		x += w + mapGap
		rowH = max(rowH, h)
		v.Width = max(v.Width, x)
	}
	v.Height = y + rowH + mapGap

	// References between pages, counted, strongest first.
	type pair struct{ from, to string }
	counts := map[pair]int{}
	for _, e := range g.Edges {
		if e.Type != graph.Reference {
			continue
		}
		a, b := ix.Node(e.From), ix.Node(e.To)
		if a == nil || b == nil || a.Page == b.Page {
			continue
		}
		counts[pair{a.Page, b.Page}]++
		v.RefCount++
	}
	pairs := make([]pair, 0, len(counts))
	for p := range counts {
		pairs = append(pairs, p)
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		return cmp.Or(cmp.Compare(counts[b], counts[a]), strings.Compare(a.from, b.from), strings.Compare(a.to, b.to))
	})
	if len(pairs) > mapMaxLinks {
		v.Dropped = len(pairs) - mapMaxLinks
		pairs = pairs[:mapMaxLinks]
	}
	for _, p := range pairs {
		a, okA := centre[p.from]
		b, okB := centre[p.to]
		if !okA || !okB {
			continue
		}
		// Bend each curve to its right, so A→B and B→A stay apart.
		mx, my := float64(a[0]+b[0])/2, float64(a[1]+b[1])/2
		dx, dy := float64(b[0]-a[0]), float64(b[1]-a[1])
		cx, cy := mx-dy*0.15, my+dx*0.15
		v.Links = append(v.Links, mapLink{
			D:     fmt.Sprintf("M%d %d Q%.0f %.0f %d %d", a[0], a[1], cx, cy, b[0], b[1]),
			Width: fmt.Sprintf("%.1f", 1+math.Log2(float64(counts[p]))),
			Title: fmt.Sprintf("%s → %s: %d references", p.from, p.to, counts[p]),
		})
	}
	return v
}

// wrapLabel wraps s into at most lines lines of about width runes.
func wrapLabel(s string, width, lines int) []string {
	var out []string
	cur := ""
	for _, w := range strings.Fields(s) {
		switch {
		case cur == "":
			cur = w
		case len([]rune(cur))+1+len([]rune(w)) <= width:
			cur += " " + w
		default:
			out = append(out, cur)
			cur = w
		}
		if len(out) == lines {
			break
		}
	}
	if cur != "" && len(out) < lines {
		out = append(out, cur)
	}
	if len(out) == lines && strings.Join(out, " ") != strings.Join(strings.Fields(s), " ") {
		r := []rune(out[lines-1])
		out[lines-1] = string(r[:min(len(r), width-1)]) + ellipsis
	}
	for i, l := range out {
		if r := []rune(l); len(r) > width {
			out[i] = string(r[:width-1]) + ellipsis
		}
	}
	return out
}

func (s *Server) graphMap(c *fiber.Ctx) error {
	cur := s.current.Load()
	if cur == nil {
		return errNotReady
	}
	return render(c, fiber.StatusOK, graphMapPage(layoutGraphMap(cur.graph, cur.index)))
}

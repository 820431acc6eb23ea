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
	// Scope is the part of the site drawn ("" for the whole of it), Up
	// the map one level above it; Overview says the boxes are sections to
	// open, not pages (too many pages to draw at once), and PageCount how
	// many pages the scope holds.
	Scope, Up  string
	Overview   bool
	PageCount  int
	TotalPages int
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
	// Href, on an overview, opens the section the box stands for; Count
	// says what it holds ("274 pages"; a page's box shows its nodes).
	Href  string
	Count string
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
	mapMaxCols       = 5
	mapMaxLinks      = 3000
	// mapMaxPages is the most page boxes one map draws: a bigger help
	// center (LibreOffice's 1,672 pages ran to 20,000 pixels) is drawn as
	// its sections, each a box that opens its own map.
	mapMaxPages = 300
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

// folderPath is the folders a page's URL puts it in, joined as sections
// name them ("h.test/billing", "/en-US/text/scalc"; "" at the top).
func folderPath(pageURL string) string { return strings.Join(folders(pageURL), "/") }

// mapScope is the part of a site a map draws: the pages under In (all of
// them when In is ""), or with Here only those directly in it, not in its
// sub-folders (a section's own pages beside its sub-sections).
type mapScope struct {
	In   string
	Here bool
}

// pages returns those of pages in scope.
func (sc mapScope) pages(pages []graph.Page) []graph.Page {
	in := strings.TrimSuffix(sc.In, "/") // "/" names the top of a site
	var out []graph.Page
	for _, p := range pages {
		fp := folderPath(p.URL)
		if fp == in || !sc.Here && (in == "" || strings.HasPrefix(fp, in+"/")) {
			out = append(out, p)
		}
	}
	return out
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

// layoutGraphMap draws the pages of g in scope, or, when they are more
// than mapMaxPages and lie in more than one section, their sections.
func layoutGraphMap(g *graph.Graph, ix *graph.Index, scope mapScope) mapView {
	v := mapView{NodeCount: len(g.Nodes), Scope: scope.In, TotalPages: len(g.Pages)}
	if scope.In != "" {
		v.Up = parentScope(scope)
	}
	inScope := scope.pages(g.Pages)
	v.PageCount = len(inScope)
	bySection := sections(inScope)
	names := make([]string, 0, len(bySection))
	for s := range bySection {
		names = append(names, s)
	}
	slices.Sort(names)
	if len(inScope) > mapMaxPages && len(names) > 1 {
		return layoutOverview(g, ix, v, bySection, names)
	}

	centre := map[string][2]int{}
	x, y, rowH := mapGap, mapGap, 0
	for _, name := range names {
		pages := bySection[name]
		slices.SortFunc(pages, func(a, b graph.Page) int { return strings.Compare(a.URL, b.URL) })
		gr := boxGrid{n: len(pages), label: name + " (" + plural(len(pages), "page") + ")", gap: mapGap, padY: mapPad}
		w, h := gr.size()
		if x+w > mapMaxW && x > mapGap {
			x, y, rowH = mapGap, y+rowH+mapGap, 0
		}
		v.Sections = append(v.Sections, mapSection{Label: gr.label, X: x, Y: y, W: w, H: h})
		for i, p := range pages {
			px, py := gr.box(x, y, i)
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

	drawn := func(page string) string {
		if _, ok := centre[page]; ok {
			return page
		}
		return ""
	}
	v.Links, v.RefCount, v.Dropped = drawLinks(g, ix, drawn, centre, pageBend)
	return v
}

// boxGrid is a labelled frame of n boxes in rows of at most mapMaxCols,
// gap apart, mapPad inside the frame's sides and padY above and below.
type boxGrid struct {
	n         int
	label     string
	gap, padY int
}

// size is the frame's width and height: wide enough for its label too
// (about 7.5 units a character at 13px).
func (gr boxGrid) size() (w, h int) {
	cols := min(mapMaxCols, gr.n)
	rows := (gr.n + cols - 1) / cols
	w = max(2*mapPad+cols*mapBoxW+(cols-1)*gr.gap, 2*mapPad+len([]rune(gr.label))*15/2)
	h = mapLabelH + 2*gr.padY + rows*mapBoxH + (rows-1)*gr.gap
	return w, h
}

// box is where the top left corner of box i lies in a frame at x, y.
func (gr boxGrid) box(x, y, i int) (px, py int) {
	cols := min(mapMaxCols, gr.n)
	return x + mapPad + (i%cols)*(mapBoxW+gr.gap), y + mapLabelH + gr.padY + (i/cols)*(mapBoxH+gr.gap)
}

// How far a reference's curve bends to its right, as a share of its
// length: a little between pages, more between sections, whose boxes
// stand side by side and would hide a flatter curve.
const (
	pageBend    = 0.15
	sectionBend = 0.4
)

// layoutOverview draws the sections of v's scope (names, sorted, and their
// pages) as boxes, each opening the map of its own pages, and the
// references between them.
func layoutOverview(g *graph.Graph, ix *graph.Index, v mapView, bySection map[string][]graph.Page, names []string) mapView {
	v.Overview = true
	// Wide gaps and room above and below the boxes: the curves between
	// sections bend out of their way.
	gr := boxGrid{n: len(names), label: cmp.Or(v.Scope, "Whole site") + " (" + plural(len(names), "section") + ")", gap: 4 * mapGap, padY: mapPad + mapBoxH}
	w, h := gr.size()
	v.Sections = []mapSection{{Label: gr.label, X: mapGap, Y: mapGap, W: w, H: h}}
	v.Width, v.Height = w+2*mapGap, h+2*mapGap
	centre := map[string][2]int{}
	sectionOf := map[string]string{}
	for i, name := range names {
		pages := bySection[name]
		nodes := 0
		for _, p := range pages {
			nodes += len(ix.PageNodes(p.URL))
			sectionOf[p.URL] = name
		}
		// A section whose pages all lie directly in its folder opens as
		// those pages; one with sub-folders opens as the whole of it.
		here := !slices.ContainsFunc(pages, func(p graph.Page) bool { return folderPath(p.URL) != strings.TrimSuffix(name, "/") })
		px, py := gr.box(mapGap, mapGap, i)
		// Named by its last folder: the boxes' common path is the label
		// above them. A section's own pages beside its sub-sections say so.
		short := name[strings.LastIndex(strings.TrimSuffix(name, "/"), "/")+1:]
		if here && slices.ContainsFunc(names, func(o string) bool { return o != name && strings.HasPrefix(o, name+"/") }) {
			short += " (its own pages)"
		}
		v.Pages = append(v.Pages, mapPage{URL: name, Title: name, Lines: wrapLabel(cmp.Or(short, name), 24, 2), Nodes: nodes,
			Count: plural(len(pages), "page") + " · " + plural(nodes, "node"), Href: mapScopeURL(mapScope{In: name, Here: here}), X: px, Y: py})
		centre[name] = [2]int{px + mapBoxW/2, py + mapBoxH/2}
	}
	v.Links, v.RefCount, v.Dropped = drawLinks(g, ix, func(page string) string { return sectionOf[page] }, centre, sectionBend)
	return v
}

// drawLinks draws the references between the boxes of a map, counted,
// strongest first: box names a page's box ("" for none drawn), centre
// where each box is, bend how far a curve bends. It returns the curves, how many references run
// between two boxes and how many of the weakest links it left out.
func drawLinks(g *graph.Graph, ix *graph.Index, box func(page string) string, centre map[string][2]int, bend float64) (links []mapLink, refs, dropped int) {
	type pair struct{ from, to string }
	counts := map[pair]int{}
	for _, e := range g.Edges {
		if e.Type != graph.Reference {
			continue
		}
		a, b := ix.Node(e.From), ix.Node(e.To)
		if a == nil || b == nil {
			continue
		}
		from, to := box(a.Page), box(b.Page)
		if from == "" || to == "" || from == to {
			continue
		}
		counts[pair{from, to}]++
		refs++
	}
	pairs := make([]pair, 0, len(counts))
	for p := range counts {
		pairs = append(pairs, p)
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		return cmp.Or(cmp.Compare(counts[b], counts[a]), strings.Compare(a.from, b.from), strings.Compare(a.to, b.to))
	})
	if len(pairs) > mapMaxLinks {
		dropped = len(pairs) - mapMaxLinks
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
		cx, cy := mx-dy*bend, my+dx*bend
		links = append(links, mapLink{
			D:     fmt.Sprintf("M%d %d Q%.0f %.0f %d %d", a[0], a[1], cx, cy, b[0], b[1]),
			Width: fmt.Sprintf("%.1f", 1+math.Log2(float64(counts[p]))),
			Title: fmt.Sprintf("%s → %s: %d references", p.from, p.to, counts[p]),
		})
	}
	return links, refs, dropped
}

// mapScopeURL is the address of the map of sc.
func mapScopeURL(sc mapScope) string {
	if sc.In == "" {
		return "/admin/graph/map"
	}
	q := url.Values{"in": {sc.In}}
	if sc.Here {
		q.Set("here", "1")
	}
	return "/admin/graph/map?" + q.Encode()
}

// parentScope is the address of the map one level above sc: the whole
// section for its own pages, the folder above for a section.
func parentScope(sc mapScope) string {
	if sc.Here {
		return mapScopeURL(mapScope{In: sc.In})
	}
	in := strings.TrimSuffix(sc.In, "/")
	i := strings.LastIndex(in, "/")
	if i <= 0 {
		return mapScopeURL(mapScope{})
	}
	return mapScopeURL(mapScope{In: in[:i]})
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
	scope := mapScope{In: c.Query("in"), Here: c.Query("here") != ""}
	v := layoutGraphMap(cur.graph, cur.index, scope)
	if v.PageCount == 0 && scope.In != "" {
		return fmt.Errorf("no page of the help center lies in %q: %w", scope.In, errNotFound)
	}
	return render(c, fiber.StatusOK, graphMapPage(v))
}

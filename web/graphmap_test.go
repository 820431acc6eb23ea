package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestLayoutGraphMap(t *testing.T) {
	g := &graph.Graph{
		Pages: []graph.Page{
			{URL: "https://h.test/billing/refunds", Title: "Refunds"},
			{URL: "https://h.test/billing/invoices", Title: "Invoices"},
			{URL: "https://h.test/account/password", Title: "Password"},
		},
		Nodes: []graph.Node{
			{ID: "r", Page: "https://h.test/billing/refunds", Root: true},
			{ID: "r2", Page: "https://h.test/billing/refunds"},
			{ID: "i", Page: "https://h.test/billing/invoices", Root: true},
			{ID: "p", Page: "https://h.test/account/password", Root: true},
		},
		Edges: []graph.Edge{
			{From: "r", To: "r2", Type: graph.Child},
			{From: "r", To: "i", Type: graph.Reference},
			{From: "r2", To: "i", Type: graph.Reference},
			{From: "p", To: "r", Type: graph.Reference},
			{From: "r2", To: "r", Type: graph.Reference}, // same page: not drawn
		},
	}
	v := layoutGraphMap(g, graph.NewIndex(g), mapScope{})
	if len(v.Sections) != 2 || v.Sections[0].Label != "h.test/account (1 page)" || v.Sections[1].Label != "h.test/billing (2 pages)" {
		t.Errorf("sections = %+v", v.Sections)
	}
	if len(v.Pages) != 3 || v.RefCount != 3 || len(v.Links) != 2 {
		t.Fatalf("%d pages, %d references, %d links; want 3, 3, 2", len(v.Pages), v.RefCount, len(v.Links))
	}
	if !strings.Contains(v.Links[0].Title, "refunds → https://h.test/billing/invoices: 2 references") || v.Links[0].Width != "2.0" {
		t.Errorf("strongest link = %+v", v.Links[0])
	}
	for _, p := range v.Pages {
		if p.X+mapBoxW > v.Width || p.Y+mapBoxH > v.Height {
			t.Errorf("page %s at %d,%d outside %dx%d", p.URL, p.X, p.Y, v.Width, v.Height)
		}
		if p.URL == "https://h.test/billing/refunds" && (p.Nodes != 2 || p.Root != "r") {
			t.Errorf("refunds page = %+v", p)
		}
	}
	if got := wrapLabel("An error occurs when I try to change my reservation online", 24, 2); len(got) != 2 || !strings.HasSuffix(got[1], "…") {
		t.Errorf("wrapLabel = %q", got)
	}
}

func TestGraphMapPage(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	status, page := adminGet(t, env, "/admin/graph/map")
	if status != 200 || !strings.Contains(page, "<svg") || !strings.Contains(page, `href="/admin/nodes/root"`) {
		t.Errorf("map: %d, no page box linking to its tree", status)
	}
	if status, page := adminGet(t, env, "/admin/graph/map?in=%2Fnowhere"); status != 404 || !strings.Contains(page, "/nowhere") {
		t.Errorf("map of a folder with no page: %d, want 404 naming it", status)
	}
}

// Pages are grouped by the first folder below the folders they all share,
// so a help center under one folder is not drawn as one box of all its
// pages, and pages with no folder are grouped under "/", not under no name.
func TestMapSections(t *testing.T) {
	tests := []struct {
		name string
		urls []string
		want map[string]int // section: pages
	}{
		{"site sections", []string{"https://h.test/billing/refunds", "https://h.test/billing/invoices", "https://h.test/account/password"},
			map[string]int{"h.test/billing": 2, "h.test/account": 1}},
		{"all under one folder", []string{"en-US/text/scalc/01/a.html", "en-US/text/scalc/02/b.html", "en-US/text/swriter/c.html", "en-US/text/d.html"},
			map[string]int{"/en-US/text/scalc": 2, "/en-US/text/swriter": 1, "/en-US/text": 1}},
		{"no folders", []string{"mouse-click.html", "net-wireless.html"},
			map[string]int{"/": 2}},
		{"top page beside folders", []string{"index.md", "general/a.md", "guides/b.md"},
			map[string]int{"/": 1, "/general": 1, "/guides": 1}},
		{"two sites", []string{"https://a.test/x/1", "https://b.test/x/2"},
			map[string]int{"a.test": 1, "b.test": 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var pages []graph.Page
			for _, u := range tt.urls {
				pages = append(pages, graph.Page{URL: u})
			}
			got := map[string]int{}
			for name, ps := range sections(pages) {
				got[name] = len(ps)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("sections = %v, want %v", got, tt.want)
			}
		})
	}
}

// A help center of more pages than one map draws is drawn as its sections,
// each a box opening the map of its own pages; the references between
// pages are counted between their sections.
func TestLayoutGraphMapOverview(t *testing.T) {
	g := &graph.Graph{}
	addPage := func(url string) {
		id := fmt.Sprint(len(g.Nodes))
		g.Pages = append(g.Pages, graph.Page{URL: url})
		g.Nodes = append(g.Nodes, graph.Node{ID: id, Page: url, Root: true})
	}
	for i := range mapMaxPages {
		addPage(fmt.Sprintf("en/text/calc/01/%d.html", i))
	}
	addPage("en/text/calc/guide/a.html")
	addPage("en/text/writer/b.html")
	addPage("en/text/index.html")
	g.Edges = []graph.Edge{
		{From: "0", To: "1", Type: graph.Reference},                         // within calc: not drawn
		{From: "0", To: fmt.Sprint(mapMaxPages + 1), Type: graph.Reference}, // calc → writer
		{From: "1", To: fmt.Sprint(mapMaxPages + 1), Type: graph.Reference},
	}
	ix := graph.NewIndex(g)
	tests := []struct {
		scope    mapScope
		overview bool
		boxes    map[string]string // box title: its link (overview) or count
		up       string
		pages    int
	}{
		{mapScope{}, true, map[string]string{
			"/en/text/calc":   "/admin/graph/map?in=%2Fen%2Ftext%2Fcalc",
			"/en/text/writer": "/admin/graph/map?here=1&in=%2Fen%2Ftext%2Fwriter",
			"/en/text":        "/admin/graph/map?here=1&in=%2Fen%2Ftext",
		}, "", mapMaxPages + 3},
		{mapScope{In: "/en/text/calc"}, true, map[string]string{
			"/en/text/calc/01":    "/admin/graph/map?here=1&in=%2Fen%2Ftext%2Fcalc%2F01",
			"/en/text/calc/guide": "/admin/graph/map?here=1&in=%2Fen%2Ftext%2Fcalc%2Fguide",
		}, "/admin/graph/map?in=%2Fen%2Ftext", mapMaxPages + 1},
		{mapScope{In: "/en/text", Here: true}, false, map[string]string{"en/text/index.html": ""}, "/admin/graph/map?in=%2Fen%2Ftext", 1},
		{mapScope{In: "/en/text/calc/01", Here: true}, false, nil, "/admin/graph/map?in=%2Fen%2Ftext%2Fcalc%2F01", mapMaxPages},
		{mapScope{In: "/en/nowhere"}, false, map[string]string{}, "/admin/graph/map?in=%2Fen", 0},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.scope), func(t *testing.T) {
			v := layoutGraphMap(g, ix, tt.scope)
			if v.Overview != tt.overview || v.PageCount != tt.pages || v.Up != tt.up {
				t.Errorf("overview %v, %d pages, up %q; want %v, %d, %q", v.Overview, v.PageCount, v.Up, tt.overview, tt.pages, tt.up)
			}
			if tt.boxes == nil {
				return
			}
			got := map[string]string{}
			for _, p := range v.Pages {
				got[p.Title] = p.Href
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.boxes) {
				t.Errorf("boxes = %v, want %v", got, tt.boxes)
			}
		})
	}
	v := layoutGraphMap(g, ix, mapScope{})
	if v.RefCount != 2 || len(v.Links) != 1 || !strings.Contains(v.Links[0].Title, "/en/text/calc → /en/text/writer: 2 references") {
		t.Errorf("%d references, links %+v; want 2 in one calc → writer link", v.RefCount, v.Links)
	}
	if v.Height > 400 {
		t.Errorf("overview is %d px high", v.Height)
	}
}

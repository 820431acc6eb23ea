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
	v := layoutGraphMap(g, graph.NewIndex(g))
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

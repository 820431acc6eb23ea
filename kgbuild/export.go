package kgbuild

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/helpgraph/helpgraph/graph"
)

// Export is the public JSON shape of a whole graph (helpgraph export).
type Export struct {
	Pages []ExportPage `json:"pages"`
	Nodes []graph.Node `json:"nodes"`
	Edges []graph.Edge `json:"edges"`
}

// ExportPage is a page without its text and bookkeeping.
type ExportPage struct {
	URL   string `json:"url"`
	Title string `json:"title"`
	Lang  string `json:"lang,omitempty"`
	// Breadcrumb is the sections the page sits in (graph.Page.Breadcrumb).
	Breadcrumb []string         `json:"breadcrumb,omitempty"`
	Status     graph.PageStatus `json:"status"`
	Error      string           `json:"error,omitempty"`
}

// ExportJSON renders g as indented JSON in a deterministic order: pages by
// URL, nodes by page then id, edges by type, from and to.
func ExportJSON(g *graph.Graph) ([]byte, error) {
	ex := Export{Pages: []ExportPage{}, Nodes: []graph.Node{}, Edges: []graph.Edge{}}
	for _, p := range g.Pages {
		ex.Pages = append(ex.Pages, ExportPage{URL: p.URL, Title: p.Title, Lang: p.Lang, Breadcrumb: p.Breadcrumb, Status: p.Status, Error: p.Error})
	}
	ex.Nodes = append(ex.Nodes, g.Nodes...)
	ex.Edges = append(ex.Edges, g.Edges...)
	for i := range ex.Nodes {
		if ex.Nodes[i].Intents == nil {
			ex.Nodes[i].Intents = []string{}
		}
	}
	sort.Slice(ex.Pages, func(i, j int) bool { return ex.Pages[i].URL < ex.Pages[j].URL })
	sort.Slice(ex.Nodes, func(i, j int) bool {
		a, b := ex.Nodes[i], ex.Nodes[j]
		if a.Page != b.Page {
			return a.Page < b.Page
		}
		return a.ID < b.ID
	})
	sort.Slice(ex.Edges, func(i, j int) bool {
		a, b := ex.Edges[i], ex.Edges[j]
		if a.Type != b.Type {
			return a.Type < b.Type
		}
		if a.From != b.From {
			return a.From < b.From
		}
		return a.To < b.To
	})
	out, err := json.MarshalIndent(ex, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("exporting graph: %w", err)
	}
	return append(out, '\n'), nil
}

package kgbuild

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/page"
)

// TestBuildDocsAsCode builds a Docusaurus folder read with a base URL: the
// links between its pages (relative file paths, site-absolute doc paths, a
// slug) become reference edges between the pages' live URLs, and each
// page keeps its language.
func TestBuildDocsAsCode(t *testing.T) {
	ctx := context.Background()
	const base = "https://help.example.com/"
	docs, errs, err := page.ReadDir(ctx, filepath.Join("..", "page", "testdata", "dialects", "docusaurus"), page.ReadOptions{BaseURL: base})
	if err != nil {
		t.Fatal(err)
	}
	st := openStore(t)
	if _, err := (&Builder{Store: st, Extractor: NewStructural()}).Build(ctx, docs, errs); err != nil {
		t.Fatal(err)
	}
	g, err := st.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ix := graph.NewIndex(g)
	var refs [][2]string
	for _, e := range g.Edges {
		if e.Type == graph.Reference {
			refs = append(refs, [2]string{ix.Node(e.From).Page, ix.Node(e.To).Page})
		}
	}
	const (
		intro   = base
		install = base + "getting-started/install/"
		setup   = base + "getting-started/setup/"
	)
	for _, want := range [][2]string{{intro, install}, {install, setup}, {setup, install}, {setup, intro}} {
		if !slices.Contains(refs, want) {
			t.Errorf("no reference edge %s -> %s; have %v", want[0], want[1], refs)
		}
	}
	// The install page's tabs are alternatives under its Download section:
	// conditions the agent asks about.
	var tabs []string
	for _, n := range g.Nodes {
		if n.Page == install && n.Problem == "Download" {
			for _, c := range ix.Children(n.ID) {
				tabs = append(tabs, ix.Node(c).Condition)
			}
		}
	}
	if len(tabs) != 2 || !strings.EqualFold(tabs[0], "Windows") || !strings.EqualFold(tabs[1], "macOS") {
		t.Errorf("the Download section's children have the conditions %q, want its two tabs", tabs)
	}
	langs := map[string]string{}
	for _, p := range g.Pages {
		langs[p.URL] = p.Lang
	}
	if langs[base+"de/intro/"] != "de" || langs[install] != "" {
		t.Errorf("page languages = %v, want de for de/intro/ and none for the others", langs)
	}
}

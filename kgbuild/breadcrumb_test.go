package kgbuild

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/page"
)

// TestBuildBreadcrumbChanged: a rebuild where only a page's breadcrumb
// changed (a help desk's section renamed, the article as it was) writes
// that page with its new breadcrumb, without extracting it again: the
// breadcrumb is no input of the extractor, only of the ranking.
func TestBuildBreadcrumbChanged(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	ex := &countingExtractor{Extractor: NewStructural()}
	docs := func(section string) []*page.Document {
		a := docFrom(t, "https://help.example.com/hc/en-us/articles/1-refunds", "Refunds", "# Refunds\n\nOpen Orders and press Refund.")
		b := docFrom(t, "https://help.example.com/hc/en-us/articles/2-login", "Sign in", "# Sign in\n\nUse your email address.")
		a.Breadcrumb, b.Breadcrumb = []string{"Payments", section}, []string{"Account"}
		return []*page.Document{a, b}
	}
	build := func(section string) *Report {
		t.Helper()
		ex.calls.Store(0)
		rep, err := (&Builder{Store: st, Extractor: ex}).Build(ctx, docs(section), nil)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	build("Billing")
	rep := build("Invoices and refunds")
	if got := ex.calls.Load(); got != 0 || rep.Write == WriteNone {
		t.Errorf("breadcrumb changed: %d extractions, write %q; want 0 and the page written", got, rep.Write)
	}
	if want := []string{"https://help.example.com/hc/en-us/articles/1-refunds"}; !slices.Equal(rep.PagesChanged, want) {
		t.Errorf("changed pages %q, want %q", rep.PagesChanged, want)
	}
	g, err := st.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range g.Pages {
		want := []string{"Account"}
		if p.Title == "Refunds" {
			want = []string{"Payments", "Invoices and refunds"}
		}
		if !slices.Equal(p.Breadcrumb, want) {
			t.Errorf("%s: breadcrumb %q in the store, want %q", p.URL, p.Breadcrumb, want)
		}
	}
	if rep := build("Invoices and refunds"); rep.Write != WriteNone {
		t.Errorf("unchanged rebuild wrote %q", rep.Write)
	}
	raw, err := ExportJSON(g)
	if err != nil {
		t.Fatal(err)
	}
	var export Export
	if err := json.Unmarshal(raw, &export); err != nil {
		t.Fatal(err)
	}
	if len(export.Pages) != 2 || !slices.Equal(export.Pages[1].Breadcrumb, []string{"Account"}) {
		t.Errorf("export's pages %+v, want their breadcrumbs", export.Pages)
	}
}

// TestBuildCategoryLabelRenamed: in a docs folder, renaming a section's
// _category_ label (its pages' bytes unchanged) gives its pages the new
// breadcrumb on the next build, without extracting them again.
func TestBuildCategoryLabelRenamed(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	write := func(name, body string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("billing/_category_.json", `{"label": "Billing"}`)
	write("billing/refunds.md", "# Refunds\n\nOpen Orders and press Refund.\n")
	write("start.md", "# Getting started\n\nCreate an account.\n")
	st := openStore(t)
	ex := &countingExtractor{Extractor: NewStructural()}
	build := func() map[string][]string {
		t.Helper()
		ex.calls.Store(0)
		docs, errs := readDir(t, dir)
		if _, err := (&Builder{Store: st, Extractor: ex}).Build(ctx, docs, errs); err != nil {
			t.Fatal(err)
		}
		g, err := st.Load(ctx)
		if err != nil {
			t.Fatal(err)
		}
		crumbs := map[string][]string{}
		for _, p := range g.Pages {
			crumbs[p.URL] = p.Breadcrumb
		}
		return crumbs
	}
	if got := build(); !slices.Equal(got["billing/refunds.md"], []string{"Billing"}) || got["start.md"] != nil {
		t.Fatalf("first build: breadcrumbs %q", got)
	}
	write("billing/_category_.json", `{"label": "Payments and refunds"}`)
	got := build()
	if !slices.Equal(got["billing/refunds.md"], []string{"Payments and refunds"}) {
		t.Errorf("after the label's rename: breadcrumb %q, want the new label", got["billing/refunds.md"])
	}
	if n := ex.calls.Load(); n != 0 {
		t.Errorf("a renamed label extracted %d pages again, want none", n)
	}
}

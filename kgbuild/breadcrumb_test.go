package kgbuild

import (
	"context"
	"encoding/json"
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

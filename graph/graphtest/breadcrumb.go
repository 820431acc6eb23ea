package graphtest

import (
	"context"
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// testBreadcrumb: a page's breadcrumb comes back as written, in order, and
// a rebuild that changes only a breadcrumb (a help desk's section renamed,
// the article's text the same) is stored, by Replace and by Update.
func testBreadcrumb(t *testing.T, s graph.Store) {
	ctx := context.Background()
	g := Fixture()
	mustReplace(t, s, g)
	got, err := s.Load(ctx)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if want := g.Pages[0].Breadcrumb; !slices.Equal(got.Pages[0].Breadcrumb, want) {
		t.Fatalf("breadcrumb after Replace = %q, want %q", got.Pages[0].Breadcrumb, want)
	}
	if got.Pages[1].Breadcrumb != nil {
		t.Errorf("a page without a breadcrumb came back with %q", got.Pages[1].Breadcrumb)
	}
	next := Fixture()
	next.Pages[0].Breadcrumb = nil
	next.Pages[1].Breadcrumb = []string{"Profile", "Email"}
	next.Pages[3].Breadcrumb = []string{"Devices", "Geräte"}
	if u, ok := s.(graph.Updater); ok {
		d := graph.Changes(g, next)
		if len(d.Pages) != 3 {
			t.Fatalf("Changes of three breadcrumbs wrote %d pages, want 3", len(d.Pages))
		}
		if _, err := u.Update(ctx, d, nil); err != nil {
			t.Fatalf("Update: %v", err)
		}
	} else {
		mustReplace(t, s, next)
	}
	if got, err = s.Load(ctx); err != nil {
		t.Fatalf("Load: %v", err)
	}
	byURL := make(map[string]graph.Page)
	for _, p := range got.Pages {
		byURL[p.URL] = p
	}
	for _, p := range next.Pages {
		if !slices.Equal(byURL[p.URL].Breadcrumb, p.Breadcrumb) {
			t.Errorf("%s: breadcrumb after the rebuild = %q, want %q", p.URL, byURL[p.URL].Breadcrumb, p.Breadcrumb)
		}
	}
}

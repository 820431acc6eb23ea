package crawl

import (
	"context"
	"slices"
	"testing"
)

// TestCrawlBreadcrumb: a crawled help center's article keeps the
// category and section its theme shows above it (a Zendesk theme's
// <ol class="breadcrumbs">), less the help center's home, though the
// breadcrumb is chrome and left out of the text.
func TestCrawlBreadcrumb(t *testing.T) {
	_, srv := newSite(t, map[string]response{
		"/hc/en-us": html("Acme Help Center", `<p>Browse: <a href="/hc/en-us/articles/1-Refunds">Refunds</a></p>`),
		"/hc/en-us/articles/1-Refunds": html("Refunds – Acme Help Center", `<ol class="breadcrumbs">
<li title="Acme Help Center"><a href="/hc/en-us">Acme Help Center</a></li>
<li title="Billing"><a href="/hc/en-us/categories/2-Billing">Billing</a></li>
<li title="Payments"><a href="/hc/en-us/sections/3-Payments">Payments</a></li></ol>
<article><h1>Refunds</h1><p>We refund the charge to your card within five days.</p></article>`),
	})
	docs, _, err := quick().Crawl(context.Background(), srv.URL+"/hc/en-us", nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range docs {
		if d.URL != srv.URL+"/hc/en-us/articles/1-Refunds" {
			continue
		}
		found = true
		if want := []string{"Billing", "Payments"}; !slices.Equal(d.Breadcrumb, want) {
			t.Errorf("breadcrumb %q, want %q", d.Breadcrumb, want)
		}
	}
	if !found {
		t.Fatalf("the article was not crawled: %q", urls(docs))
	}
}

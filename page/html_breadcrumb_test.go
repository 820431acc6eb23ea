package page

import (
	"slices"
	"testing"
)

// TestHTMLBreadcrumb: the three ways help centers write a breadcrumb (a
// Zendesk theme's list, a nav labelled breadcrumb, schema.org's
// BreadcrumbList in JSON-LD) read as the page's sections, without the
// site's home (a first item linking to the root, or to a folder every
// other item lies in) and without the page's own title as the last item.
func TestHTMLBreadcrumb(t *testing.T) {
	const body = `<main><h1>Refunds</h1><p>We refund the charge to your card within five days.</p></main>`
	for _, tc := range []struct {
		name, url, head, nav string
		want                 []string
	}{
		{"zendesk copenhagen", "https://help.acme.example/hc/en-us/articles/123-Refunds", "<title>Refunds – Acme Help Center</title>",
			`<div class="sub-nav"><ol class="breadcrumbs">
			<li title="Acme Help Center"><a href="/hc/en-us">Acme Help Center</a></li>
			<li title="Billing"><a href="/hc/en-us/categories/1-Billing">Billing</a></li>
			<li title="Payments and refunds"><a href="/hc/en-us/sections/2-Payments">Payments and refunds</a></li></ol></div>`,
			[]string{"Billing", "Payments and refunds"}},
		{"nav labelled breadcrumb", "https://docs.acme.example/billing/refunds.html", "<title>Refunds</title>",
			`<nav aria-label="breadcrumb"><ol class="breadcrumb">
			<li class="breadcrumb-item"><a href="../index.html">Home</a></li>
			<li class="breadcrumb-item"><a href="index.html">Billing</a> <span aria-hidden="true">›</span></li>
			<li class="breadcrumb-item active" aria-current="page">Refunds</li></ol></nav>`,
			[]string{"Billing"}},
		{"json-ld", "https://acme.example/support/billing/refunds", "<title>Refunds | Acme</title>" + `<script type="application/ld+json">
			{"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": [
			{"@type": "ListItem", "position": 3, "name": "Refunds"},
			{"@type": "ListItem", "position": 2, "name": "Billing", "item": {"@id": "https://acme.example/support/billing/", "name": "Billing"}},
			{"@type": "ListItem", "position": 1, "name": "Support", "item": "https://acme.example/"}]}</script>`,
			"", []string{"Billing"}},
		{"json-ld in a graph", "https://acme.example/a/refunds", `<script type="application/ld+json">{"@graph": [{"@type": "WebPage"},
			{"@type": ["BreadcrumbList"], "itemListElement": [{"position": 1, "item": {"@id": "https://acme.example/orders/", "name": "Orders"}},
			{"position": 2, "name": "Returns and refunds"}]}]}</script>`, "", []string{"Orders", "Returns and refunds"}},
		{"json-ld over markup", "https://acme.example/a/refunds", `<script type="application/ld+json">[{"@type": "Organization"},
			{"@type": "BreadcrumbList", "itemListElement": [{"position": 1, "name": "Payments"}]}]</script>`,
			`<nav aria-label="Breadcrumbs"><a href="/x">Other</a></nav>`, []string{"Payments"}},
		{"links and text", "https://acme.example/account/password", "",
			`<div class="breadcrumbs"><a href="/">Home</a> / Account / Refunds</div>`, []string{"Account"}},
		{"a section linking up, alone", "https://acme.example/docs/guides/install", "<title>Install</title>",
			`<nav aria-label="Breadcrumbs"><ol><li><a href="/docs/guides/">Guides</a></li><li>Install</li></ol></nav>`, []string{"Guides"}},
		{"first item elsewhere", "https://acme.example/support/refunds", "",
			`<ol class="breadcrumb"><li><a href="/products/">Products</a></li><li><a href="/support/">Support</a></li></ol>`,
			[]string{"Products", "Support"}},
		{"microdata", "https://acme.example/support/refunds", "",
			`<ul itemscope itemtype="https://schema.org/BreadcrumbList"><li itemprop="itemListElement"><a href="/">Acme</a></li><li itemprop="itemListElement"><span itemprop="name">Billing</span></li></ul>`,
			[]string{"Billing"}},
		{"a menu is no trail", "https://acme.example/support/refunds", "",
			`<ul class="breadcrumb"><li>a</li><li>b</li><li>c</li><li>d</li><li>e</li><li>f</li><li>g</li><li>h</li><li>i</li></ul>`, nil},
		{"the current page", "https://acme.example/", "<title>Help Center | Acme</title>",
			`<nav class="breadcrumb" aria-label="Breadcrumb"><ol><li><a href="/support/">Support</a></li><li aria-current="page">Help Center</li></ol></nav>`,
			[]string{"Support"}},
		{"the title with the site's name", "https://acme.example/support/refunds", "<title>Getting your money back | Acme Help</title>",
			`<ol class="breadcrumb"><li><a href="/billing/">Billing</a></li><li>Getting your money back</li></ol>`, []string{"Billing"}},
		{"none", "https://acme.example/support/refunds", "<title>Refunds</title>", `<nav><a href="/">Home</a> / <a href="/billing">Billing</a></nav>`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := "<!DOCTYPE html><html><head>" + tc.head + "</head><body>" + tc.nav + body + "</body></html>"
			doc, err := ParseHTML([]byte(raw), tc.url)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(doc.Breadcrumb, tc.want) {
				t.Errorf("breadcrumb %q, want %q", doc.Breadcrumb, tc.want)
			}
			if got, want := doc.Text(), "# Refunds\nWe refund the charge to your card within five days."; got != want {
				t.Errorf("text %q, want %q (the breadcrumb is chrome)", got, want)
			}
		})
	}
}

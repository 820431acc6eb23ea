package page

import (
	"encoding/json"
	"net/url"
	"slices"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Limits on a breadcrumb read from a page: markup that names itself a
// breadcrumb but holds a whole menu, or an item holding a paragraph, is
// no trail of sections.
const (
	maxCrumbItems    = 8
	maxCrumbItemSize = 120 // bytes
)

// crumbItem is one item of a page's breadcrumb: its name and where it
// links ("" for none).
type crumbItem struct {
	name, href string
	// current: the markup says the item is the page itself
	// (aria-current="page").
	current bool
}

// htmlBreadcrumb reads the trail of sections a page shows above its title,
// before cleaning drops it as chrome: schema.org's BreadcrumbList in
// JSON-LD, else a breadcrumb element (<nav aria-label="breadcrumb">, a
// Zendesk theme's <ol class="breadcrumbs">, Bootstrap's .breadcrumb). The
// site's home and the page itself are no sections of it: a first item
// linking to the site's root, or up to a folder every other item lies in
// (a help center's /hc/en-us), and a last item naming the page's title
// (title, or its first h1) are left out. page is the page's URL, base
// what its links are resolved against.
func htmlBreadcrumb(gq *goquery.Document, title string, page, base *url.URL) []string {
	items := jsonLDBreadcrumb(gq)
	if items == nil {
		items = markupBreadcrumb(gq)
	}
	if len(items) == 0 {
		return nil
	}
	h1 := collapse(gq.Find("h1").First().Text())
	if last := items[len(items)-1]; last.current || namesPage(last.name, title) || namesPage(last.name, h1) {
		items = items[:len(items)-1]
	}
	if len(items) > 0 && siteHome(items, page, base) {
		items = items[1:]
	}
	var out []string
	for _, it := range items {
		out = append(out, it.name)
	}
	return out
}

// namesPage reports whether a breadcrumb's item names the page titled
// title: it is the title, or the title with the site's name after it
// ("Refunds | Acme Help").
func namesPage(item, title string) bool {
	if len(title) < len(item) || !strings.EqualFold(title[:len(item)], item) {
		return false
	}
	rest := title[len(item):]
	return rest == "" || slices.ContainsFunc(titleSeparators, func(sep string) bool { return strings.HasPrefix(rest, sep) })
}

// siteHome reports whether the first of items is the site's home: its
// link leads to the root ("/", "../index.html"), or up to a folder above
// the page that every other linked item lies in ("/hc/en-us" before
// "/hc/en-us/categories/1"; alone, such a link may be the page's section).
func siteHome(items []crumbItem, page, base *url.URL) bool {
	href := strings.TrimSpace(items[0].href)
	if href == "" {
		return false
	}
	if homeHref(href) {
		return true
	}
	u, err := url.Parse(href)
	if err != nil {
		return false
	}
	u = base.ResolveReference(u)
	if u.Host != page.Host {
		return false
	}
	folder := strings.TrimSuffix(u.Path, "/")
	if folder == "" || strings.EqualFold(folder, "/index.html") {
		return true
	}
	if !strings.HasPrefix(page.Path, folder+"/") {
		return false
	}
	under := 0
	for _, it := range items[1:] {
		if it.href == "" {
			continue
		}
		v, err := url.Parse(strings.TrimSpace(it.href))
		if err != nil {
			return false
		}
		if v = base.ResolveReference(v); v.Host != u.Host || !strings.HasPrefix(v.Path, folder+"/") {
			return false
		}
		under++
	}
	return under > 0
}

// markupBreadcrumb reads the first breadcrumb element of the page: its
// innermost list items, else its links.
func markupBreadcrumb(gq *goquery.Document) []crumbItem {
	var items []crumbItem
	gq.Find(`nav[aria-label], ol, ul, nav, div`).EachWithBreak(func(_ int, s *goquery.Selection) bool {
		if !breadcrumbElement(s) {
			return true
		}
		items = nil
		parts := s.Find("li").FilterFunction(func(_ int, li *goquery.Selection) bool { return li.Find("li").Length() == 0 })
		parts.Each(func(_ int, li *goquery.Selection) {
			href, _ := li.Find("a[href]").First().Attr("href")
			current := li.Is(`[aria-current="page"]`) || li.Find(`[aria-current="page"]`).Length() > 0
			items = append(items, crumbItem{name: crumbName(li.Text()), href: href, current: current})
		})
		if parts.Length() == 0 {
			items = linksAndText(s.Get(0), nil)
		}
		items = usableCrumbs(items)
		return items == nil
	})
	return items
}

// linksAndText appends to items those of a breadcrumb written without a
// list: each link, and each run of text between the separators
// ("<a href="/">Home</a> / Account").
func linksAndText(n *html.Node, items []crumbItem) []crumbItem {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.ElementNode && c.DataAtom == atom.A:
			href, _ := attr(c, "href")
			current, _ := attr(c, "aria-current")
			var sb strings.Builder
			textOf(c, &sb)
			items = append(items, crumbItem{name: crumbName(sb.String()), href: href, current: current == "page"})
		case c.Type == html.TextNode:
			for _, piece := range strings.FieldsFunc(c.Data, func(r rune) bool { return strings.ContainsRune(crumbMarks, r) }) {
				items = append(items, crumbItem{name: crumbName(piece)})
			}
		case c.Type == html.ElementNode:
			items = linksAndText(c, items)
		}
	}
	return items
}

// breadcrumbElement reports whether s says it is a breadcrumb: an
// aria-label, a class or schema.org microdata naming one.
func breadcrumbElement(s *goquery.Selection) bool {
	if label, ok := s.Attr("aria-label"); ok && strings.Contains(strings.ToLower(label), "breadcrumb") {
		return true
	}
	if it, ok := s.Attr("itemtype"); ok && strings.HasSuffix(it, "/BreadcrumbList") {
		return true
	}
	class, _ := s.Attr("class")
	for _, c := range strings.Fields(strings.ToLower(class)) {
		if c == "breadcrumb" || c == "breadcrumbs" {
			return true
		}
	}
	return false
}

// jsonLDBreadcrumb reads schema.org's BreadcrumbList from the page's
// JSON-LD scripts (at the top, in a list, or in an @graph), its items in
// the order of their position. nil when there is none.
func jsonLDBreadcrumb(gq *goquery.Document) []crumbItem {
	var items []crumbItem
	gq.Find(`script[type="application/ld+json"]`).EachWithBreak(func(_ int, s *goquery.Selection) bool {
		var v any
		if json.Unmarshal([]byte(s.Text()), &v) != nil {
			return true
		}
		items = usableCrumbs(findBreadcrumbList(v, 0))
		return items == nil
	})
	return items
}

// ldListItem is a schema.org ListItem as JSON-LD writes it: item is the
// URL of the section, as a string or an object with an @id (and maybe
// the name).
type ldListItem struct {
	Position json.Number     `json:"position"`
	Name     string          `json:"name"`
	Item     json.RawMessage `json:"item"`
}

// findBreadcrumbList returns the items of the first BreadcrumbList in v,
// a decoded JSON-LD document, looking depth levels down at most.
func findBreadcrumbList(v any, depth int) []crumbItem {
	if depth > 4 {
		return nil
	}
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			if items := findBreadcrumbList(e, depth+1); items != nil {
				return items
			}
		}
	case map[string]any:
		if ldType(x["@type"], "BreadcrumbList") {
			return ldItems(x["itemListElement"])
		}
		if g, ok := x["@graph"]; ok {
			return findBreadcrumbList(g, depth+1)
		}
	}
	return nil
}

// ldType reports whether a JSON-LD @type (a string or a list) is want.
func ldType(t any, want string) bool {
	switch x := t.(type) {
	case string:
		return x == want || strings.HasSuffix(x, "/"+want)
	case []any:
		return slices.ContainsFunc(x, func(e any) bool { return ldType(e, want) })
	}
	return false
}

// ldItems turns a BreadcrumbList's itemListElement into items, in order
// of position (the list's order where none is given).
func ldItems(v any) []crumbItem {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var list []ldListItem
	if json.Unmarshal(raw, &list) != nil {
		return nil
	}
	slices.SortStableFunc(list, func(a, b ldListItem) int {
		pa, _ := a.Position.Float64()
		pb, _ := b.Position.Float64()
		switch {
		case pa < pb:
			return -1
		case pa > pb:
			return 1
		}
		return 0
	})
	var items []crumbItem
	for _, li := range list {
		it := crumbItem{name: li.Name}
		var href string
		var obj struct {
			ID   string `json:"@id"`
			Name string `json:"name"`
		}
		switch {
		case json.Unmarshal(li.Item, &href) == nil:
			it.href = href
		case json.Unmarshal(li.Item, &obj) == nil:
			it.href = obj.ID
			if it.name == "" {
				it.name = obj.Name
			}
		}
		it.name = crumbName(it.name)
		items = append(items, it)
	}
	return items
}

// crumbMarks are the marks themes put between a breadcrumb's items,
// inside an item's text at times.
const crumbMarks = "›»>/|·•→\\"

// crumbName is an item's text with white space collapsed and the
// separators around it trimmed.
func crumbName(s string) string {
	return strings.TrimSpace(strings.Trim(collapse(s), crumbMarks+" "))
}

// usableCrumbs returns items without the empty ones (separators alone),
// or nil when none is left or they are too many or too long to be a
// trail of sections.
func usableCrumbs(items []crumbItem) []crumbItem {
	var out []crumbItem
	for _, it := range items {
		if it.name == "" {
			continue
		}
		if len(it.name) > maxCrumbItemSize {
			return nil
		}
		out = append(out, it)
	}
	if len(out) > maxCrumbItems {
		return nil
	}
	return out
}

package web

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// pageOverflow lists what sticks out to the right of the viewport, which a
// reader would have to scroll the whole page sideways to see.
const pageOverflow = `(() => {
	const w = document.documentElement.clientWidth, bad = [];
	if (document.documentElement.scrollWidth > w) bad.push("page " + document.documentElement.scrollWidth + "px wide in " + w);
	for (const e of document.querySelectorAll("main *")) {
		const r = e.getBoundingClientRect();
		if (r.width > 0 && r.right > w + 1 && !e.closest("table, pre, .picture")) bad.push(e.tagName + "." + e.className + " ends at " + Math.round(r.right));
	}
	return bad.slice(0, 5);
})()`

// TestBrowserAdminPagesFit: the support team's pages fit a phone's width
// (375) and the build page and a node's page a desktop's (1280): a wide
// table scrolls in its own box, a long URL in a lint message wraps; a
// node's page names its page's section.
func TestBrowserAdminPagesFit(t *testing.T) {
	base := serveSample(t, Config{AdminToken: testToken})
	openHandoff(t, base) // so that the queue has a row

	ctx := newBrowser(t)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/admin/login"),
		chromedp.SendKeys(chromedp.CSS("#token"), testToken),
		chromedp.Submit(chromedp.CSS("#token")),
		chromedp.WaitVisible(chromedp.CSS(".admin-nav")),
	); err != nil {
		t.Fatal(err)
	}
	// A node's page, the first the graph page lists: the sample's pages
	// sit in sections, which its Section row names.
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/admin/graph"), chromedp.WaitVisible(chromedp.CSS(".admin-nav"))); err != nil {
		t.Fatal(err)
	}
	node, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('a[href^="/admin/nodes/"]').getAttribute("href")`))
	if err != nil || node == "" {
		t.Fatalf("no node linked from /admin/graph (%v)", err)
	}
	for _, tc := range []struct {
		width, height int64
		path, table   string
	}{
		{375, 812, node, ".breadcrumb"},
		{1280, 800, node, ".breadcrumb"},
		{375, 812, "/admin", ""},
		{375, 812, "/admin/queue", ".queue-table"},
		{375, 812, "/admin/build", ".lint"},
		{375, 812, "/admin/gaps", ""},
		{375, 812, "/admin/graph", ""},
		{375, 812, "/admin/ask", ""},
		{1280, 800, "/admin/build", ".lint"},
	} {
		name := fmt.Sprintf("%s at %d", tc.path, tc.width)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(tc.width, tc.height), chromedp.Navigate(base+tc.path),
			chromedp.WaitVisible(chromedp.CSS(".admin-nav"))); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if tc.table == ".breadcrumb" {
			if crumb, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector("dd.breadcrumb") || {}).innerText || ""`)); err != nil || crumb == "" {
				t.Fatalf("%s: no Section row (%v)", name, err)
			}
		} else if tc.table != "" {
			if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll(%q).length`, tc.table+" tr"))); err != nil || n < 2 {
				t.Fatalf("%s: %d rows in %s (%v): the check would prove nothing", name, n, tc.table, err)
			}
		}
		bad, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](pageOverflow))
		if err != nil {
			t.Fatal(err)
		}
		if len(bad) > 0 {
			t.Errorf("%s: %q", name, bad)
		}
		screenshot(t, ctx, fmt.Sprintf("admin-%s-%d.png", strings.ReplaceAll(strings.Trim(tc.path, "/"), "/", "-"), tc.width), tc.width)
	}
}

// openHandoff has a customer of the server at base ask for a person, so
// that the support team's pages have a handoff to show.
func openHandoff(t *testing.T, base string) {
	t.Helper()
	req, _ := http.NewRequest("POST", base+"/api/chat", strings.NewReader(`{"message":"agent please"}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
}

package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestFolderWords(t *testing.T) {
	for _, tc := range []struct{ url, want string }{
		{"general/account/register.md", "general account"},
		{"adguard-for-android/solving-problems/battery.md", "adguard for android solving problems"},
		{"https://help.example.com/user_guide/billing/invoices.html", "user guide billing"},
		{"https://help.example.com/invoices.html", ""},
		{"a11y-bouncekeys.html", ""},
		{"/docs/start.md", "docs"},
		{"", ""},
	} {
		if got := folderWords(tc.url, 0); got != tc.want {
			t.Errorf("folderWords(%q) = %q, want %q", tc.url, got, tc.want)
		}
	}
	if got, want := folderWords("en-US/text/swriter/guide/pagenumbers.html", 2), "swriter guide"; got != want {
		t.Errorf("folderWords past two shared folders = %q, want %q", got, want)
	}
}

// TestSharedFolders: the folders every page lies in name the whole help
// center, not one page's topic.
func TestSharedFolders(t *testing.T) {
	pages := func(urls ...string) []graph.Page {
		var ps []graph.Page
		for _, u := range urls {
			ps = append(ps, graph.Page{URL: u})
		}
		return ps
	}
	for _, tc := range []struct {
		name  string
		pages []graph.Page
		want  int
	}{
		{"one tree", pages("en-US/text/swriter/guide/a.html", "en-US/text/scalc/01/b.html", "en-US/text/shared/c.html"), 2},
		{"topic folders", pages("general/account/register.md", "general/billing.md", "android/battery.md"), 0},
		{"a page at the top", pages("help/a/x.html", "top.html"), 0},
		{"same host", pages("https://help.example/docs/a/x.html", "https://help.example/docs/b/y.html"), 1},
		{"one page", pages("docs/guide/x.html"), 2},
		{"none", nil, 0},
	} {
		if got := sharedFolders(tc.pages); got != tc.want {
			t.Errorf("%s: sharedFolders = %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestBreadcrumb: a page's folder words that its own text writes count as
// words of its title in the whole-page ranking ("How to register" in the
// account folder names accounts); a folder word the page never writes
// ("billing" over a page on invoices) does not.
func TestBreadcrumb(t *testing.T) {
	const (
		register = "https://help.example/account/register.html"
		features = "https://help.example/account/features.html"
		invoices = "https://help.example/billing/invoices.html"
		start    = "https://help.example/start.html"
	)
	g := &graph.Graph{
		Pages: []graph.Page{{URL: register, Title: "How to register"}, {URL: features, Title: "What you can do"},
			{URL: invoices, Title: "Invoices"}, {URL: start, Title: "Getting started"}},
		Nodes: []graph.Node{
			{ID: "register", Page: register, Problem: "Registering", Root: true, Resolution: "Create an account with your e-mail address."},
			{ID: "features", Page: features, Problem: "Manage your settings", Root: true, Resolution: "Change the e-mail address of your account."},
			{ID: "invoices", Page: invoices, Problem: "Download an invoice", Root: true, Resolution: "Every invoice is in your account, under Payments."},
			{ID: "start", Page: start, Problem: "Getting started", Root: true, Resolution: "Open an account, then pay for a plan."},
		},
	}
	a := NewGraphAgent(g, Options{})
	m := a.lex.match([]string{"account"}, nil)
	defer m.release()
	for _, tc := range []struct {
		node  string
		named uint8 // query terms its page's title and breadcrumb name
	}{
		{"register", 1}, // its folder, "account", is in its text
		{"features", 1},
		{"invoices", 0}, // "billing" is in no text of its page
		{"start", 0},    // no folder
	} {
		p := a.lex.pageOf[a.doc[tc.node]]
		if got := m.sc.titleNamed[p]; got != tc.named {
			t.Errorf("%s: title and breadcrumb name %d query terms, want %d", tc.node, got, tc.named)
		}
	}
	// Named by its breadcrumb, a page is as specific to the request as one
	// whose title says it.
	if r, i := m.pageSpecificity(a.lex.pageOf[a.doc["register"]]), m.pageSpecificity(a.lex.pageOf[a.doc["invoices"]]); r <= i {
		t.Errorf("page specificity: register %.2f, invoices %.2f; want register's higher", r, i)
	}
}

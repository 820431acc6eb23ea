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

// TestBreadcrumb: a page's folder words that the texts of its folder
// write count as words of its title in the whole-page ranking ("How to
// register" in the account folder names accounts), also where the page
// itself never writes them ("Closing", and the parts of one document,
// guide.xml and guide.xml#menus); a folder word no page of the folder
// writes ("billing" over the page on invoices) does not.
func TestBreadcrumb(t *testing.T) {
	const (
		register = "https://help.example/account/register.html"
		features = "https://help.example/account/features.html"
		invoices = "https://help.example/billing/invoices.html"
		start    = "https://help.example/start.html"
		guide    = "https://help.example/account/guide.xml"
		menus    = "https://help.example/account/guide.xml#menus" // a part of guide.xml
		close_   = "https://help.example/account/close.html"
	)
	g := &graph.Graph{
		Pages: []graph.Page{{URL: register, Title: "How to register"}, {URL: features, Title: "What you can do"},
			{URL: invoices, Title: "Invoices"}, {URL: start, Title: "Getting started"},
			{URL: guide, Title: "The account guide"}, {URL: menus, Title: "Menus"}, {URL: close_, Title: "Closing"}},
		Nodes: []graph.Node{
			{ID: "register", Page: register, Problem: "Registering", Root: true, Resolution: "Create an account with your e-mail address."},
			{ID: "features", Page: features, Problem: "Manage your settings", Root: true, Resolution: "Change the e-mail address of your account."},
			{ID: "invoices", Page: invoices, Problem: "Download an invoice", Root: true, Resolution: "Every invoice is in your account, under Payments."},
			{ID: "start", Page: start, Problem: "Getting started", Root: true, Resolution: "Open an account, then pay for a plan."},
			{ID: "guide", Page: guide, Problem: "The account guide", Root: true, Resolution: "What your account lets you do."},
			{ID: "menus", Page: menus, Problem: "Menus", Root: true, Resolution: "File > Print prints the page."},
			{ID: "close", Page: close_, Problem: "Closing", Root: true, Resolution: "Send us a note and we delete your data."},
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
		{"menus", 1},    // a part of a document that writes it elsewhere
		{"close", 1},    // its folder's other pages write it
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

// helpDeskGraph is a hosted help center: article URLs with no folders
// (/hc/en-us/articles/1-…), each page's category and section in its
// breadcrumb, which no article's text repeats.
func helpDeskGraph() *graph.Graph {
	const (
		returns = "https://acme.example/hc/en-us/articles/1-refunds-for-returns"
		charges = "https://acme.example/hc/en-us/articles/2-a-charge-you-do-not-know"
		login   = "https://acme.example/hc/en-us/articles/3-sign-in"
	)
	return &graph.Graph{
		Pages: []graph.Page{
			{URL: returns, Title: "Refunds for returns", Breadcrumb: []string{"Help Center", "Orders", "Returns"}},
			{URL: charges, Title: "A charge you do not know", Breadcrumb: []string{"Help Center", "Payments", "Billing"}},
			{URL: login, Title: "Sign in", Breadcrumb: []string{"Help Center", "Your account"}},
		},
		Nodes: []graph.Node{
			{ID: "returns", Page: returns, Problem: "Refunds for returns", Root: true, Actionable: true,
				Resolution: "Send the item back within 30 days. The refund reaches your card within a week of our receiving it."},
			{ID: "charges", Page: charges, Problem: "A charge you do not know", Root: true, Actionable: true,
				Resolution: "Compare the charge with your orders. If it is not yours, ask us for a refund from the Orders page."},
			{ID: "login", Page: login, Problem: "Sign in", Root: true, Actionable: true,
				Resolution: "Sign in with the e-mail address of your account."},
		},
	}
}

// TestOwnBreadcrumb: a page's own breadcrumb (a help desk's category and
// section) counts as words of its title, though its text never writes
// them and its URL has no folders: "billing refund" ranks the Billing
// section's article first, over the page whose title says "refund"
// (which leads without breadcrumbs). An item every page shares ("Help
// Center") names the site, not a page.
func TestOwnBreadcrumb(t *testing.T) {
	first := func(g *graph.Graph, say string) string {
		a := NewGraphAgent(g, Options{})
		r := a.readMessage(say)
		if c := a.lexical(query{terms: r.terms, neg: r.neg}, nil, 3); len(c) > 0 {
			return c[0].id
		}
		return ""
	}
	bare := helpDeskGraph()
	for i := range bare.Pages {
		bare.Pages[i].Breadcrumb = nil
	}
	for _, tc := range []struct {
		g         *graph.Graph
		say, want string
	}{
		{helpDeskGraph(), "billing refund", "charges"},
		{helpDeskGraph(), "payments refund", "charges"},
		{helpDeskGraph(), "refund for my return", "returns"},
		{helpDeskGraph(), "refund", "returns"}, // the title names it
		{helpDeskGraph(), "account", "login"},
		{bare, "billing refund", "returns"}, // without the breadcrumbs
	} {
		if got := first(tc.g, tc.say); got != tc.want {
			t.Errorf("%q: %s ranks first, want %s", tc.say, got, tc.want)
		}
	}
	if got := sharedCrumbs(helpDeskGraph().Pages); got != 1 {
		t.Errorf("sharedCrumbs = %d, want 1 (Help Center)", got)
	}
	a := NewGraphAgent(helpDeskGraph(), Options{})
	m := a.lex.match([]string{"help"}, nil)
	defer m.release()
	for _, id := range []string{"returns", "charges", "login"} {
		if got := m.sc.titleNamed[a.lex.pageOf[a.doc[id]]]; got != 0 {
			t.Errorf("%s: the shared item Help Center names %d query terms, want 0", id, got)
		}
	}
}

// TestSharedCrumbs: the leading items every page with a breadcrumb
// shares; pages without one do not count.
func TestSharedCrumbs(t *testing.T) {
	pages := func(crumbs ...[]string) []graph.Page {
		var ps []graph.Page
		for _, c := range crumbs {
			ps = append(ps, graph.Page{Breadcrumb: c})
		}
		return ps
	}
	for _, tc := range []struct {
		name  string
		pages []graph.Page
		want  int
	}{
		{"site name", pages([]string{"Help", "Orders"}, []string{"Help", "Billing", "Refunds"}), 1},
		{"topics", pages([]string{"Orders"}, []string{"Billing"}), 0},
		{"pages without one", pages([]string{"Help", "Orders"}, nil, []string{"Help", "Billing"}), 1},
		{"one page", pages([]string{"Help", "Orders"}), 2},
		{"none", pages(nil, nil), 0},
	} {
		if got := sharedCrumbs(tc.pages); got != tc.want {
			t.Errorf("%s: sharedCrumbs = %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestFoldersNameSections: where a page's folders name a section of its
// breadcrumb (payments/ under "Payments & Receipts"), the folder words its
// text uses stay its breadcrumb words, and a section word its text never
// writes ("receipts" over the refunds page) is not; where they name none
// (a help desk's /hc/de/articles/ beside /hc/en-us/articles/), the
// breadcrumb's words count.
func TestFoldersNameSections(t *testing.T) {
	const (
		receipts = "https://help.example/payments/receipts.html"
		refunds  = "https://help.example/payments/refunds.html"
		billing  = "https://help.example/hc/en-us/articles/1-invoices"
		konto    = "https://help.example/hc/de/articles/2-rechnungen"
	)
	g := &graph.Graph{
		Pages: []graph.Page{
			{URL: receipts, Title: "Get a receipt", Breadcrumb: []string{"Payments & Receipts"}},
			{URL: refunds, Title: "Refunds", Breadcrumb: []string{"Payments & Receipts"}},
			{URL: billing, Title: "Invoices", Breadcrumb: []string{"Billing"}},
			{URL: konto, Title: "Rechnungen", Breadcrumb: []string{"Abrechnung"}},
		},
		Nodes: []graph.Node{
			{ID: "receipts", Page: receipts, Problem: "Get a receipt", Root: true, Resolution: "Download the receipt of your payments from your bookings."},
			{ID: "refunds", Page: refunds, Problem: "Refunds", Root: true, Resolution: "We refund the payments to your card."},
			{ID: "billing", Page: billing, Problem: "Invoices", Root: true, Resolution: "Every invoice is under Orders."},
			{ID: "konto", Page: konto, Problem: "Rechnungen", Root: true, Resolution: "Jede Rechnung finden Sie unter Bestellungen."},
		},
	}
	a := NewGraphAgent(g, Options{})
	for _, tc := range []struct {
		word, node string
		named      uint8
	}{
		{"receipts", "refunds", 0}, // a section word its text never writes
		{"payments", "refunds", 1}, // its folder, which its text writes
		{"billing", "billing", 1},  // a help desk's section
		{"abrechnung", "konto", 1},
	} {
		m := a.lex.match(a.readMessage(tc.word).terms, nil)
		if got := m.sc.titleNamed[a.lex.pageOf[a.doc[tc.node]]]; got != tc.named {
			t.Errorf("%q: %s's title and breadcrumb name %d query terms, want %d", tc.word, tc.node, got, tc.named)
		}
		m.release()
	}
}

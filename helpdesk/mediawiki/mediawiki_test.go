package mediawiki_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/helpdesk"
	"github.com/helpgraph/helpgraph/helpdesk/helpdesktest"
	"github.com/helpgraph/helpgraph/helpdesk/mediawiki"
	"github.com/helpgraph/helpgraph/kgbuild"
	"github.com/helpgraph/helpgraph/page"
)

var _ kgbuild.Source = (*mediawiki.Reader)(nil)

func newReader(t *testing.T, loc helpdesk.Location, user, password string) *mediawiki.Reader {
	t.Helper()
	r, err := mediawiki.New(loc, user, password)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// wiki is the help center both the export fixture and the fake API hold
// (testdata/export.xml): two main-namespace pages, a redirect to one, a
// template, two Help pages (one a subpage of the other) and a Help page
// whose text was hidden.
type wiki struct {
	base string // where its pages live: base + "/wiki/Reset_your_password"
}

func (w wiki) url(title string) string {
	return w.base + "/wiki/" + strings.ReplaceAll(title, " ", "_")
}

// check fails t unless docs are the wiki's four readable pages, each
// with its latest text, its language and breadcrumb, and g links them as
// the wikitext does: by a title written in another case and through a
// redirect.
func (w wiki) check(t *testing.T, src kgbuild.Source) {
	t.Helper()
	docs, failed := helpdesktest.Pages(t, src)
	if len(failed) > 0 {
		t.Errorf("failed pages: %v", failed)
	}
	byURL := map[string]*page.Document{}
	var urls []string
	for _, d := range docs {
		byURL[d.URL] = d
		urls = append(urls, d.URL)
	}
	slices.Sort(urls)
	want := []string{w.url("Help:Billing"), w.url("Help:Billing/Refunds"), w.url("Reset your password"), w.url("Sign-in problems")}
	if !slices.Equal(urls, want) {
		t.Fatalf("pages %q, want %q (no redirect, template or hidden text)", urls, want)
	}
	reset := byURL[w.url("Reset your password")]
	if text := docText(reset); !strings.Contains(text, "open Settings, choose Security") || strings.Contains(text, "old draft") {
		t.Errorf("Reset your password reads %q, want the latest revision's text", text)
	}
	if reset.Title != "Reset your password" || reset.Lang != "en" || !slices.Equal(reset.Keywords, []string{"Your account"}) {
		t.Errorf("Reset your password: title %q, lang %q, keywords %q", reset.Title, reset.Lang, reset.Keywords)
	}
	if text := docText(byURL[w.url("Sign-in problems")]); !strings.Contains(text, "Accounts lock for an hour") {
		t.Errorf("Sign-in problems reads %q, want its note", text)
	}
	if refunds := byURL[w.url("Help:Billing/Refunds")]; refunds.Title != "Refunds" || !slices.Equal(refunds.Breadcrumb, []string{"Billing"}) {
		t.Errorf("Help:Billing/Refunds: title %q, breadcrumb %q; want Refunds under its parent page, Billing", refunds.Title, refunds.Breadcrumb)
	}

	g, _ := helpdesktest.Build(t, src)
	for _, e := range [][2]string{
		{"Reset your password", "Sign-in problems"},
		{"Help:Billing", "Help:Billing/Refunds"},
	} {
		if !helpdesktest.HasReference(g, w.url(e[0]), w.url(e[1])) {
			t.Errorf("no reference edge from %s to %s", e[0], e[1])
		}
	}
	var resetLinks []string
	for _, b := range reset.Blocks {
		for _, l := range b.Links {
			resetLinks = append(resetLinks, l.URL)
		}
	}
	if n := strings.Count(strings.Join(resetLinks, " "), w.url("Sign-in problems")); n != 2 {
		t.Errorf("Reset your password links %q: want Sign-in problems twice (by name, and through the redirect Login trouble)", resetLinks)
	}
}

func docText(d *page.Document) string {
	var parts []string
	for _, b := range d.Blocks {
		parts = append(parts, b.Text)
	}
	return strings.Join(parts, "\n")
}

func TestExportFile(t *testing.T) {
	loc, err := helpdesk.ParseLocation(filepath.Join("testdata", "export.xml"))
	if err != nil {
		t.Fatal(err)
	}
	wiki{base: "https://help.acme.example"}.check(t, newReader(t, loc, "", ""))
}

// TestExportWithoutShortURLs gives each page its index.php?title= address
// when the wiki's main page has one.
func TestExportWithoutShortURLs(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "export.xml"))
	if err != nil {
		t.Fatal(err)
	}
	raw = []byte(strings.Replace(string(raw), "https://help.acme.example/wiki/Main_Page", "https://acme.example/w/index.php?title=Main_Page", 1))
	path := filepath.Join(t.TempDir(), "export.xml")
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	loc, _ := helpdesk.ParseLocation(path)
	docs, _ := helpdesktest.Pages(t, newReader(t, loc, "", ""))
	var urls []string
	for _, d := range docs {
		urls = append(urls, d.URL)
	}
	if want := "https://acme.example/w/index.php?title=Reset_your_password"; !slices.Contains(urls, want) {
		t.Errorf("pages %q, want %s among them", urls, want)
	}
}

func TestExportRefused(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"rss", `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title></channel></rss>`, "opens with <rss>"},
		{"not xml", `{"articles": []}`, "not a MediaWiki export"},
		{"no pages", `<mediawiki xml:lang="en"><siteinfo><base>https://w.example/wiki/Main_Page</base></siteinfo></mediawiki>`, "no pages"},
		{"cut short", `<mediawiki xml:lang="en"><page><title>A</title><ns>0</ns><revision><text>Hello`, "not a readable MediaWiki export"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "export.xml")
			if err := os.WriteFile(path, []byte(tc.body), 0o644); err != nil {
				t.Fatal(err)
			}
			loc, _ := helpdesk.ParseLocation(path)
			_, err := newReader(t, loc, "", "").Each(context.Background(), func(*page.Document) error { return nil })
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// fakeAPI answers the Action API at /w/api.php in formatversion 2, as
// MediaWiki does: the main namespace's two pages in one batch whose
// second page's text comes in a continuation of the revisions
// (rvcontinue), the Help namespace in two batches (gapcontinue), the
// redirect listed as {"from", "to"} when asked with redirects=1, a hidden
// text as "texthidden". Its first request answers 429.
type fakeAPI struct {
	*httptest.Server
	mu         sync.Mutex
	limited    bool
	userAgents []string
	queries    []string
	// private: every query needs the session a bot password's login
	// gives (a login token asked for, then action=login posted with it),
	// and answers readapidenied without.
	private bool
}

// The private fake's bot password.
const (
	botUser     = "Ann@helpgraph"
	botPassword = "n2kq8v0c7s1r4"
)

func newFakeAPI(t *testing.T) *fakeAPI {
	f := &fakeAPI{}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeAPI) page(id, ns int, title, text string) map[string]any {
	p := map[string]any{"pageid": id, "ns": ns, "title": title, "contentmodel": "wikitext", "pagelanguage": "en",
		"fullurl": wiki{base: f.URL}.url(title), "editurl": f.URL + "/w/index.php?action=edit"}
	switch text {
	case "":
	case "hidden":
		p["revisions"] = []any{map[string]any{"slots": map[string]any{"main": map[string]any{"texthidden": true}}}}
	default:
		p["revisions"] = []any{map[string]any{"slots": map[string]any{"main": map[string]any{
			"contentmodel": "wikitext", "contentformat": "text/x-wiki", "content": text}}}}
	}
	return p
}

const (
	resetText   = "To reset your password, open '''Settings''', choose '''Security''' and press ''Reset password''.\n\n== The link does not arrive ==\nLook in the spam folder. If you cannot [[sign-in problems|sign in]] at all, see [[Login trouble]].\n\n[[Category:Your account]]"
	signInText  = "If you cannot sign in, check that Caps Lock is off. {{Note|Accounts lock for an hour after ten failed tries.}}"
	billingText = "Invoices are sent on the first day of each month. For money back, see [[Help:Billing/Refunds|refunds]]."
	refundsText = "Refunds go back to the card you paid with within ten days."
)

func (f *fakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	q := r.URL.Query()
	f.userAgents = append(f.userAgents, r.UserAgent())
	f.queries = append(f.queries, r.URL.RawQuery)
	if r.URL.Path != "/w/api.php" {
		http.NotFound(w, r)
		return
	}
	if !f.limited {
		f.limited = true
		w.Header().Set("Retry-After", "3")
		w.WriteHeader(http.StatusTooManyRequests)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	if f.private {
		switch {
		case q.Get("meta") == "tokens" && q.Get("type") == "login":
			http.SetCookie(w, &http.Cookie{Name: "wiki_session", Value: "pending"})
			fmt.Fprint(w, `{"batchcomplete":"","query":{"tokens":{"logintoken":"c0ffee+\\"}}}`)
			return
		case r.Method == http.MethodPost:
			c, err := r.Cookie("wiki_session")
			if r.PostFormValue("action") != "login" || err != nil || c.Value != "pending" || r.PostFormValue("lgtoken") != `c0ffee+\` ||
				r.PostFormValue("lgname") != botUser || r.PostFormValue("lgpassword") != botPassword {
				fmt.Fprint(w, `{"login":{"result":"Failed","reason":"Incorrect username or password entered. Please try again."}}`)
				return
			}
			http.SetCookie(w, &http.Cookie{Name: "wiki_session", Value: "signed-in"})
			fmt.Fprint(w, `{"login":{"result":"Success","lguserid":7,"lgusername":"Ann"}}`)
			return
		}
		if c, err := r.Cookie("wiki_session"); err != nil || c.Value != "signed-in" {
			fmt.Fprint(w, `{"error":{"code":"readapidenied","info":"You need read permission to use this module.","docref":"See /w/api.php for API usage."}}`)
			return
		}
	}
	if q.Get("action") != "query" || q.Get("format") != "json" || q.Get("formatversion") != "2" || q.Get("generator") != "allpages" {
		fmt.Fprint(w, `{"error":{"code":"badvalue","info":"Unrecognized value.","docref":"See /w/api.php for API usage."}}`)
		return
	}
	var body map[string]any
	switch ns, redirects := q.Get("gapnamespace"), q.Get("gapfilterredir") == "redirects"; {
	case redirects && ns == "0":
		body = map[string]any{"batchcomplete": true, "query": map[string]any{
			"redirects": []any{map[string]any{"from": "Login trouble", "to": "Sign-in problems"}},
			"pages":     []any{map[string]any{"pageid": 13, "ns": 0, "title": "Sign-in problems"}}}}
	case redirects:
		body = map[string]any{"batchcomplete": true}
	case ns == "0" && q.Get("rvcontinue") == "":
		body = map[string]any{"continue": map[string]any{"rvcontinue": "13|141", "continue": "||"},
			"query": map[string]any{"pages": []any{f.page(12, 0, "Reset your password", resetText), f.page(13, 0, "Sign-in problems", "")}}}
	case ns == "0":
		body = map[string]any{"batchcomplete": true,
			"query": map[string]any{"pages": []any{f.page(12, 0, "Reset your password", ""), f.page(13, 0, "Sign-in problems", signInText)}}}
	case ns == "12" && q.Get("gapcontinue") == "":
		body = map[string]any{"batchcomplete": true, "continue": map[string]any{"gapcontinue": "Billing/Refunds", "continue": "gapcontinue||"},
			"query": map[string]any{"pages": []any{f.page(17, 12, "Help:Billing", billingText)}}}
	case ns == "12" && q.Get("gapcontinue") == "Billing/Refunds" && q.Get("continue") == "gapcontinue||":
		body = map[string]any{"batchcomplete": true,
			"query": map[string]any{"pages": []any{f.page(16, 12, "Help:Billing/Refunds", refundsText), f.page(18, 12, "Help:Old tips", "hidden")}}}
	default:
		body = map[string]any{"batchcomplete": true}
	}
	_ = json.NewEncoder(w).Encode(body)
}

func TestAPI(t *testing.T) {
	f := newFakeAPI(t)
	loc, err := helpdesk.ParseLocation(f.URL + "/w/api.php")
	if err != nil {
		t.Fatal(err)
	}
	r := newReader(t, loc, "", "")
	sl := &helpdesktest.Sleeper{}
	r.Client.Sleep = sl.Sleep
	wiki{base: f.URL}.check(t, r)
	if len(sl.Waits) == 0 || sl.Waits[0] != 3*time.Second {
		t.Errorf("waits %v, want the 429's Retry-After first", sl.Waits)
	}
	for _, ua := range f.userAgents {
		if !strings.HasPrefix(ua, "HelpgraphBot") {
			t.Errorf("User-Agent %q: the wiki's API asks every client to name itself", ua)
			break
		}
	}
}

func TestAPIRefused(t *testing.T) {
	f := newFakeAPI(t)
	f.limited = true
	for _, tc := range []struct{ name, url, want string }{
		{"not api.php", f.URL + "/wiki/Main_Page", "not the wiki's api.php"},
		{"no such address", f.URL + "/api.php", "404"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			loc, err := helpdesk.ParseLocation(tc.url)
			if err != nil {
				t.Fatal(err)
			}
			_, err = newReader(t, loc, "", "").Each(context.Background(), func(*page.Document) error { return nil })
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// TestPrivateWiki signs in with a bot password before reading a wiki
// whose API refuses anonymous reads; without one, or with a wrong one,
// the build fails saying which variables to set.
func TestPrivateWiki(t *testing.T) {
	f := newFakeAPI(t)
	f.private, f.limited = true, true
	loc, err := helpdesk.ParseLocation(f.URL + "/w/api.php")
	if err != nil {
		t.Fatal(err)
	}
	wiki{base: f.URL}.check(t, newReader(t, loc, botUser, botPassword))

	for _, tc := range []struct{ name, user, password, want string }{
		{"anonymous", "", "", "readapidenied"},
		{"a wrong password", botUser, "wrong", "Incorrect username or password"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := newReader(t, loc, tc.user, tc.password).Each(context.Background(), func(*page.Document) error { return nil })
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), mediawiki.EnvPassword) {
				t.Errorf("err = %v, want one saying %q and naming %s", err, tc.want, mediawiki.EnvPassword)
			}
		})
	}
	if _, err := mediawiki.New(loc, botUser, ""); err == nil || !strings.Contains(err.Error(), mediawiki.EnvPassword) {
		t.Errorf("a user without a password: err = %v", err)
	}
	plain, _ := helpdesk.ParseLocation("http://wiki.example.invalid/w/api.php")
	if _, err := newReader(t, plain, botUser, botPassword).Each(context.Background(), func(*page.Document) error { return nil }); err == nil || !strings.Contains(err.Error(), "not https") {
		t.Errorf("a bot password over plain http: err = %v, want it refused before any request", err)
	}
}

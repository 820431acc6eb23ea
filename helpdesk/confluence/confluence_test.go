package confluence_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/helpgraph/helpgraph/helpdesk"
	"github.com/helpgraph/helpgraph/helpdesk/confluence"
	"github.com/helpgraph/helpgraph/helpdesk/helpdesktest"
	"github.com/helpgraph/helpgraph/kgbuild"
	"github.com/helpgraph/helpgraph/page"
)

var _ kgbuild.Source = (*confluence.Reader)(nil)

// fake answers Confluence Cloud's content API under /wiki in its
// documented shape: {"results", "start", "limit", "size", "_links":
// {"base", "context", "next"}}, a page's rendered body in body.view, its
// ancestors, labels and _links.webui; a draft only when the status asked
// is not current; basic authentication with an email and an API token. It
// serves the fixture one page an answer, the first article's body with a
// table-of-contents macro and an expand macro, as Confluence renders them.
type fake struct {
	*httptest.Server
	email, token string
	mu           sync.Mutex
	requests     []string
}

func newFake(t *testing.T, email, token string) *fake {
	f := &fake{email: email, token: token}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fake) pageURL(a helpdesktest.Article) string {
	return fmt.Sprintf("%s/wiki/spaces/SUP/pages/%d/%s", f.URL, a.ID, strings.ReplaceAll(a.Title, " ", "+"))
}

func (f *fake) content(a helpdesktest.Article) map[string]any {
	body := a.Body
	if a.ID == 101 {
		body = `<div class="toc-macro client-side-toc-macro"><ul><li><a href="#Reset-Thelinkdoesnotarrive">The link does not arrive</a></li></ul></div>` + body +
			`<h2 id="Reset-Thelinkdoesnotarrive">The link does not arrive</h2><div class="expand-container"><div class="expand-control"><span class="expand-control-text">Still nothing after an hour?</span></div><div class="expand-content"><p>Ask us to send it again from the sign-in page.</p></div></div>`
	}
	if a.LinkTo != 0 {
		// Confluence renders a link to a page of the site by its path,
		// an older one by its page id.
		body += fmt.Sprintf(`<p>See <a href="/wiki/spaces/SUP/pages/%d/Old+title">this page</a> or <a href="/wiki/pages/viewpage.action?pageId=%d">that one</a>.</p>`, a.LinkTo, a.LinkTo)
	}
	status := "current"
	if a.Draft {
		status = "draft"
	}
	var labels []any
	for _, k := range a.Keywords {
		labels = append(labels, map[string]any{"prefix": "global", "name": strings.ReplaceAll(k, " ", "-"), "id": "9" + strconv.Itoa(len(labels))})
	}
	return map[string]any{
		"id": strconv.FormatInt(a.ID, 10), "type": "page", "status": status, "title": a.Title,
		"space":     map[string]any{"id": 98305, "key": "SUP", "name": "Support"},
		"ancestors": []any{map[string]any{"id": "1", "type": "page", "title": "Your account"}, map[string]any{"id": "2", "type": "page", "title": "Signing in"}},
		"body":      map[string]any{"view": map[string]any{"value": body, "representation": "view"}},
		"metadata":  map[string]any{"labels": map[string]any{"results": labels, "start": 0, "limit": 200, "size": len(labels)}},
		"_links":    map[string]any{"webui": fmt.Sprintf("/spaces/SUP/pages/%d/%s", a.ID, strings.ReplaceAll(a.Title, " ", "+")), "self": fmt.Sprintf("%s/wiki/rest/api/content/%d", f.URL, a.ID)},
	}
}

func (f *fake) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, r.URL.String())
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	if user, pass, ok := r.BasicAuth(); !ok || user != f.email || pass != f.token {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"statusCode":401,"message":"Unauthorized; scope does not match"}`)
		return
	}
	q := r.URL.Query()
	if r.URL.Path != "/wiki/rest/api/content" || q.Get("spaceKey") != "SUP" || q.Get("type") != "page" ||
		!strings.Contains(q.Get("expand"), "body.view") {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"statusCode":404,"message":"No space with key : "}`)
		return
	}
	var pages []any
	for _, a := range helpdesktest.Fixture {
		if !a.Draft || q.Get("status") != "current" {
			pages = append(pages, f.content(a))
		}
	}
	start, _ := strconv.Atoi(q.Get("start"))
	links := map[string]any{"base": f.URL + "/wiki", "context": "/wiki", "self": f.URL + r.URL.String()}
	var results []any
	if start < len(pages) {
		results = pages[start : start+1]
		if start+1 < len(pages) {
			next := *r.URL
			nq := next.Query()
			nq.Set("start", strconv.Itoa(start+1))
			links["next"] = "/rest/api/content?" + nq.Encode()
		}
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"results": results, "start": start, "limit": 1, "size": len(results), "_links": links})
}

func open(t *testing.T, loc string, email, token string) *confluence.Reader {
	t.Helper()
	l, err := helpdesk.ParseLocation(loc)
	if err != nil {
		t.Fatal(err)
	}
	r, err := confluence.New(l, email, token)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestImportsCurrentPagesWithLinksAsReferences(t *testing.T) {
	f := newFake(t, "agent@example.com", "tok")
	r := open(t, f.URL+"/wiki/spaces/SUP/overview", "agent@example.com", "tok")
	docs, urls := helpdesktest.Published(t, r, helpdesktest.SignInSection)
	want := []string{f.pageURL(helpdesktest.Fixture[0]), f.pageURL(helpdesktest.Fixture[2])}
	if !slices.Equal(urls, want) {
		t.Errorf("pages %q, want the current pages %q", urls, want)
	}
	helpdesktest.CheckKeywords(t, docs, want[0], []string{"forgotten password", "new password"})
	text := docs[0].Text()
	if strings.Count(text, "The link does not arrive") != 1 || !strings.Contains(text, "Ask us to send it again") || docs[0].Title != "Reset your password" {
		t.Errorf("first page %q reads:\n%s\nwant its title, the table of contents dropped and the expand macro's content kept", docs[0].Title, text)
	}
	collapsible := false
	for _, b := range docs[0].Blocks {
		collapsible = collapsible || b.Collapsible && b.Text == "Still nothing after an hour?"
	}
	if !collapsible {
		t.Errorf("the expand macro's title is no collapsible part's heading: %+v", docs[0].Blocks)
	}
	helpdesktest.CheckBuiltGraph(t, r, helpdesktest.SignInSection, want[0], want[1], "linked by path with another title, and by page id")
	for _, req := range f.requests {
		if !strings.Contains(req, "status=current") {
			t.Errorf("request %s does not ask for current pages alone", req)
		}
	}
}

// answerFile writes one answer of the content list, results under base,
// to a file and returns its path.
func answerFile(t *testing.T, results []any, base string) string {
	t.Helper()
	b, err := json.Marshal(map[string]any{"results": results, "_links": map[string]any{"base": base}})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "content.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestFile reads one answer of the content list from a file.
func TestFile(t *testing.T) {
	f := newFake(t, "a", "b")
	var results []any
	for _, a := range helpdesktest.Fixture {
		results = append(results, f.content(a))
	}
	docs, _ := helpdesktest.Pages(t, open(t, answerFile(t, results, f.URL+"/wiki"), "", ""))
	if len(docs) != 2 {
		t.Errorf("%d pages from the file, want the 2 current", len(docs))
	}
}

func TestRefused(t *testing.T) {
	f := newFake(t, "agent@example.com", "tok")
	for _, tc := range []struct{ name, loc, email, token, want string }{
		{"wrong token", f.URL + "/wiki/spaces/SUP", "agent@example.com", "wrong", confluence.EnvToken},
		{"no such space", f.URL + "/wiki/spaces/NOPE", "agent@example.com", "tok", "NOPE its key"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := open(t, tc.loc, tc.email, tc.token).Each(context.Background(), func(*page.Document) error { return nil })
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one naming %q", err, tc.want)
			}
			if tc.name == "wrong token" && !errors.Is(err, helpdesk.ErrUnauthorized) {
				t.Errorf("err = %v, want ErrUnauthorized", err)
			}
		})
	}
	loc, _ := helpdesk.ParseLocation(f.URL + "/wiki/home")
	if _, err := confluence.New(loc, "", ""); err == nil || !strings.Contains(err.Error(), "names no space") {
		t.Errorf("an address of no space: err = %v", err)
	}
	loc, _ = helpdesk.ParseLocation(f.URL + "/wiki/spaces/SUP")
	if _, err := confluence.New(loc, "agent@example.com", ""); err == nil || !strings.Contains(err.Error(), confluence.EnvToken) {
		t.Errorf("an email without a token: err = %v", err)
	}
}

// TestDataCenterLinksByTitle: Data Center renders a link to a page by its
// space and title; it leads to the page read under that title.
func TestDataCenterLinksByTitle(t *testing.T) {
	f := newFake(t, "a", "b")
	var results []any
	for _, a := range helpdesktest.Fixture {
		c := f.content(a)
		if a.ID == 101 {
			c["body"] = map[string]any{"view": map[string]any{"value": `<p>Reset it in Settings. If you cannot sign in at all, see <a href="/confluence/display/SUP/Sign-in+problems#top">Sign-in problems</a>, not <a href="/confluence/display/SUP/No+such+page">this</a>.</p>`}}
		}
		results = append(results, c)
	}
	g, _ := helpdesktest.Build(t, open(t, answerFile(t, results, f.URL+"/confluence"), "", ""))
	from, to := f.URL+"/confluence/spaces/SUP/pages/101/Reset+your+password", f.URL+"/confluence/spaces/SUP/pages/102/Sign-in+problems"
	if !helpdesktest.HasReference(g, from, to) {
		t.Errorf("no reference edge from 101 to 102 (linked by title); pages %q", helpdesktest.PageURLs(g))
	}
}

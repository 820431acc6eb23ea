package document360_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/helpdesk"
	"github.com/helpgraph/helpgraph/helpdesk/document360"
	"github.com/helpgraph/helpgraph/helpdesk/helpdesktest"
	"github.com/helpgraph/helpgraph/kgbuild"
)

var _ kgbuild.Source = (*document360.Reader)(nil)

// fake answers the Customer API (v2) in its documented shapes: every
// answer an envelope {"data", "extension_data", "success", "errors",
// "warnings", "information"}; the project's versions; a version's
// category tree, each category with its articles (without content) and
// child categories; one article with content and html_content; the token
// in the api_token header. It serves the fixture under "Your account" ›
// "Signing in" of the main version, the draft never published
// (public_version 0), an older version and a hidden category whose
// articles must never be read; the first article request answers 429.
type fake struct {
	*httptest.Server
	token    string
	mu       sync.Mutex
	limited  bool // the 429 was answered
	requests []string
}

func newFake(t *testing.T, token string) *fake {
	f := &fake{token: token}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

// siteURL is an article's page on the knowledge base site.
func (f *fake) siteURL(slug string) string {
	return f.URL + "/docs/" + strings.ToLower(slug)
}

func articleID(id int64) string { return fmt.Sprintf("a87c76c4-ef0c-4f3e-a65c-56935192%04d", id) }

func (f *fake) article(a helpdesktest.Article, withContent bool) map[string]any {
	body := a.Body
	for _, b := range helpdesktest.Fixture {
		if b.ID == a.LinkTo {
			body += fmt.Sprintf(`<p>See <a href="%s">this article</a>.</p>`, f.siteURL(b.Slug))
		}
	}
	public, status := 2, 3
	if a.Draft {
		public, status = 0, 0
	}
	m := map[string]any{"id": articleID(a.ID), "title": a.Title, "public_version": public, "latest_version": 2,
		"language_code": "en", "hidden": false, "status": status, "order": 1, "slug": strings.ToLower(a.Slug),
		"content_type": 1, "translation_option": 0, "is_shared_article": false, "modified_at": "2024-01-01T00:00:00Z"}
	if withContent {
		var description any
		if len(a.Keywords) > 0 {
			description = strings.Join(a.Keywords, ", ")
		}
		m["content"], m["html_content"] = "", body
		m["category_id"], m["project_version_id"] = "cat-signin", "ver-main"
		m["description"], m["url"], m["enable_rtl"], m["is_fall_back_content"] = description, f.siteURL(a.Slug), false, false
	}
	return m
}

func envelope(data any) map[string]any {
	return map[string]any{"data": data, "extension_data": nil, "success": true, "errors": []any{}, "warnings": []any{}, "information": []any{}}
}

func (f *fake) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, r.URL.Path)
	w.Header().Set("Content-Type", "application/json")
	if r.Header.Get("api_token") != f.token {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"data":null,"success":false,"errors":[{"description":"Unauthorized"}]}`)
		return
	}
	var body any
	switch path := r.URL.Path; {
	case path == "/v2/ProjectVersions":
		body = envelope([]any{
			map[string]any{"id": "ver-old", "version_number": 1.0, "is_main_version": false, "is_public": true, "is_deprecated": true, "slug": "v1"},
			map[string]any{"id": "ver-main", "version_number": 2.0, "is_main_version": true, "is_public": true, "is_deprecated": false, "slug": "v2",
				"language_versions": []any{map[string]any{"name": "English", "code": "en", "set_as_default": true, "hidden": false}}},
		})
	case path == "/v2/ProjectVersions/ver-main/categories":
		var refs []any
		for _, a := range helpdesktest.Fixture {
			refs = append(refs, f.article(a, false))
		}
		body = envelope([]any{
			map[string]any{"id": "cat-account", "name": "Your account", "hidden": false, "articles": []any{}, "child_categories": []any{
				map[string]any{"id": "cat-signin", "name": "Signing in", "hidden": false, "articles": refs, "child_categories": []any{}},
			}},
			map[string]any{"id": "cat-internal", "name": "Internal", "hidden": true, "child_categories": []any{},
				"articles": []any{map[string]any{"id": "internal-1", "title": "Internal notes", "public_version": 1, "hidden": false}}},
		})
	case strings.HasPrefix(path, "/v2/Articles/"):
		if !f.limited {
			f.limited = true
			w.Header().Set("Retry-After", "4")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		if q := r.URL.Query(); q.Get("isPublished") != "true" {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		for _, a := range helpdesktest.Fixture {
			if path == "/v2/Articles/"+articleID(a.ID) {
				body = envelope(f.article(a, true))
			}
		}
	}
	if body == nil {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"data":null,"success":false,"errors":[{"description":"Not found"}]}`)
		return
	}
	_ = json.NewEncoder(w).Encode(body)
}

func TestImportsPublishedArticlesWithLinksAsReferences(t *testing.T) {
	f := newFake(t, "token")
	loc, err := helpdesk.ParseLocation(f.URL)
	if err != nil {
		t.Fatal(err)
	}
	r, err := document360.New(loc, "token")
	if err != nil {
		t.Fatal(err)
	}
	sl := &helpdesktest.Sleeper{}
	r.Client.Sleep = sl.Sleep

	docs, urls := helpdesktest.Published(t, r, helpdesktest.SignInSection)
	want := []string{f.siteURL("Reset-your-password"), f.siteURL("Sign-in-problems")}
	if !slices.Equal(urls, want) {
		t.Errorf("pages %q, want the published articles %q", urls, want)
	}
	helpdesktest.CheckKeywords(t, docs, want[0], []string{"forgotten password, new password"})
	if !slices.Equal(sl.Waits, []time.Duration{4 * time.Second}) {
		t.Errorf("waits %v, want the 429's Retry-After", sl.Waits)
	}
	for _, p := range f.requests {
		if strings.Contains(p, "ver-old") || strings.Contains(p, "internal-1") || strings.Contains(p, articleID(103)) {
			t.Errorf("read an older version, a hidden category or a draft: %s", p)
		}
	}
	helpdesktest.CheckBuiltGraph(t, r, helpdesktest.SignInSection, want[0], want[1], "linked by its page on the site")
}

// TestFile reads articles with their content from a file in the shape of
// the API's answers; one written in Markdown only is rendered.
func TestFile(t *testing.T) {
	f := newFake(t, "token")
	var items []any
	for _, a := range helpdesktest.Fixture {
		items = append(items, f.article(a, true))
	}
	md := f.article(helpdesktest.Article{ID: 104, Slug: "Two-factor", Title: "Two-factor sign-in"}, true)
	md["content"], md["html_content"] = "## Turn it on\n\nOpen **Settings**, choose Security and switch on two-factor sign-in.", ""
	items = append(items, md)
	r, err := document360.New(helpdesktest.AnswerFile(t, envelope(items)), "")
	if err != nil {
		t.Fatal(err)
	}
	docs, failed := helpdesktest.Pages(t, r)
	if len(docs) != 3 || len(failed) != 0 {
		t.Fatalf("%d pages and %v failed from the file, want the 3 published", len(docs), failed)
	}
	if d := docs[2]; !strings.Contains(d.Text(), "switch on two-factor sign-in") || strings.Contains(d.Text(), "**") {
		t.Errorf("Markdown article read as %q", d.Text())
	}
}

func TestCredentials(t *testing.T) {
	f := newFake(t, "right")
	loc, _ := helpdesk.ParseLocation(f.URL)
	helpdesktest.CheckCredentials(t, document360.EnvAPIToken, func(token string) (kgbuild.Source, error) { return document360.New(loc, token) })
}

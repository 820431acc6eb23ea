package helpscout_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/helpdesk"
	"github.com/helpgraph/helpgraph/helpdesk/helpdesktest"
	"github.com/helpgraph/helpgraph/helpdesk/helpscout"
	"github.com/helpgraph/helpgraph/kgbuild"
)

var _ kgbuild.Source = (*helpscout.Reader)(nil)

// fake answers the Docs API in its documented shapes: lists as
// {"NAME": {"page", "pages", "count", "items"}}, one article as
// {"article": {...}}, status published or notpublished, basic
// authentication with the API key and "X". It serves the fixture in a
// public collection, two articles a page, and a private collection whose
// article must never be read; the first article request answers 429.
type fake struct {
	*httptest.Server
	key      string
	mu       sync.Mutex
	limited  bool // the 429 was answered
	requests []string
}

func newFake(t *testing.T, key string) *fake {
	f := &fake{key: key}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fake) articleURL(number int64, slug string) string {
	return fmt.Sprintf("%s/article/%d-%s", f.URL, number, strings.ToLower(slug))
}

func (f *fake) article(a helpdesktest.Article) map[string]any {
	text := a.Body
	if a.LinkTo != 0 {
		text += fmt.Sprintf(`<p>See <a href="%s">this article</a>.</p>`, f.articleURL(a.LinkTo, "old-slug"))
	}
	status := "published"
	if a.Draft {
		status = "notpublished"
	}
	return map[string]any{"id": fmt.Sprintf("5214c83d45667acd25394%03d", a.ID), "number": a.ID, "collectionId": "col-public",
		"slug": strings.ToLower(a.Slug), "status": status, "hasDraft": false, "name": a.Title, "text": text,
		"categories": []string{"cat-signin"}, "related": []string{}, "publicUrl": f.articleURL(a.ID, a.Slug),
		"popularity": 4.3, "viewCount": 237, "keywords": a.Keywords, "createdBy": 73423, "updatedBy": 73423,
		"createdAt": "2024-01-01T00:00:00Z", "updatedAt": "2024-01-01T00:00:00Z", "lastPublishedAt": "2024-01-01T00:00:00Z"}
}

func listOf(name string, page, pages int, items []any) map[string]any {
	return map[string]any{name: map[string]any{"page": page, "pages": pages, "count": len(items), "items": items}}
}

func (f *fake) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, r.URL.Path)
	w.Header().Set("Content-Type", "application/json")
	if user, pass, ok := r.BasicAuth(); !ok || user != f.key || pass != "X" {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"code":401,"error":"Invalid API key"}`)
		return
	}
	pageNo, _ := strconv.Atoi(r.URL.Query().Get("page"))
	var body any
	switch path := r.URL.Path; {
	case path == "/v1/collections":
		body = listOf("collections", 1, 1, []any{
			map[string]any{"id": "col-public", "siteId": "site-1", "number": 1, "slug": "your-account", "visibility": "public", "name": "Your account"},
			map[string]any{"id": "col-private", "siteId": "site-1", "number": 2, "slug": "internal", "visibility": "private", "name": "Internal"},
		})
	case path == "/v1/collections/col-public/categories":
		body = listOf("categories", 1, 1, []any{map[string]any{"id": "cat-signin", "number": 1, "slug": "signing-in", "name": "Signing in"}})
	case path == "/v1/collections/col-public/articles":
		if r.URL.Query().Get("status") != "published" {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		// Two a page, refs without text; the draft is left out as asked.
		var refs []any
		for _, a := range helpdesktest.Fixture {
			if !a.Draft {
				ref := f.article(a)
				delete(ref, "text")
				refs = append(refs, ref)
			}
		}
		if pageNo <= 1 {
			body = listOf("articles", 1, 2, refs[:1])
		} else {
			body = listOf("articles", 2, 2, refs[1:])
		}
	case strings.HasPrefix(path, "/v1/articles/"):
		if !f.limited {
			f.limited = true
			w.Header().Set("Retry-After", "4")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		for _, a := range helpdesktest.Fixture {
			if path == "/v1/articles/"+fmt.Sprintf("5214c83d45667acd25394%03d", a.ID) {
				body = map[string]any{"article": f.article(a)}
			}
		}
	}
	if body == nil {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"code":404,"error":"Not found"}`)
		return
	}
	_ = json.NewEncoder(w).Encode(body)
}

func TestImportsPublishedArticlesWithLinksAsReferences(t *testing.T) {
	f := newFake(t, "key")
	loc, err := helpdesk.ParseLocation(f.URL)
	if err != nil {
		t.Fatal(err)
	}
	r, err := helpscout.New(loc, "key")
	if err != nil {
		t.Fatal(err)
	}
	sl := &helpdesktest.Sleeper{}
	r.Client.Sleep = sl.Sleep

	docs, urls := helpdesktest.Published(t, r, helpdesktest.SignInSection)
	want := []string{f.articleURL(101, "Reset-your-password"), f.articleURL(102, "Sign-in-problems")}
	if !slices.Equal(urls, want) {
		t.Errorf("pages %q, want the published articles %q", urls, want)
	}
	helpdesktest.CheckKeywords(t, docs, want[0], []string{"forgotten password", "new password"})
	if !slices.Equal(sl.Waits, []time.Duration{4 * time.Second}) {
		t.Errorf("waits %v, want the 429's Retry-After", sl.Waits)
	}
	for _, p := range f.requests {
		if strings.Contains(p, "col-private") {
			t.Errorf("read the private collection: %s", p)
		}
	}
	helpdesktest.CheckBuiltGraph(t, r, helpdesktest.SignInSection, want[0], want[1], "linked by number, another slug")
}

// TestFile reads articles with their text from a file in the list's shape.
func TestFile(t *testing.T) {
	f := newFake(t, "key")
	var items []any
	for _, a := range helpdesktest.Fixture {
		items = append(items, f.article(a))
	}
	loc := helpdesktest.AnswerFile(t, listOf("articles", 1, 1, items))
	r, err := helpscout.New(loc, "")
	if err != nil {
		t.Fatal(err)
	}
	docs, _ := helpdesktest.Pages(t, r)
	if len(docs) != 2 {
		t.Errorf("%d pages from the file, want the 2 published", len(docs))
	}
}

func TestCredentials(t *testing.T) {
	f := newFake(t, "right")
	loc, _ := helpdesk.ParseLocation(f.URL)
	helpdesktest.CheckCredentials(t, helpscout.EnvAPIKey, func(key string) (kgbuild.Source, error) { return helpscout.New(loc, key) })
}

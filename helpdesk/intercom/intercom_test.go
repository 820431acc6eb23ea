package intercom_test

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
	"github.com/helpgraph/helpgraph/helpdesk/helpdesktest"
	"github.com/helpgraph/helpgraph/helpdesk/intercom"
	"github.com/helpgraph/helpgraph/kgbuild"
)

var _ kgbuild.Source = (*intercom.Reader)(nil)

// fake answers the Articles API in its documented shapes: a list with
// pages.next as a URL, articles with state, url, parent_id and
// translated_content, collections under /help_center/collections.
type fake struct {
	*httptest.Server
	token string
	mu    sync.Mutex
	// limited: the one 429 was answered.
	limited bool
}

func (f *fake) articleURL(id int64, locale string) string {
	for _, a := range helpdesktest.Fixture {
		if a.ID == id {
			return fmt.Sprintf("https://intercom.help/acme/%s/articles/%d-%s", locale, a.ID, strings.ToLower(a.Slug))
		}
	}
	return ""
}

func newFake(t *testing.T, token string) *fake {
	f := &fake{token: token}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fake) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if r.Header.Get("Authorization") != "Bearer "+f.token || r.Header.Get("Intercom-Version") == "" {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"type":"error.list","errors":[{"code":"unauthorized","message":"Access Token Invalid"}]}`)
		return
	}
	var body any
	switch r.URL.Path {
	case "/help_center/collections":
		body = map[string]any{"type": "list", "total_count": 2,
			"pages": map[string]any{"type": "pages", "page": 1, "per_page": 150, "total_pages": 1},
			"data": []any{
				map[string]any{"id": "6871119", "workspace_id": "hfi1bx4l", "name": "Your account", "parent_id": nil, "default_locale": "en"},
				map[string]any{"id": "6871120", "workspace_id": "hfi1bx4l", "name": "Signing in", "parent_id": "6871119", "default_locale": "en"},
			}}
	case "/articles":
		pageNo := r.URL.Query().Get("page")
		if pageNo == "2" && !f.limited {
			f.limited = true
			w.Header().Set("Retry-After", "3")
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprint(w, `{"type":"error.list","errors":[{"code":"rate_limit_exceeded"}]}`)
			return
		}
		start, end := 0, 2
		if pageNo == "2" {
			start, end = 2, 3
		}
		var data []any
		for _, a := range helpdesktest.Fixture[start:end] {
			html := a.Body
			if a.LinkTo != 0 {
				html += fmt.Sprintf(`<p>See <a href="%s">this article</a>.</p>`, strings.Replace(f.articleURL(a.LinkTo, "en"), "sign-in", "old", 1))
			}
			state, url := "published", any(f.articleURL(a.ID, "en"))
			if a.Draft {
				state, url = "draft", nil
			}
			art := map[string]any{"type": "article", "id": fmt.Sprint(a.ID), "workspace_id": "hfi1bx4l",
				"title": a.Title, "description": strings.Join(a.Keywords, ", "), "body": html, "author_id": 991267407, "state": state,
				"created_at": 1672928359, "updated_at": 1672928610, "url": url,
				"parent_id": 6871120, "parent_ids": []int{6871120}, "parent_type": "collection", "default_locale": "en",
				"statistics": nil}
			if a.ID == 102 {
				art["translated_content"] = map[string]any{"type": "article_translated_content",
					"fr": map[string]any{"type": "article_content", "title": "Problèmes de connexion",
						"body":      "<p>Si vous ne pouvez pas vous connecter, vérifiez que la touche Verr. Maj est désactivée.</p>",
						"author_id": 991267407, "state": "published", "url": f.articleURL(102, "fr")},
					"de": map[string]any{"type": "article_content", "title": "Anmeldeprobleme", "body": "<p>Entwurf</p>",
						"author_id": 991267407, "state": "draft", "url": nil},
				}
			}
			data = append(data, art)
		}
		pages := map[string]any{"type": "pages", "page": 1, "per_page": 2, "total_pages": 2}
		if end < len(helpdesktest.Fixture) {
			pages["next"] = f.URL + "/articles?page=2&per_page=2"
		} else {
			pages["page"] = 2
		}
		body = map[string]any{"type": "list", "total_count": 3, "pages": pages, "data": data}
	default:
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"type":"error.list","errors":[{"code":"not_found"}]}`)
		return
	}
	_ = json.NewEncoder(w).Encode(body)
}

func TestImportsPublishedArticlesWithLinksAsReferences(t *testing.T) {
	f := newFake(t, "tok")
	loc, err := helpdesk.ParseLocation(f.URL)
	if err != nil {
		t.Fatal(err)
	}
	r, err := intercom.New(loc, "tok")
	if err != nil {
		t.Fatal(err)
	}
	sl := &helpdesktest.Sleeper{}
	r.Client.Sleep = sl.Sleep

	docs, urls := helpdesktest.Published(t, r, helpdesktest.SignInSection)
	want := []string{f.articleURL(101, "en"), f.articleURL(102, "en"), f.articleURL(102, "fr")}
	if !slices.Equal(urls, want) {
		t.Errorf("pages %q, want the published articles and translation %q", urls, want)
	}
	// Intercom has no labels: an article's description says what it is about.
	helpdesktest.CheckKeywords(t, docs, f.articleURL(101, "en"), []string{"forgotten password, new password"})
	if !slices.Equal(sl.Waits, []time.Duration{3 * time.Second}) {
		t.Errorf("waits %v, want the 429's Retry-After", sl.Waits)
	}
	helpdesktest.CheckBuiltGraph(t, r, helpdesktest.SignInSection, want[0], want[1], "101 links 102")
}

func TestCredentials(t *testing.T) {
	f := newFake(t, "right")
	loc, _ := helpdesk.ParseLocation(f.URL)
	helpdesktest.CheckCredentials(t, intercom.EnvToken, func(key string) (kgbuild.Source, error) { return intercom.New(loc, key) })
}

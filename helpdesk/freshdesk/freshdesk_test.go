package freshdesk_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/helpdesk"
	"github.com/helpgraph/helpgraph/helpdesk/freshdesk"
	"github.com/helpgraph/helpgraph/helpdesk/helpdesktest"
	"github.com/helpgraph/helpgraph/kgbuild"
)

var _ kgbuild.Source = (*freshdesk.Reader)(nil)

// fake answers the Solutions API in its documented shapes: bare JSON
// arrays, page=N&per_page=M, status 1 (draft) or 2 (published), basic
// authentication with the API key and "X".
type fake struct {
	*httptest.Server
	key     string
	perPage int // articles per page the fake pretends is the most it gives
	mu      sync.Mutex
	fails   int // 503s still to answer
}

func newFake(t *testing.T, key string) *fake {
	f := &fake{key: key}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fake) articleURL(id int64) string {
	return fmt.Sprintf("%s/support/solutions/articles/%d", f.URL, id)
}

func (f *fake) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if user, pass, ok := r.BasicAuth(); !ok || user != f.key || pass != "X" {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"code":"invalid_credentials","message":"You have to be logged in to perform this action."}`)
		return
	}
	if f.fails > 0 {
		f.fails--
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	pageNo, _ := strconv.Atoi(r.URL.Query().Get("page"))
	perPage, _ := strconv.Atoi(r.URL.Query().Get("per_page"))
	var body any
	switch r.URL.Path {
	case "/api/v2/solutions/categories":
		body = []any{map[string]any{"id": 5000001, "name": "Your account", "description": "", "visible_in_portals": []int{1},
			"created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z"}}
	case "/api/v2/solutions/categories/5000001/folders":
		body = []any{map[string]any{"id": 6000001, "name": "Signing in", "description": "", "visibility": 1,
			"created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z"}}
	case "/api/v2/solutions/folders/6000001/subfolders":
		// 6000002's own subfolders answer 404, as on accounts without
		// nested folders: the reader takes that as none.
		body = []any{map[string]any{"id": 6000002, "name": "Two-factor", "parent_folder_id": 6000001, "visibility": 1}}
	case "/api/v2/solutions/folders/6000002/articles":
		body = []any{map[string]any{"id": 104, "type": 1, "category_id": 5000001, "folder_id": 6000002,
			"title": "Two-factor codes", "description": "<p>Enter the six-digit code from your authenticator app within thirty seconds.</p>",
			"status": 2, "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z"}}
	case "/api/v2/solutions/folders/6000001/articles":
		// The fake's pages are 2 long whatever is asked: a full page of
		// per_page is simulated by answering per_page items on page 1.
		all := helpdesktest.Fixture
		var list []any
		for i, a := range all {
			onPage := 1
			if i >= 2 {
				onPage = 2
			}
			if onPage != pageNo {
				continue
			}
			html := a.Body
			if a.LinkTo != 0 {
				html += fmt.Sprintf(`<p>See <a href="%s-old-slug">this article</a>.</p>`, f.articleURL(a.LinkTo))
			}
			status := 2
			if a.Draft {
				status = 1
			}
			list = append(list, map[string]any{"id": a.ID, "type": 1, "category_id": 5000001, "folder_id": 6000001,
				"title": a.Title, "description": html, "description_text": "", "status": status, "agent_id": 1,
				"tags": append([]string{}, a.Keywords...), "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-01T00:00:00Z"})
		}
		// Page 1 is a full page: pad it to per_page with copies of the
		// draft, which the reader must skip too.
		for pageNo == 1 && len(list) < perPage {
			list = append(list, map[string]any{"id": 900000 + len(list), "title": "Draft", "description": "<p>Draft</p>",
				"status": 1, "folder_id": 6000001, "category_id": 5000001})
		}
		body = list
	default:
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"code":"not_found"}`)
		return
	}
	_ = json.NewEncoder(w).Encode(body)
}

func TestImportsPublishedArticlesWithLinksAsReferences(t *testing.T) {
	f := newFake(t, "key123")
	f.fails = 2
	loc, _ := helpdesk.ParseLocation(f.URL)
	r, err := freshdesk.New(loc, "key123")
	if err != nil {
		t.Fatal(err)
	}
	sl := &helpdesktest.Sleeper{}
	r.Client.Sleep = sl.Sleep

	breadcrumb := func(url string) []string {
		if url == f.articleURL(104) {
			return append(helpdesktest.SignInSection(url), "Two-factor")
		}
		return helpdesktest.SignInSection(url)
	}
	docs, urls := helpdesktest.Published(t, r, breadcrumb)
	want := []string{f.articleURL(101), f.articleURL(102), f.articleURL(104)}
	if !slices.Equal(urls, want) {
		t.Errorf("pages %q, want %q (page 2 and the subfolder read, drafts skipped)", urls, want)
	}
	helpdesktest.CheckKeywords(t, docs, f.articleURL(101), []string{"forgotten password", "new password"})
	if !slices.Equal(sl.Waits, []time.Duration{time.Second, 2 * time.Second}) {
		t.Errorf("waits %v, want two backoffs for the two 503s", sl.Waits)
	}
	helpdesktest.CheckBuiltGraph(t, r, breadcrumb, want[0], want[1], "101 links 102")
}

func TestCredentials(t *testing.T) {
	f := newFake(t, "right")
	loc, _ := helpdesk.ParseLocation(f.URL)
	helpdesktest.CheckCredentials(t, freshdesk.EnvAPIKey, func(key string) (kgbuild.Source, error) { return freshdesk.New(loc, key) })
}

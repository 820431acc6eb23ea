package chatwoot_test

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
	"github.com/helpgraph/helpgraph/helpdesk/chatwoot"
	"github.com/helpgraph/helpgraph/helpdesk/helpdesktest"
	"github.com/helpgraph/helpgraph/kgbuild"
)

var _ kgbuild.Source = (*chatwoot.Reader)(nil)

const portalPath = "/api/v1/accounts/3/portals/help"

// fake answers Chatwoot's application API in its shapes: the article list
// of a portal as {"payload": [...], "meta": {"articles_count",
// "current_page", ...}}, articles' content in Markdown, the status by
// name, authentication by the api_access_token header. It serves the
// fixture two articles a page, drafts among them (the list's status filter
// is the client's to check too); the first request answers 429.
type fake struct {
	*httptest.Server
	token   string
	mu      sync.Mutex
	limited bool
}

func newFake(t *testing.T, token string) *fake {
	f := &fake{token: token}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func slug(a helpdesktest.Article) string {
	return fmt.Sprintf("%d-%s", 1690000000+a.ID, strings.ToLower(a.Slug))
}

func (f *fake) articleURL(a helpdesktest.Article) string {
	return f.URL + "/hc/help/articles/" + slug(a)
}

func (f *fake) article(a helpdesktest.Article) map[string]any {
	content := a.Body
	if a.LinkTo != 0 {
		for _, b := range helpdesktest.Fixture {
			if b.ID == a.LinkTo {
				content += fmt.Sprintf("\n\nSee [this article](%s/hc/help/articles/%d-old-slug).", f.URL, 1690000000+b.ID)
			}
		}
	}
	status := "published"
	if a.Draft {
		status = "draft"
	}
	return map[string]any{"id": a.ID, "slug": slug(a), "title": a.Title, "content": content, "description": strings.Join(a.Keywords, ", "),
		"status": status, "position": 1, "account_id": 3, "updated_at": 1700000000, "locale": "en", "views": 12,
		"meta": map[string]any{}, "category": map[string]any{"id": 7, "name": "Signing in", "slug": "signing-in", "locale": "en"},
		"portal": map[string]any{"id": 2, "slug": "help", "name": "Your account", "custom_domain": nil}}
}

func (f *fake) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if r.Header.Get("api_access_token") != f.token {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"error":"You need to sign in or sign up before continuing."}`)
		return
	}
	if r.URL.Path != portalPath+"/articles" {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"error":"Resource could not be found"}`)
		return
	}
	if !f.limited {
		f.limited = true
		w.Header().Set("Retry-After", "3")
		w.WriteHeader(http.StatusTooManyRequests)
		return
	}
	n, _ := strconv.Atoi(r.URL.Query().Get("page"))
	var payload []any
	for i, a := range helpdesktest.Fixture {
		if i/2 == n-1 {
			payload = append(payload, f.article(a))
		}
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"payload": payload, "meta": map[string]any{
		"all_articles_count": len(helpdesktest.Fixture), "articles_count": len(helpdesktest.Fixture), "current_page": strconv.Itoa(n),
		"draft_articles_count": 1, "published_count": 2, "archived_articles_count": 0, "mine_articles_count": 3}})
}

func TestImportsPublishedArticlesWithLinksAsReferences(t *testing.T) {
	f := newFake(t, "token")
	loc, err := helpdesk.ParseLocation(f.URL + portalPath)
	if err != nil {
		t.Fatal(err)
	}
	r, err := chatwoot.New(loc, "token")
	if err != nil {
		t.Fatal(err)
	}
	sl := &helpdesktest.Sleeper{}
	r.Client.Sleep = sl.Sleep

	docs, urls := helpdesktest.Published(t, r, helpdesktest.SignInSection)
	want := []string{f.articleURL(helpdesktest.Fixture[0]), f.articleURL(helpdesktest.Fixture[2])}
	if !slices.Equal(urls, want) {
		t.Errorf("pages %q, want the published articles %q", urls, want)
	}
	helpdesktest.CheckKeywords(t, docs, want[0], []string{"forgotten password, new password"})
	for _, d := range docs {
		if d.Lang != "en" {
			t.Errorf("%s: language %q, want the article's en", d.URL, d.Lang)
		}
		if strings.Contains(d.Text(), "<p>") {
			t.Errorf("%s: the content's HTML left as text: %q", d.URL, d.Text())
		}
	}
	if !slices.Equal(sl.Waits, []time.Duration{3 * time.Second}) {
		t.Errorf("waits %v, want the 429's Retry-After", sl.Waits)
	}
	helpdesktest.CheckBuiltGraph(t, r, helpdesktest.SignInSection, want[0], want[1], "linked by the time its slug opens with, another slug")
}

// TestFile reads a file holding one answer of the list, its articles
// carrying their portal; a custom domain is the portal's host.
func TestFile(t *testing.T) {
	f := newFake(t, "token")
	var payload []any
	for _, a := range helpdesktest.Fixture {
		art := f.article(a)
		art["portal"].(map[string]any)["custom_domain"] = "help.example.com"
		payload = append(payload, art)
	}
	loc := helpdesktest.AnswerFile(t, map[string]any{"payload": payload, "meta": map[string]any{"articles_count": len(payload)}})
	r, err := chatwoot.New(loc, "")
	if err != nil {
		t.Fatal(err)
	}
	docs, failed := helpdesktest.Pages(t, r)
	if len(failed) > 0 || len(docs) != 2 {
		t.Fatalf("%d pages, failed %v: want the 2 published", len(docs), failed)
	}
	if want := "https://help.example.com/hc/help/articles/" + slug(helpdesktest.Fixture[0]); docs[0].URL != want {
		t.Errorf("URL %s, want %s on the custom domain", docs[0].URL, want)
	}
}

func TestCredentials(t *testing.T) {
	f := newFake(t, "right")
	loc, _ := helpdesk.ParseLocation(f.URL + portalPath)
	helpdesktest.CheckCredentials(t, chatwoot.EnvToken, func(key string) (kgbuild.Source, error) { return chatwoot.New(loc, key) })
}

func TestNotAPortal(t *testing.T) {
	loc, _ := helpdesk.ParseLocation("https://app.chatwoot.com/hc/help")
	if _, err := chatwoot.New(loc, "token"); err == nil || !strings.Contains(err.Error(), "/api/v1/accounts/") {
		t.Errorf("err = %v, want one saying what a portal's API URL is", err)
	}
}

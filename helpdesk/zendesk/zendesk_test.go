package zendesk_test

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/graph/sqlite"
	"github.com/helpgraph/helpgraph/helpdesk"
	"github.com/helpgraph/helpgraph/helpdesk/helpdesktest"
	"github.com/helpgraph/helpgraph/helpdesk/zendesk"
	"github.com/helpgraph/helpgraph/helpdesk/zendesk/zendesktest"
	"github.com/helpgraph/helpgraph/kgbuild"
)

var _ kgbuild.Source = (*zendesk.Reader)(nil)

func reader(t *testing.T, url, email, token string) (*zendesk.Reader, *helpdesktest.Sleeper) {
	t.Helper()
	loc, err := helpdesk.ParseLocation(url)
	if err != nil {
		t.Fatal(err)
	}
	r := zendesk.New(loc, email, token)
	sl := &helpdesktest.Sleeper{}
	r.Client.Sleep = sl.Sleep
	return r, sl
}

func TestImportsPublishedArticlesWithLinksAsReferences(t *testing.T) {
	srv := zendesktest.NewServer(t)
	srv.Email, srv.Token = "agent@example.com", "s3cret"
	r, sl := reader(t, srv.URL, "agent@example.com", "s3cret")

	docs, urls := helpdesktest.Published(t, r, helpdesktest.SignInSection)
	want := []string{srv.ArticleURL(101), srv.ArticleURL(102)}
	if !slices.Equal(urls, want) {
		t.Errorf("page URLs %q, want the published articles' html_urls %q (the draft skipped)", urls, want)
	}
	helpdesktest.CheckKeywords(t, docs, srv.ArticleURL(101), []string{"forgotten password", "new password"})
	if !slices.Equal(sl.Waits, []time.Duration{7 * time.Second}) {
		t.Errorf("waits %v, want the one 429's Retry-After, 7s", sl.Waits)
	}

	g, _ := helpdesktest.Build(t, r)
	if !helpdesktest.HasReference(g, srv.ArticleURL(101), srv.ArticleURL(102)) {
		t.Errorf("no reference edge from article 101 to 102 (linked by /hc/en-us/articles/102-old-title); edges %v", g.Edges)
	}
	for _, p := range g.Pages {
		if strings.Contains(p.Text, "not released") {
			t.Errorf("the draft reached the graph: %s", p.URL)
		}
	}
}

func TestLocaleFromTheURL(t *testing.T) {
	srv := zendesktest.NewServer(t)
	r, _ := reader(t, srv.URL+"/hc/en-us", "", "")
	docs, _ := helpdesktest.Pages(t, r)
	if len(docs) != 2 {
		t.Fatalf("%d pages, want 2", len(docs))
	}
	if !slices.ContainsFunc(srv.Requests, func(u string) bool { return strings.HasPrefix(u, "/api/v2/help_center/en-us/articles.json") }) {
		t.Errorf("requests %q, want the en-us articles", srv.Requests)
	}
}

func TestEveryLocale(t *testing.T) {
	srv := zendesktest.NewServer(t)
	srv.German = true
	srv.RetryAfter = ""
	r, _ := reader(t, srv.URL, "", "")
	docs, failed := helpdesktest.Pages(t, r)
	if len(failed) > 0 {
		t.Fatal(failed)
	}
	var got []string
	for _, d := range docs {
		got = append(got, d.URL+" "+strings.Join(d.Breadcrumb, " > "))
	}
	want := []string{
		srv.ArticleURL(101) + " Your account > Signing in",
		srv.ArticleURL(102) + " Your account > Signing in",
		srv.URL + "/hc/de/articles/102-Anmeldeprobleme Ihr Konto > Anmelden",
	}
	if !slices.Equal(got, want) {
		t.Errorf("pages\n%q\nwant the default locale's, then de's published translation with its own names\n%q", got, want)
	}
}

func TestErrors(t *testing.T) {
	t.Run("bad token", func(t *testing.T) {
		srv := zendesktest.NewServer(t)
		srv.Email, srv.Token = "agent@example.com", "right"
		r, _ := reader(t, srv.URL, "agent@example.com", "wrong")
		_, err := r.Each(context.Background(), nil)
		if !errors.Is(err, helpdesk.ErrUnauthorized) || !strings.Contains(err.Error(), zendesk.EnvToken) {
			t.Errorf("err = %v, want ErrUnauthorized naming %s", err, zendesk.EnvToken)
		}
	})
	t.Run("server keeps failing", func(t *testing.T) {
		srv := zendesktest.NewServer(t)
		srv.SetFail(http.StatusBadGateway)
		r, sl := reader(t, srv.URL, "", "")
		r.Client.MaxWait = time.Minute
		_, err := r.Each(context.Background(), nil)
		if err == nil || !strings.Contains(err.Error(), "502") || !strings.Contains(err.Error(), "gave up") {
			t.Errorf("err = %v, want a 502 given up on", err)
		}
		var total time.Duration
		for _, w := range sl.Waits {
			total += w
		}
		if len(sl.Waits) < 3 || total > time.Minute {
			t.Errorf("waits %v: want several retries within the minute", sl.Waits)
		}
	})
	t.Run("not a help center", func(t *testing.T) {
		srv := zendesktest.NewServer(t)
		r, _ := reader(t, srv.URL+"/somewhere", "", "")
		r.Base.Path = "/nothing-here"
		srv.SetFail(http.StatusNotFound)
		_, err := r.Each(context.Background(), nil)
		if !errors.Is(err, helpdesk.ErrNotFound) {
			t.Errorf("err = %v, want ErrNotFound", err)
		}
	})
	t.Run("neither URL nor file", func(t *testing.T) {
		if _, err := helpdesk.ParseLocation("acme.zendesk.com"); err == nil {
			t.Error("a bare host name was taken for a location")
		}
	})
}

func TestReadsAnExportFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "articles.json")
	export := `{"articles": [
  {"id": 1, "html_url": "https://help.example.com/hc/de/articles/1-Passwort", "title": "Passwort ändern", "locale": "de", "draft": false, "section_id": 7,
   "body": "<p>Öffnen Sie die Einstellungen und wählen Sie Passwort ändern. Siehe <a href=\"https://help.example.com/hc/de/articles/2\">Anmelden</a>.</p>"},
  {"id": 2, "html_url": "https://help.example.com/hc/de/articles/2-Anmelden", "title": "Anmelden", "locale": "de", "draft": false, "section_id": 7,
   "body": "<p>Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.</p>"},
  {"id": 3, "html_url": "https://help.example.com/hc/de/articles/3-Entwurf", "title": "Entwurf", "locale": "de", "draft": true, "section_id": 7, "body": "<p>Entwurf</p>"}
 ],
 "sections": [{"id": 7, "name": "Konto", "category_id": 9}],
 "categories": [{"id": 9, "name": "Erste Schritte"}],
 "next_page": null}`
	if err := os.WriteFile(path, []byte(export), 0o644); err != nil {
		t.Fatal(err)
	}
	r, _ := reader(t, path, "", "")
	g, _ := helpdesktest.Build(t, r)
	want := []string{"https://help.example.com/hc/de/articles/1-Passwort", "https://help.example.com/hc/de/articles/2-Anmelden"}
	if got := helpdesktest.PageURLs(g); !slices.Equal(got, want) {
		t.Errorf("pages %q, want %q", got, want)
	}
	if !helpdesktest.HasReference(g, want[0], want[1]) {
		t.Errorf("no reference edge for the link by id alone")
	}
	helpdesktest.CheckGraphBreadcrumbs(t, g, func(string) []string { return []string{"Erste Schritte", "Konto"} })
}

// TestBuildKeepsBreadcrumbInStore builds the fake help center into a
// SQLite store, as helpgraph build --zendesk does, and reads each
// article's category and section back from the store: the dialogue ranks
// on them (a help desk's article URLs have no folders to tell them).
func TestBuildKeepsBreadcrumbInStore(t *testing.T) {
	ctx := context.Background()
	srv := zendesktest.NewServer(t)
	r, _ := reader(t, srv.URL, "", "")
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "graph.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := (&kgbuild.Builder{Store: st, Extractor: kgbuild.NewStructural()}).BuildFrom(ctx, r); err != nil {
		t.Fatalf("build: %v", err)
	}
	g, err := st.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	helpdesktest.CheckGraphBreadcrumbs(t, g, helpdesktest.SignInSection)
}

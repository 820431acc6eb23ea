// Package helpdesktest holds what the help desk readers' contract tests
// share: a sleeper that records the waits instead of waiting, a build of a
// reader's pages into an in-memory graph, and the article fixtures every
// fake help desk serves in its own API's shape.
package helpdesktest

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/graphtest"
	"github.com/helpgraph/helpgraph/helpdesk"
	"github.com/helpgraph/helpgraph/kgbuild"
	"github.com/helpgraph/helpgraph/page"
)

// Sleeper records the waits a client asks for and returns at once.
type Sleeper struct {
	mu    sync.Mutex
	Waits []time.Duration
}

// Sleep records d.
func (s *Sleeper) Sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Waits = append(s.Waits, d)
	return ctx.Err()
}

// Article is one fixture article, which each fake serves in its own shape.
type Article struct {
	ID     int64
	Slug   string
	Title  string
	Body   string // HTML; LinkTo is appended as a link to that article
	Draft  bool
	LinkTo int64
	// Keywords are the article's labels or tags (Zendesk's label_names,
	// Freshdesk's tags; Intercom serves them as its description).
	Keywords []string
}

// Fixture is the help center every fake serves: two published articles,
// the first linking to the second, and a draft, split so that the list
// takes two pages: the fakes list them in this order, the first two on
// page one.
var Fixture = []Article{
	{ID: 101, Slug: "Reset-your-password", Title: "Reset your password",
		Body:   "<p>To reset your password, open Settings, choose Security and press Reset password. We send a reset link to your email address within five minutes.</p>",
		LinkTo: 102, Keywords: []string{"forgotten password", "new password"}},
	{ID: 103, Slug: "Unreleased-feature", Title: "Unreleased feature", Draft: true,
		Body: "<p>This draft describes a feature that is not released yet, so customers must never be told about it.</p>"},
	{ID: 102, Slug: "Sign-in-problems", Title: "Sign-in problems",
		Body: "<p>If you cannot sign in, check that Caps Lock is off and that you use the email address you registered with. Clear the browser cookies and try again.</p>"},
}

// AnswerFile writes answer, one answer of a help desk's list as its API
// serves it, to a file as an export is kept, and returns the file's
// location.
func AnswerFile(t *testing.T, answer any) helpdesk.Location {
	t.Helper()
	b, err := json.Marshal(answer)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "answer.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	loc, err := helpdesk.ParseLocation(path)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

// Build builds src into an in-memory graph with the structural extractor
// and returns the graph and the build's page errors.
func Build(t *testing.T, src kgbuild.Source) (*graph.Graph, *kgbuild.Report) {
	t.Helper()
	st := graphtest.NewMemory()
	b := &kgbuild.Builder{Store: st, Extractor: kgbuild.NewStructural()}
	report, err := b.BuildFrom(context.Background(), src)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	g, err := st.Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return g, report
}

// Pages reads src into documents.
func Pages(t *testing.T, src kgbuild.Source) ([]*page.Document, []page.PageError) {
	t.Helper()
	var docs []*page.Document
	failed, err := src.Each(context.Background(), func(d *page.Document) error {
		docs = append(docs, d)
		return nil
	})
	if err != nil {
		t.Fatalf("reading the help desk: %v", err)
	}
	return docs, failed
}

// Published reads src, fails t on a page error, checks each document's
// breadcrumb against breadcrumb(its URL), and returns the documents and
// their URLs, in order.
func Published(t *testing.T, src kgbuild.Source, breadcrumb func(url string) []string) ([]*page.Document, []string) {
	t.Helper()
	docs, failed := Pages(t, src)
	if len(failed) > 0 {
		t.Fatalf("failed pages: %v", failed)
	}
	var urls []string
	for _, d := range docs {
		urls = append(urls, d.URL)
		if want := breadcrumb(d.URL); !slices.Equal(d.Breadcrumb, want) {
			t.Errorf("%s: breadcrumb %q, want %q", d.URL, d.Breadcrumb, want)
		}
	}
	return docs, urls
}

// SignInSection is the breadcrumb of the fixture's articles: the
// category (or collection) and section every fake files them under.
func SignInSection(string) []string { return []string{"Your account", "Signing in"} }

// CheckGraphBreadcrumbs fails t unless every page of g built from a help
// desk keeps the breadcrumb(its URL) its reader gave: a help center's
// category and section name what its articles' short titles leave out.
func CheckGraphBreadcrumbs(t *testing.T, g *graph.Graph, breadcrumb func(url string) []string) {
	t.Helper()
	if len(g.Pages) == 0 {
		t.Fatal("the graph has no pages")
	}
	for _, p := range g.Pages {
		if want := breadcrumb(p.URL); !slices.Equal(p.Breadcrumb, want) {
			t.Errorf("graph page %s: breadcrumb %q, want %q", p.URL, p.Breadcrumb, want)
		}
	}
}

// CheckBuiltGraph builds src (Build) and fails t unless every page of the
// graph has the breadcrumb breadcrumb gives it (CheckGraphBreadcrumbs) and
// a reference edge leads from page from to page to, which the fixture
// links how (said when it does not).
func CheckBuiltGraph(t *testing.T, src kgbuild.Source, breadcrumb func(url string) []string, from, to, how string) {
	t.Helper()
	g, _ := Build(t, src)
	CheckGraphBreadcrumbs(t, g, breadcrumb)
	if !HasReference(g, from, to) {
		t.Errorf("no reference edge from %s to %s (%s); edges %v", from, to, how, g.Edges)
	}
}

// CheckCredentials fails t unless a reader that open makes with no key
// is refused, naming env, the variable to set, and one with a wrong key
// (the fake's is another) fails with helpdesk.ErrUnauthorized naming it.
func CheckCredentials(t *testing.T, env string, open func(key string) (kgbuild.Source, error)) {
	t.Helper()
	if _, err := open(""); err == nil || !strings.Contains(err.Error(), env) {
		t.Errorf("no key: err = %v, want one naming %s", err, env)
	}
	src, err := open("wrong")
	if err != nil {
		t.Fatal(err)
	}
	_, err = src.Each(context.Background(), nil)
	if !errors.Is(err, helpdesk.ErrUnauthorized) || !strings.Contains(err.Error(), env) {
		t.Errorf("bad key: err = %v, want ErrUnauthorized naming %s", err, env)
	}
}

// HasReference reports whether g has a reference edge from a node of page
// from to a node of page to.
func HasReference(g *graph.Graph, from, to string) bool {
	pageOf := make(map[string]string, len(g.Nodes))
	for _, n := range g.Nodes {
		pageOf[n.ID] = n.Page
	}
	for _, e := range g.Edges {
		if e.Type == graph.Reference && pageOf[e.From] == from && pageOf[e.To] == to {
			return true
		}
	}
	return false
}

// CheckKeywords fails t unless the document of the fixture article 101
// (at url101) carries want as its keywords and no other document has any.
func CheckKeywords(t *testing.T, docs []*page.Document, url101 string, want []string) {
	t.Helper()
	for _, d := range docs {
		w := []string(nil)
		if d.URL == url101 {
			w = want
		}
		if !slices.Equal(d.Keywords, w) {
			t.Errorf("%s: keywords %q, want %q", d.URL, d.Keywords, w)
		}
	}
}

// PageURLs lists g's page URLs, in order.
func PageURLs(g *graph.Graph) []string {
	var out []string
	for _, p := range g.Pages {
		out = append(out, p.URL)
	}
	return out
}

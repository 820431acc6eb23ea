package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/helpdesk/zendesk/zendesktest"
	"github.com/helpgraph/helpgraph/kgbuild"
)

// zendeskCLI runs helpgraph with Zendesk credentials in its environment.
func zendeskCLI(t *testing.T, email, token string, args ...string) (string, error) {
	t.Helper()
	cfg := config.FromLookup(func(k string) (string, bool) {
		switch k {
		case "HELPGRAPH_ZENDESK_EMAIL":
			return email, true
		case "HELPGRAPH_ZENDESK_TOKEN":
			return token, true
		}
		return "", false
	})
	var out, errb bytes.Buffer
	m := &Main{Config: cfg, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}
	err := m.Run(context.Background(), args)
	return out.String() + errb.String(), err
}

func TestBuildFromZendesk(t *testing.T) {
	srv := zendesktest.NewServer(t)
	srv.Email, srv.Token = "agent@example.com", "s3cret"
	srv.RetryAfter = "1" // the one 429 costs the test a second
	db := filepath.Join(t.TempDir(), "g.db")

	out, err := zendeskCLI(t, "agent@example.com", "s3cret", "build", "--zendesk", srv.URL, "--store", db, "--llm", "off")
	if err != nil {
		t.Fatalf("build --zendesk: %v\n%s", err, out)
	}
	if !strings.Contains(out, "2 ok, 0 failed") {
		t.Errorf("build report, want 2 pages ok:\n%s", out)
	}
	export, _, err := runCLI(t, "export", "--store", db, "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var g graph.Graph
	if err := json.Unmarshal([]byte(export), &g); err != nil {
		t.Fatal(err)
	}
	var urls []string
	for _, p := range g.Pages {
		urls = append(urls, p.URL)
	}
	want := []string{srv.ArticleURL(101), srv.ArticleURL(102)}
	if !slices.Equal(urls, want) {
		t.Errorf("pages %q, want exactly the published articles' html_urls %q", urls, want)
	}
	pageOf := map[string]string{}
	for _, n := range g.Nodes {
		pageOf[n.ID] = n.Page
	}
	refs := 0
	for _, e := range g.Edges {
		if e.Type == graph.Reference && pageOf[e.From] == want[0] && pageOf[e.To] == want[1] {
			refs++
		}
	}
	if refs != 1 {
		t.Errorf("%d reference edges from article 101 to 102, want 1", refs)
	}

	// The build remembers its source for serve --resync, without credentials.
	lb := lastBuild(t, db)
	report := reportOf(t, lb)
	if report.Origin == nil || report.Origin.Kind != "zendesk" || report.Origin.Location != srv.URL ||
		!slices.Equal(report.Origin.Options, []string{"--llm", "off"}) {
		t.Errorf("origin %+v, want zendesk %s with --llm off", report.Origin, srv.URL)
	}
	if strings.Contains(string(lb.Report), "s3cret") {
		t.Error("the build report holds the API token")
	}
}

func TestBuildFromZendeskBadToken(t *testing.T) {
	srv := zendesktest.NewServer(t)
	srv.Email, srv.Token = "agent@example.com", "s3cret"
	db := filepath.Join(t.TempDir(), "g.db")
	out, err := zendeskCLI(t, "agent@example.com", "wrong", "build", "--zendesk", srv.URL, "--store", db, "--llm", "off")
	if err == nil || !strings.Contains(err.Error(), "HELPGRAPH_ZENDESK_TOKEN") || !strings.Contains(err.Error(), "401") {
		t.Errorf("err = %v, want a 401 naming HELPGRAPH_ZENDESK_TOKEN\n%s", err, out)
	}
	if _, err := zendeskCLI(t, "", "", "build", "--zendesk", "acme.zendesk.com", "--store", db, "--llm", "off"); err == nil ||
		!strings.Contains(err.Error(), "neither an http(s) URL nor a readable file") {
		t.Errorf("bare host: err = %v", err)
	}
	if _, err := zendeskCLI(t, "", "", "build", "--zendesk", srv.URL, "--pages", ".", "--store", db); err == nil || exitCode(err) != 2 {
		t.Errorf("two sources: err = %v, want a usage error", err)
	}
}

func TestBuildRecordsItsOrigin(t *testing.T) {
	dir := writePages(t, fixturePages)
	db := filepath.Join(t.TempDir(), "g.db")
	wd, _ := os.Getwd()
	rel, err := filepath.Rel(wd, dir)
	if err != nil {
		t.Skip("the temp folder has no path relative to the test's")
	}
	if _, _, err := runCLI(t, "build", "--pages", rel, "--store", db, "--llm", "off", "--force", "--concurrency", "2"); err != nil {
		t.Fatal(err)
	}
	report := lastBuildReport(t, db)
	want := kgbuild.Origin{Kind: "pages", Location: dir, Options: []string{"--concurrency", "2", "--llm", "off"}}
	if o := report.Origin; o == nil || o.Kind != want.Kind || o.Location != want.Location || !slices.Equal(o.Options, want.Options) {
		t.Errorf("origin %+v, want %+v (absolute folder; no --store, no --force)", o, want)
	}
}

func TestBuildFromHelpDeskNeedsCredentials(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	for _, tc := range []struct{ flag, env, path string }{
		{"--intercom", "HELPGRAPH_INTERCOM_TOKEN", ""},
		{"--freshdesk", "HELPGRAPH_FRESHDESK_API_KEY", ""},
		{"--helpscout", "HELPGRAPH_HELPSCOUT_API_KEY", ""},
		{"--document360", "HELPGRAPH_DOCUMENT360_API_TOKEN", ""},
		{"--chatwoot", "HELPGRAPH_CHATWOOT_TOKEN", "/api/v1/accounts/3/portals/help"},
		{"--chatwoot", "/api/v1/accounts/", ""}, // no portal's API URL: said first
	} {
		// Refused before any request: the URL is never fetched.
		_, _, err := runCLI(t, "build", tc.flag, "https://helpdesk.invalid"+tc.path, "--store", db, "--llm", "off")
		if err == nil || !strings.Contains(err.Error(), tc.env) {
			t.Errorf("build %s without credentials: err = %v, want one naming %s", tc.flag, err, tc.env)
		}
	}
}

// TestBuildFromMediaWikiExport builds from a file of a wiki's
// Special:Export XML and records it as the origin a re-sync repeats.
func TestBuildFromMediaWikiExport(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	export := filepath.Join("..", "..", "helpdesk", "mediawiki", "testdata", "export.xml")
	out, _, err := runCLI(t, "build", "--mediawiki", export, "--store", db, "--llm", "off")
	if err != nil {
		t.Fatalf("build --mediawiki: %v\n%s", err, out)
	}
	if !strings.Contains(out, "4 ok, 0 failed") {
		t.Errorf("build report, want the wiki's 4 readable pages:\n%s", out)
	}
	report := lastBuildReport(t, db)
	if o := report.Origin; o == nil || o.Kind != "mediawiki" || o.Location != absPath(export) {
		t.Errorf("origin %+v, want mediawiki at %s", o, absPath(export))
	}
}

// TestBuildFromConfluenceNeedsBoth refuses an email without its token
// before any request.
func TestBuildFromConfluenceNeedsBoth(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	cfg := config.FromLookup(func(k string) (string, bool) {
		if k == "HELPGRAPH_CONFLUENCE_EMAIL" {
			return "agent@example.com", true
		}
		return "", false
	})
	var out bytes.Buffer
	m := &Main{Config: cfg, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out}
	err := m.Run(context.Background(), []string{"build", "--confluence", "https://acme.invalid/wiki/spaces/SUP", "--store", db, "--llm", "off"})
	if err == nil || !strings.Contains(err.Error(), "HELPGRAPH_CONFLUENCE_TOKEN") {
		t.Errorf("err = %v, want one naming HELPGRAPH_CONFLUENCE_TOKEN", err)
	}
}

package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/kgbuild"
	"github.com/helpgraph/helpgraph/resync"
)

func TestAdminDisabledWithoutToken(t *testing.T) {
	env := newTestEnv(t, Config{})
	for _, path := range []string{"/admin", "/admin/queue", "/admin/login", "/admin/graph"} {
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Authorization", "Bearer anything")
		if resp, _ := env.do(t, req); resp.StatusCode != 404 {
			t.Errorf("%s with admin disabled: %d, want 404", path, resp.StatusCode)
		}
	}
}

func TestAdminAuth(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	tests := []struct {
		name, auth string
		status     int
	}{
		{"no credentials", "", 401},
		{"wrong token", "Bearer nope", 401},
		{"token as basic auth", "Basic " + testToken, 401},
		{"right token", "Bearer " + testToken, 200},
	}
	for _, tt := range tests {
		for _, path := range []string{"/admin/queue", "/admin/graph", "/admin/build", "/admin/nodes/root"} {
			req := httptest.NewRequest("GET", path, nil)
			if tt.auth != "" {
				req.Header.Set("Authorization", tt.auth)
			}
			if resp, body := env.do(t, req); resp.StatusCode != tt.status {
				t.Errorf("%s %s: %d, want %d", tt.name, path, resp.StatusCode, tt.status)
			} else if tt.status == 401 && strings.Contains(body, "Graph explorer") {
				t.Errorf("%s %s: refused page shows admin content", tt.name, path)
			}
		}
	}
}

// login signs in through the form and returns the admin cookie.
func login(t *testing.T, env *testEnv, token string) (*http.Response, *http.Cookie) {
	t.Helper()
	req := httptest.NewRequest("POST", "/admin/login", strings.NewReader(url.Values{"token": {token}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "http://example.com")
	resp, _ := env.do(t, req)
	for _, c := range resp.Cookies() {
		if c.Name == adminCookie {
			return resp, c
		}
	}
	return resp, nil
}

func TestAdminLoginCookie(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	if resp, c := login(t, env, "wrong"); resp.StatusCode != 401 || c != nil {
		t.Fatalf("wrong token login: %d cookie %v", resp.StatusCode, c)
	}
	resp, c := login(t, env, testToken)
	if resp.StatusCode != 303 || c == nil {
		t.Fatalf("login: %d cookie %v", resp.StatusCode, c)
	}
	if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Secure || strings.Contains(c.Value, testToken) || strings.Count(c.Value, ".") != 2 {
		t.Errorf("cookie %+v: want HttpOnly, SameSite=Strict, not Secure over http, a signed session not the token", c)
	}
	req := httptest.NewRequest("GET", "/admin/queue", nil)
	req.AddCookie(c)
	if resp, _ := env.do(t, req); resp.StatusCode != 200 {
		t.Errorf("queue with cookie: %d", resp.StatusCode)
	}
	forged := *c
	forged.Value = strings.Repeat("0", 64)
	req = httptest.NewRequest("GET", "/admin/queue", nil)
	req.AddCookie(&forged)
	if resp, _ := env.do(t, req); resp.StatusCode != 401 {
		t.Errorf("queue with forged cookie: %d, want 401", resp.StatusCode)
	}
	req = httptest.NewRequest("POST", "/admin/login", strings.NewReader("token="+testToken))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "https://evil.example")
	if resp, _ := env.do(t, req); resp.StatusCode != 403 {
		t.Errorf("cross-origin login: %d, want 403", resp.StatusCode)
	}
}

func TestMarkHandledCSRF(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	ctx := context.Background()
	env.chat(t, "", "get me a human")
	hs, _ := env.convs.Handoffs(ctx, true)
	if len(hs) != 1 {
		t.Fatalf("handoffs = %v", hs)
	}
	_, cookie := login(t, env, testToken)
	req := httptest.NewRequest("GET", "/admin/queue", nil)
	req.AddCookie(cookie)
	if _, page := env.do(t, req); !strings.Contains(page, "get me a human") || !strings.Contains(page, "talk to a person") {
		t.Errorf("queue page lacks the transcript or intent")
	}
	path := "/admin/handoffs/" + itoa(hs[0].ID) + "/handled"
	tests := []struct {
		name    string
		origin  string
		referer string
		bearer  bool
		status  int
	}{
		{"cookie, other origin", "https://evil.example", "", false, 403},
		{"cookie, no origin", "", "", false, 403},
		{"cookie, other referer", "", "https://evil.example/page", false, 403},
		{"bearer, other origin", "https://evil.example", "", true, 403},
		{"cookie, same origin", "http://example.com", "", false, 303},
	}
	for _, tt := range tests {
		req := httptest.NewRequest("POST", path, nil)
		if tt.bearer {
			req.Header.Set("Authorization", "Bearer "+testToken)
		} else {
			req.AddCookie(cookie)
		}
		if tt.origin != "" {
			req.Header.Set("Origin", tt.origin)
		}
		if tt.referer != "" {
			req.Header.Set("Referer", tt.referer)
		}
		resp, _ := env.do(t, req)
		if resp.StatusCode != tt.status {
			t.Errorf("%s: %d, want %d", tt.name, resp.StatusCode, tt.status)
		}
		waiting, _ := env.convs.Handoffs(ctx, true)
		if handled := len(waiting) == 0; handled != (tt.status == 303) {
			t.Errorf("%s: handled = %v after status %d", tt.name, handled, resp.StatusCode)
		}
	}
	req = httptest.NewRequest("POST", "/admin/handoffs/999/handled", nil)
	req.Header.Set("Authorization", "Bearer "+testToken)
	if resp, _ := env.do(t, req); resp.StatusCode != 404 {
		t.Errorf("unknown handoff via bearer without Origin: %d, want 404", resp.StatusCode)
	}
}

func TestAdminPages(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	get := func(path string) string {
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Authorization", "Bearer "+testToken)
		resp, body := env.do(t, req)
		if resp.StatusCode != 200 {
			t.Errorf("%s: %d", path, resp.StatusCode)
		}
		return body
	}
	tests := []struct {
		path string
		want []string
	}{
		{"/admin/graph", []string{`href="/admin/nodes/root"`, "Graph A"}},
		{"/admin/graph?q=phone", []string{`href="/admin/nodes/phone"`, "change phone booking"}},
		{"/admin/nodes/root", []string{"<svg", `href="/admin/nodes/online"`, `fill="#1f5fbf"`, "error changing a phone booking"}},
		{"/admin/nodes/online", []string{"booked online", "Answers by itself", `<a href="https://help.example.com/my-bookings"`, `href="/admin/nodes/root"`}},
		{"/admin/build", []string{"&#34;nodes&#34;: 3", "dead-end", "no &lt;resolution&gt;"}},
	}
	for _, tt := range tests {
		body := get(tt.path)
		for _, w := range tt.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s lacks %q", tt.path, w)
			}
		}
	}
	req := httptest.NewRequest("GET", "/admin/nodes/nope", nil)
	req.Header.Set("Authorization", "Bearer "+testToken)
	if resp, _ := env.do(t, req); resp.StatusCode != 404 {
		t.Errorf("unknown node: %d, want 404", resp.StatusCode)
	}
}

// TestSignInKeepsDeepLink: a deep link asks for sign-in without an alert,
// and after signing in the support person lands on that page, never on
// another site.
func TestSignInKeepsDeepLink(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	resp, page := env.do(t, httptest.NewRequest("GET", "/admin/nodes/online?x=1", nil))
	if resp.StatusCode != 401 || !strings.Contains(page, `name="next" value="/admin/nodes/online?x=1"`) || strings.Contains(page, `role="alert"`) {
		t.Errorf("sign-in page for a deep link: %d, next field or an alert wrong", resp.StatusCode)
	}
	for _, tc := range []struct{ next, want string }{
		{"/admin/nodes/online?x=1", "/admin/nodes/online?x=1"},
		{"", "/admin/"},
		{"https://evil.example/admin/", "/admin/"},
		{"//evil.example/admin/", "/admin/"},
		{"/\\evil.example", "/admin/"},
		{"/admin/login", "/admin/"},
	} {
		req := httptest.NewRequest("POST", "/admin/login", strings.NewReader(url.Values{"token": {testToken}, "next": {tc.next}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", "http://example.com")
		resp, _ := env.do(t, req)
		if got := resp.Header.Get("Location"); resp.StatusCode != 303 || got != tc.want {
			t.Errorf("sign-in with next %q: %d to %q, want %q", tc.next, resp.StatusCode, got, tc.want)
		}
	}
}

func TestBuildPageSummaryAndLintFilter(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	status, page := adminGet(t, env, "/admin/build")
	for _, want := range []string{`<div class="big">3</div>nodes`, "<details", "dead-end (1)", `href="/admin/nodes/root"`} {
		if status != 200 || !strings.Contains(page, want) {
			t.Errorf("build page (%d) lacks %q", status, want)
		}
	}
	// Filtered to a kind with no findings: none listed, the filter offered back.
	_, page = adminGet(t, env, "/admin/build?kind=intent-collision")
	if !strings.Contains(page, "No findings.") || strings.Contains(page, "no &lt;resolution&gt;") {
		t.Errorf("lint filtered to another kind still lists the dead end")
	}
	_, page = adminGet(t, env, "/admin/build?kind=dead-end&sort=page")
	if !strings.Contains(page, "no &lt;resolution&gt;") {
		t.Errorf("lint filtered to dead-end lacks the finding")
	}
}

// TestBuildPageSkippedPages: the pages a documentation tool generated,
// which a build skips, are said beside the failed ones, not counted as
// failed.
func TestBuildPageSkippedPages(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	_, page := adminGet(t, env, "/admin/build")
	if strings.Contains(page, "generated skipped") {
		t.Error("the build page says pages were skipped where the build skipped none")
	}
	report := json.RawMessage(`{"pages":4,"pages_ok":1,"nodes":3,"skipped":["genindex.html","py-modindex.html","search.html"]}`)
	if _, err := env.store.Replace(context.Background(), bookingGraph("Graph A"), report); err != nil {
		t.Fatal(err)
	}
	_, page = adminGet(t, env, "/admin/build")
	for _, want := range []string{`<div class="big">0</div>pages failed`, "3 generated skipped"} {
		if !strings.Contains(page, want) {
			t.Errorf("build page lacks %q", want)
		}
	}
}

func TestBuildPageShowsResync(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	_, page := adminGet(t, env, "/admin/build")
	if strings.Contains(page, "Re-sync") {
		t.Error("the build page shows re-syncs of a server that runs none")
	}
	when := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	status := resync.Status{Every: 6 * time.Hour, Runs: 2, Failed: 1, LastStart: when, LastEnd: when.Add(time.Minute),
		LastError: "zendesk: fetching https://acme.zendesk.com/api/v2/help_center/articles.json: 401 Unauthorized", LastOK: when.Add(-6 * time.Hour)}
	env.srv.resync = func() resync.Status { return status }
	_, page = adminGet(t, env, "/admin/build")
	for _, want := range []string{"Every 6h0m0s; 2 run, 1 failed", "Last re-sync failed", "2026-03-04 05:06:07 UTC", "401 Unauthorized", "still served"} {
		if !strings.Contains(page, want) {
			t.Errorf("build page lacks %q", want)
		}
	}
	status.LastError = ""
	_, page = adminGet(t, env, "/admin/build")
	if !strings.Contains(page, "Last re-sync succeeded") || strings.Contains(page, "401") {
		t.Error("a good re-sync is not shown as one")
	}
}

// A big help center's lint (LibreOffice's 1,672 pages: 7,000 findings, a
// 3 MB page that took 4 s to load) is shown a page of findings at a time,
// with links to the pages around it that keep the filter and the sort.
func TestBuildPageLintPages(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	var findings []kgbuild.Finding
	for i := range 250 {
		findings = append(findings, kgbuild.Finding{Kind: kgbuild.DeadEnd, Page: fmt.Sprintf("https://h.test/p%03d", i), Message: fmt.Sprintf("finding %03d", i)})
	}
	findings = append(findings, kgbuild.Finding{Kind: kgbuild.IntentCollision, Page: "https://h.test/zz", Message: "a collision"})
	var linted atomic.Int32
	env.srv.lint = func(*graph.Graph) []kgbuild.Finding { linted.Add(1); return findings }
	tests := []struct {
		query         string
		want, notWant []string
	}{
		{"", []string{"Findings 1–100 of 251", "finding 000", "finding 099", `href="/admin/build?page=2#lint" rel="next">Next 100`},
			[]string{"finding 100", `rel="prev"`}},
		{"?page=2", []string{"Findings 101–200 of 251", "finding 100", "finding 199", `href="/admin/build#lint" rel="prev">Previous 100`, `href="/admin/build?page=3#lint" rel="next">Next 51`},
			[]string{"finding 099", "finding 200"}},
		{"?page=99", []string{"Findings 201–251 of 251", "finding 249", "a collision", `rel="prev"`}, []string{"finding 199", `rel="next"`}},
		{"?kind=dead-end&sort=page&page=2", []string{"Findings 101–200 of 250", `href="/admin/build?kind=dead-end&amp;sort=page#lint" rel="prev"`, `href="/admin/build?kind=dead-end&amp;page=3&amp;sort=page#lint" rel="next"`},
			[]string{"a collision"}},
		{"?kind=intent-collision", []string{"a collision"}, []string{"Findings", "finding 000"}},
	}
	for _, tt := range tests {
		status, page := adminGet(t, env, "/admin/build"+tt.query)
		if status != 200 {
			t.Fatalf("%s: status %d", tt.query, status)
		}
		for _, w := range tt.want {
			if !strings.Contains(page, w) {
				t.Errorf("/admin/build%s lacks %q", tt.query, w)
			}
		}
		for _, w := range tt.notWant {
			if strings.Contains(page, w) {
				t.Errorf("/admin/build%s has %q", tt.query, w)
			}
		}
	}
	// The served graph is linted once, not on every visit.
	if n := linted.Load(); n != 1 {
		t.Errorf("the graph was linted %d times for %d visits, want once", n, len(tests))
	}
}

// The graph explorer lists a big help center's pages a hundred at a time
// (LibreOffice's 1,672 pages were one list 60 phone screens long), with
// links to the pages around it that keep the search.
func TestExplorerPagesItsPages(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken})
	g := bookingGraph("Graph A")
	for i := range 250 {
		g.Pages = append(g.Pages, graph.Page{URL: fmt.Sprintf("https://h.test/p%03d", i), Title: fmt.Sprintf("Page %03d", i), Status: graph.PageFailed, Error: "page has no text"})
	}
	if _, err := env.store.Replace(context.Background(), g, json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := env.srv.Reload(context.Background()); err != nil {
		t.Fatal(err)
	}
	total := len(g.Pages)
	tests := []struct {
		query         string
		want, notWant []string
	}{
		{"", []string{fmt.Sprintf("Pages (%d)", total), fmt.Sprintf("Pages 1–100 of %d", total), "Page 098", `href="/admin/graph?page=2#pages" rel="next">Next 100`},
			[]string{"Page 099", `rel="prev"`}},
		{"?q=phone&page=3", []string{fmt.Sprintf("Pages 201–%d of %d", total, total), "Page 249", `href="/admin/graph?page=2&amp;q=phone#pages" rel="prev">Previous 100`, "change phone booking"},
			[]string{"Page 198", `rel="next"`}},
	}
	for _, tt := range tests {
		_, page := adminGet(t, env, "/admin/graph"+tt.query)
		for _, w := range tt.want {
			if !strings.Contains(page, w) {
				t.Errorf("/admin/graph%s lacks %q", tt.query, w)
			}
		}
		for _, w := range tt.notWant {
			if strings.Contains(page, w) {
				t.Errorf("/admin/graph%s has %q", tt.query, w)
			}
		}
	}
}

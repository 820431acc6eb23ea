package crawl

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/page"
)

// site is a fake help center: paths to responses, with {{.}} in bodies
// replaced by the server's URL.
type site struct {
	pages map[string]response
	mu    sync.Mutex
	hits  map[string]int
	uas   map[string]bool
}

type response struct {
	status      int // 0: 200
	contentType string
	body        string
	location    string        // for redirects
	slow        time.Duration // wait before answering
}

func newSite(t *testing.T, pages map[string]response) (*site, *httptest.Server) {
	t.Helper()
	s := &site{pages: pages, hits: make(map[string]int), uas: make(map[string]bool)}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	for p, r := range pages {
		r.body = strings.ReplaceAll(r.body, "{{.}}", srv.URL)
		r.location = strings.ReplaceAll(r.location, "{{.}}", srv.URL)
		pages[p] = r
	}
	return s, srv
}

func (s *site) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	s.mu.Lock()
	s.hits[req.URL.RequestURI()]++
	s.uas[req.UserAgent()] = true
	r, ok := s.pages[req.URL.RequestURI()]
	s.mu.Unlock()
	if !ok {
		http.NotFound(w, req)
		return
	}
	if r.slow > 0 {
		select {
		case <-time.After(r.slow):
		case <-req.Context().Done():
			return
		}
	}
	if r.location != "" {
		http.Redirect(w, req, r.location, http.StatusFound)
		return
	}
	ct := r.contentType
	if ct == "" {
		ct = "text/html; charset=utf-8"
	}
	w.Header().Set("Content-Type", ct)
	if r.status != 0 {
		w.WriteHeader(r.status)
	}
	fmt.Fprint(w, r.body)
}

func (s *site) hit(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

func (s *site) totalHits() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, h := range s.hits {
		n += h
	}
	return n
}

func html(title, body string) response {
	return response{body: "<html><head><title>" + title + "</title></head><body>" + body + "</body></html>"}
}

func urls(docs []*page.Document) []string {
	var out []string
	for _, d := range docs {
		out = append(out, d.URL)
	}
	return out
}

func errURLs(errs []page.PageError) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.URL)
	}
	return out
}

// readFile is a fixture's bytes, as a response body.
func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func quick() *Crawler { return &Crawler{Delay: -1, Timeout: 5 * time.Second} }

func TestCrawl(t *testing.T) {
	other, otherSrv := newSite(t, map[string]response{
		"/help/x": html("Other", "<p>other host</p>"),
	})
	pages := map[string]response{
		"/robots.txt": {contentType: "text/plain", body: "User-agent: *\nDisallow: /help/b\n\nUser-agent: HelpgraphBot\nDisallow: /help/bots-keep-out\nDisallow: /help/private/\n\nSitemap: {{.}}/sitemap_index.xml\n"},
		"/sitemap_index.xml": {contentType: "application/xml", body: `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<sitemap><loc>{{.}}/sitemaps/pages.xml</loc></sitemap></sitemapindex>`},
		"/sitemaps/pages.xml": {contentType: "text/xml", body: `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>{{.}}/help/only-in-sitemap</loc></url><url><loc>{{.}}/blog/not-help</loc></url></urlset>`},
		"/help/": html("Help home", `<nav><a href="/help/nav-only">Nav only</a> <a href="/">Site home</a></nav>
<main><h1>Help</h1><p>Read <a href="a#part">A</a>, <a href="b">B</a>, <a href="/help/private/secret">secret</a>,
<a href="/help/bots-keep-out">bots</a>, <a href="/help/missing">missing</a>, <a href="/help/guide.pdf">guide</a>,
<a href="/help/refund-form.docx">form</a>, <a href="/help/manual.pdf">manual</a>,
<a href="/help/data">data</a>, <a href="/help/away">away</a>, <a href="/help/broken">broken</a> and
<a href="`+otherSrv.URL+`/help/x">elsewhere</a>.</p></main>`),
		"/help/a":                html("A", `<p>Page A links <a href="/help/c">C</a> and back to <a href="/help/">home</a>.</p>`),
		"/help/b":                html("B", `<p>Page B</p>`),
		"/help/c":                html("C", `<p>Page C</p><link rel="canonical" href="{{.}}/help/c-canonical">`),
		"/help/nav-only":         html("Nav", `<p>Found through navigation only.</p>`),
		"/help/only-in-sitemap":  html("Sitemap", `<p>Found through the sitemap only.</p>`),
		"/help/private/secret":   html("Secret", `<p>secret</p>`),
		"/help/bots-keep-out":    html("Keep out", `<p>keep out</p>`),
		"/help/guide.pdf":        {contentType: "application/pdf", body: readFile(t, "../page/testdata/pdf/faq.pdf")},
		"/help/refund-form.docx": {contentType: "application/octet-stream", body: readFile(t, "../page/testdata/docx/faq.docx")},
		"/help/manual.pdf":       {contentType: "application/pdf", body: readFile(t, "../page/testdata/pdf/long.pdf")},
		"/help/data":             {contentType: "application/json", body: `{"not":"html"}`},
		"/help/away":             {location: otherSrv.URL + "/help/x"},
		"/help/broken":           {status: http.StatusInternalServerError, body: "oops"},
		"/blog/not-help":         html("Blog", `<p>blog</p>`),
		"/":                      html("Site", `<p>site home</p>`),
	}
	s, srv := newSite(t, pages)

	var progress [][2]int
	c := quick()
	docs, pageErrs, err := c.Crawl(context.Background(), srv.URL+"/help/", func(done, queued int) {
		progress = append(progress, [2]int{done, queued})
	})
	if err != nil {
		t.Fatal(err)
	}
	wantDocs := []string{
		srv.URL + "/help/",
		srv.URL + "/help/a",
		srv.URL + "/help/b",
		srv.URL + "/help/c-canonical",
		srv.URL + "/help/guide.pdf",
		srv.URL + "/help/manual.pdf", // a long PDF's parts (page.Split)
		srv.URL + "/help/manual.pdf#page=3",
		srv.URL + "/help/manual.pdf#page=4",
		srv.URL + "/help/nav-only",
		srv.URL + "/help/only-in-sitemap",
		srv.URL + "/help/refund-form.docx",
	}
	if got := urls(docs); !reflect.DeepEqual(got, wantDocs) {
		t.Errorf("documents =\n%q\nwant\n%q", got, wantDocs)
	}
	wantErrs := []string{srv.URL + "/help/away", srv.URL + "/help/broken", srv.URL + "/help/missing"}
	if got := errURLs(pageErrs); !reflect.DeepEqual(got, wantErrs) {
		t.Errorf("page errors = %v, want %q", pageErrs, wantErrs)
	}
	for _, e := range pageErrs {
		var se *StatusError
		switch {
		case strings.HasSuffix(e.URL, "/away"):
			if !errors.Is(e, ErrOffsite) {
				t.Errorf("%v: want ErrOffsite", e)
			}
		case strings.HasSuffix(e.URL, "/missing"):
			if !errors.As(e, &se) || se.Code != 404 {
				t.Errorf("%v: want a 404 StatusError", e)
			}
		case strings.HasSuffix(e.URL, "/broken"):
			if !errors.As(e, &se) || se.Code != 500 {
				t.Errorf("%v: want a 500 StatusError", e)
			}
		}
	}
	for _, d := range docs {
		if strings.HasSuffix(d.URL, ".pdf") || strings.HasSuffix(d.URL, ".docx") {
			if d.Title == "" || len(d.Blocks) < 3 {
				t.Errorf("%s: title %q, %d blocks: want the document read", d.URL, d.Title, len(d.Blocks))
			}
		}
	}
	for _, p := range []string{"/help/private/secret", "/help/bots-keep-out", "/blog/not-help", "/"} {
		if n := s.hit(p); n != 0 {
			t.Errorf("%s fetched %d times, want never", p, n)
		}
	}
	for _, p := range []string{"/help/", "/help/a", "/robots.txt"} {
		if n := s.hit(p); n != 1 {
			t.Errorf("%s fetched %d times, want once", p, n)
		}
	}
	if n := other.totalHits(); n != 0 {
		t.Errorf("other host got %d requests, want none", n)
	}
	if !reflect.DeepEqual(s.uas, map[string]bool{DefaultUserAgent: true}) {
		t.Errorf("user agents = %v, want only %q", s.uas, DefaultUserAgent)
	}
	if len(progress) == 0 {
		t.Fatal("progress never called")
	}
	last := progress[len(progress)-1]
	if last[0] != last[1] || last[0] < len(wantDocs) {
		t.Errorf("last progress = %v, want done == queued >= %d", last, len(wantDocs))
	}
	for _, d := range docs {
		if !strings.HasPrefix(d.URL, "http://") || d.Title == "" || len(d.Blocks) == 0 {
			t.Errorf("document %q: title %q, %d blocks", d.URL, d.Title, len(d.Blocks))
		}
	}
}

func TestCrawlAllowHosts(t *testing.T) {
	other, otherSrv := newSite(t, map[string]response{
		"/help/x": html("Other", "<p>other host page</p>"),
		"/help/y": html("Other", "<p>redirect target</p>"),
	})
	_, srv := newSite(t, map[string]response{
		"/help/":     html("Home", `<p><a href="`+otherSrv.URL+`/help/x">x</a> <a href="/help/away">away</a></p>`),
		"/help/away": {location: otherSrv.URL + "/help/y"},
	})
	c := quick()
	c.AllowHosts = []string{strings.TrimPrefix(otherSrv.URL, "http://")}
	docs, pageErrs, err := c.Crawl(context.Background(), srv.URL+"/help/", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{otherSrv.URL + "/help/x", otherSrv.URL + "/help/y", srv.URL + "/help/"}
	slices.Sort(want) // the servers' ports decide the order
	if got := urls(docs); !reflect.DeepEqual(got, want) {
		t.Errorf("documents = %q, want %q (errors %v)", got, want, pageErrs)
	}
	if other.hit("/help/x") != 1 {
		t.Errorf("allowed host fetched %d times, want once", other.hit("/help/x"))
	}
}

func TestCrawlMaxPages(t *testing.T) {
	pages := map[string]response{}
	var links strings.Builder
	for i := range 20 {
		p := fmt.Sprintf("/p%02d", i)
		pages[p] = html(p, "<p>page "+p+"</p>")
		fmt.Fprintf(&links, `<a href="%s">%s</a> `, p, p)
	}
	pages["/"] = html("Home", "<p>"+links.String()+"</p>")
	s, srv := newSite(t, pages)
	c := quick()
	c.MaxPages = 5
	c.Concurrency = 3
	docs, _, err := c.Crawl(context.Background(), srv.URL+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 5 {
		t.Errorf("got %d documents, want 5", len(docs))
	}
	// robots.txt and sitemap.xml are not pages.
	if n := s.totalHits() - s.hit("/robots.txt") - s.hit("/sitemap.xml"); n != 5 {
		t.Errorf("fetched %d pages, want 5", n)
	}
}

func TestCrawlPageLimits(t *testing.T) {
	_, srv := newSite(t, map[string]response{
		"/":      html("Home", `<p><a href="/big">big</a> <a href="/slow">slow</a> <a href="/ok">ok</a> <a href="/empty">empty</a></p>`),
		"/big":   html("Big", "<p>"+strings.Repeat("word ", 1000)+"</p>"),
		"/slow":  {body: "<p>late</p>", slow: time.Hour}, // never answers
		"/ok":    html("OK", "<p>fine</p>"),
		"/empty": html("Empty", "<nav><a href='/ok'>ok</a></nav>"),
	})
	c := quick()
	c.MaxBytes = 1000
	// Long enough for the other pages on a loaded machine: /slow ends
	// only by this timeout, whatever the machine.
	c.Timeout = 3 * time.Second
	docs, pageErrs, err := c.Crawl(context.Background(), srv.URL+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := urls(docs), []string{srv.URL + "/", srv.URL + "/ok"}; !reflect.DeepEqual(got, want) {
		t.Errorf("documents = %q, want %q", got, want)
	}
	want := []struct {
		path string
		is   error
	}{
		{"/big", page.ErrTooBig},
		{"/empty", page.ErrNoText},
		{"/slow", context.DeadlineExceeded},
	}
	if len(pageErrs) != len(want) {
		t.Fatalf("page errors = %v, want %d", pageErrs, len(want))
	}
	for i, w := range want {
		if pageErrs[i].URL != srv.URL+w.path || !errors.Is(pageErrs[i], w.is) {
			t.Errorf("page error %d = %v, want %s: %v", i, pageErrs[i], w.path, w.is)
		}
	}
}

func TestCrawlSitemapFallbackGzip(t *testing.T) {
	// No robots.txt: /sitemap.xml is tried, here a gzipped file.
	s, srv := newSite(t, map[string]response{
		"/docs/start":  html("Start", "<p>no links</p>"),
		"/docs/hidden": html("Hidden", "<p>in the sitemap</p>"),
	})
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	fmt.Fprintf(zw, `<urlset><url><loc>%s/docs/hidden</loc></url></urlset>`, srv.URL)
	zw.Close()
	s.mu.Lock()
	s.pages["/sitemap.xml"] = response{contentType: "application/x-gzip", body: gz.String()}
	s.mu.Unlock()

	docs, _, err := quick().Crawl(context.Background(), srv.URL+"/docs/start", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := urls(docs), []string{srv.URL + "/docs/hidden", srv.URL + "/docs/start"}; !reflect.DeepEqual(got, want) {
		t.Errorf("documents = %q, want %q", got, want)
	}
}

func TestCrawlRobotsMeta(t *testing.T) {
	s, srv := newSite(t, map[string]response{
		// A hub page that asks not to be indexed still leads to pages.
		"/":    html("Hub", `<meta name="robots" content="noindex"><p><a href="/a">a</a> <a href="/old">old</a></p>`),
		"/a":   html("A", `<meta name="robots" content="nofollow"><p>A links <a href="/b">b</a>.</p>`),
		"/b":   html("B", `<p>not to be followed to</p>`),
		"/old": {body: `<meta http-equiv="refresh" content="0; url=/new"><p>moved</p>`},
		"/new": html("New", `<p>the new page</p>`),
	})
	docs, pageErrs, err := quick().Crawl(context.Background(), srv.URL+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	// A page that only redirects (/old) is no page; where it leads is.
	if got, want := urls(docs), []string{srv.URL + "/a", srv.URL + "/new"}; !reflect.DeepEqual(got, want) {
		t.Errorf("documents = %q, want %q (errors %v)", got, want, pageErrs)
	}
	if n := s.hit("/b"); n != 0 {
		t.Errorf("/b fetched %d times through a nofollow page", n)
	}
}

func TestCrawlStartErrors(t *testing.T) {
	_, srv := newSite(t, map[string]response{
		"/robots.txt": {contentType: "text/plain", body: "User-agent: *\nDisallow: /private/\n"},
		"/private/":   html("Private", "<p>x</p>"),
		"/fails":      {status: http.StatusServiceUnavailable, body: "down"},
		"/pdf":        {contentType: "application/pdf", body: "%PDF"},
		"/data":       {contentType: "application/json", body: `{"not":"html"}`},
	})
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	tests := []struct {
		name  string
		start string
	}{
		{"robots disallow", srv.URL + "/private/"},
		{"server error", srv.URL + "/fails"},
		{"not found", srv.URL + "/nope"},
		{"not a readable PDF", srv.URL + "/pdf"},
		{"not a page", srv.URL + "/data"},
		{"unreachable", closed.URL + "/"},
		{"not a URL", "help/index.html"},
		{"ftp", "ftp://example.com/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, _, err := quick().Crawl(context.Background(), tt.start, nil)
			if err == nil {
				t.Fatalf("Crawl(%s) returned %d documents and no error", tt.start, len(docs))
			}
			if !strings.HasPrefix(err.Error(), "crawling "+tt.start+": ") {
				t.Errorf("error %q does not start with crawling %s", err, tt.start)
			}
		})
	}
}

func TestCrawlCancel(t *testing.T) {
	pages := map[string]response{}
	var links strings.Builder
	for i := range 50 {
		p := fmt.Sprintf("/p%02d", i)
		pages[p] = response{body: "<p>slow page</p>", slow: 50 * time.Millisecond}
		fmt.Fprintf(&links, `<a href="%s">%s</a> `, p, p)
	}
	pages["/"] = html("Home", "<p>"+links.String()+"</p>")
	_, srv := newSite(t, pages)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls atomic.Int32
	docs, _, err := quick().Crawl(ctx, srv.URL+"/", func(done, queued int) {
		if calls.Add(1) == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error = %v, want context.Canceled", err)
	}
	if len(docs) == 0 || len(docs) >= 51 {
		t.Errorf("got %d documents, want the few crawled before cancelling", len(docs))
	}
}

func TestCrawlDelay(t *testing.T) {
	_, srv := newSite(t, map[string]response{
		"/":  html("Home", `<p><a href="/a">a</a> <a href="/b">b</a></p>`),
		"/a": html("A", "<p>a</p>"),
		"/b": html("B", "<p>b</p>"),
	})
	const delay = 40 * time.Millisecond
	c := &Crawler{Delay: delay, Concurrency: 4}
	begin := time.Now()
	docs, _, err := c.Crawl(context.Background(), srv.URL+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	// robots.txt, /, sitemap.xml, /a, /b: five requests, four waits at
	// least, however many workers there are.
	if elapsed := time.Since(begin); elapsed < 4*delay {
		t.Errorf("5 requests took %v, want at least %v apart in all", elapsed, 4*delay)
	}
	if len(docs) != 3 {
		t.Errorf("got %d documents, want 3", len(docs))
	}
}

func TestIsHTML(t *testing.T) {
	tests := []struct {
		contentType, body string
		want              bool
	}{
		{"text/html; charset=utf-8", "", true},
		{"application/xhtml+xml", "", true},
		{"TEXT/HTML", "", true},
		{"application/pdf", "<html>", false},
		{"text/html;;;bad=", "<html>", false},
		{"", "  <!DOCTYPE html><p>x", true},
		{"", "%PDF-1.7", false},
		{"", "\x89PNG\r\n\x1a\n", false},
	}
	for _, tt := range tests {
		if got := isHTML(tt.contentType, []byte(tt.body)); got != tt.want {
			t.Errorf("isHTML(%q, %q) = %v, want %v", tt.contentType, tt.body, got, tt.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"HTTP://Help.Example.COM:80/a/b#frag", "http://help.example.com/a/b"},
		{"https://help.example.com:443", "https://help.example.com/"},
		{"https://help.example.com:8443/x?q=1", "https://help.example.com:8443/x?q=1"},
		{"https://user:pw@help.example.com/x", "https://help.example.com/x"},
	}
	for _, tt := range tests {
		u, err := normalize(tt.in)
		if err != nil {
			t.Errorf("normalize(%q): %v", tt.in, err)
			continue
		}
		if u.String() != tt.want {
			t.Errorf("normalize(%q) = %q, want %q", tt.in, u, tt.want)
		}
	}
	for _, bad := range []string{"", "/relative", "mailto:x@y.z", "javascript:void(0)", "http://"} {
		if u, err := normalize(bad); err == nil {
			t.Errorf("normalize(%q) = %q, want an error", bad, u)
		}
	}
}

// TestCrawlRedirectScope checks that every redirect hop is held to the rules a
// link is: robots.txt and the start folder, not only the host.
func TestCrawlRedirectScope(t *testing.T) {
	s, srv := newSite(t, map[string]response{
		"/robots.txt": {contentType: "text/plain", body: "User-agent: *\nDisallow: /hc/private/\n"},
		"/hc/": html("Home", `<p><a href="/hc/to-private">a</a> <a href="/hc/offprefix">b</a>
<a href="/hc/hop">c</a> <a href="/hc/fine">d</a></p>`),
		"/hc/to-private":     {location: "/hc/private/secret"},
		"/hc/private/secret": html("Secret", "<p>private text</p>"),
		"/hc/offprefix":      {location: "/private-area/page"},
		"/private-area/page": html("Private", "<p>outside the folder</p>"),
		"/hc/hop":            {location: "/hc/hop2"},
		"/hc/hop2":           {location: "/hc/private/deeper"},
		"/hc/private/deeper": html("Deeper", "<p>private after two hops</p>"),
		"/hc/fine":           {location: "/hc/moved"},
		"/hc/moved":          html("Moved", "<p>a page that moved within the folder</p>"),
	})
	docs, pageErrs, err := quick().Crawl(context.Background(), srv.URL+"/hc/", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{srv.URL + "/hc/", srv.URL + "/hc/moved"}
	if got := urls(docs); !reflect.DeepEqual(got, want) {
		t.Errorf("documents = %q, want %q", got, want)
	}
	for _, p := range []string{"/hc/private/secret", "/private-area/page", "/hc/private/deeper"} {
		if n := s.hit(p); n != 0 {
			t.Errorf("%s fetched %d times through a redirect, want never", p, n)
		}
	}
	wantErr := map[string]error{
		srv.URL + "/hc/to-private": ErrDisallowed,
		srv.URL + "/hc/offprefix":  ErrOutOfScope,
		srv.URL + "/hc/hop":        ErrDisallowed,
	}
	if len(pageErrs) != len(wantErr) {
		t.Errorf("page errors = %v, want %d", pageErrs, len(wantErr))
	}
	for _, e := range pageErrs {
		if !errors.Is(e, wantErr[e.URL]) {
			t.Errorf("%v: want %v", e, wantErr[e.URL])
		}
	}
}

// TestCrawlCanonical checks that a declared canonical URL is honoured only on
// the same host and in scope, and never takes another page's place.
func TestCrawlCanonical(t *testing.T) {
	other, otherSrv := newSite(t, map[string]response{"/hc/real": html("Off", "<p>off-site page</p>")})
	pages := map[string]response{
		"/hc/": html("Home", `<p><a href="/hc/hijack">h</a> <a href="/hc/offsite">o</a> <a href="/hc/outside">x</a>
<a href="/hc/dup?ref=1">d</a> <a href="/hc/late-hijack">l</a></p>`),
		// Read first (linked from home), it claims a page read later.
		"/hc/hijack":      html("Hijack", `<link rel="canonical" href="/hc/victim"><p>hijacker text</p>`),
		"/hc/victim":      html("Victim", `<p>the real victim text</p>`),
		"/hc/offsite":     html("Offsite", `<link rel="canonical" href="`+otherSrv.URL+`/hc/real"><p>offsite claimer</p>`),
		"/hc/outside":     html("Outside", `<link rel="canonical" href="/private/x"><p>outside claimer</p>`),
		"/hc/dup?ref=1":   html("Dup", `<link rel="canonical" href="/hc/dup"><p>the dup page</p>`),
		"/hc/dup":         html("Dup", `<p>the dup page</p>`),
		"/hc/late-hijack": html("Late", `<link rel="canonical" href="/hc/"><p>claims the home page</p>`),
	}
	_, srv := newSite(t, pages)
	c := quick()
	c.Concurrency = 1
	docs, pageErrs, err := c.Crawl(context.Background(), srv.URL+"/hc/", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, d := range docs {
		got[d.URL] = d.Text()
	}
	want := map[string]string{
		srv.URL + "/hc/":        "claims", // not this
		srv.URL + "/hc/victim":  "the real victim text",
		srv.URL + "/hc/offsite": "offsite claimer",
		srv.URL + "/hc/outside": "outside claimer",
		srv.URL + "/hc/dup":     "the dup page",
	}
	if len(got) != len(want) {
		t.Errorf("documents = %q, want the URLs of %q (errors %v)", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)), pageErrs)
	}
	for u, text := range want {
		switch {
		case u == srv.URL+"/hc/":
			if strings.Contains(got[u], text) {
				t.Errorf("%s holds the text of a page that declared it canonical: %q", u, got[u])
			}
		case !strings.Contains(got[u], text):
			t.Errorf("%s: text %q, want %q", u, got[u], text)
		}
	}
	if other.totalHits() != 0 {
		t.Errorf("off-site canonical fetched")
	}
}

// TestCrawlDelayCap checks that a huge robots.txt Crawl-delay is capped and
// that the crawl says up front how long it will take.
func TestCrawlDelayCap(t *testing.T) {
	_, srv := newSite(t, map[string]response{
		"/robots.txt": {contentType: "text/plain", body: "User-agent: *\nCrawl-delay: 3600\n"},
		"/":           html("Home", `<p><a href="/a">a</a></p>`),
		"/a":          html("A", "<p>a</p>"),
	})
	var logs bytes.Buffer
	c := &Crawler{MaxDelay: 20 * time.Millisecond, MaxPages: 2, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	// Uncapped, the crawl would wait the hour (and go test's -timeout end it).
	docs, _, err := c.Crawl(context.Background(), srv.URL+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) != 2 {
		t.Errorf("got %d documents, want 2", len(docs))
	}
	for _, want := range []string{"level=WARN", "asked=1h0m0s", "delay=20ms", `estimate="0s for 2 pages"`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("logs lack %q:\n%s", want, logs.String())
		}
	}

	// The default cap keeps a default crawl under an hour.
	r, err := (&Crawler{}).newRun(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	if total := time.Duration(r.maxPages) * r.maxDelay; total > time.Hour {
		t.Errorf("a default crawl at the capped delay takes %v, want under an hour", total)
	}
}

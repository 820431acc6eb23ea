// Package crawl fetches the pages of a help center over HTTP and cleans them
// into page.Documents: the pages under the start URL's folder on its host,
// found through links and sitemaps, as robots.txt allows.
package crawl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/helpgraph/helpgraph/page"
)

// Defaults for the Crawler's zero fields.
const (
	DefaultUserAgent   = "HelpgraphBot/1.0 (+https://github.com/helpgraph/helpgraph)"
	DefaultMaxPages    = 500
	DefaultMaxBytes    = page.DefaultMaxBytes
	DefaultTimeout     = 15 * time.Second
	DefaultConcurrency = 4
	DefaultDelay       = 200 * time.Millisecond
)

// DefaultMaxDelay caps a robots.txt Crawl-delay, so that a site cannot stall
// a crawl for hours: at 5 s, the default 500 pages take about 42 minutes.
const DefaultMaxDelay = 5 * time.Second

// maxQueue bounds the URLs waiting to be fetched.
const maxQueue = 100_000

// Crawler crawls a help center. Zero fields take the defaults above.
type Crawler struct {
	HTTPClient *http.Client // nil: a plain client
	Logger     *slog.Logger // nil: no logs
	UserAgent  string
	// MaxPages is the most pages fetched.
	MaxPages int
	// MaxBytes is the largest page read; a larger one is reported as
	// page.ErrTooBig.
	MaxBytes int64
	// Timeout is the time one request may take, body included.
	Timeout time.Duration
	// Concurrency is the number of pages fetched at once.
	Concurrency int
	// Delay is the time between two requests, across all workers; a
	// robots.txt Crawl-delay that is longer wins. Negative: no delay.
	Delay time.Duration
	// MaxDelay caps a robots.txt Crawl-delay (0: DefaultMaxDelay).
	MaxDelay time.Duration
	// AllowHosts are hosts besides the start URL's that links and redirects
	// may lead to. The start URL's path prefix applies on them too.
	AllowHosts []string
}

// StatusError is a page that answered with an HTTP error status.
type StatusError struct {
	Code   int
	Status string
}

func (e *StatusError) Error() string { return "HTTP " + e.Status }

// Errors of a redirect that leaves the crawl's scope.
var (
	// ErrOffsite is a redirect to a host the crawl may not go to.
	ErrOffsite = errors.New("redirect to another host")
	// ErrOutOfScope is a redirect outside the start URL's folder, or to a
	// file that is never a page.
	ErrOutOfScope = errors.New("redirect outside the crawled folder")
	// ErrDisallowed is a redirect to a URL robots.txt disallows.
	ErrDisallowed = errors.New("redirect to a URL robots.txt disallows")
)

// errSkipped marks a fetched URL that is not a page: not HTML, or noindex.
var (
	errSkipped = errors.New("not a page")
	errNoIndex = fmt.Errorf("%w: robots meta tag says noindex", errSkipped)
)

// Crawl fetches start and the pages it leads to, and returns the cleaned
// pages and the pages that failed, each sorted by URL. progress, if not nil,
// is called after each page, one call at a time, with the pages done and the
// pages known so far (at most MaxPages). The error is for a start URL that
// cannot be crawled, or a cancelled ctx (the pages crawled until then are
// returned with it). Which pages make the cut when MaxPages stops a crawl
// early depends on timing; the output order does not.
func (c *Crawler) Crawl(ctx context.Context, start string, progress func(done, queued int)) ([]*page.Document, []page.PageError, error) {
	if c == nil {
		c = &Crawler{}
	}
	r, err := c.newRun(start)
	if err != nil {
		return nil, nil, fmt.Errorf("crawling %s: %w", start, err)
	}
	r.progress = progress
	startURL := r.start.String()
	r.log.Info("crawl starting", "url", startURL, "prefix", r.prefix, "max_pages", r.maxPages)

	if !r.allowed(ctx, r.start) {
		return nil, nil, fmt.Errorf("crawling %s: disallowed by robots.txt", start)
	}
	r.seen[startURL] = true
	r.started = 1
	res := r.fetch(ctx, startURL)
	// A start page with no text of its own, or noindex, can still lead to
	// the pages.
	if res.err != nil && !errors.Is(res.err, page.ErrNoText) && !errors.Is(res.err, errNoIndex) {
		return nil, nil, fmt.Errorf("crawling %s: %w", start, res.err)
	}
	r.record(startURL, res)
	r.seedSitemaps(ctx)
	r.report()

	var wg sync.WaitGroup
	stop := context.AfterFunc(ctx, func() {
		r.mu.Lock()
		r.cond.Broadcast()
		r.mu.Unlock()
	})
	defer stop()
	for range r.concurrency {
		wg.Go(func() { r.work(ctx) })
	}
	wg.Wait()

	docs, pageErrs := r.results()
	r.log.Info("crawl done", "url", startURL, "pages", len(docs), "errors", len(pageErrs))
	if err := ctx.Err(); err != nil {
		return docs, pageErrs, fmt.Errorf("crawling %s: %w", start, err)
	}
	return docs, pageErrs, nil
}

// run is the state of one crawl.
type run struct {
	client      *http.Client
	log         *slog.Logger
	userAgent   string
	maxPages    int
	maxBytes    int64
	timeout     time.Duration
	concurrency int
	delay       time.Duration
	maxDelay    time.Duration
	limiter     *rate.Limiter
	progress    func(done, queued int)

	start  *url.URL
	hosts  map[string]bool // hosts the crawl may go to
	prefix string          // path prefix pages must have

	robotsMu sync.Mutex
	robots   map[string]*robotsRules // by host

	mu       sync.Mutex
	cond     *sync.Cond
	seen     map[string]bool // URLs queued or fetched, and documents' URLs
	queue    []string
	started  int // fetches started
	inFlight int
	done     int
	docs     map[string]*page.Document // by document URL
	// claimedBy holds the URL each document was read from when that differs
	// from its URL (a canonical it declared).
	claimedBy map[string]string
	errs      []page.PageError

	progressMu sync.Mutex
}

func (c *Crawler) newRun(start string) (*run, error) {
	u, err := normalize(start)
	if err != nil {
		return nil, err
	}
	r := &run{
		log:         c.Logger,
		userAgent:   c.UserAgent,
		maxPages:    orDefault(c.MaxPages, DefaultMaxPages),
		maxBytes:    orDefault(c.MaxBytes, DefaultMaxBytes),
		timeout:     orDefault(c.Timeout, DefaultTimeout),
		concurrency: orDefault(c.Concurrency, DefaultConcurrency),
		delay:       orDefault(c.Delay, DefaultDelay),
		maxDelay:    orDefault(c.MaxDelay, DefaultMaxDelay),
		start:       u,
		hosts:       map[string]bool{u.Host: true},
		prefix:      u.Path[:strings.LastIndex(u.Path, "/")+1],
		robots:      make(map[string]*robotsRules),
		seen:        make(map[string]bool),
		docs:        make(map[string]*page.Document),
		claimedBy:   make(map[string]string),
	}
	if r.log == nil {
		r.log = slog.New(slog.DiscardHandler)
	}
	if r.userAgent == "" {
		r.userAgent = DefaultUserAgent
	}
	r.cond = sync.NewCond(&r.mu)
	for _, h := range c.AllowHosts {
		if hu, err := normalize("http://" + strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(h, "https://"), "http://"), "/")); err == nil {
			r.hosts[hu.Host] = true
		}
	}
	if c.Delay < 0 {
		r.delay = 0
		r.limiter = rate.NewLimiter(rate.Inf, 1)
	} else {
		r.limiter = rate.NewLimiter(rate.Every(r.delay), 1)
	}
	client := c.HTTPClient
	if client == nil {
		client = &http.Client{}
	}
	cl := *client // a copy: the caller's client is not changed
	next := client.CheckRedirect
	// Every hop of a redirect is held to the rules a link is: the host, the
	// start folder and robots.txt. Checking only the host let a same-host
	// redirect lead into a disallowed or out-of-scope folder.
	cl.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if !r.hosts[canonicalHost(req.URL)] {
			return fmt.Errorf("%w: %s", ErrOffsite, req.URL.Redacted())
		}
		// robots.txt and sitemaps are not pages: only the host rule applies
		// to them (and checking robots.txt while fetching it would not end).
		if req.Context().Value(pageRequest{}) != nil {
			u, err := normalize(req.URL.String())
			if err != nil || !r.inScope(u) {
				return fmt.Errorf("%w: %s", ErrOutOfScope, req.URL.Redacted())
			}
			if !r.allowed(req.Context(), u) {
				return fmt.Errorf("%w: %s", ErrDisallowed, req.URL.Redacted())
			}
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return nil
	}
	r.client = &cl
	return r, nil
}

// orDefault returns v, or def when v is zero or negative.
func orDefault[T int | int64 | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// work fetches queued pages until the queue is empty and no fetch is in
// flight, MaxPages is reached, or ctx is done.
func (r *run) work(ctx context.Context) {
	for {
		r.mu.Lock()
		for len(r.queue) == 0 && r.inFlight > 0 && ctx.Err() == nil {
			r.cond.Wait()
		}
		if ctx.Err() != nil || len(r.queue) == 0 || r.started >= r.maxPages {
			r.cond.Broadcast()
			r.mu.Unlock()
			return
		}
		next := r.queue[0]
		r.queue = r.queue[1:]
		r.inFlight++
		r.mu.Unlock()

		u, _ := url.Parse(next) // queued URLs are normalised
		if !r.allowed(ctx, u) {
			r.log.Debug("robots.txt disallows", "url", next)
			r.mu.Lock()
			r.inFlight--
			r.cond.Broadcast()
			r.mu.Unlock()
			continue
		}
		r.mu.Lock()
		if r.started >= r.maxPages {
			r.inFlight--
			r.cond.Broadcast()
			r.mu.Unlock()
			return
		}
		r.started++
		r.mu.Unlock()

		res := r.fetch(ctx, next)
		if ctx.Err() != nil {
			r.mu.Lock()
			r.inFlight--
			r.cond.Broadcast()
			r.mu.Unlock()
			return
		}
		r.mu.Lock()
		r.inFlight--
		r.mu.Unlock()
		r.record(next, res)
		r.report()
	}
}

// fetched is the outcome of fetching one URL.
type fetched struct {
	doc   *page.Document
	links []string // absolute, normalised
	final string   // URL after redirects
	err   error
}

// record adds a fetch's document or error and queues its links.
func (r *run) record(u string, res fetched) {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.cond.Broadcast()
	r.done++
	if res.final != "" {
		r.seen[res.final] = true
	}
	switch {
	case res.err == nil && res.doc != nil:
		r.addDocLocked(u, res)
	case errors.Is(res.err, errSkipped):
		r.log.Debug("skipped", "url", u, "why", res.err)
	case res.err != nil && r.claimedBy[u] != "":
		// A canonical URL fetched to check it: the page that declared it
		// stands.
		r.log.Debug("canonical URL failed", "url", u, "declared_by", r.claimedBy[u], "err", res.err)
	case res.err != nil:
		r.log.Debug("page failed", "url", u, "err", res.err)
		r.errs = append(r.errs, page.PageError{URL: u, Err: res.err})
	}
	for _, l := range res.links {
		r.enqueueLocked(l)
	}
}

// addDocLocked adds a fetched document under its URL. A page read at a URL
// owns it: a page that only names that URL as its canonical never replaces
// it, and is replaced by it when the owner is read later, so a page cannot
// take another page's place in the graph by declaring its URL. Between two
// pages that both only claim a URL, the one read from the smaller URL wins,
// whatever the fetch order. r.mu is held.
func (r *run) addDocLocked(u string, res fetched) {
	d := res.doc
	claim := d.URL != res.final
	old, dup := r.docs[d.URL]
	oldFrom, oldClaim := r.claimedBy[d.URL]
	switch {
	case !dup:
	case !claim && oldClaim:
		r.log.Info("page replaces a page that declared its URL as canonical", "url", d.URL, "declared_by", oldFrom)
	case claim && oldClaim && res.final < oldFrom:
	default:
		r.log.Debug("duplicate page", "url", u, "document", d.URL, "kept", old.URL)
		return
	}
	if claim {
		r.claimedBy[d.URL] = res.final
		// Read the canonical page itself, which then owns its URL.
		r.enqueueLocked(d.URL)
	} else {
		delete(r.claimedBy, d.URL)
	}
	r.docs[d.URL] = d
	r.seen[d.URL] = true
}

// enqueueLocked queues u if it is in scope and new. r.mu is held.
func (r *run) enqueueLocked(u string) {
	if r.seen[u] || len(r.queue) >= maxQueue {
		return
	}
	pu, err := url.Parse(u)
	if err != nil || !r.inScope(pu) {
		return
	}
	r.seen[u] = true
	r.queue = append(r.queue, u)
}

func (r *run) report() {
	if r.progress == nil {
		return
	}
	r.mu.Lock()
	done, queued := r.done, min(r.maxPages, r.done+r.inFlight+len(r.queue))
	r.mu.Unlock()
	r.progressMu.Lock()
	defer r.progressMu.Unlock()
	r.progress(done, max(done, queued))
}

func (r *run) results() ([]*page.Document, []page.PageError) {
	r.mu.Lock()
	defer r.mu.Unlock()
	docs := make([]*page.Document, 0, len(r.docs))
	for _, d := range r.docs {
		docs = append(docs, d)
	}
	slices.SortFunc(docs, func(a, b *page.Document) int { return strings.Compare(a.URL, b.URL) })
	errs := slices.Clone(r.errs)
	slices.SortStableFunc(errs, func(a, b page.PageError) int { return strings.Compare(a.URL, b.URL) })
	return docs, errs
}

// inScope reports whether the crawl may fetch u: an allowed host, under the
// start URL's folder, and not a file type that is never a page.
func (r *run) inScope(u *url.URL) bool {
	if (u.Scheme != "http" && u.Scheme != "https") || !r.hosts[u.Host] {
		return false
	}
	if !strings.HasPrefix(u.Path, r.prefix) {
		return false
	}
	return !notPage[strings.ToLower(path.Ext(u.Path))]
}

// notPage are extensions of files that are never HTML pages, skipped
// without a request.
var notPage = map[string]bool{
	".pdf": true, ".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".svg": true,
	".webp": true, ".ico": true, ".css": true, ".js": true, ".json": true, ".xml": true,
	".zip": true, ".gz": true, ".tgz": true, ".mp3": true, ".mp4": true, ".mov": true,
	".avi": true, ".doc": true, ".docx": true, ".xls": true, ".xlsx": true, ".ppt": true,
	".pptx": true, ".csv": true, ".txt": true, ".woff": true, ".woff2": true, ".ttf": true,
	".exe": true, ".dmg": true, ".rss": true, ".atom": true,
}

// pageRequest marks the context of a page's request, whose redirects are
// held to the page scope.
type pageRequest struct{}

// fetch gets one page and cleans it.
func (r *run) fetch(ctx context.Context, u string) fetched {
	ctx = context.WithValue(ctx, pageRequest{}, true)
	body, resp, err := r.get(ctx, u, "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1")
	if err != nil {
		return fetched{err: err}
	}
	final := u
	if n, err := normalize(resp.Request.URL.String()); err == nil {
		final = n.String()
	}
	contentType := resp.Header.Get("Content-Type")
	if !isHTML(contentType, body) {
		return fetched{final: final, err: fmt.Errorf("%w: content type %q", errSkipped, contentType)}
	}
	p, err := page.ParseHTMLPage(body, final, contentType)
	if p == nil {
		return fetched{final: final, err: err}
	}
	if p.Document != nil {
		p.Document.URL = r.canonical(p.Document.URL, final)
	}
	res := fetched{final: final, doc: p.Document, err: err}
	if !p.NoFollow {
		for _, h := range p.Hrefs {
			if n, err := normalize(h); err == nil {
				res.links = append(res.links, n.String())
			}
		}
		if p.Document != nil {
			for _, l := range p.Document.Links() {
				if n, err := normalize(l.URL); err == nil {
					res.links = append(res.links, n.String())
				}
			}
		}
	}
	if p.NoIndex && err == nil {
		res.doc, res.err = nil, errNoIndex
	}
	return res
}

// canonical returns the URL a page read from final is kept under: the
// canonical URL it declares when that is on the same host and in the crawl's
// scope, else final. An off-site or out-of-scope canonical would let a page
// stand in for a page the crawl may not read.
func (r *run) canonical(declared, final string) string {
	if declared == final {
		return final
	}
	c, err := normalize(declared)
	f, ferr := url.Parse(final)
	if err != nil || ferr != nil || c.Host != f.Host || !r.inScope(c) {
		r.log.Debug("canonical URL ignored", "url", final, "canonical", declared)
		return final
	}
	return c.String()
}

// isHTML reports whether a response is an HTML page, by its Content-Type
// or, when a server sends none, by its first bytes.
func isHTML(contentType string, body []byte) bool {
	if contentType == "" {
		sniffed := http.DetectContentType(body)
		return strings.HasPrefix(sniffed, "text/html") || strings.HasPrefix(sniffed, "text/plain")
	}
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "text/html" || mt == "application/xhtml+xml")
}

// get makes one polite GET request and reads the body, at most maxBytes of
// it, within the request timeout. A status other than 2xx is an error.
func (r *run) get(ctx context.Context, u, accept string) ([]byte, *http.Response, error) {
	if err := r.limiter.Wait(ctx); err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("User-Agent", r.userAgent)
	req.Header.Set("Accept", accept)
	resp, err := r.client.Do(req)
	if err != nil {
		return nil, nil, unwrapURLError(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, resp, &StatusError{Code: resp.StatusCode, Status: resp.Status}
	}
	if resp.ContentLength > r.maxBytes {
		return nil, resp, fmt.Errorf("%d bytes, limit %d: %w", resp.ContentLength, r.maxBytes, page.ErrTooBig)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, r.maxBytes+1))
	if err != nil {
		return nil, resp, fmt.Errorf("reading body: %w", unwrapURLError(err))
	}
	if int64(len(body)) > r.maxBytes {
		return nil, resp, fmt.Errorf("over %d bytes: %w", r.maxBytes, page.ErrTooBig)
	}
	return body, resp, nil
}

// unwrapURLError drops the *url.Error wrapper, whose message repeats the
// URL that a PageError already names.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// normalize parses an absolute http(s) URL into the form the crawl compares
// URLs in: lower-case scheme and host, no default port, no fragment, a path
// that is at least "/".
func normalize(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, err
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("URL %q: not http or https", raw)
	}
	if u.Host == "" {
		return nil, fmt.Errorf("URL %q: no host", raw)
	}
	u.Host = canonicalHost(u)
	u.Fragment, u.RawFragment = "", ""
	u.User = nil
	if u.Path == "" {
		u.Path, u.RawPath = "/", ""
	}
	return u, nil
}

// canonicalHost returns u's host in lower case without its default port.
func canonicalHost(u *url.URL) string {
	host := strings.ToLower(u.Host)
	switch {
	case u.Scheme == "http" && strings.HasSuffix(host, ":80"):
		host = strings.TrimSuffix(host, ":80")
	case u.Scheme == "https" && strings.HasSuffix(host, ":443"):
		host = strings.TrimSuffix(host, ":443")
	}
	return host
}

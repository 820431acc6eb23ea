// Package crawl fetches the pages of a help center over HTTP and cleans them
// into page.Documents: the pages under the start URL's folder on its host,
// found through links and sitemaps, as robots.txt allows.
package crawl

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
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
	// Render, if set, renders a page whose HTML has no text but scripts
	// (a single-page app writes its text in the browser): see
	// crawl/chromium.
	Render Renderer
}

// Renderer returns a page's HTML as a browser holds it once its scripts
// have run.
type Renderer interface {
	Render(ctx context.Context, url string) ([]byte, error)
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
// pages and the pages that failed, each sorted by URL: Stream, with every
// page held. The error is for a start URL that cannot be crawled, or a
// cancelled ctx (the pages crawled until then are returned with it).
func (c *Crawler) Crawl(ctx context.Context, start string, progress func(done, queued int)) ([]*page.Document, []page.PageError, error) {
	var docs []*page.Document
	pageErrs, err := c.Stream(ctx, start, progress, func(d *page.Document) error {
		docs = append(docs, d)
		return nil
	})
	slices.SortFunc(docs, func(a, b *page.Document) int { return strings.Compare(a.URL, b.URL) })
	return docs, pageErrs, err
}

// Stream fetches start and the pages it leads to, and calls fn with each
// cleaned page as soon as it is known to stay, one call at a time from the
// calling goroutine, so that a crawl holds no more pages than it fetches at
// once. A page that declares another URL as its canonical one is held to
// the end, since a page read at that URL would own it (see addDocLocked).
// The order of the pages depends on timing; the pages that failed are
// returned sorted by URL. progress, if not nil, is called after each page,
// one call at a time, with the pages done and the pages known so far (at
// most MaxPages). The error is fn's, or for a start URL that cannot be
// crawled, or a cancelled ctx. Which pages make the cut when MaxPages stops
// a crawl early depends on timing.
func (c *Crawler) Stream(ctx context.Context, start string, progress func(done, queued int), fn func(*page.Document) error) ([]page.PageError, error) {
	if c == nil {
		c = &Crawler{}
	}
	r, err := c.newRun(start)
	if err != nil {
		return nil, fmt.Errorf("crawling %s: %w", start, err)
	}
	r.progress = progress
	crawlCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.out = make(chan *page.Document)
	var crawlErr error
	go func() {
		defer close(r.out)
		crawlErr = r.crawl(crawlCtx)
	}()
	var fnErr error
	for d := range r.out {
		if fnErr != nil {
			continue // draining: the crawl stops
		}
		if err := fn(d); err != nil {
			fnErr = err
			cancel()
		}
	}
	if fnErr != nil {
		return nil, fnErr
	}
	if crawlErr != nil {
		return nil, fmt.Errorf("crawling %s: %w", start, crawlErr)
	}
	pageErrs := r.failures()
	if err := ctx.Err(); err != nil {
		return pageErrs, fmt.Errorf("crawling %s: %w", start, err)
	}
	return pageErrs, nil
}

// crawl runs the crawl, sending the pages on r.out.
func (r *run) crawl(ctx context.Context) error {
	startURL := r.start.String()
	r.log.Info("crawl starting", "url", startURL, "prefix", r.prefix, "max_pages", r.maxPages)
	if !r.allowed(ctx, r.start) {
		return errors.New("disallowed by robots.txt")
	}
	r.seen[startURL] = true
	r.started = 1
	res := r.fetch(ctx, startURL)
	// A start page with no text of its own, or noindex, can still lead to
	// the pages.
	if res.err != nil && !errors.Is(res.err, page.ErrNoText) && !errors.Is(res.err, errNoIndex) {
		return res.err
	}
	r.send(ctx, r.record(startURL, res))
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
	// The claims no page read at their URL replaced stand.
	r.mu.Lock()
	var claims []*page.Document
	for _, u := range slices.Sorted(maps.Keys(r.pending)) {
		claims = append(claims, r.pending[u].doc)
	}
	r.pending = nil
	r.log.Info("crawl done", "url", startURL, "pages", len(r.owned)+len(claims), "errors", len(r.errs))
	r.mu.Unlock()
	r.send(ctx, claims)
	return nil
}

// send hands docs to the caller, unless ctx is done.
func (r *run) send(ctx context.Context, docs []*page.Document) {
	for _, d := range docs {
		select {
		case r.out <- d:
		case <-ctx.Done():
			return
		}
	}
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
	render      Renderer // nil: pages are read as the server sends them

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
	out      chan *page.Document // the pages that stay, to Stream's caller
	// owned are the URLs whose page was read there and handed over;
	// pending the pages that claim a URL (a canonical they declare), by
	// that URL, held until the crawl ends.
	owned   map[string]bool
	pending map[string]claim
	// claimedBy holds the URL each claiming document was read from.
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
		owned:       make(map[string]bool),
		pending:     make(map[string]claim),
		claimedBy:   make(map[string]string),
		render:      c.Render,
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
		r.send(ctx, r.record(next, res))
		r.report()
	}
}

// fetched is the outcome of fetching one URL.
type fetched struct {
	doc *page.Document
	// parts are a long document's later parts (page.Split), at the
	// document's URL with the place they open at: doc's own.
	parts []*page.Document
	links []string // absolute, normalised
	final string   // URL after redirects
	err   error
}

// record adds a fetch's document or error and queues its links. It returns
// the pages that are now known to stay, to hand over.
func (r *run) record(u string, res fetched) []*page.Document {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.cond.Broadcast()
	r.done++
	if res.final != "" {
		r.seen[res.final] = true
	}
	var out []*page.Document
	switch {
	case res.err == nil && res.doc != nil:
		out = r.addDocLocked(res)
		if len(out) > 0 {
			for _, p := range res.parts {
				r.owned[p.URL] = true
			}
			out = append(out, res.parts...)
		}
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
	return out
}

// claim is a page that declares another URL as canonical, read from from.
type claim struct {
	doc  *page.Document
	from string
}

// addDocLocked adds a fetched document under its URL and returns the pages
// to hand over. A page read at a URL owns it and is handed over at once. A
// page that only names a URL as its canonical is held until the crawl ends,
// and dropped if a page is read at that URL meanwhile, so that a page cannot
// take another page's place in the graph by declaring its URL; between two
// pages that both only claim a URL, the one read from the smaller URL wins,
// whatever the fetch order. r.mu is held.
func (r *run) addDocLocked(res fetched) []*page.Document {
	d := res.doc
	if r.owned[d.URL] {
		r.log.Debug("duplicate page", "url", res.final, "document", d.URL)
		return nil
	}
	if d.URL == res.final {
		if c, ok := r.pending[d.URL]; ok {
			r.log.Info("page replaces a page that declared its URL as canonical", "url", d.URL, "declared_by", c.from)
			delete(r.pending, d.URL)
		}
		r.owned[d.URL] = true
		r.seen[d.URL] = true
		return []*page.Document{d}
	}
	if old, ok := r.pending[d.URL]; ok && res.final >= old.from {
		r.log.Debug("duplicate page", "url", res.final, "document", d.URL, "kept", old.from)
		return nil
	}
	r.claimedBy[d.URL] = res.final
	r.pending[d.URL] = claim{doc: d, from: res.final}
	// Read the canonical page itself, which then owns its URL.
	r.enqueueLocked(d.URL)
	r.seen[d.URL] = true
	return nil
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

// failures returns the pages that failed, sorted by URL.
func (r *run) failures() []page.PageError {
	r.mu.Lock()
	defer r.mu.Unlock()
	errs := slices.Clone(r.errs)
	slices.SortStableFunc(errs, func(a, b page.PageError) int { return strings.Compare(a.URL, b.URL) })
	return errs
}

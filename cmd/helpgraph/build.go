package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/helpgraph/helpgraph/crawl"
	"github.com/helpgraph/helpgraph/crawl/chromium"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/helpdesk/document360"
	"github.com/helpgraph/helpgraph/helpdesk/helpscout"
	"github.com/helpgraph/helpgraph/helpdesk/intercom"
	"github.com/helpgraph/helpgraph/kgbuild"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/page"
	"github.com/helpgraph/helpgraph/verdict"
)

// listFlag is a repeatable flag (--pages, --base-url, --allow-host).
type listFlag []string

func (s *listFlag) String() string     { return strings.Join(*s, ",") }
func (s *listFlag) Set(v string) error { *s = append(*s, v); return nil }

// first is the first value, or "".
func (s listFlag) first() string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

func (m *Main) runBuild(ctx context.Context, args []string) error {
	fs := m.flagSet("build")
	var pagesDirs, baseURLs listFlag
	fs.Var(&pagesDirs, "pages", "build from this folder of .html/.htm/.md/.mdx/.rst/.adoc/.docx/.odt/.fodt/.pdf/.epub/.wiki/.page pages (repeatable: several folders in one graph)")
	crawlURL := fs.String("crawl", "", "build by crawling the help center at this URL")
	zendeskLoc := fs.String("zendesk", "", "build from a Zendesk help center: its URL (https://acme.zendesk.com; /hc/LOCALE for one locale) or a file of its articles.json")
	intercomLoc := fs.String("intercom", "", "build from Intercom's Articles API: its URL ("+intercom.DefaultBase+") or a file of its /articles answer")
	freshdeskLoc := fs.String("freshdesk", "", "build from a Freshdesk knowledge base: the account URL (https://acme.freshdesk.com) or a file of a folder's articles")
	helpscoutLoc := fs.String("helpscout", "", "build from a Help Scout Docs site: the Docs API's URL ("+helpscout.DefaultBase+") or a file of articles with their text")
	document360Loc := fs.String("document360", "", "build from a Document360 knowledge base: its API hub's URL ("+document360.DefaultBase+"; https://apihub.us.document360.io in the US) or a file of articles with their content")
	chatwootLoc := fs.String("chatwoot", "", "build from a Chatwoot help center: its portal's API URL (https://app.chatwoot.com/api/v1/accounts/ACCOUNT_ID/portals/PORTAL_SLUG) or a file of its article list")
	confluenceLoc := fs.String("confluence", "", "build from a Confluence space: its address (https://acme.atlassian.net/wiki/spaces/SUP) or a file of its content API's answer")
	mediawikiLoc := fs.String("mediawiki", "", "build from a MediaWiki's main and Help pages: its api.php URL (https://wiki.example.org/w/api.php) or a file of its Special:Export XML")
	fs.Var(&baseURLs, "base-url", "with --pages: the live site the pages are published at, for page URLs and links (default: the last build's; \"none\" for folder paths); with several --pages, none or one per folder in the same order")
	storeSpec := fs.String("store", "", "SQLite path or neo4j:// URI (default $HELPGRAPH_STORE or "+m.Config.Store+")")
	llmMode := fs.String("llm", "auto", "LLM extraction: auto (when an endpoint is configured), on or off")
	maxPages := fs.Int("max-pages", 0, "crawl at most this many pages (0: crawler default)")
	maxBytes := fs.Int64("max-bytes", 0, "skip pages larger than this many bytes (0: 10 MiB)")
	timeout := fs.Duration("timeout", 0, "per-request crawl timeout (0: crawler default)")
	concurrency := fs.Int("concurrency", 4, "concurrent crawl requests and page extractions")
	delay := fs.Duration("delay", 0, "politeness delay between crawl requests (0: crawler default)")
	userAgent := fs.String("user-agent", "", "crawler User-Agent (default HelpgraphBot)")
	force := fs.Bool("force", false, "extract every page again, even unchanged ones (after a prompt or model change the build does that by itself)")
	render := fs.String("render", "auto", "crawl: render a page whose HTML has no text but scripts (a single-page app) in headless Chromium: auto (when Chromium is installed) or never")
	var allowHosts listFlag
	fs.Var(&allowHosts, "allow-host", "extra host the crawler may follow links to (repeatable)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	sources := map[string]string{"pages": pagesDirs.first(), "crawl": *crawlURL, "zendesk": *zendeskLoc, "intercom": *intercomLoc, "freshdesk": *freshdeskLoc, "helpscout": *helpscoutLoc, "document360": *document360Loc, "chatwoot": *chatwootLoc, "confluence": *confluenceLoc, "mediawiki": *mediawikiLoc}
	origin, err := buildOrigin(fs, sources, pagesDirs)
	if err != nil {
		return err
	}
	if len(baseURLs) > 0 && len(pagesDirs) == 0 {
		return usageError{errors.New("build: --base-url is for --pages (a crawl's pages have their URLs)")}
	}
	if len(baseURLs) > 0 && len(baseURLs) != len(pagesDirs) {
		return usageError{fmt.Errorf("build: %d --base-url for %d --pages: give none, or one per folder in the same order (\"none\" for a folder without one)", len(baseURLs), len(pagesDirs))}
	}
	if *render != "auto" && *render != "never" {
		return usageError{fmt.Errorf("build: --render %q: want auto or never", *render)}
	}
	if *concurrency < 1 || *maxPages < 0 || *maxBytes < 0 {
		return usageError{errors.New("build: --concurrency must be at least 1, and --max-pages and --max-bytes not negative")}
	}

	// The LLM and the store are checked before any page is read, so a
	// misconfiguration fails fast.
	client, err := m.openLLMWith(*llmMode, func(c *llm.Config) { c.BreakerThreshold = buildBreakerThreshold })
	if err != nil {
		return fmt.Errorf("build: %w", err)
	}
	var extractor kgbuild.Extractor = kgbuild.NewStructural()
	b := &kgbuild.Builder{Extractor: extractor, Logger: m.Logger, Concurrency: *concurrency, Force: *force, Origin: origin}
	if client != nil {
		b.Extractor = kgbuild.NewLLMExtractor(client, extractor, m.Logger)
		b.LLMStats = client.Stats
		if b.Prices, err = m.prices(); err != nil {
			return fmt.Errorf("build: %w", err)
		}
	}
	store, err := m.openStore(ctx, *storeSpec)
	if err != nil {
		return fmt.Errorf("build: %w", err)
	}
	closeOnce := sync.OnceValue(store.Close)
	defer closeOnce()
	// Reading the last build checks the store can be read; a store that
	// cannot be written fails here too, before an hour of crawling.
	if err := checkWritable(ctx, store); err != nil {
		return fmt.Errorf("build: %w", err)
	}
	b.Store = store
	finish := func() {}

	var (
		src    kgbuild.Source
		phases []kgbuild.Phase // before the builder's own
	)
	readStart := time.Now()
	switch origin.Kind {
	case "pages":
		// The raw pages are hashed before any is parsed: the same bytes as
		// the last build, with the same extractor, give the same graph, so
		// nothing is parsed, written or published.
		// AsciiDoc pages convert in child processes: a page that crashes
		// or stalls libasciidoc fails alone, and never ends a build (nor
		// serve --resync, which runs one).
		adoc, err := page.NewAsciiDocBox(page.AsciiDocBoxConfig{Logger: m.Logger})
		if err != nil {
			return fmt.Errorf("build: %w", err)
		}
		defer adoc.Close()
		dir, base, err := openPages(ctx, store, pagesDirs, baseURLs, page.ReadOptions{MaxBytes: *maxBytes, AsciiDoc: adoc})
		if err != nil {
			return fmt.Errorf("build: %w", err)
		}
		if dir.Len() == 0 {
			return fmt.Errorf("build: no pages found in %s", strings.Join(pagesDirs, ", "))
		}
		if gen, ok := unchangedSince(ctx, store, dir.Digest(), b.Extractor.Version()); ok && !*force {
			fmt.Fprintf(m.Stdout, "build: nothing changed since generation %d (%d pages, same bytes, %s, extractor %s); nothing written, %s\n",
				gen, dir.Len(), page.ReaderVersion, b.Extractor.Version(), time.Since(readStart).Round(time.Millisecond))
			return nil
		}
		b.SourceDigest = dir.Digest()
		b.BaseURL = base
		phases = append(phases, kgbuild.Phase{Name: "hash pages", Duration: time.Since(readStart)})
		src = dir
		b.Progress, finish = m.progress(dir.Len())
	case "crawl":
		c := &crawl.Crawler{
			Logger:      m.Logger,
			UserAgent:   *userAgent,
			MaxPages:    *maxPages,
			MaxBytes:    *maxBytes,
			Timeout:     *timeout,
			Concurrency: *concurrency,
			Delay:       *delay,
			AllowHosts:  allowHosts,
		}
		if *render == "auto" {
			r, err := chromium.New("")
			if err != nil {
				m.Logger.Info("pages written by script are read as their server sends them", "why", err)
			} else {
				defer r.Close()
				c.Render = r
			}
		}
		// The pages are extracted as they are fetched; the crawl's order
		// depends on timing, the graph's does not.
		b.SortPages = true
		crawlProgress, crawlFinish := m.crawlProgress()
		finish = crawlFinish
		src = kgbuild.SourceFunc(func(ctx context.Context, fn func(*page.Document) error) ([]page.PageError, error) {
			return c.Stream(ctx, *crawlURL, crawlProgress, fn)
		})
	default:
		if src, err = m.helpdeskSource(origin.Kind, origin.Location); err != nil {
			return fmt.Errorf("build: %w", err)
		}
	}

	report, err := b.BuildFrom(ctx, src)
	finish()
	if report != nil {
		report.Phases = append(phases, report.Phases...)
		// Closing the store is part of the build's time: SQLite moves the
		// written pages from its write-ahead log into the file then.
		closeStart := time.Now()
		if cerr := closeOnce(); cerr != nil && err == nil {
			err = fmt.Errorf("closing store: %w", cerr)
		}
		report.Phases = append(report.Phases, kgbuild.Phase{Name: "close store", Duration: time.Since(closeStart)})
	}
	if err != nil {
		if report != nil && errors.Is(err, kgbuild.ErrNoPages) && report.Pages == 0 {
			return fmt.Errorf("build: no pages found in %s", origin.Location)
		}
		if report != nil && errors.Is(err, kgbuild.ErrNoPages) && len(report.Failed) > 0 {
			f := report.Failed[0]
			more := ""
			if n := len(report.Failed) - 1; n > 0 {
				more = fmt.Sprintf(" (and %d more)", n)
			}
			return fmt.Errorf("build: no page could be processed: %s: %s%s", f.URL, f.Error, more)
		}
		return fmt.Errorf("build: %w", err)
	}
	fmt.Fprint(m.Stdout, report.String())
	return nil
}

// unchangedSince reports whether the store's last build read input with
// this digest using this extractor and today's verdict rules, and left
// nothing to extract again; it returns that build's generation.
func unchangedSince(ctx context.Context, store graph.Store, digest, extractor string) (int64, bool) {
	lb, err := store.LastBuild(ctx)
	if err != nil || len(lb.Report) == 0 {
		return 0, false
	}
	var last kgbuild.Report
	if err := json.Unmarshal(lb.Report, &last); err != nil {
		return 0, false
	}
	if last.SourceDigest == "" || last.SourceDigest != digest || last.Extractor != extractor ||
		last.Verdicts != verdict.Version || len(last.Retry) > 0 {
		return 0, false
	}
	return lb.Generation, true
}

// pagesSource is a --pages source: one folder (page.Dir) or several
// (page.Folders).
type pagesSource interface {
	kgbuild.Source
	Len() int
	Digest() string
}

// openPages opens the --pages folders, read with opts. One folder has the
// --base-url given, else the last build's (pagesBaseURL), which is
// returned to be recorded; several have one --base-url each ("none" for a
// folder without one), or none at all.
func openPages(ctx context.Context, store graph.Store, dirs, baseURLs []string, opts page.ReadOptions) (pagesSource, string, error) {
	if len(dirs) == 1 {
		flag := ""
		if len(baseURLs) == 1 {
			flag = baseURLs[0]
		}
		opts.BaseURL = pagesBaseURL(ctx, store, flag)
		dir, err := page.OpenDir(ctx, dirs[0], opts)
		return dir, opts.BaseURL, err
	}
	folders := make([]page.Folder, len(dirs))
	for i, d := range dirs {
		folders[i].Dir = d
		if i < len(baseURLs) && strings.TrimSpace(baseURLs[i]) != "none" {
			folders[i].BaseURL = baseURLs[i]
		}
	}
	fs, err := page.OpenFolders(ctx, folders, opts)
	return fs, "", err
}

// pagesBaseURL is the base URL of a --pages build: the flag's, else the
// one the last build used, so that a rebuild keeps the live URLs; "none"
// drops it.
func pagesBaseURL(ctx context.Context, store graph.Store, flag string) string {
	switch flag = strings.TrimSpace(flag); flag {
	case "none":
		return ""
	case "":
		lb, err := store.LastBuild(ctx)
		if err != nil || len(lb.Report) == 0 {
			return ""
		}
		var last kgbuild.Report
		if json.Unmarshal(lb.Report, &last) != nil {
			return ""
		}
		return last.BaseURL
	}
	return flag
}

// progress returns a Builder.Progress func and a func to call when the build
// ends: a progress bar on a terminal, else a log line every ~10%.
func (m *Main) progress(total int) (func(done, total int), func()) {
	if f, ok := m.Stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		bar := progressbar.NewOptions(total,
			progressbar.OptionSetWriter(m.Stderr),
			progressbar.OptionSetDescription("extracting pages"),
			progressbar.OptionShowCount(),
			progressbar.OptionClearOnFinish(),
		)
		return func(done, _ int) { _ = bar.Set(done) }, func() { _ = bar.Finish() }
	}
	step := max(1, total/10)
	return func(done, total int) {
		if done%step == 0 || done == total {
			m.Logger.Info("extracting pages", "done", done, "total", total)
		}
	}, func() {}
}

// crawlProgress is progress for a crawl, whose total grows as pages are
// found: a progress bar of the pages fetched and queued on a terminal, else
// a log line every 2 seconds.
func (m *Main) crawlProgress() (func(done, queued int), func()) {
	if f, ok := m.Stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		bar := progressbar.NewOptions(-1,
			progressbar.OptionSetWriter(m.Stderr),
			progressbar.OptionSetDescription("crawling and extracting pages"),
			progressbar.OptionShowCount(),
			progressbar.OptionClearOnFinish(),
		)
		return func(done, queued int) { bar.ChangeMax(queued); _ = bar.Set(done) }, func() { _ = bar.Finish() }
	}
	last := time.Now()
	return func(done, queued int) {
		if time.Since(last) > 2*time.Second {
			last = time.Now()
			m.Logger.Info("crawling", "done", done, "queued", queued)
		}
	}, func() {}
}

// writeChecker is a store that can tell, without writing, whether a build
// could write it (sqlite.Store).
type writeChecker interface {
	CheckWritable(ctx context.Context) error
}

// checkWritable checks that store can be read and written before any page is
// read.
func checkWritable(ctx context.Context, store graph.Store) error {
	if _, err := store.LastBuild(ctx); err != nil && !errors.Is(err, graph.ErrNotFound) {
		return err
	}
	if w, ok := store.(writeChecker); ok {
		return w.CheckWritable(ctx)
	}
	return nil
}

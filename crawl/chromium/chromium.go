// Package chromium renders help pages in headless Chromium for the
// crawler (crawl.Renderer): a help center built as a single-page app
// sends HTML with no text, which its scripts write in the browser. A
// rendered page is the document as the browser holds it once its text
// has appeared.
//
// The pages' scripts are code from outside, so each page runs in a tab of
// a throw-away profile, with downloads refused, for at most Timeout, and
// Chromium's sandbox on unless the process runs as root (where Chromium
// cannot start with it).
package chromium

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// DefaultTimeout bounds one page's render: its load and its scripts.
const DefaultTimeout = 30 * time.Second

// ErrNotInstalled is returned by New when no Chromium is found.
var ErrNotInstalled = errors.New("chromium is not installed (apt-get install chromium)")

// Renderer renders pages in one headless Chromium, a tab a page, started
// on the first page it renders: a crawl whose pages all have text never
// starts it. It is safe for concurrent use; Close ends the browser.
type Renderer struct {
	Timeout time.Duration // per page; 0: DefaultTimeout
	// NoSandbox starts Chromium without its sandbox, which a container
	// without user namespaces cannot give (tests set it, as the browser
	// tests do); as root it is always off.
	NoSandbox bool

	execPath    string
	mu          sync.Mutex
	closed      bool
	startErr    error // why Chromium did not start: not tried again
	allocCancel context.CancelFunc
	browser     context.Context // the browser's first tab, which keeps it open
	cancel      context.CancelFunc
	profile     string
}

// Path returns the Chromium on this machine, or ErrNotInstalled.
func Path() (string, error) {
	for _, p := range []string{"chromium", "chromium-browser", "google-chrome", "/usr/bin/chromium"} {
		if path, err := exec.LookPath(p); err == nil {
			return path, nil
		}
	}
	return "", ErrNotInstalled
}

// New returns a Renderer of the Chromium at execPath ("" finds it, see
// Path), not started yet.
func New(execPath string) (*Renderer, error) {
	if execPath == "" {
		var err error
		if execPath, err = Path(); err != nil {
			return nil, err
		}
	}
	return &Renderer{execPath: execPath}, nil
}

// start starts the browser, once. r.mu is held.
func (r *Renderer) start() error {
	if r.browser != nil || r.startErr != nil {
		return r.startErr
	}
	r.startErr = r.launch()
	return r.startErr
}

// launch starts the browser. r.mu is held.
func (r *Renderer) launch() error {
	profile, err := os.MkdirTemp("", "helpgraph-chromium-")
	if err != nil {
		return fmt.Errorf("chromium profile: %w", err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(r.execPath),
		chromedp.Headless,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(profile),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("mute-audio", true),
		chromedp.WindowSize(1280, 900),
	}
	if r.NoSandbox || os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	actx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, cancel := chromedp.NewContext(actx)
	if _, err := chromedp.CallBrowser(bctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{Behavior: browser.SetDownloadBehaviorBehaviorDeny}); err != nil {
		cancel()
		allocCancel()
		os.RemoveAll(profile)
		return fmt.Errorf("starting chromium: %w", err)
	}
	r.allocCancel, r.browser, r.cancel, r.profile = allocCancel, bctx, cancel, profile
	return nil
}

// Render loads url in a new tab and returns the page's HTML once its body
// has text (or its load has settled without any), within the timeout.
func (r *Renderer) Render(ctx context.Context, url string) ([]byte, error) {
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return nil, errors.New("chromium: closed")
	}
	if err := r.start(); err != nil {
		r.mu.Unlock()
		return nil, err
	}
	tab, closeTab := chromedp.NewContext(r.browser)
	r.mu.Unlock()
	defer closeTab()
	timeout := r.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	tab, cancel := context.WithTimeout(tab, timeout)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel) // the crawl's own cancellation
	defer stop()

	if err := chromedp.Do(tab, chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS("body"))); err != nil {
		return nil, fmt.Errorf("rendering %s in chromium: %w", url, err)
	}
	if err := waitForText(tab); err != nil {
		return nil, fmt.Errorf("rendering %s in chromium: %w", url, err)
	}
	html, err := chromedp.Run(tab, chromedp.OuterHTML(chromedp.CSS("html")))
	if err != nil {
		return nil, fmt.Errorf("rendering %s in chromium: %w", url, err)
	}
	return []byte(html), nil
}

// How a rendered page is waited on: until its body's text has stayed the
// same for quiet (a page that writes its text after fetching it may show
// "Loading…" first), at most settle.
const (
	settle   = 5 * time.Second
	quiet    = 500 * time.Millisecond
	pollStep = 100 * time.Millisecond
)

// waitForText waits until the page's body has text that no longer
// changes, or settle has passed.
func waitForText(ctx context.Context) error {
	start := time.Now()
	last, since := -1, start
	for {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.body ? document.body.innerText.trim().length : 0`))
		if err != nil {
			return err
		}
		now := time.Now()
		if n != last {
			last, since = n, now
		}
		if n > 0 && now.Sub(since) >= quiet || now.Sub(start) >= settle {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pollStep):
		}
	}
}

// Close ends the browser and removes its profile.
func (r *Renderer) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed = true
	if r.browser == nil {
		return nil
	}
	r.cancel()
	r.allocCancel()
	r.browser = nil
	return os.RemoveAll(r.profile)
}

package web

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/crawl/chromium"
	"github.com/helpgraph/helpgraph/internal/testenv"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Browser tests drive real headless Chromium. They skip when it is missing,
// unless HELPGRAPH_REQUIRE_BROWSER=1 (CI), where they fail instead.
// HELPGRAPH_TEST_SCREENSHOTS=DIR saves screenshots of the chat there.

func chromiumPath(t *testing.T) string {
	t.Helper()
	path, err := chromium.Path()
	if err != nil {
		testenv.Missing(t, testenv.Browser, err.Error())
	}
	return path
}

// newBrowser starts headless Chromium with a fresh profile and returns a tab.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	path := chromiumPath(t)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	)
	// No deadline: a loaded machine may be slow, and go test's -timeout
	// ends a browser that never answers.
	ctx, cancelCtx := chromedp.NewContext(actx)
	t.Cleanup(func() { cancelCtx(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil { // start the browser now, so failures are clear
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
}

// embedFrame waits until the page in ctx has an iframe whose URL starts with
// prefix (a cross-site iframe is a target of its own) and returns a context
// that acts in it.
func embedFrame(t *testing.T, ctx context.Context, prefix string) context.Context {
	t.Helper()
	for {
		infos, err := chromedp.Targets(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, info := range infos {
			if info.Type == "iframe" && strings.HasPrefix(info.URL, prefix) {
				fctx, cancel := chromedp.NewContext(ctx, chromedp.WithTargetID(info.TargetID))
				t.Cleanup(cancel)
				return fctx
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// serveSample serves the sample help center with the real graph agent on a
// real listener on 127.0.0.1 and returns its base URL.
func serveSample(t *testing.T, cfg Config) string {
	t.Helper()
	return serveSampleWith(t, cfg, nil)
}

// serveSampleWith is serveSample with change made to the server first
// (a store that fails, say), when it is not nil.
func serveSampleWith(t *testing.T, cfg Config, change func(*Server)) string {
	t.Helper()
	cfg.RateLimit = -1
	if cfg.StreamDelay == 0 {
		cfg.StreamDelay = 2 * time.Millisecond
	}
	srv, _ := newSampleEnv(t, cfg)
	if change != nil {
		change(srv)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}

// consoleErrors collects the page's console errors and exceptions (a CSP
// violation is one), to check that the chat runs clean under its own CSP.
func consoleErrors(ctx context.Context) func() []string {
	var mu sync.Mutex
	var errs []string
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				mu.Lock()
				errs = append(errs, fmt.Sprintf("%s:%d %s", m.URL, m.Line+1, m.Text))
				mu.Unlock()
			}
		}
	}()
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), errs...)
	}
}

// agentReplies waits until the log holds n finished agent replies and returns
// the class of the last one.
func agentReplies(n int) chromedp.Action[string] {
	return chromedp.Poll[string](fmt.Sprintf(`(() => {
		const done = document.querySelectorAll("#log li.msg.agent:not(.pending)");
		return done.length >= %d && !document.getElementById("send").disabled ? done[done.length-1].className : "";
	})()`, n), chromedp.WithPollingTimeout(0))
}

func screenshot(t *testing.T, ctx context.Context, name string, width int64) {
	dir := os.Getenv("HELPGRAPH_TEST_SCREENSHOTS")
	if dir == "" {
		return
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 800)); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // quality 100 gives a PNG
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestBrowserChat(t *testing.T) {
	base := serveSample(t, Config{}) // before the browser, which must close first
	ctx := newBrowser(t)
	errs := consoleErrors(ctx)

	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.CSS("#message")),
		// A marker that a page load would wipe: the chat must stay one page.
		chromedp.Evaluate[chromedp.Void](`window.stillTheSamePage = true`),
		chromedp.SendKeys(chromedp.CSS("#message"), bookingQuestion),
		chromedp.Click(chromedp.CSS("#send")),
	); err != nil {
		t.Fatal(err)
	}
	class, err := chromedp.Run(ctx, agentReplies(1))
	if err != nil {
		t.Fatalf("waiting for the first reply: %v", err)
	}
	if !strings.Contains(class, "clarification") {
		t.Fatalf("first reply class %q, want a clarification", class)
	}
	// Focus moves to the first option, so keyboard users can pick one at once.
	focused, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.closest("#options") ? document.activeElement.textContent : ""`))
	if err != nil || focused == "" {
		t.Errorf("focus after a clarification is not on an option (%v)", err)
	}
	screenshot(t, ctx, "chat-375.png", 375)
	screenshot(t, ctx, "chat-1280.png", 1280)

	// Click the first option of each clarification until the agent resolves.
	n := 1
	for ; strings.Contains(class, "clarification") && n < 4; n++ {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#options button"))); err != nil {
			t.Fatal(err)
		}
		if class, err = chromedp.Run(ctx, agentReplies(n+1)); err != nil {
			t.Fatalf("waiting for reply %d: %v", n+1, err)
		}
	}
	if !strings.Contains(class, "resolution") {
		t.Fatalf("after %d replies the last is %q, want a resolution", n, class)
	}
	screenshot(t, ctx, "resolved-375.png", 375)
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const a = document.querySelector("#log li.msg.agent.resolution:last-child .sources a");
		return a && a.target === "_blank" && a.rel.includes("noopener") ? a.href : "";
	})()`))
	if err != nil || !strings.HasPrefix(href, "https://help.staynest.example/reservations/") {
		t.Errorf("resolution source link = %q (%v), want a reservations page opening in a new tab", href, err)
	}
	// The reply is the server's rendering of its Markdown: steps as a list,
	// links as links, no Markdown syntax left.
	rendered, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const t = document.querySelector("#log li.msg.agent.resolution:last-child .text");
		return t ? (t.querySelector("li, a") ? "markup" : "none") + (t.textContent.includes("](") ? " raw" : "") : "missing";
	})()`))
	if err != nil || rendered != "markup" {
		t.Errorf("resolution text rendered as %q (%v), want list items or links and no raw Markdown", rendered, err)
	}
	if same, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.stillTheSamePage === true`)); !same {
		t.Error("the page reloaded: the chat fell back to form posts instead of streaming")
	}
	userTurns, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#log li.msg.user").length`))
	if userTurns != n {
		t.Errorf("%d user messages shown, want %d", userTurns, n)
	}
	// The conversation is in the URL and persisted: a reload shows it again.
	loc, _ := chromedp.Run(ctx, chromedp.Location())
	if !strings.Contains(loc, "?s=") {
		t.Errorf("location %q has no session", loc)
	}
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#log li.msg.agent.resolution .sources a"))); err != nil {
		t.Errorf("after reload the resolution is gone: %v", err)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// TestBrowserStartOver types "start over" in the middle of a clarification:
// the options go away, the agent says so, and the next question is answered
// on its own.
func TestBrowserStartOver(t *testing.T) {
	base := serveSample(t, Config{})
	ctx := newBrowser(t)
	errs := consoleErrors(ctx)
	say := func(n int, msg string) string {
		t.Helper()
		if err := chromedp.Do(ctx,
			chromedp.SendKeys(chromedp.CSS("#message"), msg),
			chromedp.Click(chromedp.CSS("#send")),
		); err != nil {
			t.Fatal(err)
		}
		class, err := chromedp.Run(ctx, agentReplies(n))
		if err != nil {
			t.Fatalf("waiting for reply %d to %q: %v", n, msg, err)
		}
		return class
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	if class := say(1, bookingQuestion); !strings.Contains(class, "clarification") {
		t.Fatalf("first reply %q, want a clarification", class)
	}
	say(2, "start over")
	last, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#log li.msg.agent:last-child").textContent`))
	if err != nil || !strings.Contains(last, "start over") {
		t.Errorf("reply to start over = %q (%v)", last, err)
	}
	options, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#options button").length`))
	if options != 0 {
		t.Errorf("%d options still offered after starting over", options)
	}
	// The next question stands on its own.
	if class := say(3, "how do I cancel my reservation?"); strings.Contains(class, "escalation") {
		t.Errorf("a new question after starting over got %q", class)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// TestBrowserChatWithoutJavaScript runs the chat with scripts off: the plain
// form posts and the option buttons still carry the conversation.
func TestBrowserChatWithoutJavaScript(t *testing.T) {
	base := serveSample(t, Config{}) // before the browser, which must close first
	ctx := newBrowser(t)
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/"),
		chromedp.SendKeys(chromedp.CSS("#message"), bookingQuestion),
		chromedp.Click(chromedp.CSS("#send")),
		chromedp.WaitVisible(chromedp.CSS("#log li:nth-of-type(2).msg.agent.clarification")),
	); err != nil {
		t.Fatalf("form post without JavaScript: %v", err)
	}
	for turn := 2; turn <= 4; turn++ {
		if err := chromedp.Do(ctx,
			chromedp.Click(chromedp.CSS("#options button")),
			chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf("#log li:nth-of-type(%d).msg.agent", 2*turn))),
		); err != nil {
			t.Fatalf("option %d without JavaScript: %v", turn, err)
		}
		resolved, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSS("#log li.msg.agent.resolution .sources a"), chromedp.AtLeast(0)))
		if err != nil {
			t.Fatal(err)
		}
		if len(resolved) > 0 {
			return
		}
	}
	t.Fatal("no resolution with a source link after three options")
}

func TestBrowserWidget(t *testing.T) {
	base := serveSample(t, Config{}) // before the browser, which must close first
	ctx := newBrowser(t)
	// The host page is another site (localhost, not 127.0.0.1), as a
	// customer's site would be, with a strict CSP of its own.
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src "+base+"; frame-src "+base)
		fmt.Fprintf(w, `<!doctype html><html><head><title>Acme</title></head><body><h1>Acme Hotels</h1>
<p>Welcome.</p><script src="%s/widget.js" defer></script></body></html>`, base)
	}))
	defer host.Close()
	hostURL := strings.Replace(host.URL, "127.0.0.1", "localhost", 1)

	if err := chromedp.Do(ctx,
		chromedp.Navigate(hostURL),
		chromedp.WaitVisible(chromedp.ID("helpgraph-widget-button")),
		chromedp.WaitNotVisible(chromedp.ID("helpgraph-widget-frame")),
		chromedp.Click(chromedp.ID("helpgraph-widget-button")),
		chromedp.WaitVisible(chromedp.ID("helpgraph-widget-frame")),
	); err != nil {
		t.Fatalf("opening the widget: %v", err)
	}
	expanded, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("helpgraph-widget-button").getAttribute("aria-expanded")`))
	if expanded != "true" {
		t.Errorf("aria-expanded = %q after opening", expanded)
	}
	// The cross-site iframe is its own target: attach to it and chat there.
	frameCtx := embedFrame(t, ctx, base+"/embed")
	if err := chromedp.Do(frameCtx,
		chromedp.WaitVisible(chromedp.CSS("#message")),
		chromedp.SendKeys(chromedp.CSS("#message"), bookingQuestion),
		chromedp.Click(chromedp.CSS("#send")),
	); err != nil {
		t.Fatal(err)
	}
	class, err := chromedp.Run(frameCtx, agentReplies(1))
	if err != nil || !strings.Contains(class, "clarification") {
		t.Fatalf("reply in the widget: %q (%v), want a clarification", class, err)
	}
	// The conversation goes on in the third-party frame: its cookie is kept.
	if err := chromedp.Do(frameCtx, chromedp.Click(chromedp.CSS("#options button"))); err != nil {
		t.Fatal(err)
	}
	if class, err := chromedp.Run(frameCtx, agentReplies(2)); err != nil || class == "" {
		t.Fatalf("second reply in the widget: %q (%v)", class, err)
	}
	if notice, _ := chromedp.Run(frameCtx, chromedp.Evaluate[string](`document.getElementById("notice").hidden ? "" : document.getElementById("notice").textContent`)); notice != "" {
		t.Errorf("widget shows %q after the second turn", notice)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("helpgraph-widget-button")),
		chromedp.WaitNotVisible(chromedp.ID("helpgraph-widget-frame"))); err != nil {
		t.Errorf("closing the widget: %v", err)
	}
}

func TestBrowserAdminRefusesWithoutToken(t *testing.T) {
	base := serveSample(t, Config{AdminToken: testToken})
	ctx := newBrowser(t)
	text := func() string {
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("main")))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/admin/queue"), chromedp.WaitVisible(chromedp.CSS("#token"))); err != nil {
		t.Fatal(err)
	}
	if s := text(); !strings.Contains(s, "Sign in") || strings.Contains(s, "Escalations") {
		t.Fatalf("/admin/queue without a token shows %q", s)
	}
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS("#token"), "wrong"),
		chromedp.Submit(chromedp.CSS("#token")),
		// The first sign-in page has a .notice too: wait for the answer to
		// the submitted form, not for whichever page is still showing.
		chromedp.WaitVisible(chromedp.Search(`//p[contains(@class, "notice") and contains(., "not right")]`)),
	); err != nil {
		t.Fatal(err)
	}
	if s := text(); !strings.Contains(s, "not right") {
		t.Errorf("wrong token page shows %q", s)
	}
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS("#token"), testToken),
		chromedp.Submit(chromedp.CSS("#token")),
		chromedp.WaitVisible(chromedp.CSS(".admin-nav")),
		chromedp.Navigate(base+"/admin/graph?q=change+reservation+error"),
		chromedp.WaitVisible(chromedp.CSS(".results a")),
		chromedp.Click(chromedp.CSS(".results a")),
		chromedp.WaitVisible(chromedp.CSS(".picture svg rect")),
	); err != nil {
		t.Fatalf("signed-in explorer: %v", err)
	}
}

// TestBrowserFollowUpOptions: options the stream brings under an answer
// are offered as what to ask next, not as a question's answers.
func TestBrowserFollowUpOptions(t *testing.T) {
	base := serveSample(t, Config{})
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.CSS("#message")),
		chromedp.SendKeys(chromedp.CSS("#message"), "can I split the payment between two cards"),
		chromedp.Click(chromedp.CSS("#send")),
	); err != nil {
		t.Fatal(err)
	}
	class, err := chromedp.Run(ctx, agentReplies(1))
	if err != nil || !strings.Contains(class, "resolution") {
		t.Fatalf("first reply class %q (%v), want a resolution", class, err)
	}
	legend, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const l = document.querySelector("#options legend"); return l ? l.textContent : ""; })()`))
	if err != nil || legend != "More on this:" {
		t.Errorf("options legend %q (%v), want %q", legend, err, "More on this:")
	}
}

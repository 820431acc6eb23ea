package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// say types msg into the chat of ctx and waits for the n-th agent reply,
// returning its class.
func say(t *testing.T, ctx context.Context, n int, msg string) string {
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

func lastAgentText(t *testing.T, ctx context.Context) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#log li.msg.agent")].pop().textContent`))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// shot saves a screenshot of ctx's page as it is, at the current viewport.
func shot(t *testing.T, ctx context.Context, name string) {
	dir := os.Getenv("HELPGRAPH_TEST_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserHandoff goes from the bot to a person and back: a request for a
// person escalates at once, the chat shows a reference and asks for an
// e-mail, a support person signs in to /admin and replies on the handoff
// page, and the reply appears in the customer's chat, also after a reload.
func TestBrowserHandoff(t *testing.T) {
	base := serveSample(t, Config{AdminToken: testToken, EmailReplies: true})
	ctx := newBrowser(t)
	errs := consoleErrors(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	if class := say(t, ctx, 1, "I want to talk to a person"); !strings.Contains(class, "escalation") {
		t.Fatalf("reply to a request for a person: %q, want an escalation", class)
	}
	text := lastAgentText(t, ctx)
	i := strings.Index(text, "HG-")
	if i < 0 || !strings.Contains(text, "e-mail") {
		t.Fatalf("escalation %q: no reference or no e-mail question", text)
	}
	ref := text[i : i+9]
	banner, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("handoff-banner")))
	if !strings.Contains(banner, ref) {
		t.Errorf("banner %q lacks the reference %s", banner, ref)
	}
	if class := say(t, ctx, 2, "jane@example.com"); !strings.Contains(class, "handoff") ||
		!strings.Contains(lastAgentText(t, ctx), "jane@example.com") {
		t.Errorf("reply to the e-mail address: %q %q", class, lastAgentText(t, ctx))
	}
	say(t, ctx, 3, "It is about booking 4711, I can't change it")
	screenshot(t, ctx, "chat-handoff.png", 900)

	// A support person, in another tab of the same browser.
	admin, cancel := chromedp.NewContext(ctx)
	defer cancel()
	reply := "Hello Jane, booking 4711 is changed. See [your bookings](https://example.com/bookings)."
	if err := chromedp.Do(admin,
		chromedp.Navigate(base+"/admin/queue"),
		chromedp.WaitVisible(chromedp.CSS("#token")),
		chromedp.SendKeys(chromedp.CSS("#token"), testToken),
		chromedp.Submit(chromedp.CSS("#token")),
		chromedp.WaitVisible(chromedp.CSS(".queue-table")),
	); err != nil {
		t.Fatalf("signing in to the queue: %v", err)
	}
	screenshot(t, admin, "admin-queue.png", 1280)
	if err := chromedp.Do(admin,
		chromedp.Click(chromedp.Search(fmt.Sprintf(`//a[.=%q]`, ref))),
		chromedp.WaitVisible(chromedp.CSS("#reply-text")),
	); err != nil {
		t.Fatalf("opening handoff %s: %v", ref, err)
	}
	page, _ := chromedp.Run(admin, chromedp.Text(chromedp.CSS("main")))
	for _, want := range []string{"jane@example.com", "booking 4711", "Path the bot followed", "Waiting for us"} {
		if !strings.Contains(page, want) {
			t.Errorf("handoff page lacks %q", want)
		}
	}
	if err := chromedp.Do(admin,
		chromedp.SendKeys(chromedp.CSS("#reply-text"), reply),
		chromedp.Submit(chromedp.CSS("#reply-text")),
		chromedp.WaitVisible(chromedp.CSS(".notice.ok")),
	); err != nil {
		t.Fatalf("replying: %v", err)
	}
	status, _ := chromedp.Run(admin, chromedp.Text(chromedp.ID("handoff-status")))
	if status != "Answered" {
		t.Errorf("status after the reply: %q", status)
	}
	link, _ := chromedp.Run(admin, chromedp.Evaluate[string](`(document.querySelector(".transcript .turn.support a") || {}).href || ""`))
	if link != "https://example.com/bookings" {
		t.Errorf("reply in the admin transcript: link %q, want it rendered", link)
	}
	screenshot(t, admin, "admin-handoff.png", 1280)
	if err := chromedp.Do(admin, chromedp.Navigate(base+"/admin/gaps"), chromedp.WaitVisible(chromedp.CSS("table.gaps"))); err != nil {
		t.Errorf("gaps page: %v", err)
	}
	screenshot(t, admin, "admin-gaps.png", 1280)
	if err := chromedp.Do(admin, chromedp.Navigate(base+"/admin/"), chromedp.WaitVisible(chromedp.CSS(".chart svg"))); err != nil {
		t.Errorf("overview: %v", err)
	}
	screenshot(t, admin, "admin-home.png", 1280)
	if err := chromedp.Do(admin, chromedp.Navigate(base+"/admin/build"), chromedp.WaitVisible(chromedp.CSS("#lint"))); err != nil {
		t.Errorf("build page: %v", err)
	}
	screenshot(t, admin, "admin-build.png", 1280)
	if err := chromedp.Do(admin, chromedp.Navigate(base+"/admin/graph/map"), chromedp.WaitVisible(chromedp.CSS(".map svg"))); err != nil {
		t.Errorf("graph map: %v", err)
	}
	screenshot(t, admin, "admin-graph-map.png", 1400)

	// The customer's chat shows the reply without a reload.
	got, err := chromedp.Run(ctx, chromedp.Poll[string](`(() => {
		const s = document.querySelector("#log li.msg.support");
		return s ? s.textContent : "";
	})()`, chromedp.WithPollingTimeout(0)))
	if err != nil || !strings.Contains(got, "booking 4711 is changed") {
		t.Fatalf("support reply in the chat: %q (%v)", got, err)
	}
	href, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#log li.msg.support a").href`))
	if href != "https://example.com/bookings" {
		t.Errorf("support reply's link = %q", href)
	}
	screenshot(t, ctx, "chat-support-reply.png", 900)
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#log li.msg.support a"))); err != nil {
		t.Errorf("after a reload the support reply is gone: %v", err)
	}
	n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#log li.msg.support").length`))
	if n != 1 {
		t.Errorf("%d support replies after reload, want 1", n)
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// TestBrowserFeedbackAndStartOverButton rates an answer 👎 (kept across a
// reload), then starts a new conversation with the button.
func TestBrowserFeedbackAndStartOverButton(t *testing.T) {
	base := serveSample(t, Config{})
	ctx := newBrowser(t)
	errs := consoleErrors(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("restart-form").hidden`))
	if !hidden {
		t.Error("start over offered before anything was said")
	}
	class := say(t, ctx, 1, bookingQuestion)
	for n := 2; !strings.Contains(class, "resolution") && n <= 4; n++ {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#options button"))); err != nil {
			t.Fatal(err)
		}
		if class, _ = chromedp.Run(ctx, agentReplies(n)); class == "" {
			t.Fatalf("no reply %d", n)
		}
	}
	if !strings.Contains(class, "resolution") {
		t.Fatalf("no resolution, last reply %q", class)
	}
	down := `#log li.msg.agent.resolution:last-of-type .feedback button[value=no]`
	// The rating buttons draw the page's thumb symbol (an emoji shows as an
	// empty box where the browser has no emoji font): its drawn box has a
	// size only when the symbol is found.
	iconWidth := `(() => { const u = document.querySelector("` + down + ` svg.thumb use"); return u ? u.getBBox().width : 0 })()`
	if w, _ := chromedp.Run(ctx, chromedp.Evaluate[float64](iconWidth)); w <= 0 {
		t.Errorf("the not-helpful button draws no icon (width %v)", w)
	}
	if err := chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(down)),
		chromedp.WaitVisible(chromedp.CSS("#log li.msg.agent.resolution .feedback .thanks")),
	); err != nil {
		t.Fatalf("rating the answer: %v", err)
	}
	screenshot(t, ctx, "chat-feedback.png", 900)
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(".feedback .thanks"))); err != nil {
		t.Fatalf("after reload: %v", err)
	}
	pressed, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(".feedback button[value=no]").getAttribute("aria-pressed")`))
	if pressed != "true" {
		t.Errorf("after reload 👎 aria-pressed = %q", pressed)
	}
	if w, _ := chromedp.Run(ctx, chromedp.Evaluate[float64](iconWidth)); w <= 0 {
		t.Errorf("after reload the not-helpful button draws no icon (width %v)", w)
	}
	// Start over is a new conversation: an empty chat, also after a reload.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("restart")), chromedp.WaitNotPresent(chromedp.CSS("#log li.msg"))); err != nil {
		t.Fatalf("start over: %v", err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#log li.msg").length`)); n != 0 {
		t.Errorf("after start over and a reload the chat shows %d messages, want none", n)
	}
	if hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("restart-form").hidden`)); !hidden {
		t.Error("start over offered in an empty chat")
	}
	if e := errs(); len(e) > 0 {
		t.Errorf("console errors: %q", e)
	}
}

// TestBrowserWidgetOptionsVisible: in the widget's frame size (380×600) the
// clarification's options stay in view above the text box, not under it.
func TestBrowserWidgetOptionsVisible(t *testing.T) {
	base := serveSample(t, Config{})
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(380, 600), chromedp.Navigate(base+"/embed"),
		chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	// A long conversation first, so the log is taller than the frame.
	for n, msg := range []string{"hello", "thanks", bookingQuestion} {
		say(t, ctx, n+1, msg)
	}
	hidden, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
		const box = document.getElementById("message").getBoundingClientRect();
		const bad = [];
		const buttons = document.querySelectorAll("#options button");
		if (buttons.length === 0) bad.push("no options");
		buttons.forEach(b => {
			const r = b.getBoundingClientRect();
			const x = r.left + r.width / 2, y = r.top + r.height / 2;
			const top = document.elementFromPoint(x, y);
			if (r.top < 0 || r.bottom > innerHeight || r.bottom > box.top || !(top === b || b.contains(top))) bad.push(b.textContent);
		});
		return bad;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if len(hidden) > 0 {
		t.Errorf("options out of view or covered at 380×600: %q", hidden)
	}
	shot(t, ctx, "widget-380x600.png")
}

// TestBrowserWidgetFocusAndEsc opens the widget from the keyboard: focus
// goes into the chat's text box, and Esc pressed inside the chat closes it,
// giving focus back to the button.
func TestBrowserWidgetFocusAndEsc(t *testing.T) {
	base := serveSample(t, Config{})
	ctx := newBrowser(t)
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><html><head><title>Acme</title></head><body><h1>Acme</h1><script src="%s/widget.js" defer></script></body></html>`, base)
	}))
	defer host.Close()
	hostURL := strings.Replace(host.URL, "127.0.0.1", "localhost", 1)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(hostURL),
		chromedp.WaitVisible(chromedp.ID("helpgraph-widget-button")),
		chromedp.Focus(chromedp.ID("helpgraph-widget-button")),
		chromedp.KeyEvent(kb.Enter),
		chromedp.WaitVisible(chromedp.ID("helpgraph-widget-frame")),
	); err != nil {
		t.Fatalf("opening the widget by keyboard: %v", err)
	}
	frameCtx := embedFrame(t, ctx, base+"/embed")
	focused, err := chromedp.Run(frameCtx, chromedp.Poll[string](`document.hasFocus() && document.activeElement.id === "message" ? "message" : ""`,
		chromedp.WithPollingTimeout(0)))
	if err != nil || focused != "message" {
		t.Fatalf("focus after opening: %q (%v), want the text box", focused, err)
	}
	if err := chromedp.Do(frameCtx, chromedp.KeyEvent(kb.Escape)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitNotVisible(chromedp.ID("helpgraph-widget-frame"))); err != nil {
		t.Fatalf("Esc inside the chat did not close the widget: %v", err)
	}
	active, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.id`))
	if active != "helpgraph-widget-button" {
		t.Errorf("after Esc focus is on %q, want the widget button", active)
	}
}

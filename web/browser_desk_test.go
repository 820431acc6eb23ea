package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// widgetFrame attaches to the widget's cross-site frame: a target of its
// own, a new one after each navigation of the host page (not in skip).
func widgetFrame(t *testing.T, ctx context.Context, base string, skip map[string]bool) context.Context {
	t.Helper()
	for range 200 {
		infos, err := chromedp.Targets(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, info := range infos {
			if info.Type == "iframe" && strings.HasPrefix(info.URL, base+"/embed") && !skip[string(info.TargetID)] {
				skip[string(info.TargetID)] = true
				fctx, cancel := chromedp.NewContext(ctx, chromedp.WithTargetID(info.TargetID))
				t.Cleanup(cancel)
				return fctx
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("no iframe target for /embed")
	return nil
}

// TestBrowserWidgetContinuityAndUnread: a conversation handed to a person
// carries on across the host site's pages; a reply that arrives while the
// widget is closed shows a badge on its button, which opening clears.
func TestBrowserWidgetContinuityAndUnread(t *testing.T) {
	base := serveSample(t, Config{AdminToken: testToken})
	ctx := newBrowser(t)
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><html><head><title>Acme %s</title></head><body><h1>Acme page %s</h1>
<a id="next" href="/b">Next page</a><script src="%s/widget.js" defer></script></body></html>`, r.URL.Path, r.URL.Path, base)
	}))
	defer host.Close()
	hostURL := strings.Replace(host.URL, "127.0.0.1", "localhost", 1)
	frames := map[string]bool{}

	open := []chromedp.Action[chromedp.Void]{
		chromedp.WaitVisible(chromedp.ID("helpgraph-widget-button")),
		chromedp.Click(chromedp.ID("helpgraph-widget-button")),
		chromedp.WaitVisible(chromedp.ID("helpgraph-widget-frame")),
	}
	if err := chromedp.Do(ctx, append([]chromedp.Action[chromedp.Void]{chromedp.Navigate(hostURL + "/a")}, open...)...); err != nil {
		t.Fatal(err)
	}
	frame := widgetFrame(t, ctx, base, frames)
	if err := chromedp.Do(frame, chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	if class := say(t, frame, 1, "I want to talk to a person"); !strings.Contains(class, "escalation") {
		t.Fatalf("asking for a person: %q", class)
	}
	ref, err := chromedp.Run(frame, chromedp.Evaluate[string](`document.querySelector("#handoff-banner strong").textContent`))
	if err != nil || !strings.HasPrefix(ref, "HG-") {
		t.Fatalf("reference in the banner: %q %v", ref, err)
	}

	// Another page of the host site: the widget opens on the same conversation.
	if err := chromedp.Do(ctx, append([]chromedp.Action[chromedp.Void]{chromedp.Click(chromedp.ID("next")),
		chromedp.WaitVisible(chromedp.Search(`//h1[contains(., "/b")]`))}, open...)...); err != nil {
		t.Fatal(err)
	}
	frame = widgetFrame(t, ctx, base, frames)
	if err := chromedp.Do(frame, chromedp.WaitVisible(chromedp.CSS("#handoff-banner strong"))); err != nil {
		t.Fatalf("after navigating the host page the widget lost the handoff: %v", err)
	}
	log, _ := chromedp.Run(frame, chromedp.Evaluate[string](`document.getElementById("log").textContent`))
	if !strings.Contains(log, "I want to talk to a person") || !strings.Contains(log, ref) {
		t.Errorf("after navigating the host page the widget shows %q", log)
	}

	// Closed, a reply arrives: a badge. Opened: the reply, no badge.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("helpgraph-widget-button")), chromedp.WaitNotVisible(chromedp.ID("helpgraph-widget-frame"))); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest("POST", base+"/api/handoffs/"+ref+"/replies", strings.NewReader(`{"text":"Hello from the support team.","author":"Sam"}`))
	req.Header.Set("Authorization", "Bearer "+testToken)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != 201 {
		t.Fatalf("reply through the API: %v %v", resp, err)
	}
	badge, err := chromedp.Run(ctx, chromedp.Poll[string](`(() => { const b = document.getElementById("helpgraph-widget-badge"); return b && !b.hidden ? b.textContent : ""; })()`,
		chromedp.WithPollingTimeout(20*time.Second)))
	if err != nil || badge != "1" {
		t.Fatalf("unread badge %q (%v), want 1", badge, err)
	}
	label, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("helpgraph-widget-button").getAttribute("aria-label")`))
	if !strings.Contains(label, "1 new reply") {
		t.Errorf("button label %q does not tell of the new reply", label)
	}
	screenshot(t, ctx, "widget-unread-badge.png", 800)
	if err := chromedp.Do(ctx, open[1:]...); err != nil {
		t.Fatal(err)
	}
	if hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("helpgraph-widget-badge").hidden`)); !hidden {
		t.Error("the badge stays after opening the widget")
	}
	if err := chromedp.Do(frame, chromedp.WaitVisible(chromedp.Search(`//li[contains(@class, "support") and contains(., "Hello from the support team.")]`))); err != nil {
		t.Errorf("the reply is not in the widget: %v", err)
	}
}

// TestBrowserChatComesBackAfterReload: the chat at / shows the open
// conversation after a reload without its link.
func TestBrowserChatComesBackAfterReload(t *testing.T) {
	base := serveSample(t, Config{})
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	say(t, ctx, 1, bookingQuestion)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#log li.msg").length`))
	if n < 2 {
		t.Errorf("after going back to / the chat shows %d messages, want the conversation", n)
	}
}

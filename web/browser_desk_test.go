package web

import (
	"context"
	"encoding/json"
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

// layoutProblems measures the boxes of the chat after a reply: the end of
// the last reply (the bot's question, "Was this helpful?") must be inside
// the log's visible part, above the options and the text box, and the log
// scrolled to its end.
const layoutProblems = `(() => {
	const bad = [];
	const log = document.getElementById("log").getBoundingClientRect();
	const dock = document.getElementById("dock").getBoundingClientRect();
	const replies = document.querySelectorAll("#log li.msg.agent");
	const last = replies[replies.length - 1];
	const r = last.getBoundingClientRect();
	if (r.bottom > log.bottom + 1) bad.push("the reply ends " + Math.round(r.bottom - log.bottom) + "px below the log's visible part");
	if (r.bottom > dock.top + 1) bad.push("the reply ends under the options");
	if (log.height < 120) bad.push("the log is " + Math.round(log.height) + "px tall");
	const l = document.getElementById("log");
	if (l.scrollTop + l.clientHeight < l.scrollHeight - 2) bad.push("the log is not scrolled to its end");
	const text = last.querySelector(".text");
	const t = text.getBoundingClientRect();
	const hit = document.elementFromPoint(t.left + 5, t.bottom - 5);
	if (!hit || !last.contains(hit)) bad.push("the last line of the reply is covered");
	const fb = last.querySelector(".feedback");
	if (fb) {
		const f = fb.getBoundingClientRect();
		if (f.bottom > log.bottom + 1 || f.top < log.top) bad.push("'Was this helpful?' is out of view");
	}
	return bad;
})()`

// TestBrowserLayoutBoxes: in the widget's frame (380×600) and on a phone
// (375×812) the question and the end of the last reply are visible above
// the options, after each finished reply.
func TestBrowserLayoutBoxes(t *testing.T) {
	base := serveSample(t, Config{})
	for _, size := range []struct {
		name          string
		width, height int64
		path          string
	}{{"widget 380x600", 380, 600, "/embed"}, {"phone 375x812", 375, 812, "/"}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := newBrowser(t)
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size.width, size.height), chromedp.Navigate(base+size.path),
				chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
				t.Fatal(err)
			}
			// A conversation longer than the screen, ending in a question with options.
			n := 0
			for _, msg := range []string{"hello", "thanks", bookingQuestion} {
				n++
				say(t, ctx, n, msg)
			}
			check := func(after string) {
				t.Helper()
				bad, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](layoutProblems))
				if err != nil {
					t.Fatal(err)
				}
				if len(bad) > 0 {
					t.Errorf("%s, after %s: %q", size.name, after, bad)
				}
			}
			check("a clarification")
			shotName := strings.ReplaceAll(size.name, " ", "-") + ".png"
			screenshot(t, ctx, "layout-"+shotName, size.width)
			// On to an answer, whose "Was this helpful?" must show too.
			for class := ""; !strings.Contains(class, "resolution") && n < 6; {
				if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#options button"))); err != nil {
					t.Fatal(err)
				}
				n++
				var err error
				if class, err = chromedp.Run(ctx, agentReplies(n)); err != nil {
					t.Fatal(err)
				}
			}
			check("an answer")
			screenshot(t, ctx, "layout-answer-"+shotName, size.width)
		})
	}
}

// TestBrowserAdminLive: the queue and a handoff's page update themselves
// when a customer hands off and writes again; a reply being typed stays.
func TestBrowserAdminLive(t *testing.T) {
	base := serveSample(t, Config{AdminToken: testToken})
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/admin/login?next=/admin/queue"),
		chromedp.SendKeys(chromedp.CSS("#token"), testToken),
		chromedp.Submit(chromedp.CSS("#token")),
		chromedp.WaitVisible(chromedp.CSS(".admin-nav")),
		chromedp.Navigate(base+"/admin/queue"),
		chromedp.WaitVisible(chromedp.CSS(`[data-live="queue"]`)),
	); err != nil {
		t.Fatal(err)
	}
	// The page's event stream is open before the customer writes.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body.getAttribute("data-live-state") === "open"`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("no /admin/live stream: %v", err)
	}
	customer := &http.Client{}
	say := func(session, msg string) map[string]any {
		body := fmt.Sprintf(`{"session_id":%q,"message":%q}`, session, msg)
		req, _ := http.NewRequest("POST", base+"/api/chat", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.AddCookie(&http.Cookie{Name: browserCookie, Value: strings.Repeat("cd", 32)})
		resp, err := customer.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	r := say("", "I want to talk to a person")
	ref := r["handoff"].(map[string]any)["ref"].(string)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.querySelector('[data-live="queue"]').textContent.includes(%q)`, ref),
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the queue did not show the new handoff %s by itself: %v", ref, err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.Search(fmt.Sprintf(`//a[text()=%q]`, ref))),
		chromedp.WaitVisible(chromedp.CSS("#reply-text")),
		chromedp.SendKeys(chromedp.CSS("#reply-text"), "Half-written reply"),
	); err != nil {
		t.Fatal(err)
	}
	say(r["session_id"].(string), "my booking number is 42")
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector('[data-live="transcript"]').textContent.includes("my booking number is 42")`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the handoff page did not show the customer's message by itself: %v", err)
	}
	if typed, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("reply-text").value`)); typed != "Half-written reply" {
		t.Errorf("the reply being typed became %q", typed)
	}
}

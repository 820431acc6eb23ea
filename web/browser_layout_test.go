package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/helpgraph/helpgraph/internal/messages"
)

// A focused option shows its whole outline: the options' slot scrolls, and
// what overflows a scrolling box is clipped, so the slot must leave room
// for the outline (3px at 2px offset) on every side, at phone and desktop
// sizes.
func TestBrowserOptionFocusRingNotClipped(t *testing.T) {
	base := serveSample(t, Config{})
	ctx := newBrowser(t)
	for _, size := range []struct{ w, h int64 }{{390, 844}, {1280, 900}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate(base+"/"),
				chromedp.WaitVisible(chromedp.CSS("#message")),
				chromedp.SendKeys(chromedp.CSS("#message"), bookingQuestion),
				chromedp.Click(chromedp.CSS("#send"))); err != nil {
				t.Fatal(err)
			}
			if _, err := chromedp.Run(ctx, agentReplies(1)); err != nil {
				t.Fatal(err)
			}
			clipped, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
				const slot = document.getElementById("options-slot").getBoundingClientRect();
				const out = [];
				for (const b of document.querySelectorAll("#options-slot button")) {
					b.focus();
					const ring = 5, r = b.getBoundingClientRect();
					if (r.left - ring < slot.left || r.right + ring > slot.right || r.top - ring < slot.top || r.bottom + ring > slot.bottom) {
						out.push(b.textContent + " " + JSON.stringify(r) + " in " + JSON.stringify(slot));
					}
				}
				return out;
			})()`))
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range clipped {
				t.Errorf("focus outline clipped by the options' slot: %s", c)
			}
		})
	}
}

// The handoff reference in the chat's banner stays on one line on a phone,
// as the chat shows it live and after a reload: "HG-" at the end of one
// line and the rest on the next is misread when it is typed or read out.
func TestBrowserHandoffReferenceOnOneLine(t *testing.T) {
	base := serveSample(t, Config{})
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 700), chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	say(t, ctx, 1, "I want to talk to a person")
	for _, when := range []string{"live", "after a reload"} {
		if when != "live" {
			if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#handoff-banner strong"))); err != nil {
				t.Fatal(err)
			}
		}
		for _, width := range []int64{320, 390} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 700)); err != nil {
				t.Fatal(err)
			}
			lines, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelector("#handoff-banner strong").getClientRects().length`))
			if err != nil {
				t.Fatal(err)
			}
			if lines != 1 {
				t.Errorf("%s at %dpx: the reference is on %d lines, want 1", when, width, lines)
			}
		}
	}
}

// On a phone the escalations list, the content gaps and the lint findings
// show each row whole, what the customer said included, without scrolling
// a table sideways.
func TestBrowserRecordsOnPhone(t *testing.T) {
	base := serveSample(t, Config{AdminToken: testToken})
	openHandoff(t, base)
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(base+"/admin/login"),
		chromedp.SendKeys(chromedp.CSS("#token"), testToken),
		chromedp.Submit(chromedp.CSS("#token")),
		chromedp.WaitVisible(chromedp.CSS(".admin-nav"))); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path, table string
		cells       int
		words       string // in the table
	}{
		{"/admin/queue", ".queue-table", 6, "agent please"},
		{"/admin/gaps", ".gaps", 6, "agent please"},
		{"/admin/build", ".lint", 5, "links to no page"},
	} {
		if err := chromedp.Do(ctx, chromedp.Navigate(base+tc.path), chromedp.WaitVisible(chromedp.CSS(tc.table))); err != nil {
			t.Fatal(err)
		}
		hidden, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(`(() => {
			const w = document.documentElement.clientWidth, out = [];
			const cells = document.querySelectorAll(%q);
			if (cells.length < %d) out.push(cells.length + " cells");
			for (const td of cells) {
				const r = td.getBoundingClientRect();
				if (r.width === 0 || r.right > w) out.push((td.dataset.label || "first") + " ends at " + Math.round(r.right) + " of " + w);
			}
			return out;
		})()`, tc.table+" tbody tr:first-child td", tc.cells)))
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hidden {
			t.Errorf("%s: a cell off the screen: %s", tc.path, h)
		}
		said, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("main table").innerText`))
		if err != nil || !strings.Contains(said, tc.words) {
			t.Errorf("%s: %q missing: %q (%v)", tc.path, tc.words, said, err)
		}
	}
	// The lint table's sort links, in its hidden header on a phone, stand
	// above its cards.
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/admin/build"), chromedp.WaitVisible(chromedp.CSS(".lint"))); err != nil {
		t.Fatal(err)
	}
	sorts, err := chromedp.Run(ctx, chromedp.Evaluate[int](`[...document.querySelectorAll(".sort-by a")].filter(a => a.getBoundingClientRect().width > 0).length`))
	if err != nil || sorts != 3 {
		t.Errorf("%d sort links shown above the lint cards on a phone (%v), want 3", sorts, err)
	}
	// The overview's days are one line each ("Sat Nov 14"), the table
	// scrolling in its box if it must.
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/admin/"), chromedp.WaitVisible(chromedp.CSS(".days"))); err != nil {
		t.Fatal(err)
	}
	tall, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
		const out = [];
		for (const td of document.querySelectorAll(".days tbody td")) {
			const r = document.createRange();
			r.selectNodeContents(td);
			if (new Set([...r.getClientRects()].map(x => Math.round(x.top))).size > 1) out.push(td.textContent);
		}
		return out.slice(0, 3);
	})()`))
	if err != nil || len(tall) > 0 {
		t.Errorf("overview cells on several lines: %q (%v)", tall, err)
	}
	// The chart above it, shrunk to the phone's width, keeps labels one can
	// read, inside its figure and apart.
	chart, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
		const f = document.querySelector(".chart").getBoundingClientRect(), out = [];
		const ticks = [...document.querySelectorAll(".chart .tick")].map(e => e.getBoundingClientRect());
		ticks.forEach((r, i) => {
			if (r.height < 9.5) out.push("label " + i + " " + r.height.toFixed(1) + "px tall");
			if (r.left < f.left || r.right > f.right) out.push("label " + i + " outside the figure");
			const next = ticks[i + 1];
			if (next && Math.abs(next.top - r.top) < 1 && next.left < r.right) out.push("labels " + i + " and " + (i + 1) + " overlap");
		});
		return out;
	})()`))
	if err != nil || len(chart) > 0 {
		t.Errorf("overview chart on a phone: %q (%v)", chart, err)
	}
	// The menu's "Sign out" stays one button of one line.
	lines, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(() => {
		const r = document.createRange();
		r.selectNodeContents(document.querySelector(".admin-nav .logout button"));
		return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size;
	})()`))
	if err != nil || lines != 1 {
		t.Errorf("Sign out on %d lines (%v), want 1", lines, err)
	}
}

// An option the customer clicks shows in the log as its label, the words
// they chose in their language, not as the value the agent reads: the
// Japanese "担当者と話す" showed as "talk to a person".
func TestBrowserOptionShowsItsLabel(t *testing.T) {
	base := serveSample(t, Config{})
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?lang=ja"), chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	say(t, ctx, 1, "予約をキャンセルするには？")
	label, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
		const b = [...document.querySelectorAll("#options button")].find(b => b.value !== b.textContent);
		if (!b) return "";
		b.click();
		return b.textContent;
	})()`))
	if err != nil || label == "" {
		t.Fatalf("no option whose label is not its value (%v): the check would prove nothing", err)
	}
	if _, err := chromedp.Run(ctx, agentReplies(2)); err != nil {
		t.Fatal(err)
	}
	said, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#log li.msg.user p")].pop().textContent`))
	if err != nil || said != label {
		t.Errorf("the log shows the customer said %q (%v), want the option's label %q", said, err, label)
	}
}

// A message the chat could not send says so in the customer's language:
// the server's error ("the conversation store cannot be reached right
// now…") is for developers, and English.
func TestBrowserSendErrorInCustomersLanguage(t *testing.T) {
	var store *downStore
	base := serveSampleWith(t, Config{}, func(s *Server) {
		store = &downStore{Store: s.convs}
		s.convs = store
	})
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?lang=ja"), chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	store.down.Store(true)
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.CSS("#message"), "予約をキャンセルするには？"),
		chromedp.Click(chromedp.CSS("#send")),
		chromedp.WaitVisible(chromedp.CSS("#notice"))); err != nil {
		t.Fatal(err)
	}
	notice, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("notice").textContent`))
	if want := messages.Embedded().Text("ja", "ErrorUnavailable"); err != nil || notice != want {
		t.Errorf("notice %q (%v), want %q", notice, err, want)
	}
}

package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
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

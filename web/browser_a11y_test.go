package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The log is a polite live region, and a reply streams into it a few words
// at a time: unless the log says it is busy while the reply streams, a
// screen reader announces every fragment ("To", "To cancel", ...). Every
// change to the streaming reply must happen while the log is
// aria-busy="true", and the finished reply must leave it not busy, so the
// whole reply is read once.
func TestBrowserStreamingReplyIsReadOnce(t *testing.T) {
	base := serveSample(t, Config{})
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	// Mutation records come in order but are delivered later (a reply that
	// arrives in one chunk is finished by then), so the log's busy state at
	// each change is worked out from the records themselves.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`(() => {
		window.records = [];
		new MutationObserver(ms => window.records.push(...ms)).observe(document.getElementById("log"),
			{ subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["aria-busy"], attributeOldValue: true });
		window.busySeen = () => {
			const log = document.getElementById("log"), rs = window.records, seen = [];
			const busy = rs.map(() => null);
			let next = log.getAttribute("aria-busy");
			for (let i = rs.length - 1; i >= 0; i--) {
				busy[i] = next; // the state after record i
				if (rs[i].type === "attributes") next = rs[i].oldValue;
			}
			rs.forEach((r, i) => {
				if (r.type === "attributes") return;
				const n = r.target.nodeType === 1 ? r.target : r.target.parentElement;
				if (n && n !== log && n.closest("li.msg.agent")) seen.push(busy[i] || "unset");
			});
			return seen;
		};
		return null;
	})()`)); err != nil {
		t.Fatal(err)
	}
	say(t, ctx, 1, "How do I cancel my subscription?")
	seen, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.busySeen()`))
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) < 2 {
		t.Fatalf("only %d changes to the streaming reply seen: the check would prove nothing", len(seen))
	}
	for i, s := range seen {
		if s != "true" {
			t.Fatalf("change %d of %d to the streaming reply made while the log was aria-busy=%q, want \"true\" (a screen reader reads each fragment)", i+1, len(seen), s)
		}
	}
	busy, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("log").getAttribute("aria-busy") || "unset"`))
	if err != nil {
		t.Fatal(err)
	}
	if busy == "true" {
		t.Errorf("after the reply the log is still aria-busy: a screen reader never reads it")
	}
}

// After an answer the customer is most likely to type (or rate it): the
// focus goes to the text box, not to the first "More on this:" option,
// where Enter sent a follow-up nobody chose and a screen reader's focus
// jumped past the answer and its rating. A question's options (a
// clarification) still take the focus.
func TestBrowserFocusAfterAnAnswerIsTheTextBox(t *testing.T) {
	base := serveSample(t, Config{})
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	class := say(t, ctx, 1, "How do I change my email address?")
	n := 1
	for ; strings.Contains(class, "clarification") && n < 4; n++ {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#options button"))); err != nil {
			t.Fatal(err)
		}
		var err error
		if class, err = chromedp.Run(ctx, agentReplies(n+1)); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(class, "resolution") {
		t.Fatalf("no answer after %d replies (last %q)", n, class)
	}
	opts, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#options button").length`))
	if err != nil || opts == 0 {
		t.Fatalf("the answer has no follow-up options (%v): the check would prove nothing", err)
	}
	active, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.id || document.activeElement.tagName + " " + document.activeElement.textContent`))
	if err != nil || active != "message" {
		t.Errorf("focus after an answer is on %q (%v), want the text box", active, err)
	}
}

// TestBrowserEnterEndingCompositionDoesNotSend: the Enter that picks a
// word in an input method (Chinese, Japanese, Korean) does not send the
// message, in Chrome's way (isComposing) nor Safari's (keyCode 229); a
// plain Enter does.
func TestBrowserEnterEndingCompositionDoesNotSend(t *testing.T) {
	base := serveSample(t, Config{})
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	sent := func(init string) int {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(() => {
			const box = document.getElementById("message");
			box.value = "予約を変更したい";
			box.dispatchEvent(new KeyboardEvent("keydown", Object.assign({key: "Enter", bubbles: true, cancelable: true}, `+init+`)));
			return document.querySelectorAll("#log li.msg.user").length;
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, init := range []string{`{isComposing: true}`, `{keyCode: 229}`} {
		if n := sent(init); n != 0 {
			t.Errorf("Enter with %s sent the message (%d in the log)", init, n)
		}
	}
	if n := sent(`{}`); n != 1 {
		t.Errorf("a plain Enter sent %d messages, want 1: the check would prove nothing", n)
	}
}

package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserWidgetInGerman: on a German page the widget, the chat in it
// and the bot's words are German.
func TestBrowserWidgetInGerman(t *testing.T) {
	base := serveSample(t, Config{}) // before the browser, which must close first
	ctx := newBrowser(t)
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><html lang="de"><head><title>Acme</title></head><body><h1>Acme Hotels</h1>
<script src="%s/widget.js" defer></script></body></html>`, base)
	}))
	defer host.Close()
	hostURL := strings.Replace(host.URL, "127.0.0.1", "localhost", 1) // another site: the frame is its own target

	if err := chromedp.Do(ctx, chromedp.Navigate(hostURL), chromedp.WaitVisible(chromedp.ID("helpgraph-widget-button"))); err != nil {
		t.Fatal(err)
	}
	label, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("helpgraph-widget-button").textContent`))
	if err != nil || label != "Hilfe" {
		t.Fatalf("widget button %q (%v), want Hilfe", label, err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("helpgraph-widget-button")), chromedp.WaitVisible(chromedp.ID("helpgraph-widget-frame"))); err != nil {
		t.Fatal(err)
	}
	frameCtx := embedFrame(t, ctx, base+"/embed?lang=de")
	if err := chromedp.Do(frameCtx,
		chromedp.WaitVisible(chromedp.CSS("#message")),
		chromedp.SendKeys(chromedp.CSS("#message"), "Ich kann meine Buchung nicht ändern, was soll ich tun?"),
		chromedp.Click(chromedp.CSS("#send")),
	); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(frameCtx, agentReplies(1)); err != nil {
		t.Fatalf("reply in the widget: %v", err)
	}
	page, err := chromedp.Run(frameCtx, chromedp.Evaluate[string](`document.querySelector("label[for=message]").textContent + "|" +
		document.querySelector("#log li.msg.user .visually-hidden").textContent + "|" +
		document.querySelector("#log li.msg.agent .text").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.SplitN(page, "|", 3)
	if len(parts) != 3 || parts[0] != "Ihre Frage" || parts[1] != "Sie schrieben:" {
		t.Errorf("chat labels %q, want German", page)
	}
	if len(parts) == 3 && !strings.Contains(parts[2], "Deutsch") && !strings.Contains(parts[2], "Hilfeseiten") {
		t.Errorf("reply %q: want German words (a note that the pages are English, or not found)", parts[2])
	}
}

// TestBrowserChatFollowsTheConversationsLanguage: a customer who writes
// German in a chat an English browser opened gets the page's own words
// (the title, the question's label, the send button, the options' legend) in German
// from the first reply on, as the page rendered again shows them.
func TestBrowserChatFollowsTheConversationsLanguage(t *testing.T) {
	base := serveSample(t, Config{})
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?lang=en"), chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	say(t, ctx, 1, "Ich kann meine Buchung nicht ändern, was soll ich tun?")
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[document.documentElement.lang + "|" + document.getElementById("chat-title").textContent,
		document.querySelector("label[for=message]").textContent,
		document.getElementById("send").textContent,
		(document.querySelector("#options-slot legend") || {textContent: "no options"}).textContent]`))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 || got[0] != "de|Hilfe" || got[1] != "Ihre Frage" || got[2] == "Send" || got[3] == "Which of these fits?" {
		t.Errorf("page after a German message: lang, label, button, legend = %q; want German", got)
	}
}

// TestBrowserChatTurnsRightToLeft: a customer who writes Arabic in a chat an
// English browser opened gets the page laid out right to left from the
// first reply on, its words in Arabic, as the page rendered again shows it.
func TestBrowserChatTurnsRightToLeft(t *testing.T) {
	base := serveSample(t, Config{})
	ctx := newBrowser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/?lang=en"), chromedp.WaitVisible(chromedp.CSS("#message"))); err != nil {
		t.Fatal(err)
	}
	say(t, ctx, 1, "مرحبا")
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.documentElement.lang + "|" + document.documentElement.dir + "|" + document.getElementById("send").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	if got != "ar|rtl|إرسال" {
		t.Errorf("page after an Arabic greeting: lang, dir, button = %q, want ar|rtl|إرسال", got)
	}
}

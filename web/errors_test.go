package web

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// A customer who follows a broken link sees the error in their language,
// with the way back to the chat, not the handler's English error text; a
// signed-in support person keeps the support menu, and the way back leads
// to the escalations.
func TestErrorPages(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken, RateLimit: -1})
	tests := []struct {
		name, path, lang string
		bearer           bool
		want, notWant    []string
	}{
		{"customer, German", "/no-such-page", "de-DE,de;q=0.9",
			false, []string{`<html lang="de" dir="ltr">`, "Diese Seite gibt es nicht.", "Zurück zum Hilfe-Chat", "404 – Hilfe"}, []string{"not found", "Helpgraph"}},
		{"customer in the widget, Japanese", "/embed/nothing", "ja",
			false, []string{`<html lang="ja" dir="ltr">`, "このページは存在しません。", `<a href="/embed">ヘルプチャットに戻る</a>`}, []string{"not found"}},
		{"customer, English", "/no-such-page", "",
			false, []string{`<html lang="en" dir="ltr">`, "This page does not exist.", `<a href="/">Back to the help chat</a>`}, nil},
		{"support page, not signed in", "/admin/no-such-page", "",
			false, []string{"This page does not exist."}, []string{"/admin/queue", "Sign out"}},
		{"support page, signed in", "/admin/handoffs/9999", "de",
			true, []string{"handoff 9999: not found", `href="/admin/queue"`, "Back to escalations", "Sign out"}, []string{"Back to the help chat", "Diese Seite"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", tt.path, nil)
			if tt.lang != "" {
				req.Header.Set("Accept-Language", tt.lang)
			}
			if tt.bearer {
				req.Header.Set("Authorization", "Bearer "+testToken)
			}
			resp, body := env.do(t, req)
			if resp.StatusCode != 404 {
				t.Fatalf("status %d, want 404", resp.StatusCode)
			}
			for _, w := range tt.want {
				if !strings.Contains(body, w) {
					t.Errorf("page lacks %q:\n%s", w, body)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(body, w) {
					t.Errorf("page has %q:\n%s", w, body)
				}
			}
		})
	}
}

// The widget's chat without JavaScript posts its form in the widget's
// frame: when that fails (the store down), the way back is the widget's
// chat, not the full page's, which may not be framed.
func TestErrorPageInTheWidget(t *testing.T) {
	env := newTestEnv(t, Config{AdminToken: testToken, RateLimit: -1})
	store := &downStore{Store: env.srv.convs}
	env.srv.convs = store
	store.down.Store(true)
	req := httptest.NewRequest("POST", "/embed", strings.NewReader("message=hello"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept-Language", "de")
	resp, body := env.do(t, req)
	if resp.StatusCode != 503 || !strings.Contains(body, `<a href="/embed">Zurück zum Hilfe-Chat</a>`) || !strings.Contains(body, "Der Hilfe-Chat ist gerade nicht erreichbar.") {
		t.Errorf("POST /embed with the store down: %d\n%s", resp.StatusCode, body)
	}
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors *") {
		t.Errorf("the widget's error page may not be framed: %s", csp)
	}
}

package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// The browser's open conversation comes back on / and /embed without a
// link, only in the browser that owns it, until it starts over.
func TestOpenConversationComesBack(t *testing.T) {
	env := newTestEnv(t, Config{})
	_, r, _ := env.chat(t, "", "I want a human")
	conv := &http.Cookie{Name: conversationCookie, Value: r.SessionID}

	get := func(path string, cookies ...*http.Cookie) string {
		req := httptest.NewRequest("GET", path, nil)
		for _, c := range cookies {
			req.AddCookie(c)
		}
		_, body := env.do(t, req)
		return body
	}
	for _, path := range []string{"/", "/embed"} {
		page := get(path, conv)
		if !strings.Contains(page, "I want a human") || !strings.Contains(page, r.Handoff.Ref) || !strings.Contains(page, `value="`+r.SessionID+`"`) {
			t.Errorf("GET %s with the cookie does not show the open conversation and its handoff", path)
		}
	}
	// Another browser with the same conversation cookie sees nothing.
	other := httptest.NewRequest("GET", "/", nil)
	other.AddCookie(&http.Cookie{Name: browserCookie, Value: strings.Repeat("ab", 32)})
	other.AddCookie(conv)
	if resp, _ := env.srv.App().Test(other); resp != nil {
		b := new(strings.Builder)
		buf := make([]byte, 1<<16)
		for {
			n, err := resp.Body.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		if strings.Contains(b.String(), "I want a human") {
			t.Error("another browser sees the conversation through its cookie")
		}
	}

	req := httptest.NewRequest("POST", "/embed/restart", nil)
	req.AddCookie(conv)
	resp, _ := env.do(t, req)
	if resp.StatusCode != 303 || resp.Header.Get("Location") != "/embed" {
		t.Fatalf("start over: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	var cleared bool
	for _, c := range resp.Cookies() {
		cleared = cleared || (c.Name == conversationCookie && c.MaxAge < 0)
	}
	if !cleared {
		t.Errorf("start over did not clear the conversation cookie: %v", resp.Header.Values("Set-Cookie"))
	}
	if page := get("/"); strings.Contains(page, "I want a human") {
		t.Error("without the conversation cookie / shows the old conversation")
	}
}

func TestChatRemembersTheConversation(t *testing.T) {
	env := newTestEnv(t, Config{})
	req := httptest.NewRequest("POST", "/api/chat", strings.NewReader(`{"message":"booking please"}`))
	req.Header.Set("Content-Type", "application/json")
	resp, body := env.do(t, req)
	var set string
	for _, c := range resp.Cookies() {
		if c.Name == conversationCookie {
			set = c.Value
		}
	}
	if set == "" || !strings.Contains(body, set) {
		t.Errorf("the first turn set conversation cookie %q; body %s", set, body)
	}
}

package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestConversationPrivacy: a conversation is read and continued only by the
// browser that started it; its id (a /?s=ID link) is not enough.
func TestConversationPrivacy(t *testing.T) {
	env := newTestEnv(t, Config{})
	_, r, _ := env.chat(t, "", "booking") // browser A, with env's cookie
	if env.browser == nil {
		t.Fatal("no conversation cookie set")
	}
	id := r.SessionID
	other := &http.Cookie{Name: browserCookie, Value: strings.Repeat("ab", 32)}

	type attempt struct {
		name   string
		req    func() *http.Request
		status int
		leak   string // what must not show
	}
	chatReq := func() *http.Request {
		b, _ := json.Marshal(chatRequest{SessionID: id, Message: "booked online"})
		req := httptest.NewRequest("POST", "/api/chat", strings.NewReader(string(b)))
		req.Header.Set("Content-Type", "application/json")
		return req
	}
	attempts := []attempt{
		{"read by link", func() *http.Request { return httptest.NewRequest("GET", "/?s="+id, nil) }, 200, "How did you book"},
		{"read by link in the widget", func() *http.Request { return httptest.NewRequest("GET", "/embed?s="+id, nil) }, 200, "How did you book"},
		{"continue", chatReq, 404, "resolution"},
		{"poll", func() *http.Request {
			return httptest.NewRequest("GET", "/api/chat/updates?session_id="+id+"&after=0", nil)
		}, 404, "turns"},
		{"rate", func() *http.Request {
			req := httptest.NewRequest("POST", "/api/feedback", strings.NewReader(`{"session_id":"`+id+`","turn":1,"helpful":true}`))
			req.Header.Set("Content-Type", "application/json")
			return req
		}, 404, "ok"},
	}
	for _, who := range []struct {
		name   string
		cookie *http.Cookie
	}{{"no cookie", nil}, {"another browser", other}} {
		for _, a := range attempts {
			req := a.req()
			if who.cookie != nil {
				req.AddCookie(who.cookie)
			} else {
				req.AddCookie(&http.Cookie{Name: browserCookie, Value: "x"}) // keeps env's own cookie off
			}
			resp, body := env.do(t, req)
			if resp.StatusCode != a.status || strings.Contains(body, a.leak) {
				t.Errorf("%s, %s: %d, want %d without %q", who.name, a.name, resp.StatusCode, a.status, a.leak)
			}
		}
	}
	// The owner still can.
	if _, page := env.do(t, httptest.NewRequest("GET", "/?s="+id, nil)); !strings.Contains(page, "How did you book") {
		t.Error("the owner cannot read the conversation")
	}
	if status, r2, _ := env.chat(t, id, "booked online"); status != 200 || r2.Action != "resolution" {
		t.Errorf("the owner cannot continue: %d %+v", status, r2)
	}
}

func TestBrowserCookieAttributes(t *testing.T) {
	env := newTestEnv(t, Config{})
	for _, tc := range []struct {
		host string
		want []string
	}{
		{"127.0.0.1:8080", []string{"HttpOnly", "SameSite=None", "Secure", "Partitioned", "Path=/"}},
		{"localhost:8080", []string{"SameSite=None", "Secure", "Partitioned"}},
		{"help.example.com", []string{"HttpOnly", "SameSite=Lax", "Path=/"}},
	} {
		req := httptest.NewRequest("POST", "/api/chat", strings.NewReader(`{"message":"booking"}`))
		req.Host = tc.host
		req.Header.Set("Content-Type", "application/json")
		req.AddCookie(&http.Cookie{Name: browserCookie, Value: "invalid"})
		resp, _ := env.do(t, req)
		got := resp.Header.Get("Set-Cookie")
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("host %s: Set-Cookie %q lacks %s", tc.host, got, w)
			}
		}
		if strings.HasPrefix(tc.host, "help.") && strings.Contains(got, "Secure") {
			t.Errorf("host %s over http: Set-Cookie %q is Secure, which the browser would drop", tc.host, got)
		}
	}
}

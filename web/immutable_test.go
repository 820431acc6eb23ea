package web

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// TestFormMessagesOutliveTheRequest: a message sent with the no-JavaScript
// form is kept (the session, the store's cache, the agent's caches) after
// its request, whose buffer the server reuses for the next: what is kept
// must still read as sent.
func TestFormMessagesOutliveTheRequest(t *testing.T) {
	env := newTestEnv(t, Config{})
	var ids []string
	for i := range 20 {
		form := url.Values{"message": {fmt.Sprintf("booking please %c%s", 'a'+i, strings.Repeat("x", 40))}}
		req := httptest.NewRequest("POST", "/", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, _ := env.do(t, req)
		loc := resp.Header.Get("Location")
		u, err := url.Parse(loc)
		if err != nil || u.Query().Get("s") == "" {
			t.Fatalf("form post %d redirected to %q", i, loc)
		}
		ids = append(ids, u.Query().Get("s"))
	}
	for i, id := range ids {
		conv, err := env.convs.Get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("booking please %c%s", 'a'+i, strings.Repeat("x", 40))
		if len(conv.History) == 0 || conv.History[0].Text != want {
			t.Errorf("conversation %d: first message %q, want %q", i, conv.History[0].Text, want)
		}
	}
}

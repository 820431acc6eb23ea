package slack_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/notify"
	"github.com/helpgraph/helpgraph/notify/slack"
)

// fakeSlack answers as an incoming webhook does: "ok", or a 4xx with an
// error code in plain text.
func fakeSlack(t *testing.T, got *map[string]any) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if r.Method != "POST" || r.Header.Get("Content-Type") != "application/json" || json.Unmarshal(body, got) != nil {
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, "invalid_payload")
			return
		}
		if _, ok := (*got)["text"].(string); !ok {
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, "no_text")
			return
		}
		io.WriteString(w, "ok")
	}))
}

func TestSlack(t *testing.T) {
	var got map[string]any
	srv := fakeSlack(t, &got)
	defer srv.Close()
	s := &slack.Sink{WebhookURL: srv.URL}
	if s.Handles(notify.Replied) || !s.Handles(notify.Created) {
		t.Error("Slack wants only new handoffs")
	}
	e := notify.Event{Kind: notify.Created, Ref: "HG-ABCDEF", Intent: "refund", Contact: "jane@example.com",
		AdminURL: "https://help.example/admin/handoffs/3", Transcript: []notify.Turn{{Role: "user", Text: "<@channel> refund me"}}}
	if err := s.Deliver(context.Background(), e); err != nil {
		t.Fatal(err)
	}
	section := got["blocks"].([]any)[0].(map[string]any)["text"].(map[string]any)["text"].(string)
	for _, want := range []string{"HG-ABCDEF", "&lt;@channel&gt; refund me", "<https://help.example/admin/handoffs/3|", "jane@example.com"} {
		if !strings.Contains(got["text"].(string)+section, want) {
			t.Errorf("message lacks %q: %v", want, got)
		}
	}
}

func TestSlackGone(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusGone)
		io.WriteString(w, "channel_is_archived")
	}))
	defer srv.Close()
	err := (&slack.Sink{WebhookURL: srv.URL}).Deliver(context.Background(), notify.Event{Kind: notify.Created, Ref: "HG-1"})
	if !notify.IsPermanent(err) || !strings.Contains(err.Error(), "channel_is_archived") {
		t.Errorf("err %v, want a permanent error naming Slack's code", err)
	}
}

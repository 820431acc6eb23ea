package webhook_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/helpgraph/helpgraph/notify"
	"github.com/helpgraph/helpgraph/notify/webhook"
)

func TestDeliverSigned(t *testing.T) {
	var got struct {
		sig, kind, id string
		body          []byte
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.body, _ = io.ReadAll(r.Body)
		got.sig, got.kind, got.id = r.Header.Get(webhook.SignatureHeader), r.Header.Get(webhook.EventHeader), r.Header.Get(webhook.DeliveryHeader)
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()
	s := &webhook.Sink{URL: srv.URL, Secret: "s3cret"}
	e := notify.Event{ID: "evt_1", Kind: notify.Created, Ref: "HG-ABCDEF", Contact: "jane@example.com",
		Transcript: []notify.Turn{{Role: "user", Text: "I want a person"}}}
	if err := s.Deliver(context.Background(), e); err != nil {
		t.Fatal(err)
	}
	if !webhook.Verify("s3cret", got.body, got.sig) {
		t.Errorf("signature %q does not verify", got.sig)
	}
	if webhook.Verify("other", got.body, got.sig) {
		t.Error("signature verifies under another secret")
	}
	if got.kind != "handoff.created" || got.id != "evt_1" {
		t.Errorf("event header %q, delivery %q", got.kind, got.id)
	}
	var payload map[string]any
	if err := json.Unmarshal(got.body, &payload); err != nil {
		t.Fatal(err)
	}
	if payload["reference"] != "HG-ABCDEF" || payload["event"] != "handoff.created" || payload["contact"] != "jane@example.com" {
		t.Errorf("payload %s", got.body)
	}
	if tr, _ := payload["transcript"].([]any); len(tr) != 1 {
		t.Errorf("transcript in payload: %s", got.body)
	}
}

func TestDeliverErrors(t *testing.T) {
	tests := []struct {
		status    int
		permanent bool
	}{
		{http.StatusInternalServerError, false},
		{http.StatusTooManyRequests, false},
		{http.StatusRequestTimeout, false},
		{http.StatusUnauthorized, true},
		{http.StatusNotFound, true},
	}
	for _, tt := range tests {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "no", tt.status)
		}))
		err := (&webhook.Sink{URL: srv.URL}).Deliver(context.Background(), notify.Event{Kind: notify.Closed})
		srv.Close()
		if err == nil || notify.IsPermanent(err) != tt.permanent {
			t.Errorf("status %d: err %v, permanent %v, want permanent %v", tt.status, err, notify.IsPermanent(err), tt.permanent)
		}
	}
}

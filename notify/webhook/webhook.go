// Package webhook posts handoff events as JSON to a URL of the team's
// choosing, signed so the receiver can tell them from forgeries:
//
//	X-Helpgraph-Signature: sha256=<hex HMAC-SHA256 of the body under the secret>
//	X-Helpgraph-Event:     handoff.created | handoff.customer_message | handoff.replied | handoff.closed
//	X-Helpgraph-Delivery:  the event id (the same on every retry)
package webhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/helpgraph/helpgraph/notify"
)

// Header names.
const (
	SignatureHeader = "X-Helpgraph-Signature"
	EventHeader     = "X-Helpgraph-Event"
	DeliveryHeader  = "X-Helpgraph-Delivery"
)

// Sink posts every event to URL.
type Sink struct {
	URL    string
	Secret string
	Client *http.Client // nil: http.DefaultClient
}

func (s *Sink) Name() string             { return "webhook" }
func (s *Sink) Handles(notify.Kind) bool { return true }

// Deliver posts e. A 2xx answer is success; 4xx other than 408 and 429
// will not get better by retrying.
func (s *Sink) Deliver(ctx context.Context, e notify.Event) error {
	body, err := json.Marshal(e)
	if err != nil {
		return notify.Permanent(fmt.Errorf("encoding %s: %w", e.Kind, err))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL, bytes.NewReader(body))
	if err != nil {
		return notify.Permanent(fmt.Errorf("webhook request: %w", err))
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Helpgraph-Webhook/1")
	req.Header.Set(EventHeader, string(e.Kind))
	req.Header.Set(DeliveryHeader, e.ID)
	req.Header.Set(SignatureHeader, Sign(s.Secret, body))
	_, err = notify.Send(s.Client, req)
	return err
}

// Sign returns the signature header's value for body under secret.
func Sign(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// Verify reports whether signature is body's under secret, in constant time.
func Verify(secret string, body []byte, signature string) bool {
	return hmac.Equal([]byte(signature), []byte(Sign(secret, body)))
}

// Package slack posts new handoffs to a Slack channel through an incoming
// webhook (https://api.slack.com/messaging/webhooks): a short message with
// the reference, what it is about, the customer's last words and a link.
package slack

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/helpgraph/helpgraph/notify"
)

// Sink posts to one incoming webhook.
type Sink struct {
	WebhookURL string
	Client     *http.Client
}

func (s *Sink) Name() string { return "Slack" }

// Handles new handoffs only: a channel is where the team notices work,
// the conversation itself happens elsewhere.
func (s *Sink) Handles(k notify.Kind) bool { return k == notify.Created }

// message is the incoming webhook's payload: text is the fallback and the
// notification; blocks lay it out.
type message struct {
	Text   string  `json:"text"`
	Blocks []block `json:"blocks,omitempty"`
}

type block struct {
	Type string `json:"type"`
	Text *text  `json:"text,omitempty"`
}

type text struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

func (s *Sink) Deliver(ctx context.Context, e notify.Event) error {
	summary := fmt.Sprintf("New handoff %s", e.Ref)
	if e.Intent != "" {
		summary += ": " + e.Intent
	}
	var b strings.Builder
	fmt.Fprintf(&b, "*%s*", escape(summary))
	if said := lastCustomer(e.Transcript); said != "" {
		fmt.Fprintf(&b, "\n>%s", escape(strings.ReplaceAll(said, "\n", " ")))
	}
	if e.Contact != "" {
		fmt.Fprintf(&b, "\nContact: %s", escape(e.Contact))
	}
	if e.AdminURL != "" {
		fmt.Fprintf(&b, "\n<%s|Open it in Helpgraph>", e.AdminURL)
	}
	msg := message{Text: summary, Blocks: []block{{Type: "section", Text: &text{Type: "mrkdwn", Text: b.String()}}}}
	req, err := notify.JSONRequest(ctx, http.MethodPost, s.WebhookURL, msg)
	if err != nil {
		return err
	}
	_, err = notify.Send(s.Client, req)
	return err
}

// escape keeps a customer's text from being read as Slack markup
// (https://api.slack.com/reference/surfaces/formatting#escaping).
func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

func lastCustomer(turns []notify.Turn) string {
	for i := len(turns) - 1; i >= 0; i-- {
		if turns[i].Role == "user" {
			return turns[i].Text
		}
	}
	return ""
}

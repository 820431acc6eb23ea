package main

import (
	"bytes"
	"context"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/config"
)

func TestOpenDesk(t *testing.T) {
	tests := []struct {
		name    string
		d       config.Desk
		sinks   []string // nil: an error
		emailOn bool
	}{
		{"nothing", config.Desk{}, []string{}, false},
		{"e-mail", config.Desk{SMTPURL: "smtp://mail.example:587", SupportEmail: "team@example.com"}, []string{"e-mail to the team", "e-mail to the customer"}, true},
		{"e-mail to customers only", config.Desk{SMTPURL: "smtp://mail.example", MailFrom: "bot@example.com"}, []string{"e-mail to the customer"}, true},
		{"team address without SMTP", config.Desk{SupportEmail: "team@example.com"}, nil, false},
		{"bad SMTP URL", config.Desk{SMTPURL: "http://mail.example", SupportEmail: "team@example.com"}, nil, false},
		{"webhook without a secret", config.Desk{WebhookURL: "https://hooks.example"}, nil, false},
		{"bad office hours", config.Desk{OfficeHours: "weekdays"}, nil, false},
		{"all help desks", config.Desk{WebhookURL: "https://hooks.example", WebhookSecret: "s",
			ZendeskURL: "https://x.zendesk.com", ZendeskEmail: "a@x.com", ZendeskToken: "t",
			FreshdeskURL: "https://x.freshdesk.com", FreshdeskAPIKey: "k",
			ChatwootURL: "https://app.chatwoot.com", ChatwootAccountID: "1", ChatwootInboxID: "2", ChatwootToken: "t", ChatwootWebhookSecret: "w",
			SlackWebhookURL: "https://hooks.slack.com/services/X"}, []string{"webhook", "Zendesk", "Freshdesk", "Chatwoot", "Slack"}, false},
		{"Zendesk without a token", config.Desk{ZendeskURL: "https://x.zendesk.com", ZendeskEmail: "a@x.com"}, nil, false},
		{"Chatwoot without an inbox", config.Desk{ChatwootURL: "https://app.chatwoot.com", ChatwootAccountID: "1", ChatwootToken: "t"}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := &Main{Logger: slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))}
			dk, err := m.openDesk(tt.d)
			if tt.sinks == nil {
				if err == nil {
					t.Fatal("accepted")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := []string{}
			if dk.dispatcher != nil {
				got = dk.dispatcher.Sinks()
				dk.close(m)
			}
			if !slices.Equal(got, tt.sinks) || dk.emailOn != tt.emailOn {
				t.Errorf("sinks %q, e-mail %v; want %q, %v", got, dk.emailOn, tt.sinks, tt.emailOn)
			}
		})
	}
}

func TestServeRefusesBadBranding(t *testing.T) {
	for _, args := range [][]string{{"--color", "green"}, {"--logo", "/no/such/logo.png"}} {
		m := &Main{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}
		err := m.Run(context.Background(), append([]string{"serve", "--addr", "127.0.0.1:0"}, args...))
		if err == nil || !strings.Contains(err.Error(), "serve:") {
			t.Errorf("serve %v: %v, want a refusal", args, err)
		}
	}
}

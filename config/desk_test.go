package config

import (
	"testing"
	"time"
)

func TestDesk(t *testing.T) {
	tests := []struct {
		name  string
		env   map[string]string
		check func(Desk) bool
	}{
		{"off by default", nil, func(d Desk) bool {
			return !d.EmailConfigured() && d.WebhookURL == "" && d.ReplyEmailDelay == DefaultReplyEmailDelay && d.PublicURL == DefaultPublicURL
		}},
		{"SMTP URL turns e-mail on", map[string]string{"HELPGRAPH_SMTP_URL": "smtp://u:p@mail:587"}, func(d Desk) bool { return d.EmailConfigured() }},
		{"0s sends at once", map[string]string{"HELPGRAPH_REPLY_EMAIL_DELAY": "0s"}, func(d Desk) bool { return d.ReplyEmailDelay == 0 }},
		{"delay parsed", map[string]string{"HELPGRAPH_REPLY_EMAIL_DELAY": "30s"}, func(d Desk) bool { return d.ReplyEmailDelay == 30*time.Second }},
		{"bad delay keeps the default", map[string]string{"HELPGRAPH_REPLY_EMAIL_DELAY": "soon"}, func(d Desk) bool { return d.ReplyEmailDelay == DefaultReplyEmailDelay }},
		{"negative delay keeps the default", map[string]string{"HELPGRAPH_REPLY_EMAIL_DELAY": "-1m"}, func(d Desk) bool { return d.ReplyEmailDelay == DefaultReplyEmailDelay }},
		{"sender defaults to the team address", map[string]string{"HELPGRAPH_SUPPORT_EMAIL": "team@example.com"}, func(d Desk) bool { return d.MailFrom == "team@example.com" }},
		{"sender set", map[string]string{"HELPGRAPH_SUPPORT_EMAIL": "team@example.com", "HELPGRAPH_MAIL_FROM": "bot@example.com"}, func(d Desk) bool { return d.MailFrom == "bot@example.com" }},
		{"webhook", map[string]string{"HELPGRAPH_WEBHOOK_URL": "https://hooks.example/x", "HELPGRAPH_WEBHOOK_SECRET": "s3"}, func(d Desk) bool {
			return d.WebhookURL == "https://hooks.example/x" && d.WebhookSecret == "s3"
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := FromLookup(lookup(tt.env)).Desk; !tt.check(d) {
				t.Errorf("env %v: got %+v", tt.env, d)
			}
		})
	}
}

package config

import "time"

// Desk is how Helpgraph reaches the support team and its help desk, and
// the customers who left an e-mail address. Every part is off until its
// variables are set.
type Desk struct {
	// PublicURL is where the server is reached from outside
	// (HELPGRAPH_PUBLIC_URL), for the /admin links in e-mails and webhooks.
	PublicURL string

	// SMTPURL is the mail server (HELPGRAPH_SMTP_URL):
	// smtp://user:pass@host:port (STARTTLS when the server offers it) or
	// smtps://user:pass@host:port (TLS from the start). Empty: no e-mail is
	// sent, and the chat neither asks for nor promises one.
	SMTPURL string
	// MailFrom is the sender of Helpgraph's e-mails (HELPGRAPH_MAIL_FROM);
	// SupportEmail when unset.
	MailFrom string
	// SupportEmail is the team address told of each new handoff
	// (HELPGRAPH_SUPPORT_EMAIL).
	SupportEmail string
	// ReplyEmailDelay is how long a support reply waits to be seen in the
	// chat before it is e-mailed to the customer (HELPGRAPH_REPLY_EMAIL_DELAY;
	// 0 sends at once).
	ReplyEmailDelay time.Duration

	// WebhookURL receives the handoff events as signed JSON
	// (HELPGRAPH_WEBHOOK_URL, HELPGRAPH_WEBHOOK_SECRET).
	WebhookURL, WebhookSecret string

	// OfficeHours is when the team answers (HELPGRAPH_OFFICE_HOURS,
	// "Mon-Fri 09:00-17:00 Europe/Berlin"); empty: always.
	OfficeHours string

	// Zendesk: https://SUBDOMAIN.zendesk.com, an agent's e-mail and API token.
	ZendeskURL, ZendeskEmail, ZendeskToken string
	// Freshdesk: https://DOMAIN.freshdesk.com and an API key.
	FreshdeskURL, FreshdeskAPIKey string
	// Chatwoot: the installation, account, API inbox, the bot's or an
	// agent's access token, and the secret that the webhook URL given to
	// Chatwoot carries (HELPGRAPH_CHATWOOT_WEBHOOK_SECRET).
	ChatwootURL, ChatwootAccountID, ChatwootInboxID, ChatwootToken, ChatwootWebhookSecret string
	// SlackWebhookURL is a Slack incoming webhook told of new handoffs.
	SlackWebhookURL string
}

// DefaultReplyEmailDelay is HELPGRAPH_REPLY_EMAIL_DELAY's default.
const DefaultReplyEmailDelay = 2 * time.Minute

// DefaultPublicURL is HELPGRAPH_PUBLIC_URL's default, serve's default address.
const DefaultPublicURL = "http://localhost:8080"

func readDesk(get func(key, def string) string) Desk {
	delay := DefaultReplyEmailDelay
	// "0s" is a valid choice (send at once); a value that does not parse,
	// or a negative one, keeps the default as other values do.
	if d, err := time.ParseDuration(get("HELPGRAPH_REPLY_EMAIL_DELAY", "")); err == nil && d >= 0 {
		delay = d
	}
	support := get("HELPGRAPH_SUPPORT_EMAIL", "")
	return Desk{
		PublicURL:             get("HELPGRAPH_PUBLIC_URL", DefaultPublicURL),
		SMTPURL:               get("HELPGRAPH_SMTP_URL", ""),
		MailFrom:              get("HELPGRAPH_MAIL_FROM", support),
		SupportEmail:          support,
		ReplyEmailDelay:       delay,
		WebhookURL:            get("HELPGRAPH_WEBHOOK_URL", ""),
		WebhookSecret:         get("HELPGRAPH_WEBHOOK_SECRET", ""),
		OfficeHours:           get("HELPGRAPH_OFFICE_HOURS", ""),
		ZendeskURL:            get("HELPGRAPH_ZENDESK_URL", ""),
		ZendeskEmail:          get("HELPGRAPH_ZENDESK_EMAIL", ""),
		ZendeskToken:          get("HELPGRAPH_ZENDESK_TOKEN", ""),
		FreshdeskURL:          get("HELPGRAPH_FRESHDESK_URL", ""),
		FreshdeskAPIKey:       get("HELPGRAPH_FRESHDESK_API_KEY", ""),
		ChatwootURL:           get("HELPGRAPH_CHATWOOT_URL", ""),
		ChatwootAccountID:     get("HELPGRAPH_CHATWOOT_ACCOUNT_ID", ""),
		ChatwootInboxID:       get("HELPGRAPH_CHATWOOT_INBOX_ID", ""),
		ChatwootToken:         get("HELPGRAPH_CHATWOOT_TOKEN", ""),
		ChatwootWebhookSecret: get("HELPGRAPH_CHATWOOT_WEBHOOK_SECRET", ""),
		SlackWebhookURL:       get("HELPGRAPH_SLACK_WEBHOOK_URL", ""),
	}
}

// EmailConfigured reports whether e-mail can be sent.
func (d Desk) EmailConfigured() bool { return d.SMTPURL != "" }

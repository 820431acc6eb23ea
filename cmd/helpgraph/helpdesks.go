package main

import (
	"errors"
	"net/http"
	"time"

	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/notify"
	"github.com/helpgraph/helpgraph/notify/chatwoot"
	"github.com/helpgraph/helpgraph/notify/freshdesk"
	"github.com/helpgraph/helpgraph/notify/slack"
	"github.com/helpgraph/helpgraph/notify/zendesk"
	"github.com/helpgraph/helpgraph/web"
)

// notifyHTTPClient is the client of the sinks that speak HTTP; each
// attempt is bounded by the dispatcher too.
var notifyHTTPClient = &http.Client{Timeout: 20 * time.Second}

// helpDeskSinks are the built-in help desk adapters the environment turns
// on, and the webhooks that bring their agents' replies back.
func helpDeskSinks(d config.Desk) ([]notify.Sink, []web.Hook, error) {
	var sinks []notify.Sink
	var hooks []web.Hook
	if d.ZendeskURL != "" {
		if d.ZendeskEmail == "" || d.ZendeskToken == "" {
			return nil, nil, errors.New("HELPGRAPH_ZENDESK_URL needs HELPGRAPH_ZENDESK_EMAIL and HELPGRAPH_ZENDESK_TOKEN")
		}
		sinks = append(sinks, &zendesk.Sink{BaseURL: d.ZendeskURL, Email: d.ZendeskEmail, Token: d.ZendeskToken, Client: notifyHTTPClient})
	}
	if d.FreshdeskURL != "" {
		if d.FreshdeskAPIKey == "" {
			return nil, nil, errors.New("HELPGRAPH_FRESHDESK_URL needs HELPGRAPH_FRESHDESK_API_KEY")
		}
		sinks = append(sinks, &freshdesk.Sink{BaseURL: d.FreshdeskURL, APIKey: d.FreshdeskAPIKey, Client: notifyHTTPClient})
	}
	if d.ChatwootURL != "" {
		if d.ChatwootAccountID == "" || d.ChatwootInboxID == "" || d.ChatwootToken == "" {
			return nil, nil, errors.New("HELPGRAPH_CHATWOOT_URL needs HELPGRAPH_CHATWOOT_ACCOUNT_ID, HELPGRAPH_CHATWOOT_INBOX_ID and HELPGRAPH_CHATWOOT_TOKEN")
		}
		cw := &chatwoot.Sink{BaseURL: d.ChatwootURL, AccountID: d.ChatwootAccountID, InboxID: d.ChatwootInboxID, Token: d.ChatwootToken, Client: notifyHTTPClient}
		sinks = append(sinks, cw)
		if d.ChatwootWebhookSecret != "" {
			hooks = append(hooks, web.Hook{Name: "chatwoot", Secret: d.ChatwootWebhookSecret, Parse: cw.Parse})
		}
	}
	if d.SlackWebhookURL != "" {
		sinks = append(sinks, &slack.Sink{WebhookURL: d.SlackWebhookURL, Client: notifyHTTPClient})
	}
	return sinks, hooks, nil
}

package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/notify"
	"github.com/helpgraph/helpgraph/notify/email"
	"github.com/helpgraph/helpgraph/notify/webhook"
	"github.com/helpgraph/helpgraph/officehours"
	"github.com/helpgraph/helpgraph/web"
)

// desk is the support desk serve connects the chat to.
type desk struct {
	dispatcher *notify.Dispatcher // nil when no sink is configured
	emailOn    bool
	hours      *officehours.Schedule
	hooks      []web.Hook
}

// openDesk builds the sinks the environment configures. A half-configured
// sink is an error, so a team never believes it is told when it is not.
func (m *Main) openDesk(d config.Desk) (*desk, error) {
	out := &desk{}
	if d.OfficeHours != "" {
		h, err := officehours.Parse(d.OfficeHours)
		if err != nil {
			return nil, fmt.Errorf("HELPGRAPH_OFFICE_HOURS: %w", err)
		}
		out.hours = h
	}
	var sinks []notify.Sink
	if d.SMTPURL != "" {
		sender, err := email.NewSender(d.SMTPURL, cmp.Or(d.MailFrom, d.SupportEmail), nil)
		if err != nil {
			return nil, fmt.Errorf("HELPGRAPH_SMTP_URL: %w", err)
		}
		out.emailOn = true
		if d.SupportEmail != "" {
			sinks = append(sinks, &email.Team{Sender: sender, To: d.SupportEmail})
		} else {
			m.Logger.Warn("HELPGRAPH_SUPPORT_EMAIL is not set: the team gets no e-mail of new handoffs")
		}
		sinks = append(sinks, &email.Customer{Sender: sender, After: d.ReplyEmailDelay, ChatURL: strings.TrimRight(d.PublicURL, "/") + "/"})
	} else if d.SupportEmail != "" {
		return nil, errors.New("HELPGRAPH_SUPPORT_EMAIL is set but HELPGRAPH_SMTP_URL is not: no e-mail can be sent")
	}
	if d.WebhookURL != "" {
		if d.WebhookSecret == "" {
			return nil, errors.New("HELPGRAPH_WEBHOOK_URL is set without HELPGRAPH_WEBHOOK_SECRET: the receiver could not tell our events from forgeries")
		}
		sinks = append(sinks, &webhook.Sink{URL: d.WebhookURL, Secret: d.WebhookSecret, Client: notifyHTTPClient})
	}
	helpdesks, hooks, err := helpDeskSinks(d)
	if err != nil {
		return nil, err
	}
	sinks = append(sinks, helpdesks...)
	out.hooks = hooks
	if d.ChatwootURL != "" && len(hooks) == 0 {
		m.Logger.Warn("HELPGRAPH_CHATWOOT_WEBHOOK_SECRET is not set: Chatwoot agents' replies cannot come back to the chat")
	}
	if len(sinks) > 0 {
		out.dispatcher = notify.NewDispatcher(sinks, notify.Options{Logger: m.Logger})
		m.Logger.Info("handoffs are told outside the chat", "to", strings.Join(out.dispatcher.Sinks(), ", "))
	}
	return out, nil
}

// apply sets the desk in the server's configuration and dependencies.
func (d *desk) apply(cfg *web.Config, deps *web.Deps, publicURL string) {
	cfg.EmailReplies = d.emailOn
	cfg.PublicURL = publicURL
	cfg.OfficeHours = d.hours
	deps.Hooks = d.hooks
	if d.dispatcher != nil {
		deps.Desk = d.dispatcher
	}
}

// close sends what is pending (a reply e-mail waiting for its delay goes
// now) for up to 30 seconds.
func (d *desk) close(m *Main) {
	if d.dispatcher == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := d.dispatcher.Close(ctx); err != nil {
		m.Logger.Warn("stopping notifications", "err", err)
	}
}

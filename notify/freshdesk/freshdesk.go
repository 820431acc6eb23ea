// Package freshdesk files each handoff as a Freshdesk ticket (API v2,
// https://developers.freshdesk.com/api/#tickets): the customer's address
// as requester, the transcript as the description, tagged "helpgraph" and
// with the handoff's reference, by which it is found again after a
// restart. The customer's later messages become private notes, and closing
// the handoff closes the ticket. Agents' replies come back through a
// Freshdesk automation calling POST /api/handoffs/{reference}/replies.
package freshdesk

import (
	"context"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"

	"github.com/helpgraph/helpgraph/notify"
)

// Freshdesk's ticket fields.
const (
	statusOpen     = 2
	statusClosed   = 5
	priorityMedium = 2
	sourceChat     = 7
)

// Sink talks to one Freshdesk account with an API key.
type Sink struct {
	BaseURL string // https://DOMAIN.freshdesk.com
	APIKey  string
	Client  *http.Client

	tickets notify.Tickets
}

func (s *Sink) Name() string { return "Freshdesk" }

func (s *Sink) Handles(k notify.Kind) bool {
	return k == notify.Created || k == notify.CustomerMessage || k == notify.Closed
}

type newTicket struct {
	Subject     string `json:"subject"`
	Description string `json:"description"` // HTML
	Email       string `json:"email,omitempty"`
	Name        string `json:"name,omitempty"`
	// UniqueExternalID stands for the requester when there is no address.
	UniqueExternalID string   `json:"unique_external_id,omitempty"`
	Status           int      `json:"status"`
	Priority         int      `json:"priority"`
	Source           int      `json:"source"`
	Tags             []string `json:"tags"`
}

func (s *Sink) Deliver(ctx context.Context, e notify.Event) error {
	switch e.Kind {
	case notify.Created:
		return s.create(ctx, e)
	case notify.CustomerMessage:
		if e.Message == nil {
			return notify.Permanent(errors.New("a customer message event without its message"))
		}
		id, err := s.ticketID(ctx, e.Ref)
		if err != nil {
			return err
		}
		note := map[string]any{"body": "<p>The customer wrote in the chat:</p>" + htmlText(e.Message.Text), "private": true}
		return s.do(ctx, http.MethodPost, fmt.Sprintf("/api/v2/tickets/%d/notes", id), note, nil)
	case notify.Closed:
		id, err := s.ticketID(ctx, e.Ref)
		if err != nil {
			return err
		}
		return s.do(ctx, http.MethodPut, fmt.Sprintf("/api/v2/tickets/%d", id), map[string]int{"status": statusClosed}, nil)
	}
	return nil
}

func (s *Sink) create(ctx context.Context, e notify.Event) error {
	// A retry after a lost answer must not file the ticket twice.
	if _, err := s.ticketID(ctx, e.Ref); err == nil {
		return nil
	}
	subject := "Chat handoff " + e.Ref
	if e.Intent != "" {
		subject += ": " + e.Intent
	}
	desc := htmlText(notify.Transcript(e.Transcript))
	if e.AdminURL != "" {
		desc += fmt.Sprintf(`<p>In Helpgraph: <a href="%s">%s</a></p>`, html.EscapeString(e.AdminURL), html.EscapeString(e.AdminURL))
	}
	t := newTicket{Subject: subject, Description: desc, Email: e.Contact, Status: statusOpen, Priority: priorityMedium,
		Source: sourceChat, Tags: []string{"helpgraph", e.Ref}}
	if e.Contact == "" {
		t.Name, t.UniqueExternalID = "Chat customer "+e.Ref, "helpgraph-"+e.Ref
	}
	var out struct {
		ID int64 `json:"id"`
	}
	if err := s.do(ctx, http.MethodPost, "/api/v2/tickets", t, &out); err != nil {
		return err
	}
	s.tickets.Remember(e.Ref, out.ID)
	return nil
}

// errNoTicket: the ticket was not filed yet (its creation is retrying).
var errNoTicket = errors.New("no Freshdesk ticket for this handoff yet")

// ticketID finds the ticket of handoff ref: remembered, or searched for
// by its tag (after a restart).
func (s *Sink) ticketID(ctx context.Context, ref string) (int64, error) {
	id := s.tickets.Get(ref)
	if id != 0 {
		return id, nil
	}
	var out struct {
		Results []struct {
			ID int64 `json:"id"`
		} `json:"results"`
	}
	query := url.QueryEscape(fmt.Sprintf(`"tag:'%s'"`, ref))
	if err := s.do(ctx, http.MethodGet, "/api/v2/search/tickets?query="+query, nil, &out); err != nil {
		return 0, err
	}
	if len(out.Results) == 0 {
		return 0, fmt.Errorf("%s: %w", ref, errNoTicket)
	}
	s.tickets.Remember(ref, out.Results[0].ID)
	return out.Results[0].ID, nil
}

func (s *Sink) do(ctx context.Context, method, path string, body, out any) error {
	req, err := notify.JSONRequest(ctx, method, strings.TrimRight(s.BaseURL, "/")+path, body)
	if err != nil {
		return err
	}
	// The API key is the user name; the password is ignored.
	req.SetBasicAuth(s.APIKey, "X")
	return notify.SendJSON(s.Client, req, out)
}

// htmlText is plain text as HTML paragraphs.
func htmlText(s string) string {
	var b strings.Builder
	for p := range strings.SplitSeq(s, "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			b.WriteString("<p>" + strings.ReplaceAll(html.EscapeString(p), "\n", "<br>") + "</p>")
		}
	}
	return b.String()
}

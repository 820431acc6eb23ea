// Package zendesk files each handoff as a Zendesk Support ticket (Tickets
// API, https://developer.zendesk.com/api-reference/ticketing/tickets/tickets/):
// the customer as requester, the transcript as the first comment, the
// handoff's reference as the ticket's external_id. The customer's later
// messages become internal notes, and closing the handoff solves the
// ticket. Agents' replies come back through a Zendesk trigger or webhook
// calling POST /api/handoffs/{reference}/replies.
package zendesk

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/helpgraph/helpgraph/notify"
)

// Sink talks to one Zendesk account as one agent, with an API token.
type Sink struct {
	BaseURL string // https://SUBDOMAIN.zendesk.com
	Email   string // the agent the API token belongs to
	Token   string
	Client  *http.Client

	tickets notify.Tickets
}

func (s *Sink) Name() string { return "Zendesk" }

func (s *Sink) Handles(k notify.Kind) bool {
	return k == notify.Created || k == notify.CustomerMessage || k == notify.Closed
}

type ticket struct {
	ID         int64      `json:"id,omitempty"`
	Subject    string     `json:"subject,omitempty"`
	Comment    *comment   `json:"comment,omitempty"`
	Requester  *requester `json:"requester,omitempty"`
	ExternalID string     `json:"external_id,omitempty"`
	Tags       []string   `json:"tags,omitempty"`
	Status     string     `json:"status,omitempty"`
}

type comment struct {
	Body   string `json:"body"`
	Public bool   `json:"public"`
}

type requester struct {
	Name  string `json:"name"`
	Email string `json:"email,omitempty"`
}

type envelope struct {
	Ticket ticket `json:"ticket"`
}

func (s *Sink) Deliver(ctx context.Context, e notify.Event) error {
	switch e.Kind {
	case notify.Created:
		return s.create(ctx, e)
	case notify.CustomerMessage:
		if e.Message == nil {
			return notify.Permanent(errors.New("a customer message event without its message"))
		}
		return s.update(ctx, e.Ref, ticket{Comment: &comment{Body: "The customer wrote in the chat:\n\n" + e.Message.Text}})
	case notify.Closed:
		return s.update(ctx, e.Ref, ticket{Status: "solved", Comment: &comment{Body: "Closed in Helpgraph."}})
	}
	return nil
}

func (s *Sink) create(ctx context.Context, e notify.Event) error {
	// A retry after a lost answer must not file the ticket twice.
	if id, err := s.ticketID(ctx, e.Ref); err == nil && id != 0 {
		return nil
	}
	subject := "Chat handoff " + e.Ref
	if e.Intent != "" {
		subject += ": " + e.Intent
	}
	body := notify.Transcript(e.Transcript)
	if e.AdminURL != "" {
		body += "\n\nIn Helpgraph: " + e.AdminURL
	}
	t := ticket{Subject: subject, Comment: &comment{Body: body, Public: false}, ExternalID: e.Ref, Tags: []string{"helpgraph"},
		Requester: &requester{Name: "Chat customer " + e.Ref, Email: e.Contact}}
	if e.Contact != "" {
		t.Requester.Name = e.Contact
	}
	var out envelope
	if err := s.do(ctx, http.MethodPost, "/api/v2/tickets.json", envelope{Ticket: t}, &out); err != nil {
		return err
	}
	s.tickets.Remember(e.Ref, out.Ticket.ID)
	return nil
}

func (s *Sink) update(ctx context.Context, ref string, t ticket) error {
	id, err := s.ticketID(ctx, ref)
	if err != nil {
		return err
	}
	if id == 0 {
		return fmt.Errorf("no Zendesk ticket has external_id %s yet", ref)
	}
	return s.do(ctx, http.MethodPut, fmt.Sprintf("/api/v2/tickets/%d.json", id), envelope{Ticket: t}, nil)
}

// ticketID finds the ticket of handoff ref: remembered, or looked up by
// external_id (after a restart); 0 when there is none.
func (s *Sink) ticketID(ctx context.Context, ref string) (int64, error) {
	id := s.tickets.Get(ref)
	if id != 0 {
		return id, nil
	}
	var out struct {
		Tickets []ticket `json:"tickets"`
	}
	if err := s.do(ctx, http.MethodGet, "/api/v2/tickets.json?external_id="+url.QueryEscape(ref), nil, &out); err != nil {
		return 0, err
	}
	if len(out.Tickets) == 0 {
		return 0, nil
	}
	s.tickets.Remember(ref, out.Tickets[0].ID)
	return out.Tickets[0].ID, nil
}

func (s *Sink) do(ctx context.Context, method, path string, body, out any) error {
	req, err := notify.JSONRequest(ctx, method, strings.TrimRight(s.BaseURL, "/")+path, body)
	if err != nil {
		return err
	}
	// API token authentication: "{email}/token" and the token.
	req.SetBasicAuth(s.Email+"/token", s.Token)
	return notify.SendJSON(s.Client, req, out)
}

// Package chatwoot hands conversations to people in Chatwoot, as an Agent
// Bot does (https://www.chatwoot.com/hc/user-guide/articles/1677497472-how-to-use-agent-bots):
// each handoff becomes a conversation in an API channel inbox, opened for
// the agents with the transcript as its first message and the reference
// as the custom attribute helpgraph_reference. The customer's later
// messages are added as incoming messages, and closing the handoff
// resolves the conversation. The agents' replies come back through
// Chatwoot's webhook (Parse): message_created events of outgoing, public
// messages reach the customer's chat; a resolved conversation closes the
// handoff.
package chatwoot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/helpgraph/helpgraph/notify"
)

// RefAttribute is the conversation custom attribute holding the handoff's reference.
const RefAttribute = "helpgraph_reference"

// Sink talks to one Chatwoot account.
type Sink struct {
	BaseURL   string // https://app.chatwoot.com or a self-hosted installation
	AccountID string
	InboxID   string // an API channel inbox
	Token     string // an agent bot's or an agent's access token
	Client    *http.Client

	mu    sync.Mutex
	convs map[string]int64 // conversation id by handoff reference
	refs  map[int64]string // and back, for the webhook
}

func (s *Sink) Name() string { return "Chatwoot" }

func (s *Sink) Handles(k notify.Kind) bool {
	return k == notify.Created || k == notify.CustomerMessage || k == notify.Closed
}

func (s *Sink) Deliver(ctx context.Context, e notify.Event) error {
	if e.Kind == notify.Created {
		return s.create(ctx, e)
	}
	id, err := s.conversation(ctx, e.Ref)
	if err != nil {
		return err
	}
	switch e.Kind {
	case notify.CustomerMessage:
		if e.Message == nil {
			return notify.Permanent(errors.New("a customer message event without its message"))
		}
		msg := map[string]any{"content": e.Message.Text, "message_type": "incoming", "private": false}
		return s.do(ctx, http.MethodPost, fmt.Sprintf("/conversations/%d/messages", id), msg, nil)
	case notify.Closed:
		return s.do(ctx, http.MethodPost, fmt.Sprintf("/conversations/%d/toggle_status", id), map[string]string{"status": "resolved"}, nil)
	}
	return nil
}

func (s *Sink) create(ctx context.Context, e notify.Event) error {
	// A retry after a lost answer must not open the conversation twice.
	if _, err := s.conversation(ctx, e.Ref); err == nil {
		return nil
	}
	inbox, err := strconv.ParseInt(s.InboxID, 10, 64)
	if err != nil {
		return notify.Permanent(fmt.Errorf("Chatwoot inbox id %q is not a number", s.InboxID))
	}
	contact := map[string]any{"inbox_id": inbox, "name": "Chat customer " + e.Ref, "identifier": identifier(e.Ref)}
	if e.Contact != "" {
		contact["email"], contact["name"] = e.Contact, e.Contact
	}
	var made struct {
		Payload struct {
			Contact struct {
				ID int64 `json:"id"`
			} `json:"contact"`
			ContactInbox struct {
				SourceID string `json:"source_id"`
			} `json:"contact_inbox"`
		} `json:"payload"`
	}
	if err := s.do(ctx, http.MethodPost, "/contacts", contact, &made); err != nil {
		return err
	}
	first := "Handed over by Helpgraph, reference " + e.Ref + ".\n\n" + notify.Transcript(e.Transcript)
	if e.AdminURL != "" {
		first += "\n\nIn Helpgraph: " + e.AdminURL
	}
	conv := map[string]any{
		"source_id": made.Payload.ContactInbox.SourceID, "inbox_id": inbox, "contact_id": made.Payload.Contact.ID,
		// Open is the agents' queue; pending is a bot's.
		"status":            "open",
		"custom_attributes": map[string]string{RefAttribute: e.Ref},
		"message":           map[string]string{"content": first},
	}
	var out struct {
		ID int64 `json:"id"`
	}
	if err := s.do(ctx, http.MethodPost, "/conversations", conv, &out); err != nil {
		return err
	}
	s.remember(e.Ref, out.ID)
	return nil
}

func identifier(ref string) string { return "helpgraph-" + ref }

// errNoConversation: the conversation was not opened yet (its creation is retrying).
var errNoConversation = errors.New("no Chatwoot conversation for this handoff yet")

// conversation finds the conversation of handoff ref: remembered, or
// through its contact (after a restart).
func (s *Sink) conversation(ctx context.Context, ref string) (int64, error) {
	s.mu.Lock()
	id := s.convs[ref]
	s.mu.Unlock()
	if id != 0 {
		return id, nil
	}
	var found struct {
		Payload []struct {
			ID         int64  `json:"id"`
			Identifier string `json:"identifier"`
		} `json:"payload"`
	}
	if err := s.do(ctx, http.MethodGet, "/contacts/search?q="+url.QueryEscape(identifier(ref)), nil, &found); err != nil {
		return 0, err
	}
	for _, c := range found.Payload {
		if c.Identifier != identifier(ref) {
			continue
		}
		var convs struct {
			Payload []struct {
				ID int64 `json:"id"`
			} `json:"payload"`
		}
		if err := s.do(ctx, http.MethodGet, fmt.Sprintf("/contacts/%d/conversations", c.ID), nil, &convs); err != nil {
			return 0, err
		}
		if len(convs.Payload) > 0 {
			s.remember(ref, convs.Payload[0].ID)
			return convs.Payload[0].ID, nil
		}
	}
	return 0, fmt.Errorf("%s: %w", ref, errNoConversation)
}

func (s *Sink) remember(ref string, id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.convs == nil {
		s.convs, s.refs = make(map[string]int64), make(map[int64]string)
	}
	s.convs[ref], s.refs[id] = id, ref
}

func (s *Sink) do(ctx context.Context, method, path string, body, out any) error {
	u := strings.TrimRight(s.BaseURL, "/") + "/api/v1/accounts/" + url.PathEscape(s.AccountID) + path
	req, err := notify.JSONRequest(ctx, method, u, body)
	if err != nil {
		return err
	}
	req.Header.Set("api_access_token", s.Token)
	return notify.SendJSON(s.Client, req, out)
}

// webhookEvent is the part of Chatwoot's webhook payloads Parse reads:
// message_created carries the message's attributes, conversation_status_changed
// the conversation's.
type webhookEvent struct {
	Event       string `json:"event"`
	MessageType string `json:"message_type"`
	Content     string `json:"content"`
	Private     bool   `json:"private"`
	Sender      struct {
		Name string `json:"name"`
	} `json:"sender"`
	Conversation *conversation `json:"conversation"`
	// conversation_status_changed: the conversation itself.
	ID               flexID            `json:"id"`
	Status           string            `json:"status"`
	CustomAttributes map[string]string `json:"custom_attributes"`
}

type conversation struct {
	ID               flexID            `json:"id"`
	CustomAttributes map[string]string `json:"custom_attributes"`
}

// Parse reads one webhook request from Chatwoot: an agent's public reply
// or a resolved conversation of a handoff; ok is false for anything else
// (the customer's own messages, private notes, other conversations).
func (s *Sink) Parse(body []byte) (in notify.Inbound, ok bool, err error) {
	var e webhookEvent
	if err := json.Unmarshal(body, &e); err != nil {
		return notify.Inbound{}, false, fmt.Errorf("Chatwoot webhook: %w", err)
	}
	switch e.Event {
	case "message_created":
		if e.MessageType != "outgoing" || e.Private || strings.TrimSpace(e.Content) == "" || e.Conversation == nil {
			return notify.Inbound{}, false, nil
		}
		ref := s.refOf(int64(e.Conversation.ID), e.Conversation.CustomAttributes)
		if ref == "" {
			return notify.Inbound{}, false, nil
		}
		return notify.Inbound{Ref: ref, Text: e.Content, Author: e.Sender.Name}, true, nil
	case "conversation_status_changed", "conversation_resolved":
		if e.Status != "resolved" {
			return notify.Inbound{}, false, nil
		}
		ref := s.refOf(int64(e.ID), e.CustomAttributes)
		if ref == "" {
			return notify.Inbound{}, false, nil
		}
		return notify.Inbound{Ref: ref, Close: true}, true, nil
	}
	return notify.Inbound{}, false, nil
}

func (s *Sink) refOf(conv int64, attrs map[string]string) string {
	if ref := attrs[RefAttribute]; ref != "" {
		return ref
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.refs[conv]
}

// flexID is an id Chatwoot sends as a number, and its documentation's
// samples as a string.
type flexID int64

func (f *flexID) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	n, err := strconv.ParseInt(strings.Trim(string(b), `"`), 10, 64)
	if err != nil {
		return fmt.Errorf("id %s: %w", b, err)
	}
	*f = flexID(n)
	return nil
}

// Package notify tells the support team and its help desk about handoffs,
// and customers about replies, outside the chat: by e-mail, signed webhooks
// and the help desks' own APIs. Each destination is one Sink in a
// subpackage; a Dispatcher delivers every Event to every Sink that handles
// it, asynchronously (a chat turn never waits for a delivery), in order per
// handoff and sink, retrying failures with backoff, and keeps a log of
// deliveries for the support pages.
package notify

import (
	"context"
	"errors"
	"time"
)

// Kind is what happened to a handoff.
type Kind string

const (
	// Created: a conversation was handed to the team.
	Created Kind = "handoff.created"
	// CustomerMessage: the customer wrote again on an open handoff.
	CustomerMessage Kind = "handoff.customer_message"
	// Replied: a support person replied to the customer.
	Replied Kind = "handoff.replied"
	// Closed: the team closed the handoff.
	Closed Kind = "handoff.closed"
)

// Turn is one message of a transcript.
type Turn struct {
	Role string `json:"role"` // user, agent (the bot) or support
	Text string `json:"text"`
}

// Message is the message an event is about (CustomerMessage, Replied).
type Message struct {
	// Seq is the message's position in the conversation.
	Seq    int    `json:"seq"`
	Author string `json:"author,omitempty"`
	Text   string `json:"text"`
}

// Event is one thing that happened to a handoff, as sinks receive it.
// Its JSON is the webhook payload.
type Event struct {
	// ID is unique per event, so a receiver can drop a redelivery.
	ID        string    `json:"id"`
	Kind      Kind      `json:"event"`
	At        time.Time `json:"at"`
	Ref       string    `json:"reference"`
	HandoffID int64     `json:"handoff_id"`
	Intent    string    `json:"intent,omitempty"`
	// Contact is the customer's e-mail address, "" when they left none.
	Contact    string   `json:"contact"`
	Transcript []Turn   `json:"transcript"`
	Message    *Message `json:"message,omitempty"`
	// AdminURL is the handoff's page for the team.
	AdminURL string `json:"admin_url"`
	// ReplySeen, set on Replied, reports whether the customer's chat has
	// shown the reply (so no e-mail is needed).
	ReplySeen func() bool `json:"-"`
}

// Sink is one destination of events.
type Sink interface {
	// Name names the destination in logs and on the support pages.
	Name() string
	// Handles reports whether the sink wants events of kind k.
	Handles(k Kind) bool
	// Deliver delivers e once. An error is retried, unless it is Permanent;
	// ErrSkipped means there was nothing to deliver.
	Deliver(ctx context.Context, e Event) error
}

// Delayer is a Sink whose deliveries wait a while after the event before
// their first attempt (an e-mail that is only needed if the customer has
// not read the reply in the chat by then).
type Delayer interface {
	Delay(e Event) time.Duration
}

// ErrSkipped is returned by a Sink that decided not to deliver an event
// (a reply the customer already read in the chat).
var ErrSkipped = errors.New("skipped")

// permanent marks an error that retrying cannot fix.
type permanent struct{ err error }

func (p permanent) Error() string { return p.err.Error() }
func (p permanent) Unwrap() error { return p.err }

// Permanent wraps err so that the Dispatcher does not retry it (a request
// the receiver refused as malformed or unauthorised).
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanent{err}
}

// IsPermanent reports whether err was wrapped by Permanent.
func IsPermanent(err error) bool {
	var p permanent
	return errors.As(err, &p)
}

// Inbound is what a help desk's webhook brings back about a handoff: an
// agent's reply to pass to the customer, or the ticket's close.
type Inbound struct {
	Ref    string
	Text   string // the reply; "" when Close
	Author string
	Close  bool
}

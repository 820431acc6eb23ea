package conversation

import (
	"crypto/rand"
	"fmt"
	"regexp"
	"time"

	"github.com/helpgraph/helpgraph/dialogue"
)

// Status is where a handoff stands: open (waiting for a person), answered
// (a person replied and the customer has not written since), or closed.
type Status string

const (
	StatusOpen     Status = "open"
	StatusAnswered Status = "answered"
	StatusClosed   Status = "closed"
)

// Valid reports whether s is one of the statuses above.
func (s Status) Valid() bool {
	return s == StatusOpen || s == StatusAnswered || s == StatusClosed
}

// RoleSupport is the role of a turn a support person wrote.
const RoleSupport = "support"

// Step is one node the bot went through before handing off, kept with its
// label so the record reads the same after the graph is rebuilt.
type Step struct {
	NodeID string `json:"node_id"`
	Label  string `json:"label"`
}

// Handoff is an escalated conversation waiting for (or handled by) a person.
type Handoff struct {
	ID int64 `json:"id"`
	// Ref is the reference number the customer is shown ("HG-7K3Q9A").
	Ref            string    `json:"ref"`
	ConversationID string    `json:"conversation_id"`
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
	Status         Status    `json:"status"`
	Intent         string    `json:"intent"`
	Confirmed      []string  `json:"confirmed"`
	// Transcript is the conversation up to the handoff; later turns are in
	// the conversation itself.
	Transcript []dialogue.Turn `json:"transcript"`
	// Path is the nodes the bot followed, Sources the pages it cited.
	Path    []Step   `json:"path"`
	Sources []string `json:"sources"`
	// Contact is how the customer asked to be reached ("" if not given);
	// AwaitingContact is set while the chat waits for the answer.
	Contact         string `json:"contact,omitempty"`
	AwaitingContact bool   `json:"awaiting_contact,omitempty"`
	// HandledAt is when the handoff was closed; zero while it is not.
	HandledAt time.Time `json:"handled_at,omitzero"`
}

// Handled reports whether the handoff is closed.
func (h Handoff) Handled() bool { return h.Status == StatusClosed }

// refAlphabet leaves out look-alikes (0/O, 1/I/L), since people read
// references out over the phone.
const refAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// RefPattern finds the references NewRef makes in running text.
var RefPattern = regexp.MustCompile(`\bHG-[` + refAlphabet + `]{6}\b`)

// NewRef returns a random handoff reference, "HG-" and six characters
// (887 million references: Save reports the rare one already taken).
func NewRef() string {
	out := []byte("HG-")
	var b [16]byte
	for len(out) < len("HG-")+6 {
		rand.Read(b[:]) // never fails (crypto/rand)
		for _, c := range b {
			// Bytes past the last whole multiple of the alphabet would make
			// its first characters likelier.
			if int(c) < 256/len(refAlphabet)*len(refAlphabet) && len(out) < len("HG-")+6 {
				out = append(out, refAlphabet[int(c)%len(refAlphabet)])
			}
		}
	}
	return string(out)
}

// FollowUp is what a customer's message after a handoff changes in it.
type FollowUp struct {
	HandoffID int64
	// Contact, when not "", is the contact the customer gave.
	Contact string
	// AwaitingContact is whether the chat still waits for a contact.
	AwaitingContact bool
}

// HandoffQuery selects a page of handoffs, newest first (by ID), for the
// support queue.
type HandoffQuery struct {
	// Status keeps the handoffs in it; "" keeps those not closed, unless
	// All keeps every one.
	Status Status
	All    bool
	// Before, when not 0, keeps handoffs older than it (a smaller ID):
	// the cursor of the next page is the last ID of this one.
	Before int64
	// Limit is the most handoffs returned, at least 1.
	Limit int
}

// Check returns an error wrapping ErrInvalid for a query the stores do not
// take.
func (q HandoffQuery) Check() error {
	if q.Status != "" && !q.Status.Valid() {
		return fmt.Errorf("handoff status %q: %w", q.Status, ErrInvalid)
	}
	if q.Limit < 1 {
		return fmt.Errorf("handoff page of %d: %w", q.Limit, ErrInvalid)
	}
	return nil
}

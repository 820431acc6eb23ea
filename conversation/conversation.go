// Package conversation is the model of the web chat's conversations: each
// conversation's dialogue state, its turns, the handoffs to the support team
// that escalations create, and the customers' ratings; and the Store
// interface that keeps them.
//
// Engines live in subpackages (conversation/sqlite, the default, one file
// per process; conversation/postgres, shared by any number of serve
// replicas) and all pass the contract suite in conversation/conversationtest.
//
// A conversation's state is plain dialogue.Session data (node ids and
// confirmed conditions), so conversations survive both a server restart and
// a graph rebuild.
package conversation

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/helpgraph/helpgraph/dialogue"
)

// ErrNotFound is returned (wrapped) for an unknown conversation or handoff.
var ErrNotFound = errors.New("not found")

// ErrInvalid is returned (wrapped) for a request the data does not allow,
// such as rating a turn that is not an answer.
var ErrInvalid = errors.New("invalid")

// ErrRefTaken is returned (wrapped) by Save for a new handoff whose Ref
// another handoff has: nothing is saved, and the caller may try again
// with another reference.
var ErrRefTaken = errors.New("handoff reference taken")

// ErrConflict is returned (wrapped) by a write that another writer came
// before (another serve replica, say): turns saved at positions already
// taken, a new handoff for a conversation that has one not closed, or a
// handoff reopened while its conversation has another one not closed.
// Nothing of the write is saved; the caller reads the conversation again.
// A conversation has at most one handoff that is not closed: the store
// enforces it, so two replicas escalating one conversation at once file
// one handoff.
var ErrConflict = errors.New("conflict: the conversation changed meanwhile")

// ErrUnavailable is returned (wrapped) when the store cannot be reached
// (its database server down, restarting or cut off): the request may
// succeed if tried again shortly.
var ErrUnavailable = errors.New("conversation store unavailable")

// Store keeps conversations. Implementations are safe for concurrent use;
// a write that returned nil is durable (it survives the process being
// killed).
type Store interface {
	// Create stores a new, empty conversation of owner ("" for none, see
	// CheckOwner) and returns its session.
	Create(ctx context.Context, owner string) (dialogue.Session, error)
	// Get returns the session of conversation id with its full history, or
	// an error wrapping ErrNotFound.
	Get(ctx context.Context, id string) (dialogue.Session, error)
	// GetOwned is CheckOwner and Get in one call, for the chat's turns.
	GetOwned(ctx context.Context, id, owner string) (dialogue.Session, error)
	// CheckOwner returns nil when owner may read and continue conversation
	// id, and an error wrapping ErrNotFound otherwise, so that a
	// conversation of someone else cannot be told from none. A
	// conversation without an owner (made before owners existed) is
	// claimed by the first owner to ask.
	CheckOwner(ctx context.Context, id, owner string) error

	// Save stores s's state and appends s.History[from:] as new turns. When
	// h is not nil it also records h as a new handoff of s (filling in its
	// ID, Ref if empty, ConversationID, CreatedAt, UpdatedAt and an open
	// Status); all or nothing. An unknown conversation is ErrNotFound, a
	// from outside the history ErrInvalid, a Ref already taken ErrRefTaken,
	// turns already saved or a handoff when the conversation has one not
	// closed ErrConflict.
	Save(ctx context.Context, s *dialogue.Session, from int, h *Handoff) error
	// SaveFollowUp saves s like Save and, all or nothing, records that the
	// customer wrote again on handoff f.HandoffID of s: an answered handoff
	// is open again, waiting for a person. Turns already saved are
	// ErrConflict.
	SaveFollowUp(ctx context.Context, s *dialogue.Session, from int, f FollowUp) error

	// Reply appends a support person's reply to the conversation of
	// handoff id and marks the handoff answered, all or nothing. It
	// returns the turn's position in the conversation. Answering a closed
	// handoff whose conversation has a newer one not closed is
	// ErrConflict.
	Reply(ctx context.Context, id int64, text string) (int, error)
	// Handoff returns one handoff, or an error wrapping ErrNotFound.
	Handoff(ctx context.Context, id int64) (Handoff, error)
	// HandoffByRef returns the handoff with reference ref (as the
	// customer and the help desk know it), or an error wrapping ErrNotFound.
	HandoffByRef(ctx context.Context, ref string) (Handoff, error)
	// LatestHandoff returns the newest handoff of conversation conv, or an
	// error wrapping ErrNotFound when it has none.
	LatestHandoff(ctx context.Context, conv string) (Handoff, error)
	// Handoffs lists handoffs, oldest first; waitingOnly leaves out closed ones.
	Handoffs(ctx context.Context, waitingOnly bool) ([]Handoff, error)
	// ListHandoffs returns a page of the handoffs q selects, newest first;
	// a query that fails HandoffQuery.Check is ErrInvalid.
	ListHandoffs(ctx context.Context, q HandoffQuery) ([]Handoff, error)
	// SetStatus moves handoff id to status st (ErrInvalid for an unknown
	// status). Closing keeps the first close time; any other status
	// clears it. Reopening a handoff whose conversation has another one
	// not closed is ErrConflict.
	SetStatus(ctx context.Context, id int64, st Status) error

	// RecordFeedback records whether the answer at turn seq of conversation
	// conv helped. Rating the same answer again replaces the earlier
	// rating. Only the bot's resolutions can be rated: other turns give an
	// error wrapping ErrInvalid, a turn that does not exist ErrNotFound.
	RecordFeedback(ctx context.Context, conv string, seq int, helpful bool) error
	// Feedback returns the ratings given in conversation conv, by turn.
	Feedback(ctx context.Context, conv string) (map[int]bool, error)
	// NodeRatings counts ratings per node, most unhelpful first, then by node id.
	NodeRatings(ctx context.Context) ([]NodeRating, error)
	// GapEvents lists the gap events of conversations updated since since
	// (see GapFinder).
	GapEvents(ctx context.Context, since time.Time) ([]GapEvent, error)
	// Daily returns the stats of the last days days (today, UTC, included),
	// oldest first, days without conversations included as zeros.
	Daily(ctx context.Context, days int) ([]DayStats, error)

	// Ping checks that the store is reachable.
	Ping(ctx context.Context) error
	Close() error
}

// NewID returns a new conversation id: 32 hex digits, the first 12 the
// time in milliseconds and the other 20 random (80 bits). Ids made close in
// time sort close together, so the conversations being written at any
// moment share a few pages of a store's indexes instead of dirtying one
// page each; the random part keeps them unguessable (and a conversation is
// read only by its owner anyway).
func NewID() string {
	var b [16]byte
	rand.Read(b[6:]) // never fails (crypto/rand)
	ms := uint64(time.Now().UnixMilli())
	for i := 5; i >= 0; i-- {
		b[i] = byte(ms)
		ms >>= 8
	}
	return hex.EncodeToString(b[:])
}

// EncodeState encodes s without its history, which engines keep as turns.
func EncodeState(s dialogue.Session) ([]byte, error) {
	s.History = nil
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("encoding conversation %q: %w", s.ID, err)
	}
	return b, nil
}

// DecodeState is the inverse of EncodeState: the session of conversation
// id, history left to the caller.
func DecodeState(id string, state []byte) (dialogue.Session, error) {
	var s dialogue.Session
	if err := json.Unmarshal(state, &s); err != nil {
		return dialogue.Session{}, fmt.Errorf("decoding conversation %q: %w", id, err)
	}
	s.ID = id
	return s, nil
}

// CheckFrom returns an error wrapping ErrInvalid when from is not a
// position in s's history to save from.
func CheckFrom(s *dialogue.Session, from int) error {
	if from < 0 || from > len(s.History) {
		return fmt.Errorf("saving conversation %q: turn %d of %d: %w", s.ID, from, len(s.History), ErrInvalid)
	}
	return nil
}

// NodeRating counts the ratings of the answers given from one node.
type NodeRating struct {
	NodeID       string
	Helpful, Not int
}

// NonNil returns s, or an empty slice for nil, so that it encodes as [].
func NonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

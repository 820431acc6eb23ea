package ask

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/graph"
)

// Result is what a query returned: column names and rows of plain Go values
// (string, int64, float64, bool, nil, []any, map[string]any for nodes and
// relationships), so both engines' results compare and encode alike.
type Result struct {
	Columns []string `json:"columns"`
	Rows    [][]any  `json:"rows"`
	// Truncated says the query had more rows than the row limit.
	Truncated bool `json:"truncated,omitempty"`
}

// Engine runs one read-only Cypher statement. Callers check statements with
// Guard first; engines add their own protection where they have one (a read
// transaction on Neo4j; a throwaway in-memory copy for the embedded engine).
type Engine interface {
	Query(ctx context.Context, cypher string, limits Limits) (Result, error)
}

// Limits bound one query.
type Limits struct {
	MaxRows int           // rows kept; more set Result.Truncated
	Timeout time.Duration // the engine interrupts a query running longer
}

// DefaultLimits are used where a caller sets none.
var DefaultLimits = Limits{MaxRows: 1000, Timeout: 10 * time.Second}

func (l Limits) withDefaults() Limits {
	if l.MaxRows <= 0 {
		l.MaxRows = DefaultLimits.MaxRows
	}
	if l.Timeout <= 0 {
		l.Timeout = DefaultLimits.Timeout
	}
	return l
}

// Snapshot is everything the embedded engine loads: the graph, what the last
// build changed, and the conversations that ended in a handoff.
type Snapshot struct {
	Generation int64
	FinishedAt time.Time
	Graph      *graph.Graph
	// Change maps a page URL to "added" or "changed" in the last build;
	// pages not in it were unchanged.
	Change   map[string]string
	Handoffs []Handoff
	// Ratings counts the customers' 👍 and 👎 on the answers given from
	// each node, by node id.
	Ratings map[string]Rating
	// Gaps are the moments of the last GapWindow where conversations showed
	// the help center falling short (conversation.GapEvent).
	Gaps []Gap
}

// Rating counts the ratings of one node's answers.
type Rating struct{ Helpful, Unhelpful int }

// Gap is a gap event as the query schema shows it: a (:Gap) node linked to
// the node its conversation was nearest to.
type Gap struct {
	Kind           string // "escalated", "unhelpful" or "rephrase"
	ConversationID string
	Utterance      string
	NodeID         string // "" for none
	At             time.Time
}

// GapWindow is how far back the snapshot reads gap events.
const GapWindow = 90 * 24 * time.Hour

// ratingLister and gapLister are the conversation store's read sides the
// snapshot uses when the store has them (every conversation.Store does).
type ratingLister interface {
	NodeRatings(ctx context.Context) ([]conversation.NodeRating, error)
}

type gapLister interface {
	GapEvents(ctx context.Context, since time.Time) ([]conversation.GapEvent, error)
}

// Handoff is a handoff as the query schema shows it: a (:Handoff) node
// linked to the graph node its conversation ended on, and to a
// (:Conversation) node.
type Handoff struct {
	ID             int64
	ConversationID string
	CreatedAt      time.Time
	HandledAt      time.Time // zero while waiting
	Intent         string
	Turns          int
	EndedOn        string // node id of the last agent turn that had one; "" if none
	LastAction     string
}

// HandoffLister is the read side of the conversation store that the snapshot
// needs (every conversation.Store implements it).
type HandoffLister interface {
	Handoffs(ctx context.Context, waitingOnly bool) ([]conversation.Handoff, error)
}

// TakeSnapshot reads the current graph from store and the handoffs from
// conversations (nil: none).
func TakeSnapshot(ctx context.Context, store graph.Store, conversations HandoffLister) (*Snapshot, error) {
	s := &Snapshot{Change: map[string]string{}}
	b, err := store.LastBuild(ctx)
	switch {
	case errors.Is(err, graph.ErrNotFound):
	case err != nil:
		return nil, fmt.Errorf("reading last build: %w", err)
	default:
		s.Generation, s.FinishedAt = b.Generation, b.FinishedAt
		// Only the page lists of the build report matter here; a report
		// without them (another builder, an old build) just marks nothing.
		var r struct {
			Added   []string `json:"pages_added"`
			Changed []string `json:"pages_changed"`
		}
		if len(b.Report) > 0 && json.Unmarshal(b.Report, &r) == nil {
			for _, u := range r.Added {
				s.Change[u] = "added"
			}
			for _, u := range r.Changed {
				s.Change[u] = "changed"
			}
		}
	}
	if s.Graph, err = store.Load(ctx); err != nil {
		return nil, fmt.Errorf("loading graph: %w", err)
	}
	if conversations != nil {
		hs, err := conversations.Handoffs(ctx, false)
		if err != nil {
			return nil, fmt.Errorf("reading handoffs: %w", err)
		}
		for _, h := range hs {
			s.Handoffs = append(s.Handoffs, handoffFrom(h))
		}
	}
	if rl, ok := conversations.(ratingLister); ok {
		rs, err := rl.NodeRatings(ctx)
		if err != nil {
			return nil, fmt.Errorf("reading ratings: %w", err)
		}
		s.Ratings = make(map[string]Rating, len(rs))
		for _, r := range rs {
			s.Ratings[r.NodeID] = Rating{Helpful: r.Helpful, Unhelpful: r.Not}
		}
	}
	if gl, ok := conversations.(gapLister); ok {
		es, err := gl.GapEvents(ctx, time.Now().Add(-GapWindow))
		if err != nil {
			return nil, fmt.Errorf("reading gap events: %w", err)
		}
		for _, e := range es {
			s.Gaps = append(s.Gaps, Gap{Kind: string(e.Kind), ConversationID: e.ConversationID, Utterance: e.Utterance, NodeID: e.NodeID, At: e.At})
		}
	}
	return s, nil
}

func handoffFrom(h conversation.Handoff) Handoff {
	out := Handoff{
		ID: h.ID, ConversationID: h.ConversationID, CreatedAt: h.CreatedAt,
		HandledAt: h.HandledAt, Intent: h.Intent, Turns: len(h.Transcript),
	}
	for i := len(h.Transcript) - 1; i >= 0; i-- {
		t := h.Transcript[i]
		if t.Role != "agent" {
			continue
		}
		if out.LastAction == "" {
			out.LastAction = string(t.Action)
		}
		if t.NodeID != "" {
			out.EndedOn = t.NodeID
			break
		}
	}
	return out
}

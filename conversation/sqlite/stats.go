package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
)

// RecordFeedback records whether the answer at turn seq of conversation conv helped.
func (s *Store) RecordFeedback(ctx context.Context, conv string, seq int, helpful bool) error {
	return s.write(ctx, func(w *wtx) error {
		var role, action, node string
		err := w.queryRow(s.ws.turnOf, conv, seq).Scan(&role, &action, &node)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("turn %d of %q: %w", seq, conv, conversation.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("rating turn %d of %q: %w", seq, conv, err)
		}
		if role != "agent" || dialogue.Action(action) != dialogue.Resolution {
			return fmt.Errorf("turn %d of %q is not an answer: %w", seq, conv, conversation.ErrInvalid)
		}
		if _, err := w.exec(s.ws.rate, conv, seq, node, helpful, w.now); err != nil {
			return fmt.Errorf("rating turn %d of %q: %w", seq, conv, err)
		}
		return nil
	})
}

// Feedback returns the ratings given in conversation conv, by turn.
func (s *Store) Feedback(ctx context.Context, conv string) (map[int]bool, error) {
	rows, err := s.rs.feedback.QueryContext(ctx, conv)
	if err != nil {
		return nil, fmt.Errorf("reading ratings of %q: %w", conv, err)
	}
	defer rows.Close()
	out := map[int]bool{}
	for rows.Next() {
		var seq int
		var helpful bool
		if err := rows.Scan(&seq, &helpful); err != nil {
			return nil, fmt.Errorf("reading ratings of %q: %w", conv, err)
		}
		out[seq] = helpful
	}
	return out, rows.Err()
}

// NodeRatings counts ratings per node, most unhelpful first.
func (s *Store) NodeRatings(ctx context.Context) ([]conversation.NodeRating, error) {
	rows, err := s.rs.nodeRatings.QueryContext(ctx)
	if err != nil {
		return nil, fmt.Errorf("counting ratings: %w", err)
	}
	defer rows.Close()
	var out []conversation.NodeRating
	for rows.Next() {
		var r conversation.NodeRating
		if err := rows.Scan(&r.NodeID, &r.Helpful, &r.Not); err != nil {
			return nil, fmt.Errorf("counting ratings: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// GapEvents lists the gap events of conversations updated since since.
func (s *Store) GapEvents(ctx context.Context, since time.Time) ([]conversation.GapEvent, error) {
	rows, err := s.rs.gapTurns.QueryContext(ctx, since.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("reading conversations for gaps: %w", err)
	}
	defer rows.Close()
	var f conversation.GapFinder
	for rows.Next() {
		var t conversation.GapTurn
		var action string
		var at int64
		if err := rows.Scan(&t.ConversationID, &t.Role, &t.Text, &action, &t.NodeID, &at, &t.Rating); err != nil {
			return nil, fmt.Errorf("reading conversations for gaps: %w", err)
		}
		t.Action, t.At = dialogue.Action(action), time.UnixMilli(at)
		f.Add(t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading conversations for gaps: %w", err)
	}
	return f.Events(), nil
}

// Daily returns the stats of the last days days, oldest first.
func (s *Store) Daily(ctx context.Context, days int) ([]conversation.DayStats, error) {
	c := conversation.NewDayCounter(s.now(), days)
	rows, err := s.rs.days.QueryContext(ctx, c.Start().UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("counting conversations: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var created int64
		var resolved, escalated bool
		if err := rows.Scan(&created, &resolved, &escalated); err != nil {
			return nil, fmt.Errorf("counting conversations: %w", err)
		}
		c.AddConversation(time.UnixMilli(created), resolved, escalated)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("counting conversations: %w", err)
	}
	frows, err := s.rs.ratings.QueryContext(ctx, c.Start().UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("counting ratings: %w", err)
	}
	defer frows.Close()
	for frows.Next() {
		var created int64
		var helpful bool
		if err := frows.Scan(&created, &helpful); err != nil {
			return nil, fmt.Errorf("counting ratings: %w", err)
		}
		c.AddRating(time.UnixMilli(created), helpful)
	}
	if err := frows.Err(); err != nil {
		return nil, fmt.Errorf("counting ratings: %w", err)
	}
	return c.Stats(), nil
}

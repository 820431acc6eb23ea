package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/jackc/pgx/v5"
)

// RecordFeedback records whether the answer at turn seq of conversation conv helped.
func (s *Store) RecordFeedback(ctx context.Context, conv string, seq int, helpful bool) error {
	// One statement rates the turn if it is an answer; only when it rated
	// nothing is the turn read again to say why.
	tag, err := s.pool.Exec(ctx, `INSERT INTO feedback (conversation_id, seq, node_id, helpful, created_at)
		SELECT conversation_id, seq, node_id, $3, $4 FROM turns
		WHERE conversation_id = $1 AND seq = $2 AND role = 'agent' AND action = 'resolution'
		ON CONFLICT (conversation_id, seq) DO UPDATE SET helpful = excluded.helpful, created_at = excluded.created_at`,
		conv, seq, helpful, s.clock())
	if err != nil {
		return errorf("rating turn %d of %q: %w", seq, conv, err)
	}
	if tag.RowsAffected() > 0 {
		return nil
	}
	var role string
	err = s.pool.QueryRow(ctx, "SELECT role FROM turns WHERE conversation_id = $1 AND seq = $2", conv, seq).Scan(&role)
	if errors.Is(err, pgx.ErrNoRows) {
		return errorf("turn %d of %q: %w", seq, conv, conversation.ErrNotFound)
	}
	if err != nil {
		return errorf("rating turn %d of %q: %w", seq, conv, err)
	}
	return errorf("turn %d of %q is not an answer: %w", seq, conv, conversation.ErrInvalid)
}

// Feedback returns the ratings given in conversation conv, by turn.
func (s *Store) Feedback(ctx context.Context, conv string) (map[int]bool, error) {
	rows, err := s.pool.Query(ctx, "SELECT seq, helpful FROM feedback WHERE conversation_id = $1", conv)
	if err != nil {
		return nil, errorf("reading ratings of %q: %w", conv, err)
	}
	out := map[int]bool{}
	var seq int
	var helpful bool
	if _, err := pgx.ForEachRow(rows, []any{&seq, &helpful}, func() error {
		out[seq] = helpful
		return nil
	}); err != nil {
		return nil, errorf("reading ratings of %q: %w", conv, err)
	}
	return out, nil
}

// NodeRatings counts ratings per node, most unhelpful first.
func (s *Store) NodeRatings(ctx context.Context) ([]conversation.NodeRating, error) {
	// COLLATE "C" orders node ids byte by byte, as every engine does.
	rows, err := s.pool.Query(ctx, `SELECT node_id, COUNT(*) FILTER (WHERE helpful), COUNT(*) FILTER (WHERE NOT helpful)
		FROM feedback GROUP BY node_id ORDER BY 3 DESC, node_id COLLATE "C"`)
	if err != nil {
		return nil, errorf("counting ratings: %w", err)
	}
	var out []conversation.NodeRating
	var r conversation.NodeRating
	if _, err := pgx.ForEachRow(rows, []any{&r.NodeID, &r.Helpful, &r.Not}, func() error {
		out = append(out, r)
		return nil
	}); err != nil {
		return nil, errorf("counting ratings: %w", err)
	}
	return out, nil
}

// GapEvents lists the gap events of conversations updated since since.
func (s *Store) GapEvents(ctx context.Context, since time.Time) ([]conversation.GapEvent, error) {
	rows, err := s.pool.Query(ctx, `SELECT t.conversation_id, t.role, t.text, t.action, t.node_id, t.created_at,
		CASE WHEN f.helpful IS NULL THEN -1 WHEN f.helpful THEN 1 ELSE 0 END
		FROM turns t JOIN conversations c ON c.id = t.conversation_id
		LEFT JOIN feedback f ON f.conversation_id = t.conversation_id AND f.seq = t.seq
		WHERE c.updated_at >= $1 ORDER BY t.conversation_id, t.seq`, since)
	if err != nil {
		return nil, errorf("reading conversations for gaps: %w", err)
	}
	var f conversation.GapFinder
	var t conversation.GapTurn
	var action string
	if _, err := pgx.ForEachRow(rows, []any{&t.ConversationID, &t.Role, &t.Text, &action, &t.NodeID, &t.At, &t.Rating}, func() error {
		t.Action = dialogue.Action(action)
		f.Add(t)
		return nil
	}); err != nil {
		return nil, errorf("reading conversations for gaps: %w", err)
	}
	return f.Events(), nil
}

// Daily returns the stats of the last days days, oldest first.
func (s *Store) Daily(ctx context.Context, days int) ([]conversation.DayStats, error) {
	c := conversation.NewDayCounter(s.now(), days)
	b := &pgx.Batch{}
	b.Queue(`SELECT c.created_at,
		EXISTS (SELECT 1 FROM turns t WHERE t.conversation_id = c.id AND t.action = 'resolution'),
		EXISTS (SELECT 1 FROM handoffs h WHERE h.conversation_id = c.id)
		FROM conversations c WHERE c.created_at >= $1
		AND EXISTS (SELECT 1 FROM turns t WHERE t.conversation_id = c.id AND t.role = 'user')`, c.Start())
	b.Queue("SELECT created_at, helpful FROM feedback WHERE created_at >= $1", c.Start())
	br := s.pool.SendBatch(ctx, b)
	defer br.Close()
	rows, err := br.Query()
	if err != nil {
		return nil, errorf("counting conversations: %w", err)
	}
	var at time.Time
	var resolved, escalated bool
	if _, err := pgx.ForEachRow(rows, []any{&at, &resolved, &escalated}, func() error {
		c.AddConversation(at, resolved, escalated)
		return nil
	}); err != nil {
		return nil, errorf("counting conversations: %w", err)
	}
	if rows, err = br.Query(); err != nil {
		return nil, errorf("counting ratings: %w", err)
	}
	var helpful bool
	if _, err := pgx.ForEachRow(rows, []any{&at, &helpful}, func() error {
		c.AddRating(at, helpful)
		return nil
	}); err != nil {
		return nil, errorf("counting ratings: %w", err)
	}
	return c.Stats(), nil
}

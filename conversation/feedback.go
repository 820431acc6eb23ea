package conversation

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// RecordFeedback records whether the answer at turn seq of conversation conv
// helped. Rating the same answer again replaces the earlier rating. Only the
// bot's resolutions can be rated: other turns give an error wrapping ErrInvalid.
func (d *DB) RecordFeedback(ctx context.Context, conv string, seq int, helpful bool) error {
	var role, action, node string
	err := d.db.QueryRowContext(ctx,
		"SELECT role, action, node_id FROM turns WHERE conversation_id = ? AND seq = ?", conv, seq).Scan(&role, &action, &node)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("turn %d of %q: %w", seq, conv, ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("rating turn %d of %q: %w", seq, conv, err)
	}
	if role != "agent" || action != "resolution" {
		return fmt.Errorf("turn %d of %q is not an answer: %w", seq, conv, ErrInvalid)
	}
	if _, err := d.db.ExecContext(ctx,
		`INSERT INTO feedback (conversation_id, seq, node_id, helpful, created_at) VALUES (?, ?, ?, ?, ?)
		 ON CONFLICT (conversation_id, seq) DO UPDATE SET helpful = excluded.helpful, created_at = excluded.created_at`,
		conv, seq, node, helpful, d.now().UnixMilli()); err != nil {
		return fmt.Errorf("rating turn %d of %q: %w", seq, conv, err)
	}
	return nil
}

// Feedback returns the ratings given in conversation conv, by turn.
func (d *DB) Feedback(ctx context.Context, conv string) (map[int]bool, error) {
	rows, err := d.db.QueryContext(ctx, "SELECT seq, helpful FROM feedback WHERE conversation_id = ?", conv)
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

// NodeRating counts the ratings of the answers given from one node.
type NodeRating struct {
	NodeID       string
	Helpful, Not int
}

// NodeRatings counts ratings per node, most unhelpful first.
func (d *DB) NodeRatings(ctx context.Context) ([]NodeRating, error) {
	rows, err := d.db.QueryContext(ctx, `SELECT node_id, SUM(helpful), SUM(1 - helpful) FROM feedback
		GROUP BY node_id ORDER BY SUM(1 - helpful) DESC, node_id`)
	if err != nil {
		return nil, fmt.Errorf("counting ratings: %w", err)
	}
	defer rows.Close()
	var out []NodeRating
	for rows.Next() {
		var r NodeRating
		if err := rows.Scan(&r.NodeID, &r.Helpful, &r.Not); err != nil {
			return nil, fmt.Errorf("counting ratings: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/jackc/pgx/v5"
)

// Reply appends a support person's reply to the conversation of handoff id
// and marks the handoff answered.
func (s *Store) Reply(ctx context.Context, id int64, text string) (int, error) {
	now := s.clock()
	var seq int
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		// Locking the conversation row orders this reply with the
		// customer's saves (which update that row) on any replica.
		var conv string
		err := tx.QueryRow(ctx, `SELECT c.id FROM handoffs h JOIN conversations c ON c.id = h.conversation_id
			WHERE h.id = $1 FOR UPDATE OF c`, id).Scan(&conv)
		if errors.Is(err, pgx.ErrNoRows) {
			return errorf("handoff %d: %w", id, conversation.ErrNotFound)
		}
		if err != nil {
			return errorf("reading handoff %d: %w", id, err)
		}
		b := &pgx.Batch{}
		b.Queue(`INSERT INTO turns (conversation_id, seq, role, text, created_at)
			SELECT $1, COALESCE(MAX(seq) + 1, 0), $2, $3, $4 FROM turns WHERE conversation_id = $1 RETURNING seq`,
			conv, conversation.RoleSupport, clean(text), now)
		b.Queue("UPDATE conversations SET updated_at = $1 WHERE id = $2", now, conv)
		b.Queue("UPDATE handoffs SET status = 'answered', handled_at = NULL, updated_at = $1 WHERE id = $2", now, id)
		br := tx.SendBatch(ctx, b)
		if err := br.QueryRow().Scan(&seq); err != nil {
			br.Close()
			return errorf("replying on handoff %d: %w", id, err)
		}
		if err := br.Close(); isOpenHandoffTaken(err) {
			return errorf("replying on handoff %d: its conversation has a newer one not closed: %w", id, conversation.ErrConflict)
		} else if err != nil {
			return errorf("replying on handoff %d: %w", id, err)
		}
		return nil
	})
	return seq, unavailable(err)
}

const handoffSelect = `SELECT id, ref, conversation_id, created_at, updated_at, status, intent, confirmed::text,
	transcript::text, path::text, sources::text, contact, awaiting_contact, handled_at FROM handoffs`

// Handoffs lists handoffs, oldest first; waitingOnly leaves out closed ones.
func (s *Store) Handoffs(ctx context.Context, waitingOnly bool) ([]conversation.Handoff, error) {
	q := handoffSelect
	if waitingOnly {
		q += " WHERE status <> 'closed'"
	}
	rows, err := s.pool.Query(ctx, q+" ORDER BY created_at, id")
	if err != nil {
		return nil, errorf("listing handoffs: %w", err)
	}
	return collectHandoffs(rows, nil)
}

// ListHandoffs returns a page of the handoffs q selects, newest first.
func (s *Store) ListHandoffs(ctx context.Context, q conversation.HandoffQuery) ([]conversation.Handoff, error) {
	if err := q.Check(); err != nil {
		return nil, err
	}
	where, args := []string{"true"}, []any{}
	switch {
	case q.All:
	case q.Status == "":
		where = append(where, "status <> 'closed'")
	default:
		args = append(args, string(q.Status))
		where = append(where, fmt.Sprintf("status = $%d", len(args)))
	}
	if q.Before != 0 {
		args = append(args, q.Before)
		where = append(where, fmt.Sprintf("id < $%d", len(args)))
	}
	args = append(args, q.Limit)
	rows, err := s.pool.Query(ctx, fmt.Sprintf("%s WHERE %s ORDER BY id DESC LIMIT $%d", handoffSelect, strings.Join(where, " AND "), len(args)), args...)
	if err != nil {
		return nil, errorf("listing handoffs: %w", err)
	}
	return collectHandoffs(rows, make([]conversation.Handoff, 0, q.Limit))
}

// collectHandoffs appends the handoffs of rows to hs and closes rows.
func collectHandoffs(rows pgx.Rows, hs []conversation.Handoff) ([]conversation.Handoff, error) {
	defer rows.Close()
	for rows.Next() {
		h, err := scanHandoff(rows)
		if err != nil {
			return nil, errorf("listing handoffs: %w", err)
		}
		hs = append(hs, h)
	}
	if err := rows.Err(); err != nil {
		return nil, errorf("listing handoffs: %w", err)
	}
	return hs, nil
}

// Handoff returns one handoff.
func (s *Store) Handoff(ctx context.Context, id int64) (conversation.Handoff, error) {
	h, err := scanHandoff(s.pool.QueryRow(ctx, handoffSelect+" WHERE id = $1", id))
	if errors.Is(err, pgx.ErrNoRows) {
		return conversation.Handoff{}, errorf("handoff %d: %w", id, conversation.ErrNotFound)
	}
	if err != nil {
		return conversation.Handoff{}, errorf("reading handoff %d: %w", id, err)
	}
	return h, nil
}

// LatestHandoff returns the newest handoff of conversation conv.
func (s *Store) LatestHandoff(ctx context.Context, conv string) (conversation.Handoff, error) {
	h, err := scanHandoff(s.pool.QueryRow(ctx, handoffSelect+" WHERE conversation_id = $1 ORDER BY id DESC LIMIT 1", conv))
	if errors.Is(err, pgx.ErrNoRows) {
		return conversation.Handoff{}, errorf("handoff of %q: %w", conv, conversation.ErrNotFound)
	}
	if err != nil {
		return conversation.Handoff{}, errorf("reading handoff of %q: %w", conv, err)
	}
	return h, nil
}

// SetStatus moves handoff id to status st.
func (s *Store) SetStatus(ctx context.Context, id int64, st conversation.Status) error {
	if !st.Valid() {
		return errorf("handoff %d: status %q: %w", id, st, conversation.ErrInvalid)
	}
	tag, err := s.pool.Exec(ctx, `UPDATE handoffs SET status = $1::text, updated_at = $2,
		handled_at = CASE WHEN $1::text = 'closed' THEN COALESCE(handled_at, $2) END WHERE id = $3`,
		string(st), s.clock(), id)
	if isOpenHandoffTaken(err) {
		return errorf("marking handoff %d %s: its conversation has another one not closed: %w", id, st, conversation.ErrConflict)
	}
	if err != nil {
		return errorf("marking handoff %d %s: %w", id, st, err)
	}
	if tag.RowsAffected() == 0 {
		return errorf("marking handoff %d %s: %w", id, st, conversation.ErrNotFound)
	}
	return nil
}

func scanHandoff(r pgx.Row) (conversation.Handoff, error) {
	var h conversation.Handoff
	var handled *time.Time
	var status, confirmed, transcript, path, sources string
	if err := r.Scan(&h.ID, &h.Ref, &h.ConversationID, &h.CreatedAt, &h.UpdatedAt, &status, &h.Intent, &confirmed,
		&transcript, &path, &sources, &h.Contact, &h.AwaitingContact, &handled); err != nil {
		return conversation.Handoff{}, err
	}
	h.Status = conversation.Status(status)
	if handled != nil {
		h.HandledAt = *handled
	}
	for _, f := range []struct {
		what string
		raw  string
		dst  any
	}{{"confirmed conditions", confirmed, &h.Confirmed}, {"transcript", transcript, &h.Transcript},
		{"path", path, &h.Path}, {"sources", sources, &h.Sources}} {
		if err := json.Unmarshal([]byte(f.raw), f.dst); err != nil {
			return conversation.Handoff{}, errorf("decoding %s of handoff %d: %w", f.what, h.ID, err)
		}
	}
	return h, nil
}

package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
)

// Reply appends a support person's reply to the conversation of handoff id
// and marks the handoff answered.
func (s *Store) Reply(ctx context.Context, id int64, text string) (int, error) {
	var seq int
	err := s.write(ctx, func(w *wtx) error {
		var conv string
		err := w.queryRow(s.ws.conversationOf, id).Scan(&conv)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("handoff %d: %w", id, conversation.ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("reading handoff %d: %w", id, err)
		}
		if err := w.queryRow(s.ws.nextSeq, conv).Scan(&seq); err != nil {
			return fmt.Errorf("replying on handoff %d: %w", id, err)
		}
		if _, err := w.exec(s.ws.insertTurn, conv, seq, conversation.RoleSupport, text, "", "", w.now); err != nil {
			return fmt.Errorf("replying on handoff %d: %w", id, err)
		}
		if _, err := w.exec(s.ws.touchConversation, w.now, conv); err != nil {
			return fmt.Errorf("replying on handoff %d: %w", id, err)
		}
		if _, err := w.exec(s.ws.answered, w.now, id); err != nil {
			if isOpenHandoffTaken(err) {
				return fmt.Errorf("replying on handoff %d: its conversation has a newer one not closed: %w", id, conversation.ErrConflict)
			}
			return fmt.Errorf("replying on handoff %d: %w", id, err)
		}
		w.onCommit(func() { s.cache.forget(conv) })
		return nil
	})
	return seq, err
}

// Handoffs lists handoffs, oldest first; waitingOnly leaves out closed ones.
func (s *Store) Handoffs(ctx context.Context, waitingOnly bool) ([]Handoff, error) {
	st := s.rs.handoffs
	if waitingOnly {
		st = s.rs.waiting
	}
	rows, err := st.QueryContext(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing handoffs: %w", err)
	}
	return collectHandoffs(rows, nil)
}

// ListHandoffs returns a page of the handoffs q selects, newest first.
func (s *Store) ListHandoffs(ctx context.Context, q conversation.HandoffQuery) ([]Handoff, error) {
	if err := q.Check(); err != nil {
		return nil, err
	}
	where, args := []string{"1"}, []any{}
	switch {
	case q.All:
	case q.Status == "":
		where = append(where, "status != 'closed'")
	default:
		where, args = append(where, "status = ?"), append(args, string(q.Status))
	}
	if q.Before != 0 {
		where, args = append(where, "id < ?"), append(args, q.Before)
	}
	rows, err := s.rdb.QueryContext(ctx, handoffSelect+" WHERE "+strings.Join(where, " AND ")+" ORDER BY id DESC LIMIT ?",
		append(args, q.Limit)...)
	if err != nil {
		return nil, fmt.Errorf("listing handoffs: %w", err)
	}
	return collectHandoffs(rows, make([]Handoff, 0, q.Limit))
}

// collectHandoffs appends the handoffs of rows to hs and closes rows.
func collectHandoffs(rows *sql.Rows, hs []Handoff) ([]Handoff, error) {
	defer rows.Close()
	for rows.Next() {
		h, err := scanHandoff(rows)
		if err != nil {
			return nil, fmt.Errorf("listing handoffs: %w", err)
		}
		hs = append(hs, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing handoffs: %w", err)
	}
	return hs, nil
}

// Handoff returns one handoff.
func (s *Store) Handoff(ctx context.Context, id int64) (Handoff, error) {
	h, err := scanHandoff(s.rs.handoff.QueryRowContext(ctx, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Handoff{}, fmt.Errorf("handoff %d: %w", id, conversation.ErrNotFound)
	}
	if err != nil {
		return Handoff{}, fmt.Errorf("reading handoff %d: %w", id, err)
	}
	return h, nil
}

// LatestHandoff returns the newest handoff of conversation conv.
func (s *Store) LatestHandoff(ctx context.Context, conv string) (Handoff, error) {
	h, err := scanHandoff(s.rs.latestHandoff.QueryRowContext(ctx, conv))
	if errors.Is(err, sql.ErrNoRows) {
		return Handoff{}, fmt.Errorf("handoff of %q: %w", conv, conversation.ErrNotFound)
	}
	if err != nil {
		return Handoff{}, fmt.Errorf("reading handoff of %q: %w", conv, err)
	}
	return h, nil
}

// SetStatus moves handoff id to status st.
func (s *Store) SetStatus(ctx context.Context, id int64, st conversation.Status) error {
	if !st.Valid() {
		return fmt.Errorf("handoff %d: status %q: %w", id, st, conversation.ErrInvalid)
	}
	return s.write(ctx, func(w *wtx) error {
		var res sql.Result
		var err error
		if st == conversation.StatusClosed {
			res, err = w.exec(s.ws.closeHandoff, w.now, id)
		} else {
			res, err = w.exec(s.ws.setStatus, string(st), w.now, id)
		}
		if isOpenHandoffTaken(err) {
			return fmt.Errorf("marking handoff %d %s: its conversation has another one not closed: %w", id, st, conversation.ErrConflict)
		}
		if err != nil {
			return fmt.Errorf("marking handoff %d %s: %w", id, st, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("marking handoff %d %s: %w", id, st, conversation.ErrNotFound)
		}
		return nil
	})
}

type scanner interface{ Scan(dest ...any) error }

func scanHandoff(r scanner) (Handoff, error) {
	var h Handoff
	var created, updated, handled int64
	var status, confirmed, transcript, path, sources string
	if err := r.Scan(&h.ID, &h.Ref, &h.ConversationID, &created, &updated, &status, &h.Intent, &confirmed,
		&transcript, &path, &sources, &h.Contact, &h.AwaitingContact, &handled); err != nil {
		return Handoff{}, err
	}
	h.Status = conversation.Status(status)
	h.CreatedAt, h.UpdatedAt = time.UnixMilli(created), time.UnixMilli(updated)
	if handled != 0 {
		h.HandledAt = time.UnixMilli(handled)
	}
	for _, f := range []struct {
		what string
		raw  string
		dst  any
	}{{"confirmed conditions", confirmed, &h.Confirmed}, {"transcript", transcript, &h.Transcript},
		{"path", path, &h.Path}, {"sources", sources, &h.Sources}} {
		if err := json.Unmarshal([]byte(f.raw), f.dst); err != nil {
			return Handoff{}, fmt.Errorf("decoding %s of handoff %d: %w", f.what, h.ID, err)
		}
	}
	return h, nil
}

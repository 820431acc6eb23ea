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
	"github.com/helpgraph/helpgraph/dialogue"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// readStmts are the readers' statements, prepared once (database/sql
// prepares each again on a pool connection the first time it runs there).
type readStmts struct {
	conversation, owner                            *sql.Stmt
	handoff, latestHandoff, handoffs, waiting      *sql.Stmt
	feedback, nodeRatings, gapTurns, days, ratings *sql.Stmt
	all                                            []*sql.Stmt
}

const handoffSelect = `SELECT id, ref, conversation_id, created_at, updated_at, status, intent, confirmed,
	transcript, path, sources, contact, awaiting_contact, handled_at FROM handoffs`

func (rs *readStmts) prepare(ctx context.Context, db *sql.DB) error {
	for _, p := range []struct {
		dst **sql.Stmt
		sql string
	}{
		// One statement, so one read transaction: the conversation's row
		// (seq -1) and then its turns.
		{&rs.conversation, `SELECT -1 AS seq, state, owner, '', '' FROM conversations WHERE id = ?1
			UNION ALL SELECT seq, role, text, action, node_id FROM turns WHERE conversation_id = ?1
			ORDER BY seq`},
		{&rs.owner, "SELECT owner FROM conversations WHERE id = ?"},
		{&rs.handoff, handoffSelect + " WHERE id = ?"},
		{&rs.latestHandoff, handoffSelect + " WHERE conversation_id = ? ORDER BY id DESC LIMIT 1"},
		{&rs.handoffs, handoffSelect + " ORDER BY created_at, id"},
		{&rs.waiting, handoffSelect + " WHERE status != 'closed' ORDER BY created_at, id"},
		{&rs.feedback, "SELECT seq, helpful FROM feedback WHERE conversation_id = ?"},
		{&rs.nodeRatings, `SELECT node_id, SUM(helpful), SUM(1 - helpful) FROM feedback
			GROUP BY node_id ORDER BY SUM(1 - helpful) DESC, node_id`},
		{&rs.gapTurns, `SELECT t.conversation_id, t.role, t.text, t.action, t.node_id, t.created_at,
			COALESCE(f.helpful, -1)
			FROM turns t JOIN conversations c ON c.id = t.conversation_id
			LEFT JOIN feedback f ON f.conversation_id = t.conversation_id AND f.seq = t.seq
			WHERE c.updated_at >= ? ORDER BY t.conversation_id, t.seq`},
		{&rs.days, `SELECT c.created_at,
			EXISTS (SELECT 1 FROM turns t WHERE t.conversation_id = c.id AND t.action = 'resolution'),
			EXISTS (SELECT 1 FROM handoffs h WHERE h.conversation_id = c.id)
			FROM conversations c WHERE c.created_at >= ?
			AND EXISTS (SELECT 1 FROM turns t WHERE t.conversation_id = c.id AND t.role = 'user')`},
		{&rs.ratings, "SELECT created_at, helpful FROM feedback WHERE created_at >= ?"},
	} {
		st, err := db.PrepareContext(ctx, p.sql)
		if err != nil {
			return fmt.Errorf("preparing %q: %w", p.sql, err)
		}
		*p.dst = st
		rs.all = append(rs.all, st)
	}
	return nil
}

func (rs *readStmts) close() { closeStmts(rs.all) }

func closeStmts(all []*sql.Stmt) {
	for _, st := range all {
		st.Close()
	}
}

// Create stores a new, empty conversation of owner.
func (s *Store) Create(ctx context.Context, owner string) (dialogue.Session, error) {
	sess := dialogue.Session{ID: conversation.NewID()}
	state, err := conversation.EncodeState(sess)
	if err != nil {
		return dialogue.Session{}, err
	}
	err = s.write(ctx, func(w *wtx) error {
		if _, err := w.exec(s.ws.insertConversation, sess.ID, w.now, w.now, state, owner); err != nil {
			return err
		}
		w.onCommit(func() { s.cache.put(sess.ID, sess, owner) })
		return nil
	})
	if err != nil {
		return dialogue.Session{}, fmt.Errorf("creating conversation: %w", err)
	}
	return sess, nil
}

// Get returns the session of conversation id with its full history.
func (s *Store) Get(ctx context.Context, id string) (dialogue.Session, error) {
	sess, _, err := s.get(ctx, id)
	return sess, err
}

// GetOwned is CheckOwner and Get in one call.
func (s *Store) GetOwned(ctx context.Context, id, owner string) (dialogue.Session, error) {
	if owner == "" {
		return dialogue.Session{}, fmt.Errorf("conversation %q: no owner given: %w", id, conversation.ErrNotFound)
	}
	sess, have, err := s.get(ctx, id)
	if err != nil {
		return dialogue.Session{}, err
	}
	if have != owner {
		if err := s.checkOwner(ctx, id, owner, have); err != nil {
			return dialogue.Session{}, err
		}
	}
	return sess, nil
}

func (s *Store) get(ctx context.Context, id string) (dialogue.Session, string, error) {
	if sess, owner, ok := s.cache.get(id); ok {
		return sess, owner, nil
	}
	rows, err := s.rs.conversation.QueryContext(ctx, id)
	if err != nil {
		return dialogue.Session{}, "", fmt.Errorf("reading conversation %q: %w", id, err)
	}
	defer rows.Close()
	var sess dialogue.Session
	var owner string
	found := false
	for rows.Next() {
		var seq int
		var a, b, c, d string
		if err := rows.Scan(&seq, &a, &b, &c, &d); err != nil {
			return dialogue.Session{}, "", fmt.Errorf("reading conversation %q: %w", id, err)
		}
		if seq < 0 {
			if sess, err = conversation.DecodeState(id, []byte(a)); err != nil {
				return dialogue.Session{}, "", err
			}
			owner, found = b, true
			continue
		}
		sess.History = append(sess.History, dialogue.Turn{Role: a, Text: b, Action: dialogue.Action(c), NodeID: d})
	}
	if err := rows.Err(); err != nil {
		return dialogue.Session{}, "", fmt.Errorf("reading conversation %q: %w", id, err)
	}
	if !found {
		return dialogue.Session{}, "", fmt.Errorf("conversation %q: %w", id, conversation.ErrNotFound)
	}
	return sess, owner, nil
}

// CheckOwner returns nil when owner may read and continue conversation id.
func (s *Store) CheckOwner(ctx context.Context, id, owner string) error {
	if owner == "" {
		return fmt.Errorf("conversation %q: no owner given: %w", id, conversation.ErrNotFound)
	}
	if have, ok := s.cache.owner(id); ok {
		return s.checkOwner(ctx, id, owner, have)
	}
	var have string
	err := s.rs.owner.QueryRowContext(ctx, id).Scan(&have)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("conversation %q: %w", id, conversation.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("reading conversation %q: %w", id, err)
	}
	return s.checkOwner(ctx, id, owner, have)
}

// checkOwner decides on owner, given that the conversation's owner was
// have: a conversation without an owner is claimed, in the writer, where
// no other claim can come between reading and writing the owner.
func (s *Store) checkOwner(ctx context.Context, id, owner, have string) error {
	switch have {
	case owner:
		return nil
	case "":
		err := s.write(ctx, func(w *wtx) error {
			if _, err := w.exec(s.ws.claimOwner, owner, id); err != nil {
				return fmt.Errorf("claiming conversation %q: %w", id, err)
			}
			var now string
			if err := w.queryRow(s.ws.ownerOf, id).Scan(&now); err != nil {
				return fmt.Errorf("claiming conversation %q: %w", id, err)
			}
			if now != owner { // another browser claimed it first
				return fmt.Errorf("conversation %q: %w", id, conversation.ErrNotFound)
			}
			w.onCommit(func() { s.cache.forget(id) })
			return nil
		})
		return err
	}
	return fmt.Errorf("conversation %q: %w", id, conversation.ErrNotFound)
}

// Save stores s's state and appends s.History[from:], recording h when not nil.
func (s *Store) Save(ctx context.Context, sess *dialogue.Session, from int, h *Handoff) error {
	if err := conversation.CheckFrom(sess, from); err != nil {
		return err
	}
	state, err := conversation.EncodeState(*sess)
	if err != nil {
		return err
	}
	var rec *handoffRecord
	if h != nil {
		if rec, err = newHandoffRecord(h); err != nil {
			return err
		}
	}
	var id, at int64
	err = s.write(ctx, func(w *wtx) error {
		if err := s.saveTurns(w, sess, from, state); err != nil {
			return err
		}
		if rec == nil {
			return nil
		}
		res, err := w.exec(s.ws.insertHandoff, sess.ID, w.now, w.now, rec.ref, h.Intent, rec.confirmed, rec.transcript,
			rec.path, rec.sources, h.Contact, h.AwaitingContact)
		if isRefTaken(err) {
			return fmt.Errorf("recording handoff of %q as %s: %w", sess.ID, rec.ref, conversation.ErrRefTaken)
		}
		if isOpenHandoffTaken(err) {
			return fmt.Errorf("recording handoff of %q: it has one not closed: %w", sess.ID, conversation.ErrConflict)
		}
		if err != nil {
			return fmt.Errorf("recording handoff of %q: %w", sess.ID, err)
		}
		id, _ = res.LastInsertId()
		at = w.now
		return nil
	})
	if err != nil {
		return err
	}
	if h != nil { // only now: the handoff exists once committed
		h.ID, h.Ref, h.ConversationID = id, rec.ref, sess.ID
		h.CreatedAt, h.UpdatedAt = time.UnixMilli(at), time.UnixMilli(at)
		h.Status = conversation.StatusOpen
	}
	return nil
}

// Handoff is conversation.Handoff, for short.
type Handoff = conversation.Handoff

// handoffRecord is a new handoff's columns, encoded before the write.
type handoffRecord struct {
	ref                                  string
	confirmed, transcript, path, sources string
}

func newHandoffRecord(h *Handoff) (*handoffRecord, error) {
	r := &handoffRecord{ref: h.Ref}
	if r.ref == "" {
		r.ref = conversation.NewRef()
	}
	for _, f := range []struct {
		dst *string
		v   any
	}{
		{&r.confirmed, conversation.NonNil(h.Confirmed)}, {&r.transcript, conversation.NonNil(h.Transcript)},
		{&r.path, conversation.NonNil(h.Path)}, {&r.sources, conversation.NonNil(h.Sources)},
	} {
		b, err := json.Marshal(f.v)
		if err != nil {
			return nil, fmt.Errorf("encoding handoff of %q: %w", h.ConversationID, err)
		}
		*f.dst = string(b)
	}
	return r, nil
}

// saveTurns stores sess's state and appends sess.History[from:].
func (s *Store) saveTurns(w *wtx, sess *dialogue.Session, from int, state []byte) error {
	var owner string
	err := w.queryRow(s.ws.updateConversation, state, w.now, sess.ID).Scan(&owner)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("saving conversation %q: %w", sess.ID, conversation.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("saving conversation %q: %w", sess.ID, err)
	}
	// A chat turn is two turns (the message and the reply): one statement.
	for i := from; i < len(sess.History); {
		t := sess.History[i]
		var err error
		if i+1 < len(sess.History) {
			u := sess.History[i+1]
			_, err = w.exec(s.ws.insertTurns2, sess.ID, i, t.Role, t.Text, string(t.Action), t.NodeID, w.now,
				sess.ID, i+1, u.Role, u.Text, string(u.Action), u.NodeID, w.now)
			i += 2
		} else {
			_, err = w.exec(s.ws.insertTurn, sess.ID, i, t.Role, t.Text, string(t.Action), t.NodeID, w.now)
			i++
		}
		if isTurnTaken(err) {
			return fmt.Errorf("saving turns %d.. of %q: saved before: %w", from, sess.ID, conversation.ErrConflict)
		}
		if err != nil {
			return fmt.Errorf("saving turns %d.. of %q: %w", from, sess.ID, err)
		}
	}
	// The caller waits for the commit, so *sess is still what was saved.
	w.onCommit(func() { s.cache.put(sess.ID, *sess, owner) })
	return nil
}

// SaveFollowUp saves s like Save and records the customer's follow-up on
// handoff f.HandoffID.
func (s *Store) SaveFollowUp(ctx context.Context, sess *dialogue.Session, from int, f conversation.FollowUp) error {
	if err := conversation.CheckFrom(sess, from); err != nil {
		return err
	}
	state, err := conversation.EncodeState(*sess)
	if err != nil {
		return err
	}
	return s.write(ctx, func(w *wtx) error {
		if err := s.saveTurns(w, sess, from, state); err != nil {
			return err
		}
		res, err := w.exec(s.ws.followUp, f.Contact, f.AwaitingContact, w.now, f.HandoffID, sess.ID)
		if err != nil {
			return fmt.Errorf("updating handoff %d: %w", f.HandoffID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("handoff %d of %q: %w", f.HandoffID, sess.ID, conversation.ErrNotFound)
		}
		return nil
	})
}

// isRefTaken reports whether err is the handoffs' unique reference refusing
// a new one.
func isRefTaken(err error) bool { return isUnique(err, "handoffs.ref") }

// isOpenHandoffTaken reports whether err is handoffs_one_open refusing a
// second handoff not closed of one conversation.
func isOpenHandoffTaken(err error) bool { return isUnique(err, "handoffs.conversation_id") }

// isTurnTaken reports whether err is a turn's primary key refusing a
// position saved before.
func isTurnTaken(err error) bool { return isUnique(err, "turns.conversation_id, turns.seq") }

// isUnique reports whether err is a unique index (or primary key) on
// columns refusing a row; SQLite names the columns in the message.
func isUnique(err error, columns string) bool {
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return false
	}
	code := se.Code()
	return (code == sqlite3.SQLITE_CONSTRAINT_UNIQUE || code == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY) &&
		strings.Contains(se.Error(), "failed: "+columns+" ")
}

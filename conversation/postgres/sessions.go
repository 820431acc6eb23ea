package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Create stores a new, empty conversation of owner.
func (s *Store) Create(ctx context.Context, owner string) (dialogue.Session, error) {
	sess := dialogue.Session{ID: conversation.NewID()}
	state, err := conversation.EncodeState(sess)
	if err != nil {
		return dialogue.Session{}, err
	}
	now := s.clock()
	if _, err := s.pool.Exec(ctx,
		"INSERT INTO conversations (id, owner, created_at, updated_at, state) VALUES ($1, $2, $3, $3, $4)",
		sess.ID, owner, now, string(state)); err != nil {
		return dialogue.Session{}, errorf("creating conversation: %w", err)
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
		return dialogue.Session{}, errorf("conversation %q: no owner given: %w", id, conversation.ErrNotFound)
	}
	sess, have, err := s.get(ctx, id)
	if err != nil {
		return dialogue.Session{}, err
	}
	if have != owner {
		if err := s.claim(ctx, id, owner, have); err != nil {
			return dialogue.Session{}, err
		}
	}
	return sess, nil
}

// get reads a conversation and its turns in one round trip: a batch is one
// implicit transaction, so both reads see the same snapshot.
func (s *Store) get(ctx context.Context, id string) (dialogue.Session, string, error) {
	b := &pgx.Batch{}
	b.Queue("SELECT state::text, owner FROM conversations WHERE id = $1", id)
	b.Queue("SELECT role, text, action, node_id FROM turns WHERE conversation_id = $1 ORDER BY seq", id)
	br := s.pool.SendBatch(ctx, b)
	defer br.Close()
	var state, owner string
	err := br.QueryRow().Scan(&state, &owner)
	if errors.Is(err, pgx.ErrNoRows) {
		return dialogue.Session{}, "", errorf("conversation %q: %w", id, conversation.ErrNotFound)
	}
	if err != nil {
		return dialogue.Session{}, "", errorf("reading conversation %q: %w", id, err)
	}
	sess, err := conversation.DecodeState(id, []byte(state))
	if err != nil {
		return dialogue.Session{}, "", err
	}
	rows, err := br.Query()
	if err != nil {
		return dialogue.Session{}, "", errorf("reading turns of %q: %w", id, err)
	}
	var t dialogue.Turn
	var action string
	_, err = pgx.ForEachRow(rows, []any{&t.Role, &t.Text, &action, &t.NodeID}, func() error {
		t.Action = dialogue.Action(action)
		sess.History = append(sess.History, t)
		return nil
	})
	if err != nil {
		return dialogue.Session{}, "", errorf("reading turns of %q: %w", id, err)
	}
	return sess, owner, nil
}

// CheckOwner returns nil when owner may read and continue conversation id.
func (s *Store) CheckOwner(ctx context.Context, id, owner string) error {
	if owner == "" {
		return errorf("conversation %q: no owner given: %w", id, conversation.ErrNotFound)
	}
	var have string
	err := s.pool.QueryRow(ctx, "SELECT owner FROM conversations WHERE id = $1", id).Scan(&have)
	if errors.Is(err, pgx.ErrNoRows) {
		return errorf("conversation %q: %w", id, conversation.ErrNotFound)
	}
	if err != nil {
		return errorf("reading conversation %q: %w", id, err)
	}
	return s.claim(ctx, id, owner, have)
}

// claim decides on owner given the owner have read: a conversation without
// one goes to the first to claim it, in one statement, so that of two
// replicas claiming at once exactly one wins.
func (s *Store) claim(ctx context.Context, id, owner, have string) error {
	switch have {
	case owner:
		return nil
	case "":
		var now string
		err := s.pool.QueryRow(ctx,
			"UPDATE conversations SET owner = CASE WHEN owner = '' THEN $1 ELSE owner END WHERE id = $2 RETURNING owner",
			owner, id).Scan(&now)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return errorf("claiming conversation %q: %w", id, err)
		}
		if err == nil && now == owner {
			return nil
		}
	}
	return errorf("conversation %q: %w", id, conversation.ErrNotFound)
}

// Save stores s's state and appends s.History[from:], recording h when not nil.
// It is one round trip: the statements go as one batch, which PostgreSQL
// runs as one implicit transaction, and any of them failing (a turn saved
// before, an unknown conversation) undoes them all.
func (s *Store) Save(ctx context.Context, sess *dialogue.Session, from int, h *conversation.Handoff) error {
	if err := conversation.CheckFrom(sess, from); err != nil {
		return err
	}
	var rec *handoffRecord
	if h != nil {
		var err error
		if rec, err = newHandoffRecord(h); err != nil {
			return err
		}
	}
	now := s.clock()
	b := &pgx.Batch{}
	if err := queueSave(b, sess, from, now); err != nil {
		return err
	}
	if rec != nil {
		b.Queue(`INSERT INTO handoffs (ref, conversation_id, created_at, updated_at, status, intent,
			confirmed, transcript, path, sources, contact, awaiting_contact)
			VALUES ($1, $2, $3, $3, 'open', $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
			rec.ref, sess.ID, now, clean(h.Intent), rec.confirmed, rec.transcript, rec.path, rec.sources,
			clean(h.Contact), h.AwaitingContact)
	}
	br := s.pool.SendBatch(ctx, b)
	err := readSave(br, sess, from)
	var id int64
	if err == nil && rec != nil {
		if err = br.QueryRow().Scan(&id); isRefTaken(err) {
			err = errorf("recording handoff of %q as %s: %w", sess.ID, rec.ref, conversation.ErrRefTaken)
		} else if isOpenHandoffTaken(err) {
			err = errorf("recording handoff of %q: it has one not closed: %w", sess.ID, conversation.ErrConflict)
		} else if err != nil {
			err = errorf("recording handoff of %q: %w", sess.ID, err)
		}
	}
	// Close reports the commit: only after it is the save acknowledged.
	if cerr := br.Close(); err == nil && cerr != nil {
		err = errorf("saving conversation %q: %w", sess.ID, cerr)
	}
	if err != nil {
		return err
	}
	if h != nil { // only now: the handoff exists once committed
		h.ID, h.Ref, h.ConversationID = id, rec.ref, sess.ID
		h.CreatedAt, h.UpdatedAt, h.Status = now, now, conversation.StatusOpen
	}
	return nil
}

// SaveFollowUp saves s like Save and records the customer's follow-up on
// handoff f.HandoffID.
func (s *Store) SaveFollowUp(ctx context.Context, sess *dialogue.Session, from int, f conversation.FollowUp) error {
	if err := conversation.CheckFrom(sess, from); err != nil {
		return err
	}
	now := s.clock()
	return s.inTx(ctx, sess, from, now, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE handoffs SET
			status = CASE WHEN status = 'answered' THEN 'open' ELSE status END,
			contact = CASE WHEN $1 <> '' THEN $1 ELSE contact END,
			awaiting_contact = $2, updated_at = $3
			WHERE id = $4 AND conversation_id = $5`,
			clean(f.Contact), f.AwaitingContact, now, f.HandoffID, sess.ID)
		if err != nil {
			return errorf("updating handoff %d: %w", f.HandoffID, err)
		}
		if tag.RowsAffected() == 0 {
			return errorf("handoff %d of %q: %w", f.HandoffID, sess.ID, conversation.ErrNotFound)
		}
		return nil
	})
}

// inTx stores sess's state and new turns, then runs more, all in one
// transaction.
func (s *Store) inTx(ctx context.Context, sess *dialogue.Session, from int, now time.Time, more func(tx pgx.Tx) error) error {
	b := &pgx.Batch{}
	if err := queueSave(b, sess, from, now); err != nil {
		return err
	}
	return unavailable(pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		br := tx.SendBatch(ctx, b)
		err := readSave(br, sess, from)
		if cerr := br.Close(); err == nil && cerr != nil {
			err = errorf("saving conversation %q: %w", sess.ID, cerr)
		}
		if err != nil {
			return err
		}
		return more(tx)
	}))
}

// queueSave queues the statements that store sess's state and append
// sess.History[from:] (all of them in one statement).
func queueSave(b *pgx.Batch, sess *dialogue.Session, from int, now time.Time) error {
	state, err := conversation.EncodeState(*sess)
	if err != nil {
		return err
	}
	b.Queue("UPDATE conversations SET state = $1, updated_at = $2 WHERE id = $3", string(state), now, sess.ID)
	turns := sess.History[from:]
	if len(turns) == 0 {
		return nil
	}
	seqs := make([]int32, len(turns))
	roles, texts, actions, nodes := make([]string, len(turns)), make([]string, len(turns)), make([]string, len(turns)), make([]string, len(turns))
	for i, t := range turns {
		seqs[i], roles[i], texts[i], actions[i], nodes[i] = int32(from+i), clean(t.Role), clean(t.Text), string(t.Action), clean(t.NodeID)
	}
	b.Queue(`INSERT INTO turns (conversation_id, seq, role, text, action, node_id, created_at)
		SELECT $1::text, *, $7::timestamptz FROM unnest($2::integer[], $3::text[], $4::text[], $5::text[], $6::text[])`,
		sess.ID, seqs, roles, texts, actions, nodes, now)
	return nil
}

// readSave reads the results of queueSave's statements.
func readSave(br pgx.BatchResults, sess *dialogue.Session, from int) error {
	tag, err := br.Exec()
	if err != nil {
		return errorf("saving conversation %q: %w", sess.ID, err)
	}
	if tag.RowsAffected() == 0 {
		return errorf("saving conversation %q: %w", sess.ID, conversation.ErrNotFound)
	}
	if from < len(sess.History) {
		if _, err := br.Exec(); isUnique(err, "turns_pkey") {
			return errorf("saving turns of %q: saved before: %w", sess.ID, conversation.ErrConflict)
		} else if err != nil {
			return errorf("saving turns of %q: %w", sess.ID, err)
		}
	}
	return nil
}

// handoffRecord is a new handoff's columns, encoded before the write.
type handoffRecord struct {
	ref                                  string
	confirmed, transcript, path, sources string
}

func newHandoffRecord(h *conversation.Handoff) (*handoffRecord, error) {
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
			return nil, errorf("encoding handoff of %q: %w", h.ConversationID, err)
		}
		*f.dst = string(b)
	}
	return r, nil
}

// isRefTaken reports whether err is the handoffs' unique reference refusing
// a new one.
func isRefTaken(err error) bool { return isUnique(err, "handoffs_ref_key") }

// isOpenHandoffTaken reports whether err is handoffs_one_open refusing a
// second handoff not closed of one conversation.
func isOpenHandoffTaken(err error) bool { return isUnique(err, "handoffs_one_open") }

// isUnique reports whether err is unique_violation (23505) of constraint.
func isUnique(err error, constraint string) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505" && pe.ConstraintName == constraint
}

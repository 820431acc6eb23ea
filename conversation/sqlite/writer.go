package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
)

// maxBatch bounds the writes committed together, so one commit never holds
// the write lock for long.
const maxBatch = 256

// op is one write waiting for the writer.
type op struct {
	ctx  context.Context
	fn   func(w *wtx) error
	done chan error
}

// wtx is what a write runs in: the writer's connection, inside the batch's
// transaction, and the batch's clock.
type wtx struct {
	ctx context.Context
	s   *Store
	now int64 // Unix milliseconds
	// after are run once the transaction is committed, in order.
	after []func()
}

// onCommit runs f after the commit, if the write is not undone.
func (w *wtx) onCommit(f func()) { w.after = append(w.after, f) }

func (w *wtx) exec(st *sql.Stmt, args ...any) (sql.Result, error) {
	return st.ExecContext(w.ctx, args...)
}

func (w *wtx) queryRow(st *sql.Stmt, args ...any) *sql.Row {
	return st.QueryRowContext(w.ctx, args...)
}

var errClosed = errors.New("conversation store is closed")

// write runs fn in the writer's next transaction and returns once that
// transaction is committed (nil) or fn's changes are undone (an error).
func (s *Store) write(ctx context.Context, fn func(w *wtx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.readOnly {
		return fmt.Errorf("%s: %w", s.path, errReadOnly)
	}
	o := &op{ctx: ctx, fn: fn, done: make(chan error, 1)}
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return errClosed
	}
	select {
	case s.ops <- o:
	case <-ctx.Done():
		s.mu.RUnlock()
		return ctx.Err()
	}
	s.mu.RUnlock()
	// Once queued, the write may be committed: wait to say which.
	return <-o.done
}

// writer applies queued writes until the store is closed: every write
// waiting when a transaction starts joins it, so under load one commit
// (and its WAL write) serves many writes.
func (s *Store) writer() {
	defer close(s.done)
	batch := make([]*op, 0, maxBatch)
	for o := range s.ops {
		batch = append(batch[:0], o)
		for yielded := false; ; yielded = true {
			s.fill(&batch)
			// A commit costs about as much as a dozen writes: when few
			// are waiting, let the goroutines about to write (a chat
			// turn's handler is usually one step away) run once first.
			if yielded || len(batch) >= minBatch {
				break
			}
			runtime.Gosched()
		}
		s.commit(batch)
		clear(batch)
	}
}

// minBatch is the batch below which the writer yields once before it
// commits, so that more writes can join.
const minBatch = 4

// fill adds the writes waiting now to batch, up to maxBatch.
func (s *Store) fill(batch *[]*op) {
	for len(*batch) < maxBatch {
		select {
		case o, ok := <-s.ops:
			if !ok {
				return
			}
			*batch = append(*batch, o)
		default:
			return
		}
	}
}

// commit runs batch in one transaction and tells every caller the outcome
// after COMMIT. Writes rarely fail (an unknown conversation, a turn saved
// twice), so the batch first runs as it is; if a write fails, the whole
// transaction is undone and the batch runs again with each write in a
// savepoint, so that the failed one is undone alone.
func (s *Store) commit(batch []*op) {
	errs := make([]error, len(batch))
	err := s.run(batch, errs, false)
	if errors.Is(err, errRetry) {
		clear(errs)
		err = s.run(batch, errs, true)
	}
	for i, o := range batch {
		if errs[i] == nil {
			errs[i] = err
		}
		o.done <- errs[i]
	}
}

// errRetry says that a write of the batch failed and the batch must run
// again with savepoints.
var errRetry = errors.New("retry with savepoints")

// run runs batch in one transaction, each write's outcome in errs. It
// returns an error for the transaction as a whole: errRetry when a write
// failed without savepoints, the database's when it failed.
func (s *Store) run(batch []*op, errs []error, savepoints bool) error {
	ctx := context.Background() // a caller's cancellation must not abort the others
	if _, err := s.ws.begin.ExecContext(ctx); err != nil {
		return fmt.Errorf("saving conversations: %w", err)
	}
	var version int64
	if err := s.ws.dataVersion.QueryRowContext(ctx).Scan(&version); err != nil {
		s.rollback()
		return fmt.Errorf("saving conversations: %w", err)
	}
	if version != s.dataVersion { // another process wrote to the file
		s.cache.clear()
		s.dataVersion = version
	}
	w := &wtx{ctx: ctx, s: s, now: s.now().UnixMilli()}
	for i, o := range batch {
		if err := o.ctx.Err(); err != nil {
			errs[i] = err
			continue
		}
		if !savepoints {
			if errs[i] = o.fn(w); errs[i] != nil {
				s.rollback()
				if len(batch) == 1 {
					return nil // errs[0] says it all
				}
				return errRetry
			}
			continue
		}
		mark := len(w.after)
		if _, err := s.ws.savepoint.ExecContext(ctx); err != nil {
			s.rollback()
			return fmt.Errorf("saving conversations: %w", err)
		}
		if errs[i] = o.fn(w); errs[i] != nil {
			w.after = w.after[:mark]
			if _, err := s.ws.rollbackTo.ExecContext(ctx); err != nil {
				s.rollback()
				return fmt.Errorf("saving conversations: %w", err)
			}
		}
		if _, err := s.ws.release.ExecContext(ctx); err != nil {
			s.rollback()
			return fmt.Errorf("saving conversations: %w", err)
		}
	}
	if _, err := s.ws.commit.ExecContext(ctx); err != nil {
		s.rollback()
		return fmt.Errorf("saving conversations: %w", err)
	}
	for _, f := range w.after {
		f()
	}
	return nil
}

func (s *Store) rollback() {
	s.ws.rollback.ExecContext(context.Background()) // fails only when there is nothing to undo
}

// writeStmts are the writer's statements, prepared once on its connection.
type writeStmts struct {
	begin, commit, rollback, savepoint, rollbackTo, release, dataVersion *sql.Stmt

	insertConversation, updateConversation, touchConversation, claimOwner, ownerOf *sql.Stmt
	insertTurn, insertTurns2, nextSeq, turnOf                                      *sql.Stmt
	insertHandoff, followUp, conversationOf, answered                              *sql.Stmt
	setStatus, closeHandoff                                                        *sql.Stmt
	rate                                                                           *sql.Stmt
	all                                                                            []*sql.Stmt
}

func (ws *writeStmts) prepare(ctx context.Context, c *sql.Conn) error {
	for _, p := range []struct {
		dst **sql.Stmt
		sql string
	}{
		{&ws.begin, "BEGIN IMMEDIATE"},
		{&ws.dataVersion, "PRAGMA data_version"},
		{&ws.commit, "COMMIT"},
		{&ws.rollback, "ROLLBACK"},
		{&ws.savepoint, "SAVEPOINT op"},
		{&ws.rollbackTo, "ROLLBACK TO op"},
		{&ws.release, "RELEASE op"},
		{&ws.insertConversation, "INSERT INTO conversations (id, created_at, updated_at, state, owner) VALUES (?, ?, ?, ?, ?)"},
		{&ws.updateConversation, "UPDATE conversations SET state = ?, updated_at = ? WHERE id = ? RETURNING owner"},
		{&ws.touchConversation, "UPDATE conversations SET updated_at = ? WHERE id = ?"},
		{&ws.claimOwner, "UPDATE conversations SET owner = ? WHERE id = ? AND owner = ''"},
		{&ws.ownerOf, "SELECT owner FROM conversations WHERE id = ?"},
		{&ws.insertTurn, "INSERT INTO turns (conversation_id, seq, role, text, action, node_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"},
		{&ws.insertTurns2, "INSERT INTO turns (conversation_id, seq, role, text, action, node_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?)"},
		{&ws.nextSeq, "SELECT COALESCE(MAX(seq) + 1, 0) FROM turns WHERE conversation_id = ?"},
		{&ws.turnOf, "SELECT role, action, node_id FROM turns WHERE conversation_id = ? AND seq = ?"},
		{&ws.insertHandoff, `INSERT INTO handoffs (conversation_id, created_at, updated_at, ref, status, intent, confirmed, transcript, path, sources, contact, awaiting_contact)
			VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?)`},
		{&ws.followUp, `UPDATE handoffs SET
			status = CASE WHEN status = 'answered' THEN 'open' ELSE status END,
			contact = CASE WHEN ?1 != '' THEN ?1 ELSE contact END,
			awaiting_contact = ?2, updated_at = ?3
			WHERE id = ?4 AND conversation_id = ?5`},
		{&ws.conversationOf, "SELECT conversation_id FROM handoffs WHERE id = ?"},
		{&ws.answered, "UPDATE handoffs SET status = 'answered', handled_at = 0, updated_at = ? WHERE id = ?"},
		{&ws.setStatus, "UPDATE handoffs SET status = ?, updated_at = ?, handled_at = 0 WHERE id = ?"},
		{&ws.closeHandoff, "UPDATE handoffs SET status = 'closed', updated_at = ?1, handled_at = CASE WHEN handled_at = 0 THEN ?1 ELSE handled_at END WHERE id = ?2"},
		{&ws.rate, `INSERT INTO feedback (conversation_id, seq, node_id, helpful, created_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (conversation_id, seq) DO UPDATE SET helpful = excluded.helpful, created_at = excluded.created_at`},
	} {
		st, err := c.PrepareContext(ctx, p.sql)
		if err != nil {
			return fmt.Errorf("preparing %q: %w", p.sql, err)
		}
		*p.dst = st
		ws.all = append(ws.all, st)
	}
	return nil
}

func (ws *writeStmts) close() { closeStmts(ws.all) }

// Package conversation persists web chat conversations in SQLite: each
// conversation's dialogue state, its turns, and the handoffs to the support
// team that escalations create.
//
// A conversation's state is plain dialogue.Session data (node ids and
// confirmed conditions), so conversations survive both a server restart and
// a graph rebuild.
package conversation

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/helpgraph/helpgraph/dialogue"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// ErrNotFound is returned (wrapped) for an unknown conversation or handoff.
var ErrNotFound = errors.New("not found")

// ErrInvalid is returned (wrapped) for a request the data does not allow,
// such as rating a turn that is not an answer.
var ErrInvalid = errors.New("invalid")

// DB is a conversation database. It is safe for concurrent use.
type DB struct {
	db  *sql.DB
	now func() time.Time
}

const schema = `
CREATE TABLE IF NOT EXISTS conversations (
	id         TEXT PRIMARY KEY,
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL,
	state      TEXT NOT NULL  -- dialogue.Session as JSON, History left out
);
CREATE TABLE IF NOT EXISTS turns (
	conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
	seq             INTEGER NOT NULL,
	role            TEXT NOT NULL,
	text            TEXT NOT NULL,
	action          TEXT NOT NULL DEFAULT '',
	node_id         TEXT NOT NULL DEFAULT '',
	created_at      INTEGER NOT NULL,
	PRIMARY KEY (conversation_id, seq)
);
CREATE TABLE IF NOT EXISTS handoffs (
	id              INTEGER PRIMARY KEY AUTOINCREMENT,
	conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
	created_at      INTEGER NOT NULL,
	intent          TEXT NOT NULL DEFAULT '',
	confirmed       TEXT NOT NULL DEFAULT '[]',
	transcript      TEXT NOT NULL DEFAULT '[]',
	handled_at      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS handoffs_waiting ON handoffs(handled_at, created_at);
CREATE TABLE IF NOT EXISTS feedback (
	conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
	seq             INTEGER NOT NULL, -- the agent turn rated
	node_id         TEXT NOT NULL DEFAULT '',
	helpful         INTEGER NOT NULL,
	created_at      INTEGER NOT NULL,
	PRIMARY KEY (conversation_id, seq)
);
`

// Open opens (creating if needed) the conversation database at path.
func Open(ctx context.Context, path string) (*DB, error) {
	if dir := filepath.Dir(path); path != ":memory:" && dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("opening conversations %s: %w", path, err)
		}
	}
	dsn := "file:" + path + "?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("opening conversations %s: %w", path, err)
	}
	// One connection: SQLite serialises writers anyway, and a single
	// connection avoids SQLITE_BUSY between our own goroutines.
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("creating conversation tables in %s: %w", path, err)
	}
	err = migrate(ctx, db)
	if err == nil {
		err = migrateOwners(ctx, db)
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("upgrading conversations in %s: %w", path, err)
	}
	return &DB{db: db, now: time.Now}, nil
}

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

// Ping checks that the database is reachable.
func (d *DB) Ping(ctx context.Context) error {
	var one int
	if err := d.db.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("pinging conversations: %w", err)
	}
	return nil
}

// NewID returns a random conversation id (128 bits, hex).
func NewID() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	return hex.EncodeToString(b[:])
}

// Create stores a new, empty conversation without an owner and returns its session.
func (d *DB) Create(ctx context.Context) (dialogue.Session, error) { return d.CreateOwned(ctx, "") }

// CreateOwned stores a new, empty conversation of owner (see CheckOwner).
func (d *DB) CreateOwned(ctx context.Context, owner string) (dialogue.Session, error) {
	s := dialogue.Session{ID: NewID()}
	state, err := encodeState(s)
	if err != nil {
		return dialogue.Session{}, err
	}
	now := d.now().UnixMilli()
	if _, err := d.db.ExecContext(ctx,
		"INSERT INTO conversations (id, created_at, updated_at, state, owner) VALUES (?, ?, ?, ?, ?)",
		s.ID, now, now, state, owner); err != nil {
		return dialogue.Session{}, fmt.Errorf("creating conversation: %w", err)
	}
	return s, nil
}

// Get returns the session of conversation id with its full history, or an
// error wrapping ErrNotFound.
func (d *DB) Get(ctx context.Context, id string) (dialogue.Session, error) {
	var state string
	err := d.db.QueryRowContext(ctx, "SELECT state FROM conversations WHERE id = ?", id).Scan(&state)
	if errors.Is(err, sql.ErrNoRows) {
		return dialogue.Session{}, fmt.Errorf("conversation %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return dialogue.Session{}, fmt.Errorf("reading conversation %q: %w", id, err)
	}
	var s dialogue.Session
	if err := json.Unmarshal([]byte(state), &s); err != nil {
		return dialogue.Session{}, fmt.Errorf("decoding conversation %q: %w", id, err)
	}
	s.ID = id
	s.History, err = d.turns(ctx, id)
	if err != nil {
		return dialogue.Session{}, err
	}
	return s, nil
}

func (d *DB) turns(ctx context.Context, id string) ([]dialogue.Turn, error) {
	rows, err := d.db.QueryContext(ctx,
		"SELECT role, text, action, node_id FROM turns WHERE conversation_id = ? ORDER BY seq", id)
	if err != nil {
		return nil, fmt.Errorf("reading turns of %q: %w", id, err)
	}
	defer rows.Close()
	var turns []dialogue.Turn
	for rows.Next() {
		var t dialogue.Turn
		var action string
		if err := rows.Scan(&t.Role, &t.Text, &action, &t.NodeID); err != nil {
			return nil, fmt.Errorf("reading turns of %q: %w", id, err)
		}
		t.Action = dialogue.Action(action)
		turns = append(turns, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading turns of %q: %w", id, err)
	}
	return turns, nil
}

// Save stores s's state and appends s.History[from:] as new turns. When h is
// not nil it also records h as a new handoff of s (filling in its ID,
// ConversationID, CreatedAt and an open Status); all in one transaction.
func (d *DB) Save(ctx context.Context, s *dialogue.Session, from int, h *Handoff) error {
	return d.inTx(ctx, s.ID, func(tx *sql.Tx, now int64) error {
		if err := saveTurns(ctx, tx, s, from, now); err != nil {
			return err
		}
		if h != nil {
			return insertHandoff(ctx, tx, s.ID, h, now)
		}
		return nil
	})
}

// inTx runs fn in a transaction on behalf of conversation id.
func (d *DB) inTx(ctx context.Context, id string, fn func(tx *sql.Tx, now int64) error) error {
	tx, err := d.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("saving conversation %q: %w", id, err)
	}
	defer tx.Rollback()
	if err := fn(tx, d.now().UnixMilli()); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("saving conversation %q: %w", id, err)
	}
	return nil
}

// saveTurns stores s's state and appends s.History[from:].
func saveTurns(ctx context.Context, tx *sql.Tx, s *dialogue.Session, from int, now int64) error {
	if from < 0 || from > len(s.History) {
		return fmt.Errorf("saving conversation %q: turn %d out of range", s.ID, from)
	}
	state, err := encodeState(*s)
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, "UPDATE conversations SET state = ?, updated_at = ? WHERE id = ?", state, now, s.ID)
	if err != nil {
		return fmt.Errorf("saving conversation %q: %w", s.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("saving conversation %q: %w", s.ID, ErrNotFound)
	}
	for i, t := range s.History[from:] {
		if _, err := tx.ExecContext(ctx,
			"INSERT INTO turns (conversation_id, seq, role, text, action, node_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
			s.ID, from+i, t.Role, t.Text, string(t.Action), t.NodeID, now); err != nil {
			return fmt.Errorf("saving turn %d of %q: %w", from+i, s.ID, err)
		}
	}
	return nil
}

// encodeState encodes s without its history, which lives in the turns table.
func encodeState(s dialogue.Session) (string, error) {
	s.History = nil
	b, err := json.Marshal(s)
	if err != nil {
		return "", fmt.Errorf("encoding conversation %q: %w", s.ID, err)
	}
	return string(b), nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

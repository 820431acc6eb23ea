// Package postgres is the conversation store in PostgreSQL (pgx), which any
// number of serve replicas share: a conversation started on one continues
// on another, and every replica's support queue shows every handoff.
//
// Open migrates the schema, under an advisory lock so that replicas
// starting at once take turns; each migration runs once, in a transaction.
package postgres

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Store is a conversation.Store in PostgreSQL.
type Store struct {
	pool *pgxpool.Pool
	now  func() time.Time
}

var _ conversation.Store = (*Store)(nil)

// Options tune OpenWith. The zero value is the default.
type Options struct {
	// Now is the clock (time.Now when nil), for tests.
	Now func() time.Time
}

// IsURL reports whether spec names a PostgreSQL database (postgres:// or
// postgresql://) rather than a file.
func IsURL(spec string) bool {
	lower := strings.ToLower(spec)
	return strings.HasPrefix(lower, "postgres://") || strings.HasPrefix(lower, "postgresql://")
}

// Redact returns dsn with its password replaced, for messages.
func Redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://…"
	}
	return u.Redacted()
}

// Open connects to the database at dsn (a postgres:// URL; pool settings
// such as pool_max_conns go in its query) and migrates the schema.
func Open(ctx context.Context, dsn string) (*Store, error) { return OpenWith(ctx, dsn, Options{}) }

// OpenWith is Open with options.
func OpenWith(ctx context.Context, dsn string, o Options) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("opening conversations %s: %w", Redact(dsn), err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("opening conversations %s: %w", Redact(dsn), err)
	}
	s := &Store{pool: pool, now: o.Now}
	if s.now == nil {
		s.now = time.Now
	}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("opening conversations %s: %w", Redact(dsn), err)
	}
	return s, nil
}

// Close closes the pool.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// Ping checks that the database is reachable.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		return errorf("pinging conversations: %w", err)
	}
	return nil
}

// clock returns now at the database's precision, so that times handed back
// on a write equal the ones read later.
func (s *Store) clock() time.Time { return s.now().Truncate(time.Microsecond) }

// migrationLock is the advisory lock key migrations hold ("hgconv").
const migrationLock = 0x6867636f6e76

// migrations are applied in order, each once; append, never edit.
var migrations = []string{
	`CREATE TABLE conversations (
		id         text PRIMARY KEY,
		owner      text NOT NULL DEFAULT '',
		created_at timestamptz NOT NULL,
		updated_at timestamptz NOT NULL,
		state      json NOT NULL -- dialogue.Session, History left out
	);
	CREATE INDEX conversations_created ON conversations (created_at);
	CREATE INDEX conversations_updated ON conversations (updated_at);
	CREATE TABLE turns (
		conversation_id text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
		seq             integer NOT NULL,
		role            text NOT NULL,
		text            text NOT NULL,
		action          text NOT NULL DEFAULT '',
		node_id         text NOT NULL DEFAULT '',
		created_at      timestamptz NOT NULL,
		PRIMARY KEY (conversation_id, seq)
	);
	CREATE TABLE handoffs (
		id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		ref              text NOT NULL UNIQUE,
		conversation_id  text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
		created_at       timestamptz NOT NULL,
		updated_at       timestamptz NOT NULL,
		status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
		intent           text NOT NULL DEFAULT '',
		confirmed        json NOT NULL DEFAULT '[]',
		transcript       json NOT NULL DEFAULT '[]',
		path             json NOT NULL DEFAULT '[]',
		sources          json NOT NULL DEFAULT '[]',
		contact          text NOT NULL DEFAULT '',
		awaiting_contact boolean NOT NULL DEFAULT false,
		handled_at       timestamptz
	);
	CREATE INDEX handoffs_waiting ON handoffs (status, created_at);
	CREATE INDEX handoffs_conversation ON handoffs (conversation_id, id);
	CREATE TABLE feedback (
		conversation_id text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
		seq             integer NOT NULL, -- the agent turn rated
		node_id         text NOT NULL DEFAULT '',
		helpful         boolean NOT NULL,
		created_at      timestamptz NOT NULL,
		PRIMARY KEY (conversation_id, seq)
	);
	CREATE INDEX feedback_created ON feedback (created_at);`,
	// At most one handoff not closed per conversation, so that replicas
	// escalating one conversation at once file one. Handoffs filed twice
	// before are closed but for the newest.
	`UPDATE handoffs SET status = 'closed', updated_at = now(), handled_at = COALESCE(handled_at, now())
		WHERE status <> 'closed' AND id NOT IN
		(SELECT MAX(id) FROM handoffs WHERE status <> 'closed' GROUP BY conversation_id);
	CREATE UNIQUE INDEX handoffs_one_open ON handoffs (conversation_id) WHERE status <> 'closed';`,
}

// migrate brings the schema up to date. The advisory lock is held to the
// end of the transaction, so a replica starting beside another waits for
// it and then finds nothing left to do.
func (s *Store) migrate(ctx context.Context) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", int64(migrationLock)); err != nil {
			return fmt.Errorf("locking for migrations: %w", err)
		}
		// Only create what is missing, so that a user who may not create
		// tables runs an up-to-date schema.
		var exists bool
		if err := tx.QueryRow(ctx, "SELECT to_regclass('conversation_migrations') IS NOT NULL").Scan(&exists); err != nil {
			return fmt.Errorf("reading the schema version: %w", err)
		}
		if !exists {
			if _, err := tx.Exec(ctx, `CREATE TABLE conversation_migrations (
				version    integer PRIMARY KEY,
				applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
				return fmt.Errorf("creating the migrations table: %w", err)
			}
		}
		var done int
		if err := tx.QueryRow(ctx, "SELECT COALESCE(MAX(version), 0) FROM conversation_migrations").Scan(&done); err != nil {
			return fmt.Errorf("reading the schema version: %w", err)
		}
		if done > len(migrations) {
			return fmt.Errorf("the schema is at version %d, newer than this program's %d: upgrade helpgraph", done, len(migrations))
		}
		for v := done + 1; v <= len(migrations); v++ {
			if _, err := tx.Exec(ctx, migrations[v-1]); err != nil {
				return fmt.Errorf("migration %d: %w", v, err)
			}
			if _, err := tx.Exec(ctx, "INSERT INTO conversation_migrations (version) VALUES ($1)", v); err != nil {
				return fmt.Errorf("migration %d: %w", v, err)
			}
		}
		return nil
	})
}

// clean makes s storable in a text column: PostgreSQL refuses NUL bytes,
// which no customer means to type, so they become U+FFFD.
func clean(s string) string {
	if strings.IndexByte(s, 0) < 0 {
		return s
	}
	return strings.ReplaceAll(s, "\x00", "\uFFFD")
}

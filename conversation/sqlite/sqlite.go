// Package sqlite is the embedded conversation store: one SQLite file in WAL
// mode, which one process writes (a second writer is refused; readers such
// as helpgraph gaps open it read-only beside it). Serve replicas share
// conversations in conversation/postgres instead.
//
// Writes are group-committed: every write is queued to one writer
// goroutine, which applies all the writes waiting at that moment in a
// single transaction and acknowledges each caller only after the commit,
// so a write that returned nil is in the WAL file, which survives the
// process being killed. A write that fails is undone alone (the batch runs
// again with a savepoint around each write). Reads run on a separate pool
// of connections, in parallel with the writer; statements are prepared
// once; and the conversations written last are kept in memory, so a chat
// turn reads its conversation without a query.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/helpgraph/helpgraph/conversation"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Store is a conversation.Store in a SQLite file.
type Store struct {
	path string
	rdb  *sql.DB // read pool
	wdb  *sql.DB // the writer's one connection
	w    *sql.Conn
	ws   writeStmts
	rs   readStmts
	now  func() time.Time

	readOnly    bool
	lock        *os.File // held while open for writing
	cache       *sessionCache
	dataVersion int64 // the writer's; see sessionCache

	mu     sync.RWMutex // guards closed against ops being sent
	closed bool
	ops    chan *op
	done   chan struct{} // closed when the writer has stopped
}

var _ conversation.Store = (*Store)(nil)

// Options tune Open. The zero value is the default.
type Options struct {
	// ReadOnly opens an existing file for reading only (see OpenReadOnly).
	ReadOnly bool
	// Sync makes every commit wait for the disk (synchronous=FULL), so
	// acknowledged writes also survive a power loss; by default
	// (synchronous=NORMAL in WAL mode) they survive the process being
	// killed, and a power loss can lose the last commits.
	Sync bool
	// Now is the clock (time.Now when nil), for tests.
	Now func() time.Time
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

// ErrInUse is returned (wrapped) by Open when another process has the
// file open for writing.
var ErrInUse = errors.New("in use by another process")

// errReadOnly is returned (wrapped) by the writes of a read-only store.
var errReadOnly = errors.New("conversations opened read-only")

// Open opens (creating if needed) the conversation database at path for
// reading and writing. One process at a time may: this one keeps the
// conversations it writes in memory, which another writer would make
// stale, so a second Open of the same file, in this process or another,
// fails with ErrInUse until Close. (Serve replicas share conversations in
// PostgreSQL instead.) Readers of a file in use open it with OpenReadOnly.
func Open(ctx context.Context, path string) (*Store, error) {
	return OpenWith(ctx, path, Options{})
}

// OpenReadOnly opens the existing conversation database at path for
// reading only (helpgraph gaps and ask, beside a running serve). Every
// write returns an error.
func OpenReadOnly(ctx context.Context, path string) (*Store, error) {
	return OpenWith(ctx, path, Options{ReadOnly: true})
}

// OpenWith is Open with options.
func OpenWith(ctx context.Context, path string, o Options) (*Store, error) {
	if path == "" || path == ":memory:" { // each connection would get its own database
		return nil, fmt.Errorf("opening conversations %q: a file path is needed", path)
	}
	s := &Store{path: path, now: o.Now, readOnly: o.ReadOnly, cache: newSessionCache(),
		ops: make(chan *op, maxBatch), done: make(chan struct{})}
	if s.now == nil {
		s.now = time.Now
	}
	base := "file:" + path + "?_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)"
	if o.ReadOnly {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("opening conversations: %w", err)
		}
		close(s.done)
	} else {
		if dir := filepath.Dir(path); dir != "." {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, fmt.Errorf("opening conversations %s: %w", path, err)
			}
		}
		lock, err := lockFile(path)
		if err != nil {
			return nil, fmt.Errorf("opening conversations %s: %w", path, err)
		}
		s.lock = lock
		syncMode := "NORMAL"
		if o.Sync {
			syncMode = "FULL"
		}
		s.wdb, err = sql.Open("sqlite", base+"&_pragma=journal_mode(WAL)&_pragma=synchronous("+syncMode+")")
		if err != nil {
			s.closeDBs()
			return nil, fmt.Errorf("opening conversations %s: %w", path, err)
		}
		s.wdb.SetMaxOpenConns(1)
		if err := s.setUp(ctx); err != nil {
			s.closeDBs()
			return nil, err
		}
	}
	// Readers never write: query_only makes a bug that tries fail loudly.
	var err error
	s.rdb, err = sql.Open("sqlite", base+"&_pragma=query_only(1)")
	if err != nil {
		s.closeDBs()
		return nil, fmt.Errorf("opening conversations %s: %w", path, err)
	}
	n := max(4, 2*runtime.GOMAXPROCS(0))
	s.rdb.SetMaxOpenConns(n)
	s.rdb.SetMaxIdleConns(n)
	if err := s.rs.prepare(ctx, s.rdb); err != nil {
		s.closeDBs()
		return nil, fmt.Errorf("opening conversations %s: %w", path, err)
	}
	if !o.ReadOnly {
		go s.writer()
	}
	return s, nil
}

// setUp creates and upgrades the tables, then takes the writer's connection
// and prepares its statements.
func (s *Store) setUp(ctx context.Context) error {
	if _, err := s.wdb.ExecContext(ctx, schema); err != nil {
		return fmt.Errorf("creating conversation tables in %s: %w", s.path, err)
	}
	err := migrate(ctx, s.wdb)
	if err == nil {
		err = migrateOwners(ctx, s.wdb)
	}
	if err != nil {
		return fmt.Errorf("upgrading conversations in %s: %w", s.path, err)
	}
	if s.w, err = s.wdb.Conn(ctx); err != nil {
		return fmt.Errorf("opening conversations %s: %w", s.path, err)
	}
	if err := s.ws.prepare(ctx, s.w); err != nil {
		return fmt.Errorf("opening conversations %s: %w", s.path, err)
	}
	return nil
}

// Close waits for the writes under way, then closes the database.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	if !s.readOnly {
		close(s.ops)
	}
	s.mu.Unlock()
	<-s.done
	return s.closeDBs()
}

func (s *Store) closeDBs() error {
	s.rs.close()
	s.ws.close()
	var errs []error
	if s.w != nil {
		errs = append(errs, s.w.Close())
	}
	if s.rdb != nil {
		errs = append(errs, s.rdb.Close())
	}
	if s.wdb != nil {
		errs = append(errs, s.wdb.Close())
	}
	if s.lock != nil {
		errs = append(errs, s.lock.Close()) // releases the lock
	}
	return errors.Join(errs...)
}

// Ping checks that the database is reachable.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	if err := s.rdb.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("pinging conversations: %w", err)
	}
	return nil
}

// handoffColumns adds what handoffs gained after the first schema; databases
// made before are upgraded in place on Open.
var handoffColumns = []struct{ name, def string }{
	{"ref", "TEXT NOT NULL DEFAULT ''"},
	{"status", "TEXT NOT NULL DEFAULT 'open'"},
	{"updated_at", "INTEGER NOT NULL DEFAULT 0"},
	{"path", "TEXT NOT NULL DEFAULT '[]'"},
	{"sources", "TEXT NOT NULL DEFAULT '[]'"},
	{"contact", "TEXT NOT NULL DEFAULT ''"},
	{"awaiting_contact", "INTEGER NOT NULL DEFAULT 0"},
}

func migrate(ctx context.Context, db *sql.DB) error {
	have := map[string]bool{}
	rows, err := db.QueryContext(ctx, "SELECT name FROM pragma_table_info('handoffs')")
	if err != nil {
		return err
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return err
		}
		have[name] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, c := range handoffColumns {
		if have[c.name] {
			continue
		}
		if _, err := db.ExecContext(ctx, "ALTER TABLE handoffs ADD COLUMN "+c.name+" "+c.def); err != nil {
			return fmt.Errorf("adding handoffs.%s: %w", c.name, err)
		}
		switch c.name {
		case "status": // handled before statuses existed means closed
			_, err = db.ExecContext(ctx, "UPDATE handoffs SET status = 'closed' WHERE handled_at != 0")
		case "ref":
			_, err = db.ExecContext(ctx, "UPDATE handoffs SET ref = 'HG-' || id WHERE ref = ''")
		case "updated_at":
			_, err = db.ExecContext(ctx, "UPDATE handoffs SET updated_at = created_at")
		}
		if err != nil {
			return fmt.Errorf("filling handoffs.%s: %w", c.name, err)
		}
	}
	_, err = db.ExecContext(ctx, `
CREATE UNIQUE INDEX IF NOT EXISTS handoffs_ref ON handoffs(ref);
CREATE INDEX IF NOT EXISTS handoffs_conversation ON handoffs(conversation_id, id);
CREATE INDEX IF NOT EXISTS conversations_updated ON conversations(updated_at);
CREATE INDEX IF NOT EXISTS conversations_created ON conversations(created_at);
CREATE INDEX IF NOT EXISTS feedback_created ON feedback(created_at);`)
	if err != nil {
		return err
	}
	return migrateOneOpen(ctx, db)
}

// migrateOneOpen makes the store keep at most one handoff not closed per
// conversation (handoffs_one_open). Databases from before it may hold
// two, filed by racing replicas: all but the newest are closed, as the
// duplicates they are.
func migrateOneOpen(ctx context.Context, db *sql.DB) error {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'handoffs_one_open'").Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := db.ExecContext(ctx, `
UPDATE handoffs SET status = 'closed', updated_at = ?1, handled_at = CASE WHEN handled_at = 0 THEN ?1 ELSE handled_at END
	WHERE status != 'closed' AND id NOT IN (SELECT MAX(id) FROM handoffs WHERE status != 'closed' GROUP BY conversation_id);
CREATE UNIQUE INDEX handoffs_one_open ON handoffs(conversation_id) WHERE status != 'closed';`, time.Now().UnixMilli())
	if err != nil {
		return fmt.Errorf("one open handoff per conversation: %w", err)
	}
	return nil
}

// Conversations belong to the browser that started them: owner is an opaque
// string the web layer derives from a browser's secret (a hash, never the
// secret itself). A conversation made before owners existed has owner "".
func migrateOwners(ctx context.Context, db *sql.DB) error {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM pragma_table_info('conversations') WHERE name = 'owner'").Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		if _, err := db.ExecContext(ctx, "ALTER TABLE conversations ADD COLUMN owner TEXT NOT NULL DEFAULT ''"); err != nil {
			return fmt.Errorf("adding conversations.owner: %w", err)
		}
	}
	return nil
}

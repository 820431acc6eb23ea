package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/url"
	"os"

	msqlite "modernc.org/sqlite"
)

// ErrNoStore is returned by OpenReadOnly for a store file that does not
// exist: a read-only command has nothing to read, and must not create one.
var ErrNoStore = errors.New("no graph store there")

// OpenReadOnly opens an existing store for reading only: it creates no file
// or folder and migrates nothing, so it works on a file the process may not
// write, and a mistyped path is an error instead of a new, empty store. A
// store written by an older version of the program must be built again
// first (one that only lacks the pages' breadcrumbs is read without them).
// Replace fails on the returned Store.
func OpenReadOnly(ctx context.Context, path string, logger *slog.Logger) (*Store, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("opening graph store %s: %w (run helpgraph build first, or check --store)", path, ErrNoStore)
	case err != nil:
		return nil, fmt.Errorf("opening graph store %s: %w", path, err)
	case fi.IsDir():
		return nil, fmt.Errorf("opening graph store %s: is a directory", path)
	}
	db, version, err := openRO(ctx, path, false)
	var se *msqlite.Error
	if errors.As(err, &se) && se.Code()&0xff == sqliteReadOnly {
		// A WAL store in a folder we may not write: SQLite cannot create
		// the shared-memory file readers need. Read it as an immutable
		// file; a later build is then seen only after a restart.
		logger.Warn("graph store folder is not writable: reading the store as immutable; restart to see new builds", "path", path)
		db, version, err = openRO(ctx, path, true)
	}
	if err != nil {
		return nil, fmt.Errorf("opening graph store %s: reading schema version: %w", path, err)
	}
	s := &Store{path: path, logger: logger, read: db, write: db, noBreadcrumbs: version == withoutBreadcrumbs}
	if version != len(schema) && version != withoutBreadcrumbs {
		db.Close()
		return nil, fmt.Errorf("opening graph store %s: schema version %d, this program reads version %d (run helpgraph build to update it)", path, version, len(schema))
	}
	return s, nil
}

// sqliteReadOnly is SQLITE_READONLY, the primary code of its extended codes.
const sqliteReadOnly = 8

// openRO opens path read-only and reads its schema version.
func openRO(ctx context.Context, path string, immutable bool) (*sql.DB, int, error) {
	db, err := sql.Open("sqlite", readOnlyDSN(path, immutable))
	if err != nil {
		return nil, 0, err
	}
	var version int
	if err := db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		db.Close()
		return nil, 0, err
	}
	return db, version, nil
}

// readOnlyDSN opens path with mode=ro: SQLite then never writes the file,
// though it still uses the WAL's shared-memory file beside it, unless
// immutable.
func readOnlyDSN(path string, immutable bool) string {
	q := url.Values{}
	q.Set("mode", "ro")
	if immutable {
		q.Set("immutable", "1")
	}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

// CheckWritable reports whether Replace could write the store, without
// writing: it takes and drops the write lock. A build calls it before
// reading any page, so a read-only file fails at once instead of after the
// crawl.
func (s *Store) CheckWritable(ctx context.Context) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err == nil && s.write == s.read {
		// A read-only handle begins deferred transactions: ask for the
		// write lock explicitly.
		_, err = tx.ExecContext(ctx, `DELETE FROM builds WHERE 0`)
	}
	if tx != nil {
		tx.Rollback()
	}
	if err != nil {
		return fmt.Errorf("graph store %s cannot be written: %w", s.path, err)
	}
	return nil
}

// sqliteMagic starts every SQLite database file.
const sqliteMagic = "SQLite format 3\x00"

// Ping checks that the store's file is still there and still a database,
// reading it from disk: SQLite's page cache would otherwise answer queries
// from memory after the file was overwritten or removed underneath.
func (s *Store) Ping(ctx context.Context) error {
	f, err := os.Open(s.path)
	if err != nil {
		return fmt.Errorf("graph store %s: %w", s.path, err)
	}
	defer f.Close()
	head := make([]byte, len(sqliteMagic))
	if _, err := io.ReadFull(f, head); err != nil || string(head) != sqliteMagic {
		return fmt.Errorf("graph store %s: not a SQLite database any more", s.path)
	}
	var n int
	if err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM builds`).Scan(&n); err != nil {
		return fmt.Errorf("graph store %s: %w", s.path, err)
	}
	return nil
}

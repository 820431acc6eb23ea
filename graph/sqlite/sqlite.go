// Package sqlite is the embedded default graph.Store: one SQLite file, with
// an FTS5 index over node intents.
package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/helpgraph/helpgraph/graph"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Store is a graph.Store in a single SQLite file. It is safe for concurrent
// use; readers run in WAL snapshots, so they never wait for a Replace.
type Store struct {
	path   string
	logger *slog.Logger
	// Reads and the single writer use separate pools: the writer pool has one
	// connection and starts transactions with BEGIN IMMEDIATE, so concurrent
	// Replaces queue on the busy timeout instead of failing on a lock upgrade.
	read  *sql.DB
	write *sql.DB
	// detectors tell a query's language among the pages' languages, by
	// the languages (see queryWords).
	detectors sync.Map
	pageLangs pageCounts
	// noBreadcrumbs: a store opened read-only at schema version
	// withoutBreadcrumbs, whose pages have no breadcrumb column.
	noBreadcrumbs bool
}

var _ graph.Store = (*Store)(nil)

const busyTimeout = 10 * time.Second

// Open opens (creating it and its parent directories if needed) the store in
// the SQLite file at path and migrates its schema.
func Open(ctx context.Context, path string, logger *slog.Logger) (*Store, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("opening graph store %s: is a directory", path)
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("opening graph store %s: %w", path, err)
		}
	}
	read, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, fmt.Errorf("opening graph store %s: %w", path, err)
	}
	write, err := sql.Open("sqlite", dsn(path, true))
	if err != nil {
		read.Close()
		return nil, fmt.Errorf("opening graph store %s: %w", path, err)
	}
	write.SetMaxOpenConns(1)
	s := &Store{path: path, logger: logger, read: read, write: write}
	if err := s.migrate(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("opening graph store %s: %w", path, err)
	}
	return s, nil
}

func dsn(path string, writer bool) string {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(1)")
	// NORMAL is safe with WAL: a power cut can lose the last build, but
	// never corrupts the file.
	q.Add("_pragma", "synchronous(NORMAL)")
	if writer {
		q.Set("_txlock", "immediate")
		// A page cache of 8 MiB: Replace builds its indexes after the rows
		// are in, so a bigger cache saves little, and every cached page is
		// its own allocation that closing the store frees one by one (a
		// 64 MiB cache took a second to close after a 50k-node Replace).
		q.Add("_pragma", "cache_size(-8192)")
		// Each multi-row INSERT of a Replace keeps a statement journal
		// (one batch of rows, so small); in a file it cost half a 50k-node
		// Replace in write calls.
		q.Add("_pragma", "temp_store(MEMORY)")
	}
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

// Close closes the store's database handles.
func (s *Store) Close() error {
	if s.write == s.read { // OpenReadOnly
		return s.read.Close()
	}
	return errors.Join(s.read.Close(), s.write.Close())
}

// Load returns the current graph, read in one snapshot.
func (s *Store) Load(ctx context.Context) (*graph.Graph, error) {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("loading graph: %w", err)
	}
	defer tx.Rollback()
	g, err := load(ctx, tx, s.noBreadcrumbs)
	if err != nil {
		return nil, fmt.Errorf("loading graph: %w", err)
	}
	return g, nil
}

func load(ctx context.Context, tx *sql.Tx, noBreadcrumbs bool) (*graph.Graph, error) {
	g := &graph.Graph{}
	var counts [3]int
	if err := tx.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM pages), (SELECT count(*) FROM nodes), (SELECT count(*) FROM edges)`).
		Scan(&counts[0], &counts[1], &counts[2]); err != nil {
		return nil, fmt.Errorf("counting: %w", err)
	}
	g.Pages = make([]graph.Page, 0, counts[0])
	g.Nodes = make([]graph.Node, 0, counts[1])
	g.Edges = make([]graph.Edge, 0, counts[2])

	crumbColumn := "breadcrumb"
	if noBreadcrumbs {
		crumbColumn = "''"
	}
	rows, err := tx.QueryContext(ctx, `SELECT url, title, lang, `+crumbColumn+`, text, content_hash, method, extractor, status, error FROM pages ORDER BY seq`)
	if err != nil {
		return nil, fmt.Errorf("reading pages: %w", err)
	}
	for rows.Next() {
		var p graph.Page
		var crumb string
		if err := rows.Scan(&p.URL, &p.Title, &p.Lang, &crumb, &p.Text, &p.ContentHash, &p.Method, &p.Extractor, &p.Status, &p.Error); err != nil {
			rows.Close()
			return nil, fmt.Errorf("reading pages: %w", err)
		}
		if p.Breadcrumb, err = decodeBreadcrumb(crumb); err != nil {
			rows.Close()
			return nil, fmt.Errorf("reading page %q: %w", p.URL, err)
		}
		g.Pages = append(g.Pages, p)
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("reading pages: %w", err)
	}

	index := make(map[string]int, counts[1])
	rows, err = tx.QueryContext(ctx, `SELECT id, page, problem, condition, resolution, actionable, root, answers, hollow, shown FROM nodes ORDER BY seq`)
	if err != nil {
		return nil, fmt.Errorf("reading nodes: %w", err)
	}
	for rows.Next() {
		var n graph.Node
		var v nullVerdict
		if err := rows.Scan(&n.ID, &n.Page, &n.Problem, &n.Condition, &n.Resolution, &n.Actionable, &n.Root, &v.answers, &v.hollow, &v.text); err != nil {
			rows.Close()
			return nil, fmt.Errorf("reading nodes: %w", err)
		}
		n.Verdict = v.verdict()
		index[n.ID] = len(g.Nodes)
		g.Nodes = append(g.Nodes, n)
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("reading nodes: %w", err)
	}

	rows, err = tx.QueryContext(ctx, `SELECT node, text FROM intents ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("reading intents: %w", err)
	}
	for rows.Next() {
		var node, text string
		if err := rows.Scan(&node, &text); err != nil {
			rows.Close()
			return nil, fmt.Errorf("reading intents: %w", err)
		}
		i, ok := index[node]
		if !ok {
			rows.Close()
			return nil, fmt.Errorf("reading intents: intent of unknown node %q", node)
		}
		g.Nodes[i].Intents = append(g.Nodes[i].Intents, text)
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("reading intents: %w", err)
	}

	rows, err = tx.QueryContext(ctx, `SELECT src, dst, type FROM edges ORDER BY seq`)
	if err != nil {
		return nil, fmt.Errorf("reading edges: %w", err)
	}
	for rows.Next() {
		var e graph.Edge
		if err := rows.Scan(&e.From, &e.To, &e.Type); err != nil {
			rows.Close()
			return nil, fmt.Errorf("reading edges: %w", err)
		}
		g.Edges = append(g.Edges, e)
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("reading edges: %w", err)
	}
	return g, nil
}

// nullVerdict scans a node's verdict columns, NULL in rows written before
// verdicts were stored.
type nullVerdict struct {
	answers, hollow sql.NullBool
	text            sql.NullString
}

func (v nullVerdict) verdict() *graph.Verdict {
	if !v.answers.Valid {
		return nil
	}
	return &graph.Verdict{Answers: v.answers.Bool, Hollow: v.hollow.Bool, Text: v.text.String}
}

func closeRows(rows *sql.Rows) error {
	return errors.Join(rows.Err(), rows.Close())
}

// Node returns the node with id.
func (s *Store) Node(ctx context.Context, id string) (graph.Node, error) {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return graph.Node{}, fmt.Errorf("reading node %q: %w", id, err)
	}
	defer tx.Rollback()
	n := graph.Node{ID: id}
	var v nullVerdict
	err = tx.QueryRowContext(ctx, `SELECT page, problem, condition, resolution, actionable, root, answers, hollow, shown FROM nodes WHERE id = ?`, id).
		Scan(&n.Page, &n.Problem, &n.Condition, &n.Resolution, &n.Actionable, &n.Root, &v.answers, &v.hollow, &v.text)
	n.Verdict = v.verdict()
	if errors.Is(err, sql.ErrNoRows) {
		return graph.Node{}, fmt.Errorf("reading node %q: %w", id, graph.ErrNotFound)
	}
	if err != nil {
		return graph.Node{}, fmt.Errorf("reading node %q: %w", id, err)
	}
	rows, err := tx.QueryContext(ctx, `SELECT text FROM intents WHERE node = ? ORDER BY id`, id)
	if err != nil {
		return graph.Node{}, fmt.Errorf("reading intents of node %q: %w", id, err)
	}
	for rows.Next() {
		var text string
		if err := rows.Scan(&text); err != nil {
			rows.Close()
			return graph.Node{}, fmt.Errorf("reading intents of node %q: %w", id, err)
		}
		n.Intents = append(n.Intents, text)
	}
	if err := closeRows(rows); err != nil {
		return graph.Node{}, fmt.Errorf("reading intents of node %q: %w", id, err)
	}
	return n, nil
}

// LastBuild describes the current graph.
func (s *Store) LastBuild(ctx context.Context) (graph.Build, error) {
	var b graph.Build
	var finished string
	var report []byte
	err := s.read.QueryRowContext(ctx, `SELECT generation, finished_at, report FROM builds ORDER BY generation DESC LIMIT 1`).
		Scan(&b.Generation, &finished, &report)
	if errors.Is(err, sql.ErrNoRows) {
		return graph.Build{}, fmt.Errorf("reading last build: %w", graph.ErrNotFound)
	}
	if err != nil {
		return graph.Build{}, fmt.Errorf("reading last build: %w", err)
	}
	if b.FinishedAt, err = time.Parse(time.RFC3339Nano, finished); err != nil {
		return graph.Build{}, fmt.Errorf("reading last build: finish time: %w", err)
	}
	if len(report) > 0 {
		b.Report = json.RawMessage(report)
	}
	return b, nil
}

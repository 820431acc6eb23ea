// Package sqlite is the embedded default graph.Store: one SQLite file, with
// an FTS5 index over node intents.
package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"

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

// schema is the list of migrations; the database's user_version is the
// number of migrations applied. Append only.
var schema = []string{
	`CREATE TABLE pages (
		seq INTEGER PRIMARY KEY,
		url TEXT NOT NULL UNIQUE,
		title TEXT NOT NULL,
		text TEXT NOT NULL,
		content_hash TEXT NOT NULL,
		method TEXT NOT NULL,
		extractor TEXT NOT NULL,
		status TEXT NOT NULL,
		error TEXT NOT NULL
	);
	CREATE TABLE nodes (
		seq INTEGER PRIMARY KEY,
		id TEXT NOT NULL UNIQUE,
		page TEXT NOT NULL REFERENCES pages(url),
		problem TEXT NOT NULL,
		condition TEXT NOT NULL,
		resolution TEXT NOT NULL,
		actionable INTEGER NOT NULL,
		root INTEGER NOT NULL
	);
	CREATE INDEX nodes_page ON nodes(page);
	CREATE TABLE intents (
		id INTEGER PRIMARY KEY,
		node TEXT NOT NULL REFERENCES nodes(id),
		text TEXT NOT NULL
	);
	CREATE INDEX intents_node ON intents(node);
	CREATE TABLE edges (
		seq INTEGER PRIMARY KEY,
		src TEXT NOT NULL REFERENCES nodes(id),
		dst TEXT NOT NULL REFERENCES nodes(id),
		type TEXT NOT NULL CHECK (type IN ('child', 'reference'))
	);
	CREATE INDEX edges_src ON edges(src);
	CREATE INDEX edges_dst ON edges(dst);
	CREATE TABLE builds (
		generation INTEGER PRIMARY KEY,
		finished_at TEXT NOT NULL,
		report BLOB
	);
	-- External-content index: the intent text is stored once, in intents.
	CREATE VIRTUAL TABLE intents_fts USING fts5(
		text,
		content='intents',
		content_rowid='id',
		tokenize='porter unicode61 remove_diacritics 2'
	);`,
	// The builder's verdicts (graph.Verdict); NULL in rows written before
	// them, which Load returns as a nil Verdict.
	`ALTER TABLE nodes ADD COLUMN answers INTEGER;
	ALTER TABLE nodes ADD COLUMN hollow INTEGER;
	ALTER TABLE nodes ADD COLUMN shown TEXT;`,
	// The index searches the project's own stems (lexical.Terms, Snowball)
	// instead of SQLite's porter stemmer, so that the store and the agents
	// agree on which words meet; intents.terms holds them (see fillTerms).
	`DROP TABLE intents_fts;
	ALTER TABLE intents ADD COLUMN terms TEXT NOT NULL DEFAULT '';
	CREATE VIRTUAL TABLE intents_fts USING fts5(
		terms,
		content='intents',
		content_rowid='id',
		tokenize='unicode61 remove_diacritics 2'
	);`,
	// The page's language (graph.Page.Lang), '' when unknown.
	`ALTER TABLE pages ADD COLUMN lang TEXT NOT NULL DEFAULT '';`,
	// Intents' terms in their page's language's word model (see
	// restemByLanguage); the index lists the languages a search tells
	// apart.
	`CREATE INDEX pages_lang ON pages(lang);`,
}

// afterSchema are the steps in Go that follow a migration, by the version
// it migrates to.
var afterSchema = map[int]func(context.Context, *sql.Tx) error{
	3: fillTerms,
	5: restemByLanguage,
}

// fillTerms computes the stems of the intents already stored and indexes them.
func fillTerms(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, text FROM intents`)
	if err != nil {
		return err
	}
	type row struct {
		id   int64
		text string
	}
	var all []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.text); err != nil {
			rows.Close()
			return err
		}
		all = append(all, r)
	}
	if err := closeRows(rows); err != nil {
		return err
	}
	stems := stemCache{}
	for _, r := range all {
		if _, err := tx.ExecContext(ctx, `UPDATE intents SET terms = ? WHERE id = ?`, stems.terms(lexical.English, r.text), r.id); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO intents_fts(intents_fts) VALUES ('rebuild')`)
	return err
}

// stemCache stems each distinct word once: a graph's intents repeat few
// words many times. A cache serves one word model.
type stemCache map[string]string

// terms is what the full-text index holds for an intent in the language
// of words: its terms (words.Terms), separated by spaces.
func (c stemCache) terms(words *lexical.Model, text string) string {
	var b strings.Builder
	words.EachWord(text, nil, func(w []byte) {
		stem, ok := c[string(w)]
		if !ok {
			word := string(w)
			if words.IsTerm(word) {
				stem = words.Stem(word)
			}
			c[word] = stem
		}
		if stem != "" {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(stem)
		}
	})
	return b.String()
}

func (s *Store) migrate(ctx context.Context) error {
	var version int
	if err := s.write.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		return fmt.Errorf("reading schema version: %w", err)
	}
	if version > len(schema) {
		return fmt.Errorf("schema version %d is newer than this program knows (%d)", version, len(schema))
	}
	for v := version; v < len(schema); v++ {
		tx, err := s.write.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("migrating schema to version %d: %w", v+1, err)
		}
		if _, err := tx.ExecContext(ctx, schema[v]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migrating schema to version %d: %w", v+1, err)
		}
		if after := afterSchema[v+1]; after != nil {
			if err := after(ctx, tx); err != nil {
				tx.Rollback()
				return fmt.Errorf("migrating schema to version %d: %w", v+1, err)
			}
		}
		// PRAGMA takes no bound parameters; v+1 is our own integer.
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", v+1)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migrating schema to version %d: %w", v+1, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migrating schema to version %d: %w", v+1, err)
		}
		s.logger.Debug("migrated graph store schema", "path", s.path, "version", v+1)
	}
	return nil
}

// Replace swaps g in for the current graph in one transaction.
func (s *Store) Replace(ctx context.Context, g *graph.Graph, report json.RawMessage) (int64, error) {
	if g == nil {
		return 0, errors.New("replacing graph: nil graph")
	}
	if err := g.Validate(); err != nil {
		return 0, fmt.Errorf("replacing graph: %w", err)
	}
	start := time.Now()
	conn, err := s.write.Conn(ctx)
	if err != nil {
		return 0, fmt.Errorf("replacing graph: %w", err)
	}
	defer conn.Close()
	// Validate checked the whole graph, and the old one goes whole: the
	// foreign keys would only check again, row by row, what Validate did
	// (a tenth of the write), and keep DELETE from truncating the tables.
	// The pragma cannot change inside a transaction, so it is set around it.
	if _, err := conn.ExecContext(ctx, `PRAGMA foreign_keys = OFF`); err != nil {
		return 0, fmt.Errorf("replacing graph: %w", err)
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `PRAGMA foreign_keys = ON`)
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("replacing graph: %w", err)
	}
	defer tx.Rollback() // no-op after Commit
	gen, err := replace(ctx, tx, g, report)
	if err != nil {
		return 0, fmt.Errorf("replacing graph: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("replacing graph: committing: %w", err)
	}
	s.logger.Info("replaced graph", "path", s.path, "generation", gen,
		"pages", len(g.Pages), "nodes", len(g.Nodes), "edges", len(g.Edges), "duration", time.Since(start))
	return gen, nil
}

func replace(ctx context.Context, tx *sql.Tx, g *graph.Graph, report json.RawMessage) (int64, error) {
	var gen int64
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(generation), 0) + 1 FROM builds`).Scan(&gen); err != nil {
		return 0, fmt.Errorf("reading generation: %w", err)
	}
	// The secondary indexes are dropped first and built again after the
	// rows are in: building an index from all its rows at once (a sort) is
	// cheaper than keeping it up to date row by row, and the old rows go
	// without index upkeep too. Children before parents, for the foreign
	// keys (whose checks find the child tables empty); the FTS index is
	// emptied with its own command because its content lives in intents.
	// All of it is one transaction: a failed Replace keeps the old indexes.
	for _, q := range dropIndexes {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return 0, fmt.Errorf("dropping indexes: %w", err)
		}
	}
	for _, q := range []string{
		`INSERT INTO intents_fts(intents_fts) VALUES ('delete-all')`,
		`DELETE FROM edges`,
		`DELETE FROM intents`,
		`DELETE FROM nodes`,
		`DELETE FROM pages`,
	} {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return 0, fmt.Errorf("clearing old graph: %w", err)
		}
	}
	if err := insertAll(ctx, tx, "pages", []string{"url", "title", "lang", "text", "content_hash", "method", "extractor", "status", "error"},
		len(g.Pages), func(i int) []any {
			p := &g.Pages[i]
			return []any{p.URL, p.Title, p.Lang, p.Text, p.ContentHash, p.Method, p.Extractor, string(p.Status), p.Error}
		}); err != nil {
		return 0, fmt.Errorf("writing pages: %w", err)
	}
	if err := insertNodes(ctx, tx, g.Nodes); err != nil {
		return 0, err
	}
	if err := insertIntents(ctx, tx, g.Nodes); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO intents_fts(intents_fts) VALUES ('rebuild')`); err != nil {
		return 0, fmt.Errorf("indexing intents: %w", err)
	}
	if err := insertEdges(ctx, tx, g.Edges); err != nil {
		return 0, err
	}
	for _, q := range createIndexes {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return 0, fmt.Errorf("indexing: %w", err)
		}
	}
	return gen, recordBuild(ctx, tx, gen, report)
}

// The secondary indexes of the schema, which Replace drops and builds again.
var (
	dropIndexes   = []string{`DROP INDEX nodes_page`, `DROP INDEX intents_node`, `DROP INDEX edges_src`, `DROP INDEX edges_dst`}
	createIndexes = []string{
		`CREATE INDEX nodes_page ON nodes(page)`,
		`CREATE INDEX intents_node ON intents(node)`,
		`CREATE INDEX edges_src ON edges(src)`,
		`CREATE INDEX edges_dst ON edges(dst)`,
	}
)

// recordBuild adds generation gen with its report to the builds.
func recordBuild(ctx context.Context, tx *sql.Tx, gen int64, report json.RawMessage) error {
	var reportArg any // NULL, so that "no report" reads back as no report
	if len(report) > 0 {
		reportArg = []byte(report)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO builds (generation, finished_at, report) VALUES (?, ?, ?)`,
		gen, time.Now().UTC().Format(time.RFC3339Nano), reportArg); err != nil {
		return fmt.Errorf("recording build: %w", err)
	}
	return nil
}

func insertNodes(ctx context.Context, tx *sql.Tx, nodes []graph.Node) error {
	if err := insertAll(ctx, tx, "nodes", []string{"id", "page", "problem", "condition", "resolution", "actionable", "root", "answers", "hollow", "shown"},
		len(nodes), func(i int) []any {
			n := &nodes[i]
			var answers, hollow, shown any // NULL: no verdict
			if v := n.Verdict; v != nil {
				answers, hollow, shown = v.Answers, v.Hollow, v.Text
			}
			return []any{n.ID, n.Page, n.Problem, n.Condition, n.Resolution, n.Actionable, n.Root, answers, hollow, shown}
		}); err != nil {
		return fmt.Errorf("writing nodes: %w", err)
	}
	return nil
}

// insertIntents writes the intents of nodes, in order, with their stems
// in their page's language (the pages are written first).
func insertIntents(ctx context.Context, tx *sql.Tx, nodes []graph.Node) error {
	langs, err := pageLanguages(ctx, tx)
	if err != nil {
		return fmt.Errorf("writing intents: %w", err)
	}
	type intent struct {
		node, text string
		words      *lexical.Model
	}
	var intents []intent
	for _, n := range nodes {
		words := lexical.For(langs[n.Page])
		for _, text := range n.Intents {
			intents = append(intents, intent{n.ID, text, words})
		}
	}
	stems := stemCaches{}
	if err := insertAll(ctx, tx, "intents", []string{"node", "text", "terms"},
		len(intents), func(i int) []any {
			in := &intents[i]
			return []any{in.node, in.text, stems.terms(in.words, in.text)}
		}); err != nil {
		return fmt.Errorf("writing intents: %w", err)
	}
	return nil
}

func insertEdges(ctx context.Context, tx *sql.Tx, edges []graph.Edge) error {
	if err := insertAll(ctx, tx, "edges", []string{"src", "dst", "type"},
		len(edges), func(i int) []any {
			e := &edges[i]
			return []any{e.From, e.To, string(e.Type)}
		}); err != nil {
		return fmt.Errorf("writing edges: %w", err)
	}
	return nil
}

// insertBatch is how many rows one INSERT statement writes. Multi-row
// statements amortise the per-statement cost of database/sql and the driver,
// which dominates a 100k-node Replace otherwise.
const insertBatch = 64

// insertAll inserts rows rows into table's columns, with args returning
// the values of row i, through prepared multi-row INSERT statements. The SQL
// is assembled from the constant table and column names only.
func insertAll(ctx context.Context, tx *sql.Tx, table string, columns []string, rows int, args func(i int) []any) error {
	if rows == 0 {
		return nil
	}
	row := "(?" + strings.Repeat(", ?", len(columns)-1) + ")"
	prefix := "INSERT INTO " + table + " (" + strings.Join(columns, ", ") + ") VALUES "
	prepare := func(n int) (*sql.Stmt, error) {
		return tx.PrepareContext(ctx, prefix+row+strings.Repeat(", "+row, n-1))
	}
	var full *sql.Stmt
	if rows >= insertBatch {
		var err error
		if full, err = prepare(insertBatch); err != nil {
			return err
		}
		defer full.Close()
	}
	values := make([]any, 0, insertBatch*len(columns))
	for start := 0; start < rows; start += insertBatch {
		end := min(start+insertBatch, rows)
		values = values[:0]
		for i := start; i < end; i++ {
			values = append(values, args(i)...)
		}
		stmt := full
		if end-start < insertBatch {
			var err error
			if stmt, err = prepare(end - start); err != nil {
				return err
			}
			defer stmt.Close()
		}
		if _, err := stmt.ExecContext(ctx, values...); err != nil {
			return err
		}
	}
	return nil
}

// Load returns the current graph, read in one snapshot.
func (s *Store) Load(ctx context.Context) (*graph.Graph, error) {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("loading graph: %w", err)
	}
	defer tx.Rollback()
	g, err := load(ctx, tx)
	if err != nil {
		return nil, fmt.Errorf("loading graph: %w", err)
	}
	return g, nil
}

func load(ctx context.Context, tx *sql.Tx) (*graph.Graph, error) {
	g := &graph.Graph{}
	var counts [3]int
	if err := tx.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM pages), (SELECT count(*) FROM nodes), (SELECT count(*) FROM edges)`).
		Scan(&counts[0], &counts[1], &counts[2]); err != nil {
		return nil, fmt.Errorf("counting: %w", err)
	}
	g.Pages = make([]graph.Page, 0, counts[0])
	g.Nodes = make([]graph.Node, 0, counts[1])
	g.Edges = make([]graph.Edge, 0, counts[2])

	rows, err := tx.QueryContext(ctx, `SELECT url, title, lang, text, content_hash, method, extractor, status, error FROM pages ORDER BY seq`)
	if err != nil {
		return nil, fmt.Errorf("reading pages: %w", err)
	}
	for rows.Next() {
		var p graph.Page
		if err := rows.Scan(&p.URL, &p.Title, &p.Lang, &p.Text, &p.ContentHash, &p.Method, &p.Extractor, &p.Status, &p.Error); err != nil {
			rows.Close()
			return nil, fmt.Errorf("reading pages: %w", err)
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

// searchQuery returns the best-ranked intents matching an FTS5 query, with
// the matched tokens marked by \x02 and \x03 so that Go can count which of
// the query's terms each intent contains. FTS5 sorts by rank inside the
// module, so the LIMIT stops it before highlighting rows it does not return.
const searchQuery = `
SELECT i.node, i.text, m.marked, m.relevance
FROM (
	SELECT rowid AS id, highlight(intents_fts, 0, char(2), char(3)) AS marked, -bm25(intents_fts) AS relevance
	FROM intents_fts WHERE intents_fts MATCH ?1
	ORDER BY rank LIMIT ?2
) AS m JOIN intents AS i ON i.id = m.id`

// SearchIntents finds the nodes whose intents share the most words with
// query: an intent containing every word the customer typed ranks above one
// sharing only some, and bm25 orders intents with the same coverage.
//
// Ranking every intent that shares any word with the query costs a bm25
// evaluation per match, which is slow when a word is common. So the search
// first asks for intents with all the words (an AND query, cheap because it
// is selective) and broadens only when that finds fewer than limit nodes
// (see searchTiers).
func (s *Store) SearchIntents(ctx context.Context, query string, limit int) ([]graph.IntentHit, error) {
	models, err := s.queryWords(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("searching intents for %q: %w", query, err)
	}
	// The query's language first; when its words meet nothing, the other
	// languages' (a query too short to tell, a page's language mislabelled).
	for _, words := range models {
		hits, err := s.searchIn(ctx, words, query, limit)
		if err != nil || len(hits) > 0 {
			return hits, err
		}
	}
	return nil, nil
}

// searchIn is SearchIntents with the query read in the language of words.
func (s *Store) searchIn(ctx context.Context, words *lexical.Model, query string, limit int) ([]graph.IntentHit, error) {
	// The index holds stems (see stemCache.terms): the query's words are
	// stemmed the same way, and words that meet count once.
	var terms []string
	for _, w := range searchTerms(words, query) {
		if t := words.Stem(w); !slices.Contains(terms, t) {
			terms = append(terms, t)
		}
	}
	if len(terms) == 0 || limit <= 0 {
		return nil, nil
	}
	// Each term becomes an FTS5 string, so it is never read as syntax;
	// SearchTerms has already reduced it to letters and digits.
	quoted := make([]string, len(terms))
	for i, t := range terms {
		quoted[i] = `"` + strings.ReplaceAll(t, `"`, `""`) + `"`
	}
	hits, err := s.searchTiers(ctx, quoted, terms, limit)
	if err != nil {
		return nil, fmt.Errorf("searching intents for %q: %w", query, err)
	}
	return rank(hits, limit), nil
}

// searchTiers collects candidates from ever broader queries until limit
// nodes are found: all terms (AND); all terms that occur in some intent at
// all (AND again: a word no intent has, such as a typo, should not push the
// search onto the expensive path); any term (OR).
func (s *Store) searchTiers(ctx context.Context, quoted, terms []string, limit int) ([]candidate, error) {
	// Nodes have a few intents each; fetch enough rows for limit nodes.
	rowLimit := 8*limit + 32
	hits, err := s.search(ctx, strings.Join(quoted, " AND "), rowLimit, terms, nil)
	if err != nil || len(terms) == 1 || countNodes(hits) >= limit {
		return hits, err
	}
	var known []string
	for _, q := range quoted {
		var exists bool
		if err := s.read.QueryRowContext(ctx, termExists, q).Scan(&exists); err != nil {
			return nil, err
		}
		if exists {
			known = append(known, q)
		}
	}
	if len(known) == 0 {
		return hits, nil
	}
	if len(known) < len(quoted) {
		hits, err = s.search(ctx, strings.Join(known, " AND "), rowLimit, terms, hits)
		if err != nil || len(known) == 1 || countNodes(hits) >= limit {
			return hits, err
		}
	}
	return s.search(ctx, strings.Join(known, " OR "), rowLimit, terms, hits)
}

// termExists reports whether an FTS5 query matches any intent; it stops at
// the first match.
const termExists = `SELECT EXISTS (SELECT 1 FROM intents_fts WHERE intents_fts MATCH ?)`

// candidate is one intent matching a search.
type candidate struct {
	node, intent string
	coverage     int
	relevance    float64
}

func (s *Store) search(ctx context.Context, match string, rowLimit int, terms []string, into []candidate) ([]candidate, error) {
	rows, err := s.read.QueryContext(ctx, searchQuery, match, rowLimit)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var c candidate
		var marked string
		if err := rows.Scan(&c.node, &c.intent, &marked, &c.relevance); err != nil {
			rows.Close()
			return nil, err
		}
		c.coverage = coverage(marked, terms)
		into = append(into, c)
	}
	return into, closeRows(rows)
}

// coverage counts how many of terms (stems) the tokens highlighted in
// marked (stems too, see stemCache.terms) are.
func coverage(marked string, terms []string) int {
	found := make([]bool, len(terms))
	for {
		open := strings.IndexByte(marked, 2)
		if open < 0 {
			break
		}
		end := strings.IndexByte(marked[open:], 3)
		if end < 0 {
			break
		}
		token := marked[open+1 : open+end]
		marked = marked[open+end+1:]
		if i := slices.Index(terms, token); i >= 0 {
			found[i] = true
		}
	}
	covered := 0
	for _, f := range found {
		if f {
			covered++
		}
	}
	return covered
}

func countNodes(cs []candidate) int {
	seen := make(map[string]bool)
	for _, c := range cs {
		seen[c.node] = true
	}
	return len(seen)
}

// rank orders candidates by coverage then relevance, keeps each node's best
// intent and returns at most limit hits.
func rank(cs []candidate, limit int) []graph.IntentHit {
	slices.SortStableFunc(cs, func(a, b candidate) int {
		if c := cmp.Compare(b.coverage, a.coverage); c != 0 {
			return c
		}
		if c := cmp.Compare(b.relevance, a.relevance); c != 0 {
			return c
		}
		return cmp.Compare(a.node, b.node)
	})
	var hits []graph.IntentHit
	seen := make(map[string]bool)
	for _, c := range cs {
		if seen[c.node] {
			continue
		}
		seen[c.node] = true
		hits = append(hits, graph.IntentHit{NodeID: c.node, Intent: c.intent, Score: score(c.coverage, c.relevance)})
		if len(hits) == limit {
			break
		}
	}
	return hits
}

// score folds coverage and bm25 relevance into one number that sorts the same
// way: the relevance part stays below 1, so one more matched word always wins.
func score(coverage int, relevance float64) float64 {
	relevance = max(relevance, 0)
	return float64(coverage) + relevance/(1+relevance)
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

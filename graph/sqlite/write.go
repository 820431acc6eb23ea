package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

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
	if err := insertAll(ctx, tx, "pages", []string{"url", "title", "lang", "breadcrumb", "text", "content_hash", "method", "extractor", "status", "error"},
		len(g.Pages), func(i int) []any {
			p := &g.Pages[i]
			return []any{p.URL, p.Title, p.Lang, encodeBreadcrumb(p.Breadcrumb), p.Text, p.ContentHash, p.Method, p.Extractor, string(p.Status), p.Error}
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

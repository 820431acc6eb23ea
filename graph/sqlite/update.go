package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/helpgraph/helpgraph/graph"
)

var _ graph.Updater = (*Store)(nil)

// Update applies d in one transaction: the rows of the pages it touches
// are deleted and written again, and nothing else is written but the
// build record. A rewritten page's nodes get new row numbers, so Load
// returns them after the other pages' nodes.
func (s *Store) Update(ctx context.Context, d *graph.Delta, report json.RawMessage) (int64, error) {
	if d == nil {
		return 0, errors.New("updating graph: nil change")
	}
	if err := d.Validate(); err != nil {
		return 0, fmt.Errorf("updating graph: %w", err)
	}
	start := time.Now()
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("updating graph: %w", err)
	}
	defer tx.Rollback() // no-op after Commit
	gen, err := update(ctx, tx, d, report)
	if err != nil {
		return 0, fmt.Errorf("updating graph: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("updating graph: committing: %w", err)
	}
	s.logger.Info("updated graph", "path", s.path, "generation", gen, "pages", len(d.Pages),
		"removed", len(d.Removed), "nodes", len(d.Nodes), "edges", len(d.Edges), "duration", time.Since(start))
	return gen, nil
}

// stmts prepares each statement once for a transaction and closes them all.
type stmts struct {
	ctx  context.Context
	tx   *sql.Tx
	byQ  map[string]*sql.Stmt
	errs []error
}

func (st *stmts) exec(q string, args ...any) error {
	stmt, ok := st.byQ[q]
	if !ok {
		var err error
		if stmt, err = st.tx.PrepareContext(st.ctx, q); err != nil {
			return err
		}
		st.byQ[q] = stmt
	}
	_, err := stmt.ExecContext(st.ctx, args...)
	return err
}

func (st *stmts) close() {
	for _, s := range st.byQ {
		s.Close()
	}
}

func update(ctx context.Context, tx *sql.Tx, d *graph.Delta, report json.RawMessage) (int64, error) {
	// A rewritten node keeps its id, and edges from other pages may point
	// at it: the foreign keys are checked at commit, when it is back. The
	// only edges that could then dangle are the change's own (checked
	// below) and edges into nodes that are gone (deleted below).
	if _, err := tx.ExecContext(ctx, `PRAGMA defer_foreign_keys = ON`); err != nil {
		return 0, err
	}
	var gen int64
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(generation), 0) + 1 FROM builds`).Scan(&gen); err != nil {
		return 0, fmt.Errorf("reading generation: %w", err)
	}
	st := &stmts{ctx: ctx, tx: tx, byQ: map[string]*sql.Stmt{}}
	defer st.close()

	touched := make([]string, 0, len(d.Pages)+len(d.Removed))
	for _, p := range d.Pages {
		touched = append(touched, p.URL)
	}
	touched = append(touched, d.Removed...)
	old, err := nodeIDsOf(ctx, tx, touched)
	if err != nil {
		return 0, fmt.Errorf("reading old nodes: %w", err)
	}
	for _, id := range old {
		for _, q := range []string{
			// The FTS index is external-content: a row is deleted from it
			// with the terms it was indexed with.
			`INSERT INTO intents_fts(intents_fts, rowid, terms) SELECT 'delete', id, terms FROM intents WHERE node = ?`,
			`DELETE FROM intents WHERE node = ?`,
			`DELETE FROM edges WHERE src = ?`,
		} {
			if err := st.exec(q, id); err != nil {
				return 0, fmt.Errorf("clearing node %q: %w", id, err)
			}
		}
	}
	for _, url := range touched {
		if err := st.exec(`DELETE FROM nodes WHERE page = ?`, url); err != nil {
			return 0, fmt.Errorf("clearing page %q: %w", url, err)
		}
	}
	for _, url := range d.Removed {
		if err := st.exec(`DELETE FROM pages WHERE url = ?`, url); err != nil {
			return 0, fmt.Errorf("removing page %q: %w", url, err)
		}
	}
	// An upsert keeps a changed page's row, and so its place in the order.
	for _, p := range d.Pages {
		if err := st.exec(`INSERT INTO pages (url, title, lang, breadcrumb, text, content_hash, method, extractor, status, error)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (url) DO UPDATE SET title = excluded.title, lang = excluded.lang, breadcrumb = excluded.breadcrumb, text = excluded.text,
	content_hash = excluded.content_hash, method = excluded.method, extractor = excluded.extractor, status = excluded.status, error = excluded.error`,
			p.URL, p.Title, p.Lang, encodeBreadcrumb(p.Breadcrumb), p.Text, p.ContentHash, p.Method, p.Extractor, string(p.Status), p.Error); err != nil {
			return 0, fmt.Errorf("writing page %q: %w", p.URL, err)
		}
	}
	if err := insertNodes(ctx, tx, d.Nodes); err != nil {
		return 0, err
	}
	var lastIntent int64
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(id), 0) FROM intents`).Scan(&lastIntent); err != nil {
		return 0, fmt.Errorf("writing intents: %w", err)
	}
	if err := insertIntents(ctx, tx, d.Nodes); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO intents_fts(rowid, terms) SELECT id, terms FROM intents WHERE id > ?`, lastIntent); err != nil {
		return 0, fmt.Errorf("indexing intents: %w", err)
	}
	if err := insertEdges(ctx, tx, d.Edges); err != nil {
		return 0, err
	}
	kept := make(map[string]bool, len(d.Nodes))
	for _, n := range d.Nodes {
		kept[n.ID] = true
	}
	for _, id := range old {
		if !kept[id] {
			if err := st.exec(`DELETE FROM edges WHERE dst = ?`, id); err != nil {
				return 0, fmt.Errorf("removing edges to node %q: %w", id, err)
			}
		}
	}
	// What the deferred foreign keys would refuse at commit, refused here
	// with the edge named (a failed COMMIT would leave the transaction open).
	for _, e := range d.Edges {
		var ok bool
		if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM nodes WHERE id = ?)`, e.To).Scan(&ok); err != nil {
			return 0, err
		}
		if !ok {
			return 0, fmt.Errorf("edge %s->%s: unknown node %q", e.From, e.To, e.To)
		}
	}
	return gen, recordBuild(ctx, tx, gen, report)
}

// nodeIDsOf returns the ids of the nodes on pages.
func nodeIDsOf(ctx context.Context, tx *sql.Tx, pages []string) ([]string, error) {
	stmt, err := tx.PrepareContext(ctx, `SELECT id FROM nodes WHERE page = ? ORDER BY seq`)
	if err != nil {
		return nil, err
	}
	defer stmt.Close()
	var ids []string
	for _, p := range pages {
		rows, err := stmt.QueryContext(ctx, p)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, err
			}
			ids = append(ids, id)
		}
		if err := closeRows(rows); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

package neo4j

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	drv "github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

var _ graph.Updater = (*Store)(nil)

// Update applies d to the current graph in one transaction, writing only
// the pages it touches, their nodes and the edges from them, and counts a
// new build. Unlike Replace it changes the current generation's data in
// place, so it suits a change of a few pages; a rebuild of most of the
// graph is better written by Replace, in batches beside the old one.
//
// Its semantics mirror the SQLite store's: a rewritten page keeps its
// place and its nodes come after the others in Load's order, an edge from
// an untouched page to a node that stays survives, one to a node that is
// gone goes with it, and a change that would leave an edge without its
// target, or put a node id on two pages, fails and changes nothing.
func (s *Store) Update(ctx context.Context, d *graph.Delta, report json.RawMessage) (int64, error) {
	if s.readOnly {
		return 0, fmt.Errorf("updating graph: %w", ErrReadOnly)
	}
	if d == nil {
		return 0, errors.New("updating graph: nil change")
	}
	if err := d.Validate(); err != nil {
		return 0, fmt.Errorf("updating graph: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("updating graph: %w", err)
	}
	start := time.Now()
	var reportParam any // null removes the property: no report reads back as none
	if len(report) > 0 {
		reportParam = string(report)
	}
	session := s.session(ctx, drv.AccessModeWrite)
	defer session.Close(context.Background())
	gen, err := drv.ExecuteWrite(ctx, session, func(tx drv.ManagedTransaction) (int64, error) {
		return update(ctx, tx, d, reportParam)
	})
	if err != nil {
		return 0, fmt.Errorf("updating graph: %w", err)
	}
	s.logger.Info("updated graph", "store", "neo4j", "generation", gen, "pages", len(d.Pages),
		"removed", len(d.Removed), "nodes", len(d.Nodes), "edges", len(d.Edges), "duration", time.Since(start))
	return gen, nil
}

func update(ctx context.Context, tx drv.ManagedTransaction, d *graph.Delta, report any) (int64, error) {
	res, err := run(ctx, tx, lockForUpdate, nil)
	if err != nil {
		return 0, err
	}
	rec, err := res.Single(ctx)
	if err != nil {
		return 0, err
	}
	gen, _, err := drv.GetRecordValue[int64](rec, "generation")
	if err != nil {
		return 0, err
	}
	data, _, err := drv.GetRecordValue[int64](rec, "data")
	if err != nil {
		return 0, err
	}
	if data == 0 { // nothing built yet
		data = gen
	}

	touched := make([]string, 0, len(d.Pages)+len(d.Removed))
	for _, p := range d.Pages {
		touched = append(touched, p.URL)
	}
	touched = append(touched, d.Removed...)
	ids := make([]string, len(d.Nodes))
	for i, n := range d.Nodes {
		ids[i] = n.ID
	}
	params := map[string]any{"data": data, "touched": touched, "ids": ids}
	if err := refuse(ctx, tx, nodeElsewhere, params, func(rec *drv.Record) error {
		var id, page string
		if err := getStrings(rec, map[string]*string{"id": &id, "page": &page}); err != nil {
			return err
		}
		return fmt.Errorf("node %q is on page %q, which the change does not touch", id, page)
	}); err != nil {
		return 0, err
	}

	res, err = run(ctx, tx, nextOrds, map[string]any{"data": data})
	if err != nil {
		return 0, err
	}
	if rec, err = res.Single(ctx); err != nil {
		return 0, err
	}
	var base [3]int64
	for i, key := range []string{"pages", "nodes", "edges"} {
		if base[i], _, err = drv.GetRecordValue[int64](rec, key); err != nil {
			return 0, fmt.Errorf("field %s: %w", key, err)
		}
	}
	pages, nodes, child, reference := replaceRows(&graph.Graph{Pages: d.Pages, Nodes: d.Nodes, Edges: d.Edges})
	for _, rows := range []struct {
		rows []map[string]any
		base int64
	}{{pages, base[0]}, {nodes, base[1]}, {child, base[2]}, {reference, base[2]}} {
		for _, row := range rows.rows {
			row["ord"] = row["ord"].(int64) + rows.base
		}
	}

	steps := []struct {
		what   string
		query  cypher
		params map[string]any
	}{
		{"deleting nodes that are gone", deleteGoneNodes, params},
		{"clearing rewritten nodes", detachKeptNodes, params},
		{"removing pages", deletePages, map[string]any{"data": data, "urls": d.Removed}},
		{"writing pages", mergePages, map[string]any{"data": data, "rows": pages}},
		{"writing nodes", mergeNodes, map[string]any{"data": data, "rows": nodes}},
	}
	for _, st := range steps {
		if err := exec(ctx, tx, st.query, st.params); err != nil {
			return 0, fmt.Errorf("%s: %w", st.what, err)
		}
	}
	targets := make([]string, len(d.Edges))
	for i, e := range d.Edges {
		targets[i] = e.To
	}
	if err := refuse(ctx, tx, missingNode, map[string]any{"data": data, "ids": targets}, func(rec *drv.Record) error {
		var id string
		if err := getStrings(rec, map[string]*string{"id": &id}); err != nil {
			return err
		}
		return fmt.Errorf("an edge of the change points at unknown node %q", id)
	}); err != nil {
		return 0, err
	}
	for _, st := range []struct {
		what  string
		query cypher
		rows  []map[string]any
	}{{"writing child edges", addChildEdges, child}, {"writing reference edges", addReferenceEdges, reference}} {
		if err := exec(ctx, tx, st.query, map[string]any{"data": data, "rows": st.rows}); err != nil {
			return 0, fmt.Errorf("%s: %w", st.what, err)
		}
	}
	if err := exec(ctx, tx, recordUpdate, map[string]any{
		"generation": gen, "data": data, "finished_at": time.Now().UTC(), "report": report,
	}); err != nil {
		return 0, fmt.Errorf("recording build: %w", err)
	}
	return gen, nil
}

// refuse runs a query that finds what the change must not do, and returns
// the error describe makes of the first record, if any.
func refuse(ctx context.Context, tx drv.ManagedTransaction, q cypher, params map[string]any, describe func(*drv.Record) error) error {
	var found error
	err := each(ctx, tx, q, params, func(rec *drv.Record) error {
		if found == nil {
			found = describe(rec)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return found
}

package neo4j

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	drv "github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// Replace writes g as a new generation and makes it current. Readers see the
// old graph until the flip and the new one after it, never a mix; a
// Replace that fails before the flip deletes what it wrote and leaves the
// current graph as it was.
func (s *Store) Replace(ctx context.Context, g *graph.Graph, report json.RawMessage) (int64, error) {
	if s.readOnly {
		return 0, fmt.Errorf("replacing graph: %w", ErrReadOnly)
	}
	if g == nil {
		return 0, errors.New("replacing graph: nil graph")
	}
	if err := g.Validate(); err != nil {
		return 0, fmt.Errorf("replacing graph: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("replacing graph: %w", err)
	}
	start := time.Now()
	pages, nodes, child, reference := replaceRows(g)
	var reportParam any // null removes the property: no report reads back as none
	if len(report) > 0 {
		reportParam = string(report)
	}
	session := s.session(ctx, drv.AccessModeWrite)
	defer session.Close(context.Background())
	gen, err := drv.ExecuteWrite(ctx, session, func(tx drv.ManagedTransaction) (int64, error) {
		res, err := run(ctx, tx, allocateGeneration, nil)
		if err != nil {
			return 0, err
		}
		rec, err := res.Single(ctx)
		if err != nil {
			return 0, err
		}
		gen, _, err := drv.GetRecordValue[int64](rec, "generation")
		return gen, err
	})
	if err != nil {
		return 0, fmt.Errorf("replacing graph: allocating a generation: %w", err)
	}
	err = s.writeGeneration(ctx, session, gen, pages, nodes, child, reference)
	if err == nil {
		err = s.flip(ctx, session, gen, reportParam)
	}
	if err != nil {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cleanupTimeout)
		defer cancel()
		if cerr := s.deleteBatches(cctx, session, gen, deleteGenerationNodes, deleteGenerationPages); cerr != nil {
			// Harmless: the next Replace deletes every older generation.
			s.logger.Warn("neo4j: could not delete a failed build's partial graph", "generation", gen, "err", cerr)
		}
		return 0, fmt.Errorf("replacing graph: %w", err)
	}
	// The new graph is current; a failure from here on only leaves garbage
	// that the next Replace deletes.
	if err := s.deleteBatches(ctx, session, gen, deleteOldNodes, deleteOldPages); err != nil {
		s.logger.Warn("neo4j: could not delete the previous graph; the next build will", "generation", gen, "err", err)
	}
	s.logger.Info("replaced graph", "store", "neo4j", "generation", gen,
		"pages", len(g.Pages), "nodes", len(g.Nodes), "edges", len(g.Edges), "duration", time.Since(start))
	return gen, nil
}

// writeGeneration writes the rows as generation gen, one transaction per batch.
func (s *Store) writeGeneration(ctx context.Context, session drv.SessionWithContext, gen int64, pages, nodes, child, reference []map[string]any) error {
	steps := []struct {
		what  string
		query cypher
		rows  []map[string]any
	}{
		{"writing pages", createPages, pages},
		{"writing nodes", createNodes, nodes},
		{"writing child edges", createChildEdges, child},
		{"writing reference edges", createReferenceEdges, reference},
	}
	for _, st := range steps {
		for from := 0; from < len(st.rows); from += s.batch {
			batch := st.rows[from:min(from+s.batch, len(st.rows))]
			_, err := drv.ExecuteWrite(ctx, session, func(tx drv.ManagedTransaction) (struct{}, error) {
				return struct{}{}, exec(ctx, tx, st.query, map[string]any{"rows": batch, "generation": gen})
			})
			if err != nil {
				return fmt.Errorf("%s: %w", st.what, err)
			}
		}
	}
	return nil
}

// flip makes gen the current generation.
func (s *Store) flip(ctx context.Context, session drv.SessionWithContext, gen int64, report any) error {
	newer, err := drv.ExecuteWrite(ctx, session, func(tx drv.ManagedTransaction) (bool, error) {
		res, err := run(ctx, tx, flipGeneration, map[string]any{
			"generation": gen, "finished_at": time.Now().UTC(), "report": report,
		})
		if err != nil {
			return false, err
		}
		rec, err := res.Single(ctx)
		if err != nil {
			return false, err
		}
		newer, _, err := drv.GetRecordValue[bool](rec, "newer")
		return newer, err
	})
	if err != nil {
		return fmt.Errorf("recording build: %w", err)
	}
	if !newer {
		return errors.New("recording build: a newer build replaced the graph while this one was written")
	}
	return nil
}

// deleteBatches runs each query (which deletes at most $batch items and
// returns how many as deleted) until it deletes nothing.
func (s *Store) deleteBatches(ctx context.Context, session drv.SessionWithContext, gen int64, queries ...cypher) error {
	for _, q := range queries {
		for {
			n, err := drv.ExecuteWrite(ctx, session, func(tx drv.ManagedTransaction) (int64, error) {
				res, err := run(ctx, tx, q, map[string]any{"generation": gen, "batch": int64(s.batch)})
				if err != nil {
					return 0, err
				}
				rec, err := res.Single(ctx)
				if err != nil {
					return 0, err
				}
				n, _, err := drv.GetRecordValue[int64](rec, "deleted")
				return n, err
			})
			if err != nil {
				return err
			}
			if n == 0 {
				break
			}
		}
	}
	return nil
}

// replaceRows turns g into the parameter rows of the merge statements. The
// ord fields keep the graph's order, which readers rely on.
func replaceRows(g *graph.Graph) (pages, nodes, child, reference []map[string]any) {
	pages = make([]map[string]any, len(g.Pages))
	for i, p := range g.Pages {
		// No breadcrumb is no property (a null SET removes it), as on
		// pages written before there were breadcrumbs.
		var crumb any
		if len(p.Breadcrumb) > 0 {
			crumb = p.Breadcrumb
		}
		pages[i] = map[string]any{
			"url": p.URL, "title": p.Title, "lang": p.Lang, "breadcrumb": crumb, "text": p.Text, "content_hash": p.ContentHash,
			"method": p.Method, "extractor": p.Extractor, "status": string(p.Status), "error": p.Error,
			"ord": int64(i),
		}
	}
	nodes = make([]map[string]any, len(g.Nodes))
	for i, n := range g.Nodes {
		intents := n.Intents
		if intents == nil {
			intents = []string{}
		}
		nodes[i] = map[string]any{
			"id": n.ID, "page": n.Page, "problem": n.Problem, "condition": n.Condition,
			"resolution": n.Resolution, "intents": intents,
			// The full-text index covers one string property; a newline keeps
			// intents apart.
			"intent_text": strings.Join(n.Intents, "\n"),
			"actionable":  n.Actionable, "root": n.Root, "ord": int64(i),
			// A nil verdict writes no properties (null removes them).
			"answers": nil, "hollow": nil, "shown": nil,
		}
		if v := n.Verdict; v != nil {
			nodes[i]["answers"], nodes[i]["hollow"], nodes[i]["shown"] = v.Answers, v.Hollow, v.Text
		}
	}
	for i, e := range g.Edges {
		row := map[string]any{"from": e.From, "to": e.To, "ord": int64(i)}
		switch e.Type {
		case graph.Child:
			child = append(child, row)
		case graph.Reference:
			reference = append(reference, row)
		}
	}
	return pages, nodes, child, reference
}

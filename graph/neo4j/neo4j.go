// Package neo4j is a graph.Store in a Neo4j 5 database, for teams that want
// to query and visualise the knowledge graph with Neo4j's tools.
//
// The graph is stored as (:Page {url}) and (:Node {id}) nodes, with
// (:Node)-[:ON_PAGE]->(:Page), (:Node)-[:CHILD]->(:Node) and
// (:Node)-[:REFERENCE]->(:Node) relationships, and a (:Build {key:
// 'current'}) singleton holding the generation and the build report. The
// store owns these labels in its database.
//
// Replace writes the whole graph in one transaction, so the server's
// transaction memory limit (db.memory.transaction.total.max and the heap)
// must hold it: a 100k-node graph with page texts needs on the order of a
// gigabyte.
package neo4j

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	drv "github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// Store is a graph.Store in Neo4j. It is safe for concurrent use.
type Store struct {
	driver drv.DriverWithContext
	logger *slog.Logger
}

var _ graph.Store = (*Store)(nil)

// batchSize is how many rows one UNWIND statement carries: big enough to
// amortise round trips, small enough to keep messages and query memory modest.
const batchSize = 1000

// loadAttempts bounds how often Load retries when a Replace commits while it
// reads (see Load).
const loadAttempts = 10

// Open connects to the Neo4j server at uri (neo4j://, neo4j+s://, bolt://,
// bolt+s://), checks the connection and creates the schema if needed.
func Open(ctx context.Context, uri, user, password string, logger *slog.Logger) (*Store, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	name := redact(uri)
	d, err := drv.NewDriverWithContext(uri, drv.BasicAuth(user, password, ""))
	if err != nil {
		return nil, fmt.Errorf("opening neo4j store %s: %w", name, err)
	}
	if err := d.VerifyConnectivity(ctx); err != nil {
		d.Close(context.Background())
		return nil, fmt.Errorf("opening neo4j store %s: %w", name, err)
	}
	s := &Store{driver: d, logger: logger}
	if err := s.createSchema(ctx); err != nil {
		d.Close(context.Background())
		return nil, fmt.Errorf("opening neo4j store %s: %w", name, err)
	}
	return s, nil
}

// redact hides a password written into the URI, so errors can show it.
func redact(uri string) string {
	u, err := url.Parse(uri)
	if err != nil {
		return "(unparsable URI)"
	}
	return u.Redacted()
}

// Close closes the driver's connections.
func (s *Store) Close() error {
	return s.driver.Close(context.Background())
}

func (s *Store) createSchema(ctx context.Context) error {
	session := s.driver.NewSession(ctx, drv.SessionConfig{AccessMode: drv.AccessModeWrite})
	defer session.Close(ctx)
	// Schema statements run one per auto-commit transaction: Neo4j refuses
	// schema and data changes in the same transaction.
	for _, q := range []cypher{createPageConstraint, createNodeConstraint, createBuildConstraint, createIntentIndex, awaitIndexes, createBuild} {
		if err := execAutoCommit(ctx, session, q); err != nil {
			return fmt.Errorf("creating schema: %w", err)
		}
	}
	return nil
}

// execAutoCommit runs one statement in its own transaction.
func execAutoCommit(ctx context.Context, session drv.SessionWithContext, q cypher) error {
	res, err := session.Run(ctx, string(q), nil)
	if err != nil {
		return err
	}
	_, err = res.Consume(ctx)
	return err
}

// run runs one statement in tx.
func run(ctx context.Context, tx drv.ManagedTransaction, q cypher, params map[string]any) (drv.ResultWithContext, error) {
	return tx.Run(ctx, string(q), params)
}

// exec runs one statement in tx and discards its records.
func exec(ctx context.Context, tx drv.ManagedTransaction, q cypher, params map[string]any) error {
	res, err := run(ctx, tx, q, params)
	if err != nil {
		return err
	}
	_, err = res.Consume(ctx)
	return err
}

// execBatches runs q once per batch of rows, passing the batch as $rows.
func execBatches(ctx context.Context, tx drv.ManagedTransaction, q cypher, rows []map[string]any, generation int64) error {
	for start := 0; start < len(rows); start += batchSize {
		end := min(start+batchSize, len(rows))
		if err := exec(ctx, tx, q, map[string]any{"rows": rows[start:end], "generation": generation}); err != nil {
			return err
		}
	}
	return nil
}

// Replace swaps g in for the current graph in one write transaction.
func (s *Store) Replace(ctx context.Context, g *graph.Graph, report json.RawMessage) (int64, error) {
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
	session := s.driver.NewSession(ctx, drv.SessionConfig{AccessMode: drv.AccessModeWrite})
	defer session.Close(context.Background())
	gen, err := drv.ExecuteWrite(ctx, session, func(tx drv.ManagedTransaction) (int64, error) {
		res, err := run(ctx, tx, lockBuild, nil)
		if err != nil {
			return 0, fmt.Errorf("locking build: %w", err)
		}
		rec, err := res.Single(ctx)
		if err != nil {
			return 0, fmt.Errorf("locking build: %w", err)
		}
		old, _, err := drv.GetRecordValue[int64](rec, "generation")
		if err != nil {
			return 0, fmt.Errorf("reading generation: %w", err)
		}
		gen := old + 1
		steps := []struct {
			what  string
			query cypher
			rows  []map[string]any
		}{
			{"writing pages", mergePages, pages},
			{"writing nodes", mergeNodes, nodes},
			{"writing child edges", mergeChildEdges, child},
			{"writing reference edges", mergeReferenceEdges, reference},
		}
		for _, st := range steps {
			if err := execBatches(ctx, tx, st.query, st.rows, gen); err != nil {
				return 0, fmt.Errorf("%s: %w", st.what, err)
			}
		}
		for _, q := range []cypher{deleteStaleRelationships, deleteStaleNodes, deleteStalePages} {
			if err := exec(ctx, tx, q, map[string]any{"generation": gen}); err != nil {
				return 0, fmt.Errorf("deleting the old graph: %w", err)
			}
		}
		if err := exec(ctx, tx, recordBuild, map[string]any{
			"generation":  gen,
			"finished_at": time.Now().UTC(),
			"report":      reportParam,
		}); err != nil {
			return 0, fmt.Errorf("recording build: %w", err)
		}
		return gen, nil
	})
	if err != nil {
		return 0, fmt.Errorf("replacing graph: %w", err)
	}
	s.logger.Info("replaced graph", "store", "neo4j", "generation", gen,
		"pages", len(g.Pages), "nodes", len(g.Nodes), "edges", len(g.Edges), "duration", time.Since(start))
	return gen, nil
}

// replaceRows turns g into the parameter rows of the merge statements. The
// ord fields keep the graph's order, which readers rely on.
func replaceRows(g *graph.Graph) (pages, nodes, child, reference []map[string]any) {
	pages = make([]map[string]any, len(g.Pages))
	for i, p := range g.Pages {
		pages[i] = map[string]any{
			"url": p.URL, "title": p.Title, "text": p.Text, "content_hash": p.ContentHash,
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

// errTornRead reports that a Replace committed while Load was reading.
var errTornRead = errors.New("graph changed while loading")

// Load returns the current graph.
//
// Neo4j reads are read-committed, not snapshots, so a Replace committing
// between Load's statements could mix two graphs. Everything carries the
// generation that wrote it, so Load checks that every item and the Build
// node agree before and after reading, and retries if not.
func (s *Store) Load(ctx context.Context) (*graph.Graph, error) {
	session := s.driver.NewSession(ctx, drv.SessionConfig{AccessMode: drv.AccessModeRead})
	defer session.Close(context.Background())
	var err error
	for range loadAttempts {
		var g *graph.Graph
		g, err = drv.ExecuteRead(ctx, session, func(tx drv.ManagedTransaction) (*graph.Graph, error) {
			return load(ctx, tx)
		})
		if err == nil {
			return g, nil
		}
		if !errors.Is(err, errTornRead) {
			break
		}
		s.logger.Debug("graph changed while loading; retrying")
	}
	return nil, fmt.Errorf("loading graph: %w", err)
}

func load(ctx context.Context, tx drv.ManagedTransaction) (*graph.Graph, error) {
	gen, err := generation(ctx, tx)
	if err != nil {
		return nil, err
	}
	g := &graph.Graph{}
	check := func(rec *drv.Record) error {
		got, _, err := drv.GetRecordValue[int64](rec, "generation")
		if err != nil {
			return err
		}
		if got != gen {
			return errTornRead
		}
		return nil
	}
	err = each(ctx, tx, readPages, nil, func(rec *drv.Record) error {
		if err := check(rec); err != nil {
			return err
		}
		var p graph.Page
		var status string
		err := getStrings(rec, map[string]*string{
			"url": &p.URL, "title": &p.Title, "text": &p.Text, "content_hash": &p.ContentHash,
			"method": &p.Method, "extractor": &p.Extractor, "status": &status, "error": &p.Error,
		})
		p.Status = graph.PageStatus(status)
		g.Pages = append(g.Pages, p)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("reading pages: %w", err)
	}
	err = each(ctx, tx, readNodes, nil, func(rec *drv.Record) error {
		if err := check(rec); err != nil {
			return err
		}
		n, err := nodeFrom(rec)
		g.Nodes = append(g.Nodes, n)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("reading nodes: %w", err)
	}
	err = each(ctx, tx, readEdges, nil, func(rec *drv.Record) error {
		if err := check(rec); err != nil {
			return err
		}
		var e graph.Edge
		var typ string
		if err := getStrings(rec, map[string]*string{"from": &e.From, "to": &e.To, "type": &typ}); err != nil {
			return err
		}
		switch typ {
		case "CHILD":
			e.Type = graph.Child
		case "REFERENCE":
			e.Type = graph.Reference
		default:
			return fmt.Errorf("unknown relationship type %q", typ)
		}
		g.Edges = append(g.Edges, e)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading edges: %w", err)
	}
	after, err := generation(ctx, tx)
	if err != nil {
		return nil, err
	}
	if after != gen {
		return nil, errTornRead
	}
	return g, nil
}

func generation(ctx context.Context, tx drv.ManagedTransaction) (int64, error) {
	res, err := run(ctx, tx, readGeneration, nil)
	if err != nil {
		return 0, fmt.Errorf("reading generation: %w", err)
	}
	rec, err := res.Single(ctx)
	if err != nil {
		return 0, fmt.Errorf("reading generation: %w", err)
	}
	gen, _, err := drv.GetRecordValue[int64](rec, "generation")
	if err != nil {
		return 0, fmt.Errorf("reading generation: %w", err)
	}
	return gen, nil
}

// each runs q and calls fn for every record.
func each(ctx context.Context, tx drv.ManagedTransaction, q cypher, params map[string]any, fn func(*drv.Record) error) error {
	res, err := run(ctx, tx, q, params)
	if err != nil {
		return err
	}
	for res.Next(ctx) {
		if err := fn(res.Record()); err != nil {
			return err
		}
	}
	return res.Err()
}

// getStrings reads string fields; a missing (null) property reads as "".
func getStrings(rec *drv.Record, fields map[string]*string) error {
	for key, dst := range fields {
		v, _, err := drv.GetRecordValue[string](rec, key)
		if err != nil {
			return fmt.Errorf("field %s: %w", key, err)
		}
		*dst = v
	}
	return nil
}

func nodeFrom(rec *drv.Record) (graph.Node, error) {
	var n graph.Node
	if err := getStrings(rec, map[string]*string{
		"id": &n.ID, "page": &n.Page, "problem": &n.Problem, "condition": &n.Condition, "resolution": &n.Resolution,
	}); err != nil {
		return n, err
	}
	var err error
	if n.Actionable, _, err = drv.GetRecordValue[bool](rec, "actionable"); err != nil {
		return n, fmt.Errorf("field actionable: %w", err)
	}
	if n.Root, _, err = drv.GetRecordValue[bool](rec, "root"); err != nil {
		return n, fmt.Errorf("field root: %w", err)
	}
	n.Intents, err = stringList(rec, "intents")
	return n, err
}

func stringList(rec *drv.Record, key string) ([]string, error) {
	list, _, err := drv.GetRecordValue[[]any](rec, key)
	if err != nil {
		return nil, fmt.Errorf("field %s: %w", key, err)
	}
	var out []string
	for _, v := range list {
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("field %s: element of type %T, want string", key, v)
		}
		out = append(out, s)
	}
	return out, nil
}

// Node returns the node with id.
func (s *Store) Node(ctx context.Context, id string) (graph.Node, error) {
	session := s.driver.NewSession(ctx, drv.SessionConfig{AccessMode: drv.AccessModeRead})
	defer session.Close(context.Background())
	n, err := drv.ExecuteRead(ctx, session, func(tx drv.ManagedTransaction) (*graph.Node, error) {
		var found *graph.Node
		err := each(ctx, tx, readNode, map[string]any{"id": id}, func(rec *drv.Record) error {
			n, err := nodeFrom(rec)
			found = &n
			return err
		})
		return found, err
	})
	if err != nil {
		return graph.Node{}, fmt.Errorf("reading node %q: %w", id, err)
	}
	if n == nil {
		return graph.Node{}, fmt.Errorf("reading node %q: %w", id, graph.ErrNotFound)
	}
	return *n, nil
}

// LastBuild describes the current graph.
func (s *Store) LastBuild(ctx context.Context) (graph.Build, error) {
	session := s.driver.NewSession(ctx, drv.SessionConfig{AccessMode: drv.AccessModeRead})
	defer session.Close(context.Background())
	b, err := drv.ExecuteRead(ctx, session, func(tx drv.ManagedTransaction) (*graph.Build, error) {
		var found *graph.Build
		err := each(ctx, tx, readBuild, nil, func(rec *drv.Record) error {
			var b graph.Build
			var err error
			if b.Generation, _, err = drv.GetRecordValue[int64](rec, "generation"); err != nil {
				return fmt.Errorf("field generation: %w", err)
			}
			if b.FinishedAt, _, err = drv.GetRecordValue[time.Time](rec, "finished_at"); err != nil {
				return fmt.Errorf("field finished_at: %w", err)
			}
			report, _, err := drv.GetRecordValue[string](rec, "report")
			if err != nil {
				return fmt.Errorf("field report: %w", err)
			}
			if report != "" {
				b.Report = json.RawMessage(report)
			}
			found = &b
			return nil
		})
		return found, err
	})
	if err != nil {
		return graph.Build{}, fmt.Errorf("reading last build: %w", err)
	}
	if b == nil {
		return graph.Build{}, fmt.Errorf("reading last build: %w", graph.ErrNotFound)
	}
	return *b, nil
}

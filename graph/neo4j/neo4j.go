// Package neo4j is a graph.Store in a Neo4j 5 database, for teams that want
// to query and visualise the knowledge graph with Neo4j's tools.
//
// The graph is stored as (:HelpgraphPage {url}) and (:HelpgraphNode {id})
// nodes, with (:HelpgraphNode)-[:ON_PAGE]->(:HelpgraphPage),
// (:HelpgraphNode)-[:CHILD]->(:HelpgraphNode) and
// (:HelpgraphNode)-[:REFERENCE]->(:HelpgraphNode) relationships, and a
// (:HelpgraphBuild {key: 'current'}) singleton holding the current
// generation and the build report. The store reads and writes nothing
// outside these labels, so it can share a database with other data.
//
// Every page and node carries the generation that wrote it. Replace writes
// a new generation in batches (each its own transaction, so no transaction
// holds the whole graph), then flips the build's generation in one small
// transaction, then deletes the old generation in batches. Readers only
// ever see a complete generation. Update (a change of a few pages) instead
// rewrites those pages in the current generation's data, in one
// transaction, and counts a new build: the build node keeps both the
// build's generation and the data's (data_generation).
//
// A store opened read-only (Options.ReadOnly: chat, serve, export, lint)
// sends no schema or data writes, so a user with only the reader role, or
// a read replica, can serve the graph.
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
	driver   drv.DriverWithContext
	logger   *slog.Logger
	database string
	readOnly bool
	batch    int
}

var _ graph.Store = (*Store)(nil)

// Options configure OpenWith.
type Options struct {
	User, Password string
	// Database is the database to use; empty means the server's default.
	Database string
	// ReadOnly opens the store for reading only: no schema is created, the
	// schema is only checked (problems are logged), and Replace fails.
	ReadOnly bool
	// BatchSize is how many rows one write transaction carries; 0 means 1000.
	BatchSize int
	Logger    *slog.Logger
}

// ErrReadOnly is returned (wrapped) by Replace on a store opened read-only.
var ErrReadOnly = errors.New("neo4j store is open read-only")

// defaultBatchSize is how many rows one UNWIND statement (and one write
// transaction) carries: big enough to amortise round trips, small enough to
// keep messages and transaction memory modest.
const defaultBatchSize = 1000

// loadAttempts bounds how often Load retries when a Replace commits while it
// reads (see Load).
const loadAttempts = 10

// cleanupTimeout bounds deleting a failed Replace's partial generation.
const cleanupTimeout = 2 * time.Minute

// Open connects to the Neo4j server at uri (neo4j://, neo4j+s://, bolt://,
// bolt+s://) in its default database, checks the connection and creates the
// schema if needed.
func Open(ctx context.Context, uri, user, password string, logger *slog.Logger) (*Store, error) {
	return OpenWith(ctx, uri, Options{User: user, Password: password, Logger: logger})
}

// OpenWith connects to the Neo4j server at uri with o. A writable store
// creates its schema if needed; either kind checks it and reports an
// existing index or constraint of the same name with another definition
// (an error when writable, a warning when read-only).
func OpenWith(ctx context.Context, uri string, o Options) (*Store, error) {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.BatchSize <= 0 {
		o.BatchSize = defaultBatchSize
	}
	name := redact(uri)
	if o.Database != "" {
		name += " (database " + o.Database + ")"
	}
	d, err := drv.NewDriverWithContext(uri, drv.BasicAuth(o.User, o.Password, ""))
	if err != nil {
		return nil, fmt.Errorf("opening neo4j store %s: %w", name, err)
	}
	if err := d.VerifyConnectivity(ctx); err != nil {
		d.Close(context.Background())
		return nil, fmt.Errorf("opening neo4j store %s: %w", name, err)
	}
	s := &Store{driver: d, logger: o.Logger, database: o.Database, readOnly: o.ReadOnly, batch: o.BatchSize}
	if !o.ReadOnly {
		if err := s.createSchema(ctx); err != nil {
			d.Close(context.Background())
			return nil, fmt.Errorf("opening neo4j store %s: %w", name, err)
		}
	}
	problems, err := s.checkSchema(ctx)
	switch {
	case err != nil && o.ReadOnly:
		// A reader may lack the privilege to list indexes; searching will
		// say so if the index is really missing.
		s.logger.Warn("neo4j: could not check the schema", "store", name, "err", err)
	case err != nil:
		d.Close(context.Background())
		return nil, fmt.Errorf("opening neo4j store %s: checking schema: %w", name, err)
	case len(problems) > 0 && o.ReadOnly:
		for _, p := range problems {
			s.logger.Warn("neo4j: schema problem", "store", name, "problem", p)
		}
	case len(problems) > 0:
		d.Close(context.Background())
		return nil, fmt.Errorf("opening neo4j store %s: %s", name, strings.Join(problems, "; "))
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

func (s *Store) session(ctx context.Context, mode drv.AccessMode) drv.SessionWithContext {
	return s.driver.NewSession(ctx, drv.SessionConfig{AccessMode: mode, DatabaseName: s.database})
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

// errTornRead reports that a Replace committed while Load was reading.
var errTornRead = errors.New("graph changed while loading")

// Load returns the current graph.
//
// Load reads the generation the build points at. Neo4j reads are
// read-committed, not snapshots, so a Replace flipping the pointer and
// deleting that generation while Load reads could cut it short; Load checks
// the pointer again after reading and retries if it moved.
func (s *Store) Load(ctx context.Context) (*graph.Graph, error) {
	session := s.session(ctx, drv.AccessModeRead)
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
	gen, data, err := generation(ctx, tx)
	if err != nil {
		return nil, err
	}
	g := &graph.Graph{}
	if gen == 0 {
		return g, nil // nothing built yet
	}
	params := map[string]any{"generation": data}
	err = each(ctx, tx, readPages, params, func(rec *drv.Record) error {
		var p graph.Page
		var status string
		err := getStrings(rec, map[string]*string{
			"url": &p.URL, "title": &p.Title, "lang": &p.Lang, "text": &p.Text, "content_hash": &p.ContentHash,
			"method": &p.Method, "extractor": &p.Extractor, "status": &status, "error": &p.Error,
		})
		if err != nil {
			return err
		}
		p.Status = graph.PageStatus(status)
		p.Breadcrumb, err = stringList(rec, "breadcrumb")
		g.Pages = append(g.Pages, p)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("reading pages: %w", err)
	}
	err = each(ctx, tx, readNodes, params, func(rec *drv.Record) error {
		n, err := nodeFrom(rec)
		g.Nodes = append(g.Nodes, n)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("reading nodes: %w", err)
	}
	err = each(ctx, tx, readEdges, params, func(rec *drv.Record) error {
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
	// An Update changes the data in place but always counts a new build.
	after, _, err := generation(ctx, tx)
	if err != nil {
		return nil, err
	}
	if after != gen {
		return nil, errTornRead
	}
	return g, nil
}

// generation returns the current build's generation and the generation
// its pages and nodes carry (see readGeneration).
func generation(ctx context.Context, tx drv.ManagedTransaction) (gen, data int64, err error) {
	res, err := run(ctx, tx, readGeneration, nil)
	if err != nil {
		return 0, 0, fmt.Errorf("reading generation: %w", err)
	}
	rec, err := res.Single(ctx)
	if err != nil {
		return 0, 0, fmt.Errorf("reading generation: %w", err)
	}
	if gen, _, err = drv.GetRecordValue[int64](rec, "generation"); err != nil {
		return 0, 0, fmt.Errorf("reading generation: %w", err)
	}
	if data, _, err = drv.GetRecordValue[int64](rec, "data"); err != nil {
		return 0, 0, fmt.Errorf("reading generation: %w", err)
	}
	return gen, data, nil
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
	if n.Intents, err = stringList(rec, "intents"); err != nil {
		return n, err
	}
	n.Verdict, err = verdictFrom(rec)
	return n, err
}

// verdictFrom reads a node's verdict; a node written before verdicts were
// stored has none of its properties and gets a nil verdict.
func verdictFrom(rec *drv.Record) (*graph.Verdict, error) {
	answers, absent, err := drv.GetRecordValue[bool](rec, "answers")
	if err != nil {
		return nil, fmt.Errorf("field answers: %w", err)
	}
	if absent {
		return nil, nil
	}
	v := &graph.Verdict{Answers: answers}
	if v.Hollow, _, err = drv.GetRecordValue[bool](rec, "hollow"); err != nil {
		return nil, fmt.Errorf("field hollow: %w", err)
	}
	if v.Text, _, err = drv.GetRecordValue[string](rec, "shown"); err != nil {
		return nil, fmt.Errorf("field shown: %w", err)
	}
	return v, nil
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
	session := s.session(ctx, drv.AccessModeRead)
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
	session := s.session(ctx, drv.AccessModeRead)
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

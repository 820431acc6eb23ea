//go:build cgo

// Package kuzu is the embedded Cypher engine behind "ask the graph": it loads
// a snapshot of the knowledge graph (and the handoffs) into an in-memory Kùzu
// database and runs read-only queries on it.
//
// Kùzu (github.com/kuzudb/go-kuzu) is a cgo binding to a native library and
// is no longer developed upstream, so it stays inside this one package, behind
// ask.Engine: only cmd/helpgraph links it, and replacing it touches nothing else.
package kuzu

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	kz "github.com/kuzudb/go-kuzu"
	"github.com/shopspring/decimal"

	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/graph"
)

// Available says whether this build has the engine (it needs cgo).
const Available = true

// DB is one loaded snapshot. It is safe for concurrent use.
type DB struct {
	mu     sync.RWMutex // Close and UpdateHandoffs wait for running queries
	db     *kz.Database
	closed bool
	// path and cfg are a read-only database's, opened for writing by
	// UpdateHandoffs; path is empty for an in-memory one.
	path string
	cfg  kz.SystemConfig
}

var _ ask.Engine = (*DB)(nil)

// schema mirrors the Neo4j store's labels, properties and relationship types
// (graph/neo4j), so the same Cypher runs on both, plus what only "ask"
// exposes: HelpgraphPage.change, Conversation, Handoff, ENDED_ON and OF.
// Timestamps are ISO 8601 UTC strings, so comparisons with a date string
// mean the same on both engines.
var schema = []string{
	`CREATE NODE TABLE HelpgraphPage(url STRING PRIMARY KEY, title STRING, text STRING, content_hash STRING, method STRING, extractor STRING, status STRING, error STRING, generation INT64, change STRING)`,
	`CREATE NODE TABLE HelpgraphNode(id STRING PRIMARY KEY, page STRING, problem STRING, condition STRING, resolution STRING, intents STRING[], actionable BOOLEAN, root BOOLEAN, generation INT64, helpful INT64, unhelpful INT64)`,
	`CREATE NODE TABLE HelpgraphBuild(key STRING PRIMARY KEY, generation INT64, finished_at STRING)`,
	`CREATE NODE TABLE Conversation(id STRING PRIMARY KEY, turns INT64, last_action STRING, escalated BOOLEAN)`,
	`CREATE NODE TABLE Handoff(id INT64 PRIMARY KEY, conversation_id STRING, created_at STRING, intent STRING, handled BOOLEAN, handled_at STRING)`,
	`CREATE NODE TABLE Gap(id INT64 PRIMARY KEY, kind STRING, conversation_id STRING, utterance STRING, at STRING)`,
	`CREATE REL TABLE ON_PAGE(FROM HelpgraphNode TO HelpgraphPage, generation INT64)`,
	`CREATE REL TABLE CHILD(FROM HelpgraphNode TO HelpgraphNode, ord INT64, generation INT64)`,
	`CREATE REL TABLE REFERENCE(FROM HelpgraphNode TO HelpgraphNode, ord INT64, generation INT64)`,
	`CREATE REL TABLE ENDED_ON(FROM Conversation TO HelpgraphNode, FROM Handoff TO HelpgraphNode)`,
	`CREATE REL TABLE OF(FROM Handoff TO Conversation)`,
	`CREATE REL TABLE NEAR(FROM Gap TO HelpgraphNode)`,
}

// Loading statements. Pages, nodes and edges go in batches ($rows, a list
// of maps of scalars); Kùzu cannot bind an empty list (it has no element
// type), so intents travel as one string joined with intentSep and are
// split back. Handoffs: handoffs.go.
const (
	intentSep   = "\x1f"
	batchSize   = 2000
	insertPages = `UNWIND $rows AS row CREATE (:HelpgraphPage {url: row.url, title: row.title, text: row.text, content_hash: row.content_hash, method: row.method, extractor: row.extractor, status: row.status, error: row.error, generation: row.generation, change: row.change})`
	insertNodes = `UNWIND $rows AS row CREATE (:HelpgraphNode {id: row.id, page: row.page, problem: row.problem, condition: row.condition, resolution: row.resolution, intents: list_filter(string_split(row.intents, row.sep), x -> x <> ''), actionable: row.actionable, root: row.root, generation: row.generation, helpful: row.helpful, unhelpful: row.unhelpful})`
	insertBuild = `CREATE (:HelpgraphBuild {key: 'current', generation: $generation, finished_at: $finished_at})`
)

// Open loads snap into a new in-memory database in this process. The
// server and the CLI use the boxed engine (NewBox) instead; Open is for
// tests and the child process.
func Open(ctx context.Context, snap *ask.Snapshot) (*DB, error) {
	cfg := kz.DefaultSystemConfig()
	// The default buffer pool is 80% of the machine's memory; a help
	// center's graph needs a small fraction of that.
	cfg.BufferPoolSize = 512 << 20
	cfg.MaxNumThreads = 2
	db, err := kz.OpenInMemoryDatabase(cfg)
	if err != nil {
		return nil, fmt.Errorf("opening kuzu: %w", err)
	}
	dir, err := os.MkdirTemp("", "helpgraph-kuzu-")
	if err != nil {
		db.Close()
		return nil, err
	}
	defer os.RemoveAll(dir)
	d := &DB{db: db}
	if err := d.load(ctx, snap, dir); err != nil {
		db.Close()
		return nil, fmt.Errorf("loading graph into kuzu: %w", err)
	}
	return d, nil
}

// openReadOnly loads snap into a database file in dir, closes it and opens
// it again read-only, so that no statement can change it.
func openReadOnly(ctx context.Context, dir string, snap *ask.Snapshot, bufferPool uint64) (*DB, error) {
	cfg := kz.DefaultSystemConfig()
	cfg.BufferPoolSize = bufferPool
	cfg.MaxNumThreads = 2
	// The engine reserves address space for the largest database it may
	// open (8 TB by default); the address-space limit of the child counts it.
	cfg.MaxDbSize = 1 << 34
	path := filepath.Join(dir, "graph.kuzu")
	db, err := kz.OpenDatabase(path, cfg)
	if err != nil {
		return nil, fmt.Errorf("creating kuzu database: %w", err)
	}
	d := &DB{db: db}
	err = d.load(ctx, snap, dir)
	db.Close()
	if err != nil {
		return nil, fmt.Errorf("loading graph into kuzu: %w", err)
	}
	cfg.ReadOnly = true
	d.path, d.cfg = path, cfg
	if d.db, err = kz.OpenDatabase(path, cfg); err != nil {
		return nil, fmt.Errorf("opening kuzu database read-only: %w", err)
	}
	return d, nil
}

func (d *DB) load(ctx context.Context, snap *ask.Snapshot, dir string) error {
	conn, err := kz.OpenConnection(d.db)
	if err != nil {
		return err
	}
	defer conn.Close()
	for _, q := range schema {
		if err := execute(conn, q); err != nil {
			return fmt.Errorf("%s: %w", q, err)
		}
	}
	// One transaction for the whole load: per-statement commits are what
	// makes row-at-a-time loading slow.
	if err := execute(conn, "BEGIN TRANSACTION"); err != nil {
		return err
	}
	if err := d.loadRows(ctx, conn, snap); err != nil {
		_ = execute(conn, "ROLLBACK")
		return err
	}
	if err := execute(conn, "COMMIT"); err != nil {
		return err
	}
	if err := copyRelationships(conn, snap.Graph, snap.Generation, dir); err != nil {
		return err
	}
	if err := loadHandoffs(ctx, conn, snap, dir); err != nil {
		return err
	}
	return loadGaps(ctx, conn, snap)
}

// copyRelationships bulk-loads ON_PAGE, CHILD and REFERENCE from CSV files:
// matching both ends row by row costs about a millisecond per edge, COPY a
// few microseconds.
func copyRelationships(conn *kz.Connection, g *graph.Graph, generation int64, dir string) error {
	gen := strconv.FormatInt(generation, 10)
	files := map[string][][]string{"ON_PAGE": nil, "CHILD": nil, "REFERENCE": nil}
	for _, n := range g.Nodes {
		files["ON_PAGE"] = append(files["ON_PAGE"], []string{n.ID, n.Page, gen})
	}
	for i, e := range g.Edges {
		table := "CHILD"
		if e.Type == graph.Reference {
			table = "REFERENCE"
		}
		files[table] = append(files[table], []string{e.From, e.To, strconv.Itoa(i), gen})
	}
	for _, table := range []string{"ON_PAGE", "CHILD", "REFERENCE"} {
		if err := copyCSV(conn, dir, table, "", files[table]); err != nil {
			return err
		}
	}
	return nil
}

// copyCSV bulk-loads rows into table through a CSV file in dir; options
// are COPY's extra ones ("from='A', to='B'").
func copyCSV(conn *kz.Connection, dir, table, options string, rows [][]string) error {
	if len(rows) == 0 {
		return nil
	}
	path := filepath.Join(dir, table+".csv")
	if err := writeCSV(path, rows); err != nil {
		return err
	}
	defer os.Remove(path)
	if options != "" {
		options = ", " + options
	}
	// parallel=false: the parallel reader refuses quoted newlines, which ids may hold.
	q := fmt.Sprintf("COPY %s FROM '%s' (header=false, parallel=false%s)", table, strings.ReplaceAll(path, "'", "\\'"), options)
	if err := execute(conn, q); err != nil {
		return fmt.Errorf("loading %s: %w", table, err)
	}
	return nil
}

func writeCSV(path string, rows [][]string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	if err := w.WriteAll(rows); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func (d *DB) loadRows(ctx context.Context, conn *kz.Connection, snap *ask.Snapshot) error {
	g := snap.Graph
	if g == nil {
		return errors.New("no graph in snapshot")
	}
	ins, err := newInserter(conn)
	if err != nil {
		return err
	}
	defer ins.close()
	gen := snap.Generation
	if err := ins.run(insertBuild, map[string]any{"generation": gen, "finished_at": isoTime(snap.FinishedAt)}); err != nil {
		return err
	}
	var pages, nodes []any
	for _, p := range g.Pages {
		change := snap.Change[p.URL]
		if change == "" {
			change = "unchanged"
		}
		pages = append(pages, map[string]any{"url": p.URL, "title": p.Title, "text": p.Text,
			"content_hash": p.ContentHash, "method": p.Method, "extractor": p.Extractor,
			"status": string(p.Status), "error": p.Error, "generation": gen, "change": change})
	}
	for _, n := range g.Nodes {
		nodes = append(nodes, map[string]any{"id": n.ID, "page": n.Page, "problem": n.Problem,
			"condition": n.Condition, "resolution": n.Resolution, "intents": strings.Join(n.Intents, intentSep),
			"sep": intentSep, "actionable": n.Actionable, "root": n.Root, "generation": gen,
			"helpful": int64(snap.Ratings[n.ID].Helpful), "unhelpful": int64(snap.Ratings[n.ID].Unhelpful)})
	}
	for _, step := range []struct {
		what string
		q    string
		rows []any
	}{{"pages", insertPages, pages}, {"nodes", insertNodes, nodes}} {
		for start := 0; start < len(step.rows); start += batchSize {
			if err := ctx.Err(); err != nil {
				return err
			}
			end := min(start+batchSize, len(step.rows))
			if err := ins.run(step.q, map[string]any{"rows": step.rows[start:end]}); err != nil {
				return fmt.Errorf("%s: %w", step.what, err)
			}
		}
	}
	return nil
}

func isoTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// inserter keeps one prepared statement per loading statement.
type inserter struct {
	conn  *kz.Connection
	stmts map[string]*kz.PreparedStatement
}

func newInserter(conn *kz.Connection) (*inserter, error) {
	return &inserter{conn: conn, stmts: map[string]*kz.PreparedStatement{}}, nil
}

func (in *inserter) run(q string, args map[string]any) error {
	st, ok := in.stmts[q]
	if !ok {
		var err error
		if st, err = in.conn.Prepare(q); err != nil {
			return err
		}
		in.stmts[q] = st
	}
	r, err := in.conn.Execute(st, args)
	if r != nil {
		r.Close()
	}
	return err
}

func (in *inserter) close() {
	for _, st := range in.stmts {
		st.Close()
	}
}

func execute(conn *kz.Connection, q string) error {
	r, err := conn.Query(q)
	if r != nil {
		r.Close()
	}
	return err
}

// Query runs one statement on its own connection, interrupted when ctx ends
// or limits.Timeout passes. Callers check it with ask.Guard first.
func (d *DB) Query(ctx context.Context, cypher string, limits ask.Limits) (ask.Result, error) {
	return d.query(ctx, cypher, limits, 0)
}

// errResultTooLarge ends a query whose rows add up to more than maxBytes.
var errResultTooLarge = errors.New("result too large")

// query is Query keeping rows only up to maxBytes (0: no limit), counted
// as the rows are read.
func (d *DB) query(ctx context.Context, cypher string, limits ask.Limits, maxBytes int64) (ask.Result, error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return ask.Result{}, errors.New("kuzu: database closed")
	}
	conn, err := kz.OpenConnection(d.db)
	if err != nil {
		return ask.Result{}, fmt.Errorf("kuzu: %w", err)
	}
	defer conn.Close()
	if limits.Timeout > 0 {
		conn.SetTimeout(uint64(limits.Timeout.Milliseconds()))
	}
	// The engine forgets an interrupt that comes before the query starts,
	// so once ctx ends it is repeated until the query returns.
	// No goroutine until then: in the box a new thread may not fit under
	// the memory limit while the query holds one.
	quit, interrupting := make(chan struct{}), make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		defer close(interrupting)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			conn.Interrupt()
			select {
			case <-quit:
				return
			case <-tick.C:
			}
		}
	})
	defer func() {
		close(quit)
		if !stop() {
			<-interrupting // it started: wait for its last Interrupt
		}
	}()
	r, err := conn.Query(cypher)
	if err != nil {
		if r != nil {
			r.Close()
		}
		if ctx.Err() != nil {
			return ask.Result{}, ctx.Err()
		}
		return ask.Result{}, errors.New(strings.TrimSpace(err.Error()))
	}
	defer r.Close()
	res := ask.Result{Columns: r.GetColumnNames(), Rows: [][]any{}}
	var size int64
	for r.HasNext() {
		if limits.MaxRows > 0 && len(res.Rows) >= limits.MaxRows {
			res.Truncated = true
			break
		}
		t, err := r.Next()
		if err != nil {
			return ask.Result{}, fmt.Errorf("kuzu: reading row: %w", err)
		}
		vals, err := t.GetAsSlice()
		t.Close()
		if err != nil {
			return ask.Result{}, fmt.Errorf("kuzu: reading row: %w", err)
		}
		row := make([]any, len(vals))
		for i, v := range vals {
			row[i] = plain(v)
			size += sizeOf(row[i])
		}
		if maxBytes > 0 && size > maxBytes {
			return ask.Result{}, errResultTooLarge
		}
		res.Rows = append(res.Rows, row)
	}
	return res, nil
}

// plain turns Kùzu's values into the plain values ask.Result promises.
func plain(v any) any {
	switch v := v.(type) {
	case nil, string, bool, int64, float64:
		return v
	case int8:
		return int64(v)
	case int16:
		return int64(v)
	case int32:
		return int64(v)
	case uint8:
		return int64(v)
	case uint16:
		return int64(v)
	case uint32:
		return int64(v)
	case uint64:
		return int64(v)
	case float32:
		return float64(v)
	case *big.Int:
		// sum() of INT64 is INT128 here and an integer on Neo4j.
		if v.IsInt64() {
			return v.Int64()
		}
		return v.String()
	case decimal.Decimal:
		f, _ := v.Float64()
		return f
	case time.Time:
		return v.UTC().Format(time.RFC3339)
	case time.Duration:
		return v.String()
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = plain(x)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = plain(x)
		}
		return out
	case kz.Node:
		m := plain(v.Properties).(map[string]any)
		m["_label"] = v.Label
		return m
	case kz.Relationship:
		m := plain(v.Properties).(map[string]any)
		m["_type"] = v.Label
		return m
	case kz.RecursiveRelationship:
		nodes := make([]any, len(v.Nodes))
		for i, n := range v.Nodes {
			nodes[i] = plain(n)
		}
		rels := make([]any, len(v.Relationships))
		for i, r := range v.Relationships {
			rels[i] = plain(r)
		}
		return map[string]any{"nodes": nodes, "relationships": rels}
	case []kz.MapItem:
		out := make(map[string]any, len(v))
		for _, it := range v {
			out[fmt.Sprint(plain(it.Key))] = plain(it.Value)
		}
		return out
	default:
		return fmt.Sprint(v)
	}
}

// Close frees the database after running queries finish.
func (d *DB) Close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.closed {
		d.closed = true
		d.db.Close()
	}
	return nil
}

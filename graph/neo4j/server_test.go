package neo4j

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph/graphtest"
	drv "github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// These tests need a Neo4j server (see TestStore) and check what the
// conformance suite cannot: that the store leaves foreign data alone, that
// a read-only open writes nothing, and that a mismatched index is reported.

// adminRun runs a test statement in its own transaction.
func adminRun(t *testing.T, uri string, o Options, query string) []*drv.Record {
	t.Helper()
	ctx := context.Background()
	d, err := drv.NewDriverWithContext(uri, drv.BasicAuth(o.User, o.Password, ""))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close(ctx)
	session := d.NewSession(ctx, drv.SessionConfig{AccessMode: drv.AccessModeWrite, DatabaseName: o.Database})
	defer session.Close(ctx)
	res, err := session.Run(ctx, query, nil)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	recs, err := res.Collect(ctx)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return recs
}

func countOf(t *testing.T, uri string, o Options, query string) int64 {
	t.Helper()
	recs := adminRun(t, uri, o, query)
	n, _, err := drv.GetRecordValue[int64](recs[0], "n")
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// dropSchema removes the store's indexes and constraints.
func dropSchema(t *testing.T, uri string, o Options) {
	t.Helper()
	for _, name := range []string{"helpgraph_page_key", "helpgraph_node_key", "helpgraph_build_key"} {
		adminRun(t, uri, o, "DROP CONSTRAINT "+name+" IF EXISTS")
	}
	for _, name := range []string{"helpgraph_page_generation", "helpgraph_node_generation", "helpgraph_node_intents"} {
		adminRun(t, uri, o, "DROP INDEX "+name+" IF EXISTS")
	}
	adminRun(t, uri, o, "MATCH (n) WHERE n:HelpgraphNode OR n:HelpgraphPage OR n:HelpgraphBuild DETACH DELETE n")
}

func TestServerSharedDatabaseUntouched(t *testing.T) {
	uri, o := testServer(t)
	adminRun(t, uri, o, "MATCH (n:ForeignTest) DETACH DELETE n")
	adminRun(t, uri, o, "CREATE (:Node:ForeignTest {id: 'x'})-[:CHILD]->(:Page:ForeignTest {url: 'y'}), (:Build:ForeignTest {key: 'current'})")
	t.Cleanup(func() { adminRun(t, uri, o, "MATCH (n:ForeignTest) DETACH DELETE n") })
	s, err := OpenWith(context.Background(), uri, o)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	wipeStore(t, s)
	for i := range 3 {
		if _, err := s.Replace(context.Background(), graphtest.Synthetic(50+i, int64(i)), nil); err != nil {
			t.Fatal(err)
		}
	}
	if n := countOf(t, uri, o, "MATCH (n:ForeignTest) RETURN count(n) AS n"); n != 3 {
		t.Errorf("%d foreign nodes left, want 3", n)
	}
	if n := countOf(t, uri, o, "MATCH (:ForeignTest)-[r:CHILD]->(:ForeignTest) RETURN count(r) AS n"); n != 1 {
		t.Errorf("foreign relationship deleted")
	}
	if n := countOf(t, uri, o, "MATCH (n:HelpgraphNode) RETURN count(DISTINCT n.generation) AS n"); n != 1 {
		t.Errorf("%d generations stored after Replace, want 1 (old ones deleted)", n)
	}
}

func TestServerReadOnlyOpenWritesNothing(t *testing.T) {
	uri, o := testServer(t)
	dropSchema(t, uri, o)
	t.Cleanup(func() {
		// Leave the schema in place for the other tests.
		if s, err := OpenWith(context.Background(), uri, o); err == nil {
			s.Close()
		}
	})
	ro := o
	ro.ReadOnly = true
	s, err := OpenWith(context.Background(), uri, ro)
	if err != nil {
		t.Fatalf("read-only open of an unbuilt database: %v", err)
	}
	defer s.Close()
	if n := countOf(t, uri, o, "SHOW INDEXES YIELD name WHERE name STARTS WITH 'helpgraph_' RETURN count(*) AS n"); n != 0 {
		t.Errorf("read-only open created %d indexes", n)
	}
	if n := countOf(t, uri, o, "MATCH (b:HelpgraphBuild) RETURN count(b) AS n"); n != 0 {
		t.Errorf("read-only open wrote the build node")
	}
	g, err := s.Load(context.Background())
	if err != nil || len(g.Nodes) != 0 {
		t.Errorf("Load = %d nodes, %v; want an empty graph", len(g.Nodes), err)
	}
	if _, err := s.Replace(context.Background(), graphtest.Fixture(), nil); !errors.Is(err, ErrReadOnly) {
		t.Errorf("Replace on a read-only store: %v, want ErrReadOnly", err)
	}

	// Built by a writer, the graph reads back through the read-only store.
	w, err := OpenWith(context.Background(), uri, o)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Replace(context.Background(), graphtest.Fixture(), nil); err != nil {
		t.Fatal(err)
	}
	g, err = s.Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if d := graphtest.Diff(g, graphtest.Fixture()); d != "" {
		t.Errorf("read-only Load differs: %s", d)
	}
}

func TestServerMismatchedIndexReported(t *testing.T) {
	uri, o := testServer(t)
	dropSchema(t, uri, o)
	adminRun(t, uri, o, "CREATE FULLTEXT INDEX helpgraph_node_intents FOR (n:HelpgraphNode) ON EACH [n.intent_text] OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words'}}")
	t.Cleanup(func() {
		adminRun(t, uri, o, "DROP INDEX helpgraph_node_intents IF EXISTS")
		if s, err := OpenWith(context.Background(), uri, o); err == nil {
			s.Close()
		}
	})
	_, err := OpenWith(context.Background(), uri, o)
	if err == nil || !strings.Contains(err.Error(), "helpgraph_node_intents exists with another definition") || !strings.Contains(err.Error(), "standard-no-stop-words") {
		t.Fatalf("Open with a mismatched index: %v", err)
	}
}

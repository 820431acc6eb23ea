package neo4j

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/graph"
)

// TestReadQuery runs user Cypher against a real Neo4j 5 server (see
// TestStore; it replaces the graph there): reads work, writes are refused by the
// server because the session is read-only, and nothing changes.
func TestReadQuery(t *testing.T) {
	uri := os.Getenv("HELPGRAPH_TEST_NEO4J_URI")
	if uri == "" {
		t.Skip("neo4j ReadQuery test skipped: HELPGRAPH_TEST_NEO4J_URI not set")
	}
	user := os.Getenv("HELPGRAPH_TEST_NEO4J_USER")
	if user == "" {
		user = "neo4j"
	}
	ctx := context.Background()
	s, err := Open(ctx, uri, user, os.Getenv("HELPGRAPH_TEST_NEO4J_PASSWORD"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := &graph.Graph{
		Pages: []graph.Page{{URL: "https://x/a", Title: "A", Status: graph.PageOK}},
		Nodes: []graph.Node{
			{ID: "a", Page: "https://x/a", Problem: "A", Root: true, Intents: []string{"a"}},
			{ID: "b", Page: "https://x/a", Problem: "B", Intents: []string{"b"}},
			{ID: "c", Page: "https://x/a", Problem: "C", Intents: []string{"c"}},
		},
		Edges: []graph.Edge{{From: "a", To: "b", Type: graph.Child}, {From: "a", To: "c", Type: graph.Child}},
	}
	if _, err := s.Replace(ctx, g, nil); err != nil {
		t.Fatal(err)
	}
	res, err := s.ReadQuery(ctx, "MATCH (n:Node)-[:ON_PAGE]->(p:Page) RETURN n.problem AS problem, p ORDER BY problem", 2, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 2 || !res.Truncated || res.Columns[0] != "problem" || res.Rows[0][0] != "A" {
		t.Errorf("got %+v", res)
	}
	if p, ok := res.Rows[0][1].(map[string]any); !ok || p["_label"] != "Page" || p["url"] != "https://x/a" {
		t.Errorf("page value %#v", res.Rows[0][1])
	}
	_, err = s.ReadQuery(ctx, "MATCH (n) DETACH DELETE n", 10, 5*time.Second)
	if err == nil || !strings.Contains(strings.ToLower(err.Error()), "write") {
		t.Errorf("write in a read session: %v", err)
	}
	back, err := s.Load(ctx)
	if err != nil || len(back.Nodes) != 3 {
		t.Errorf("graph changed: %d nodes, %v", len(back.Nodes), err)
	}
}

package neo4j

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/graph"
)

// TestReadQuery runs user Cypher against a real Neo4j 5 server (see
// TestStore; it replaces the graph there): reads work, writes are refused by the
// server because the session is read-only, and nothing changes.
func TestReadQuery(t *testing.T) {
	uri, opts := testServer(t)
	ctx := context.Background()
	s, err := OpenWith(ctx, uri, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	wipeStore(t, s)
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
	res, err := s.ReadQuery(ctx, "MATCH (n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage) RETURN n.problem AS problem, p ORDER BY problem", 2, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 2 || !res.Truncated || res.Columns[0] != "problem" || res.Rows[0][0] != "A" {
		t.Errorf("got %+v", res)
	}
	if p, ok := res.Rows[0][1].(map[string]any); !ok || p["_label"] != "HelpgraphPage" || p["url"] != "https://x/a" {
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

// Every session, ReadQuery's included, is opened by Store.session, the one
// place that names the configured database: a session opened elsewhere
// would silently use the server's default database.
func TestSessionsOpenOnStoreDatabase(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	calls := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				switch sel.Sel.Name {
				case "NewSession":
					if fn.Name.Name != "session" {
						t.Errorf("%s: %s opens a session itself; use s.session so it gets the store's database", fset.Position(call.Pos()), fn.Name.Name)
					}
				case "session":
					if fn.Name.Name == "ReadQuery" {
						calls++
					}
				}
				return true
			})
		}
	}
	if calls == 0 {
		t.Error("ReadQuery does not open its session with s.session")
	}
}

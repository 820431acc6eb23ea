package neo4j

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/internal/testenv"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/graphtest"
	drv "github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// TestStore runs the conformance suite against a real Neo4j 5 server.
//
// It deletes the store's own data (the Helpgraph labels) before every
// subtest, nothing else; other tests in server_test.go add and check
// foreign data and drop the store's schema, so still point it at a
// throwaway database, e.g.
//
//	docker run --rm -p 7687:7687 -e NEO4J_AUTH=neo4j/testpassword neo4j:5
//	HELPGRAPH_TEST_NEO4J_URI=bolt://localhost:7687 HELPGRAPH_TEST_NEO4J_PASSWORD=testpassword go test ./graph/neo4j
//
// HELPGRAPH_TEST_NEO4J_DATABASE selects a database other than the default.
// Small write batches make Replace span many transactions, so the suite's
// concurrent-load test checks that readers never see a half-written graph.
func TestStore(t *testing.T) {
	uri, opts := testServer(t)
	opts.BatchSize = 50
	graphtest.TestStore(t, func(t *testing.T) graph.Store {
		s, err := OpenWith(context.Background(), uri, opts)
		if err != nil {
			t.Fatal(err)
		}
		wipeStore(t, s)
		return s
	})
}

// testServer returns the test server's URI and credentials, or skips.
func testServer(t *testing.T) (string, Options) {
	t.Helper()
	uri := os.Getenv("HELPGRAPH_TEST_NEO4J_URI")
	if uri == "" {
		testenv.Missing(t, testenv.Neo4j, "the Neo4j contract tests need a Neo4j 5 server: HELPGRAPH_TEST_NEO4J_URI is not set")
	}
	o := Options{
		User:     os.Getenv("HELPGRAPH_TEST_NEO4J_USER"),
		Password: os.Getenv("HELPGRAPH_TEST_NEO4J_PASSWORD"),
		Database: os.Getenv("HELPGRAPH_TEST_NEO4J_DATABASE"),
	}
	if o.User == "" {
		o.User = "neo4j"
	}
	return uri, o
}

// wipeStore deletes the store's data (not the schema, not other data).
func wipeStore(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	session := s.session(ctx, drv.AccessModeWrite)
	defer session.Close(ctx)
	if err := execAutoCommit(ctx, session, wipe); err != nil {
		s.Close()
		t.Fatalf("wiping test store: %v", err)
	}
}

func TestQuoteLucene(t *testing.T) {
	tests := []struct{ in, want string }{
		{"password", `"password"`},
		{"", `""`},
		{`"`, `"\""`},
		{`\`, `"\\"`},
		{"a+b-c", `"a\+b\-c"`},
		{"x&&y||z", `"x\&\&y\|\|z"`},
		{"(a) {b} [c]", `"\(a\) \{b\} \[c\]"`},
		{"!^~*?:/", `"\!\^\~\*\?\:\/"`},
		{"AND OR NOT", `"AND OR NOT"`}, // inside quotes these are plain words
		{"ünïcødé", `"ünïcødé"`},
	}
	for _, tt := range tests {
		if got := quoteLucene(tt.in); got != tt.want {
			t.Errorf("quoteLucene(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
	// Property: every special character ends up escaped, so the quoted
	// phrase can never end early or carry an operator.
	for _, r := range luceneSpecial {
		q := quoteLucene("a" + string(r) + "b")
		if !strings.Contains(q, `\`+string(r)) {
			t.Errorf("quoteLucene left %q unescaped: %s", r, q)
		}
	}
}

func TestBestIntent(t *testing.T) {
	intents := []string{"I forgot my password", "How do I reset my passwords?", "SMS code"}
	tests := []struct {
		query string
		want  string
	}{
		{"reset password", "How do I reset my passwords?"},
		{"resetting", "How do I reset my passwords?"},
		{"forgot", "I forgot my password"},
		{"sms", "SMS code"},
		{"password", "I forgot my password"}, // ties keep the first intent
		{"zebra", "I forgot my password"},
	}
	for _, tt := range tests {
		if got := bestIntent(intents, graph.SearchTerms(tt.query)); got != tt.want {
			t.Errorf("bestIntent(%q) = %q, want %q", tt.query, got, tt.want)
		}
	}
}

func TestRank(t *testing.T) {
	cs := []candidate{
		{id: "partial", intents: []string{"reset router"}, coverage: 1, relevance: 9},
		{id: "full-low", intents: []string{"reset password"}, coverage: 2, relevance: 0.5},
		{id: "full-high", intents: []string{"password reset"}, coverage: 2, relevance: 3},
		{id: "full-high", intents: []string{"password reset"}, coverage: 1, relevance: 3}, // same node again from the second query
		{id: "no-intents", coverage: 2, relevance: 1},
	}
	hits := rank(cs, []string{"reset", "password"}, 10)
	var ids []string
	for i, h := range hits {
		ids = append(ids, h.NodeID)
		if i > 0 && h.Score > hits[i-1].Score {
			t.Errorf("hit %d scores above hit %d", i, i-1)
		}
	}
	if want := []string{"full-high", "full-low", "partial"}; !slices.Equal(ids, want) {
		t.Errorf("rank = %q, want %q", ids, want)
	}
	if got := rank(cs, []string{"reset"}, 1); len(got) != 1 {
		t.Errorf("rank with limit 1 returned %d hits", len(got))
	}
}

func TestReplaceRows(t *testing.T) {
	g := graphtest.Fixture()
	pages, nodes, child, reference := replaceRows(g)
	if len(pages) != len(g.Pages) || len(nodes) != len(g.Nodes) || len(child)+len(reference) != len(g.Edges) {
		t.Fatalf("replaceRows: %d pages, %d nodes, %d+%d edges from %d, %d, %d",
			len(pages), len(nodes), len(child), len(reference), len(g.Pages), len(g.Nodes), len(g.Edges))
	}
	for _, row := range child {
		i := row["ord"].(int64)
		if g.Edges[i].Type != graph.Child || g.Edges[i].From != row["from"] || g.Edges[i].To != row["to"] {
			t.Errorf("child row %v does not match edge %d %+v", row, i, g.Edges[i])
		}
	}
	for _, row := range reference {
		i := row["ord"].(int64)
		if g.Edges[i].Type != graph.Reference {
			t.Errorf("reference row %v comes from a %s edge", row, g.Edges[i].Type)
		}
	}
	for i, row := range pages {
		// A breadcrumb is a list property; none is no property at all.
		crumb, _ := row["breadcrumb"].([]string)
		if !slices.Equal(crumb, g.Pages[i].Breadcrumb) || (row["breadcrumb"] == nil) != (len(g.Pages[i].Breadcrumb) == 0) {
			t.Errorf("page %d breadcrumb row %#v, want %q", i, row["breadcrumb"], g.Pages[i].Breadcrumb)
		}
	}
	for i, row := range nodes {
		if got := row["intent_text"].(string); got != strings.Join(g.Nodes[i].Intents, "\n") {
			t.Errorf("node %d intent_text = %q", i, got)
		}
		if row["intents"] == nil {
			t.Errorf("node %d: nil intents would be stored as null, not a list", i)
		}
	}
}

// TestCypherIsConstant checks that no user data can become Cypher text: every
// statement is a constant of type cypher, written as one literal (no
// concatenation, no fmt verbs), nothing converts to cypher, and every call
// that sends a statement passes a cypher constant or a cypher parameter.
func TestCypherIsConstant(t *testing.T) {
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var parsed []*ast.File
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
	}
	consts := make(map[string]bool)
	keyword := func(s string) bool {
		for _, k := range []string{"MATCH", "MERGE", "CREATE", "UNWIND", "CALL", "RETURN", "DELETE"} {
			if strings.Contains(s, k) {
				return true
			}
		}
		return false
	}
	for _, f := range parsed {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				if n.Tok != token.CONST {
					return true
				}
				for _, spec := range n.Specs {
					vs := spec.(*ast.ValueSpec)
					typed := false
					if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "cypher" {
						typed = true
					}
					for i, v := range vs.Values {
						name := vs.Names[i].Name
						lit, isLit := v.(*ast.BasicLit)
						if typed {
							consts[name] = true
							if !isLit || lit.Kind != token.STRING {
								t.Errorf("%s: cypher constant %s is not a single string literal", fset.Position(v.Pos()), name)
								continue
							}
							if strings.Contains(lit.Value, "%") {
								t.Errorf("%s: cypher constant %s contains %%: looks like a format string", fset.Position(v.Pos()), name)
							}
						} else if isLit && lit.Kind == token.STRING && keyword(lit.Value) {
							t.Errorf("%s: constant %s looks like Cypher but is not of type cypher", fset.Position(v.Pos()), name)
						}
					}
				}
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "cypher" {
					t.Errorf("%s: conversion to cypher: statements must be constants", fset.Position(n.Pos()))
				}
			}
			return true
		})
	}
	if len(consts) < 10 {
		t.Fatalf("found only %d cypher constants; is the check looking at the right files?", len(consts))
	}
	// Every Run call (driver sessions and transactions) must pass
	// string(p) of a cypher-typed parameter or variable, or a constant.
	runs := 0
	for _, f := range parsed {
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			// ReadQuery (query.go) runs statements from "helpgraph ask" by
			// design, in a read-only session: the one exception.
			if fn.Name.Name == "ReadQuery" {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Run" || len(call.Args) < 2 {
					return true
				}
				runs++
				if !cypherArg(call.Args[1], consts, cypherParams(fn)) {
					t.Errorf("%s: %s sends a statement that is not a cypher constant", fset.Position(call.Pos()), fn.Name.Name)
				}
				return true
			})
		}
	}
	if runs == 0 {
		t.Fatal("found no Run calls; is the check looking at the right files?")
	}
}

// cypherParams returns the names of fn's parameters of type cypher.
func cypherParams(fn *ast.FuncDecl) map[string]bool {
	params := make(map[string]bool)
	for _, field := range fn.Type.Params.List {
		if id, ok := field.Type.(*ast.Ident); ok && id.Name == "cypher" {
			for _, name := range field.Names {
				params[name.Name] = true
			}
		}
	}
	return params
}

// cypherArg reports whether e is a cypher constant, or string(x) of a
// constant or of a parameter x of type cypher. A cypher value can only come
// from a constant, since the package has no conversions to cypher.
func cypherArg(e ast.Expr, consts, params map[string]bool) bool {
	if id, ok := e.(*ast.Ident); ok {
		return consts[id.Name]
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	if fn, ok := call.Fun.(*ast.Ident); !ok || fn.Name != "string" {
		return false
	}
	x, ok := call.Args[0].(*ast.Ident)
	return ok && (consts[x.Name] || params[x.Name])
}

func TestSchemaProblems(t *testing.T) {
	good := map[string]indexInfo{}
	for name, w := range wantIndexes {
		good[name] = indexInfo{name: name, typ: w.typ, labels: []string{w.label}, props: w.props, analyzer: w.analyzer}
	}
	if p := schemaProblems(good); len(p) != 0 {
		t.Fatalf("problems with the wanted schema: %v", p)
	}
	bad := map[string]indexInfo{}
	for k, v := range good {
		bad[k] = v
	}
	ft := bad["helpgraph_node_intents"]
	ft.analyzer = "standard"
	bad["helpgraph_node_intents"] = ft
	delete(bad, "helpgraph_build_key")
	p := schemaProblems(bad)
	if len(p) != 2 || !strings.Contains(p[0], "helpgraph_build_key is missing") ||
		!strings.Contains(p[1], `helpgraph_node_intents exists with another definition`) || !strings.Contains(p[1], `analyzer "standard"`) {
		t.Errorf("problems = %q", p)
	}
}

package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/graphtest"
)

// TestMigrateVerdicts opens a store written before verdicts were stored
// (schema version 1): a read-only open asks for a build, a writable open
// adds the columns, its old nodes load with no verdict, and the next
// Replace stores verdicts.
func TestMigrateVerdicts(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	db, err := sql.Open("sqlite", dsn(path, true))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		schema[0],
		`INSERT INTO pages (url, title, text, content_hash, method, extractor, status, error)
			VALUES ('https://h.example/a', 'A', 'text', 'h', 'structural', 'structural-v1', 'ok', '')`,
		`INSERT INTO nodes (id, page, problem, condition, resolution, actionable, root)
			VALUES ('a', 'https://h.example/a', 'A', '', 'Click Start.', 1, 1)`,
		`PRAGMA user_version = 1`,
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	if ro, err := OpenReadOnly(ctx, path, nil); err == nil || !strings.Contains(err.Error(), "helpgraph build") {
		if ro != nil {
			ro.Close()
		}
		t.Fatalf("read-only open of a version 1 store: err = %v, want one asking for a build", err)
	}
	s, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatalf("Open of a version 1 store: %v", err)
	}
	defer s.Close()
	g, err := s.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Nodes) != 1 || g.Nodes[0].Verdict != nil || !g.Nodes[0].Actionable {
		t.Fatalf("old node after migration = %+v, want it whole with no verdict", g.Nodes)
	}
	if n, err := s.Node(ctx, "a"); err != nil || n.Verdict != nil {
		t.Fatalf("Node(a) = %+v, %v; want no verdict", n, err)
	}
	g.Nodes[0].Verdict = &graph.Verdict{Answers: true, Text: "Click Start."}
	if _, err := s.Replace(ctx, g, nil); err != nil {
		t.Fatal(err)
	}
	if n, err := s.Node(ctx, "a"); err != nil || n.Verdict == nil || *n.Verdict != *g.Nodes[0].Verdict {
		t.Fatalf("Node(a) after Replace = %+v, %v; want verdict %+v", n, err, g.Nodes[0].Verdict)
	}
}

// TestMigrateBreadcrumbs opens a store written before pages kept their
// breadcrumb (schema version 6): a read-only open reads it, its pages
// without breadcrumbs, and a writable open adds the column, so that the
// next Replace stores them.
func TestMigrateBreadcrumbs(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	s, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := graphtest.Fixture()
	if _, err := s.Replace(ctx, want, nil); err != nil {
		t.Fatal(err)
	}
	// Back to version 6, as an older helpgraph wrote it.
	for _, q := range []string{`ALTER TABLE pages DROP COLUMN breadcrumb`, `PRAGMA user_version = 6`} {
		if _, err := s.write.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	for i := range want.Pages {
		want.Pages[i].Breadcrumb = nil
	}

	ro, err := OpenReadOnly(ctx, path, nil)
	if err != nil {
		t.Fatalf("read-only open of a version 6 store: %v", err)
	}
	got, err := ro.Load(ctx)
	ro.Close()
	if err != nil {
		t.Fatalf("read-only Load of a version 6 store: %v", err)
	}
	if diff := graphtest.Diff(got, want); diff != "" {
		t.Fatalf("read-only Load of a version 6 store: %s", diff)
	}

	if s, err = Open(ctx, path, nil); err != nil {
		t.Fatalf("Open of a version 6 store: %v", err)
	}
	defer s.Close()
	if got, err = s.Load(ctx); err != nil {
		t.Fatal(err)
	}
	if diff := graphtest.Diff(got, want); diff != "" {
		t.Fatalf("Load after migrating: %s", diff)
	}
	want = graphtest.Fixture()
	if _, err := s.Replace(ctx, want, nil); err != nil {
		t.Fatal(err)
	}
	if got, err = s.Load(ctx); err != nil {
		t.Fatal(err)
	}
	if diff := graphtest.Diff(got, want); diff != "" {
		t.Fatalf("Load after a Replace on the migrated store: %s", diff)
	}
}

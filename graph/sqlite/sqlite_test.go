package sqlite

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/graphtest"
)

func TestStore(t *testing.T) {
	graphtest.TestStore(t, func(t *testing.T) graph.Store {
		s, err := Open(context.Background(), filepath.Join(t.TempDir(), "graph.db"), nil)
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

func TestReopenKeepsGraph(t *testing.T) {
	ctx := context.Background()
	// A missing parent directory is created.
	path := filepath.Join(t.TempDir(), "nested", "dir", "graph.db")
	s, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := graphtest.Fixture()
	if _, err := s.Replace(ctx, want, json.RawMessage(`{"n":1}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s, err = Open(ctx, path, nil)
	if err != nil {
		t.Fatalf("reopening: %v", err)
	}
	defer s.Close()
	got, err := s.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if diff := graphtest.Diff(got, want); diff != "" {
		t.Errorf("after reopening: %s", diff)
	}
	b, err := s.LastBuild(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if b.Generation != 1 || string(b.Report) != `{"n":1}` {
		t.Errorf("LastBuild after reopening = %d %s, want 1 {\"n\":1}", b.Generation, b.Report)
	}
	hits, err := s.SearchIntents(ctx, "disconnecting", 5)
	if err != nil || len(hits) != 1 {
		t.Errorf("SearchIntents after reopening = %v, %v; want one hit", hits, err)
	}
	if gen, err := s.Replace(ctx, want, nil); err != nil || gen != 2 {
		t.Errorf("Replace after reopening = %d, %v; want generation 2", gen, err)
	}
}

func TestOpenBadFile(t *testing.T) {
	dir := t.TempDir()
	notSQLite := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notSQLite, []byte(strings.Repeat("this is not a database\n", 200)), 0o644); err != nil {
		t.Fatal(err)
	}
	// A real SQLite file whose header was overwritten halfway through.
	corrupt := filepath.Join(dir, "corrupt.db")
	s, err := Open(context.Background(), corrupt, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Replace(context.Background(), graphtest.Synthetic(50, 1), nil); err != nil {
		t.Fatal(err)
	}
	s.Close()
	os.Remove(corrupt + "-wal")
	os.Remove(corrupt + "-shm")
	data, err := os.ReadFile(corrupt)
	if err != nil {
		t.Fatal(err)
	}
	copy(data, strings.Repeat("garbage!", 16))
	if err := os.WriteFile(corrupt, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// A directory where the file should be.
	isDir := filepath.Join(dir, "adir")
	if err := os.Mkdir(isDir, 0o755); err != nil {
		t.Fatal(err)
	}

	for _, path := range []string{notSQLite, corrupt, isDir} {
		s, err := Open(context.Background(), path, nil)
		if err == nil {
			s.Close()
			t.Errorf("Open(%s) succeeded, want an error", path)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, path) || strings.Contains(msg, "\n") {
			t.Errorf("Open(%s) error %q should be one line naming the file", path, msg)
		}
		t.Logf("Open(%s): %v", filepath.Base(path), err)
	}
}

func TestOpenNewerSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	s, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.write.ExecContext(ctx, `PRAGMA user_version = 99`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err := Open(ctx, path, nil); err == nil || !strings.Contains(err.Error(), "newer") {
		if s != nil {
			s.Close()
		}
		t.Errorf("Open of a file with a newer schema: err = %v, want one saying it is newer", err)
	}
}

// TestReplaceInterrupted cancels a large Replace while it writes: the store
// must then hold the old graph, whole.
func TestReplaceInterrupted(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "graph.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	old, big := graphtest.Fixture(), graphtest.Synthetic(20_000, 5)
	if _, err := s.Replace(ctx, old, nil); err != nil {
		t.Fatal(err)
	}
	interrupted := 0
	for _, delay := range []time.Duration{time.Millisecond, 20 * time.Millisecond, 100 * time.Millisecond} {
		cctx, cancel := context.WithTimeout(ctx, delay)
		_, err := s.Replace(cctx, big, nil)
		cancel()
		got, lerr := s.Load(ctx)
		if lerr != nil {
			t.Fatal(lerr)
		}
		if err == nil {
			// Finished before the deadline: fine, but it must be the new
			// graph; put the old one back for the next round.
			if diff := graphtest.Diff(got, big); diff != "" {
				t.Errorf("Replace succeeded but Load differs: %s", diff)
			}
			if _, err := s.Replace(ctx, old, nil); err != nil {
				t.Fatal(err)
			}
			continue
		}
		interrupted++
		if diff := graphtest.Diff(got, old); diff != "" {
			t.Errorf("after a Replace interrupted at %v: %s", delay, diff)
		}
	}
	if interrupted == 0 {
		t.Log("every Replace beat its deadline; the interruption path was not exercised")
	}
}

func TestCoverage(t *testing.T) {
	const on, off = "\x02", "\x03"
	tests := []struct {
		marked string
		terms  []string
		want   int
	}{
		{"reset password", []string{"reset", "password"}, 0},
		{on + "reset" + off + " " + on + "password" + off, []string{"reset", "password"}, 2},
		{on + "password" + off + " " + on + "password" + off, []string{"reset", "password"}, 1},
		{on + "unterminated", []string{"unterminated"}, 0},
	}
	for _, tt := range tests {
		if got := coverage(tt.marked, tt.terms); got != tt.want {
			t.Errorf("coverage(%q, %q) = %d, want %d", tt.marked, tt.terms, got, tt.want)
		}
	}
}

// TestSearchStems checks that the store's search meets words as the
// project's stemmer does (lexical.Stem), where SQLite's porter stemmer
// would not: "approval" finds "approved", "families" finds "family", and
// "news" is not "new" (porter makes both "new").
func TestSearchStems(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "graph.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := &graph.Graph{
		Pages: []graph.Page{{URL: "https://x.example/a", Title: "A", Status: graph.PageOK}, {URL: "https://x.example/b", Title: "B", Status: graph.PageOK}, {URL: "https://x.example/c", Title: "C", Status: graph.PageOK}},
		Nodes: []graph.Node{
			{ID: "n1", Page: "https://x.example/a", Problem: "Approval", Intents: []string{"When is my claim approved?"}, Root: true},
			{ID: "n2", Page: "https://x.example/b", Problem: "Family", Intents: []string{"Benefits for my family"}, Root: true},
			{ID: "n3", Page: "https://x.example/c", Problem: "New account", Intents: []string{"Open a new account"}, Root: true},
		},
	}
	if _, err := s.Replace(ctx, g, nil); err != nil {
		t.Fatal(err)
	}
	for query, want := range map[string]string{"claim approval": "n1", "families": "n2"} {
		hits, err := s.SearchIntents(ctx, query, 5)
		if err != nil || len(hits) == 0 || hits[0].NodeID != want {
			t.Errorf("SearchIntents(%q) = %+v, %v; want %s first", query, hits, err, want)
		}
	}
	if hits, err := s.SearchIntents(ctx, "news", 5); err != nil || len(hits) != 0 {
		t.Errorf("SearchIntents(news) = %+v, %v; want nothing", hits, err)
	}
}

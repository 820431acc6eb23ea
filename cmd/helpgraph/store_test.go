package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/graph/graphtest"
	"github.com/helpgraph/helpgraph/graph/sqlite"
)

func TestOpenStoreSQLite(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	m := &Main{Config: config.Config{Store: filepath.Join(dir, "data", "configured.db")}, Stderr: io.Discard}

	// An empty spec opens the configured store.
	s, err := m.openStore(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.(*sqlite.Store); !ok {
		t.Errorf("openStore(\"\") = %T, want *sqlite.Store", s)
	}
	if _, err := s.Replace(ctx, graphtest.Fixture(), nil); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := os.Stat(m.Config.Store); err != nil {
		t.Errorf("configured store file not created: %v", err)
	}

	// A spec overrides the configuration.
	other := filepath.Join(dir, "other.db")
	s, err = m.openStore(ctx, other)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.Load(ctx)
	if err != nil || len(g.Nodes) != 0 {
		t.Errorf("Load of a new store at the given path = %d nodes, %v; want an empty store", len(g.Nodes), err)
	}
}

func TestOpenStoreErrors(t *testing.T) {
	dir := t.TempDir()
	notDB := filepath.Join(dir, "x.db")
	if err := os.WriteFile(notDB, []byte(strings.Repeat("not sqlite ", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	m := &Main{Config: config.Config{Neo4jUser: "neo4j", Neo4jPassword: "hunter2"}, Stderr: io.Discard}
	tests := []struct {
		spec     string
		contains string
	}{
		{notDB, notDB},
		// Nothing listens on port 1: the connection is refused at once.
		{"bolt://127.0.0.1:1", "bolt://127.0.0.1:1"},
		{"neo4j://user:secret@127.0.0.1:1", "127.0.0.1:1"},
	}
	for _, tt := range tests {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		s, err := m.openStore(ctx, tt.spec)
		cancel()
		if err == nil {
			s.Close()
			t.Errorf("openStore(%q) succeeded, want an error", tt.spec)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, tt.contains) || strings.ContainsAny(msg, "\r\n") {
			t.Errorf("openStore(%q) error %q: want one line naming %q", tt.spec, msg, tt.contains)
		}
		if strings.Contains(msg, "secret") || strings.Contains(msg, "hunter2") {
			t.Errorf("openStore(%q) error %q shows a password", tt.spec, msg)
		}
		t.Logf("openStore(%q): %v", tt.spec, err)
	}
}

func TestIsNeo4j(t *testing.T) {
	for spec, want := range map[string]bool{
		"neo4j://localhost":       true,
		"neo4j+s://x.databases.x": true,
		"bolt://localhost:7687":   true,
		"BOLT+S://host":           true,
		"data/helpgraph.db":       false,
		"/abs/neo4j.db":           false,
		"neo4j.db":                false,
		"http://localhost:7474":   false,
	} {
		if got := isNeo4j(spec); got != want {
			t.Errorf("isNeo4j(%q) = %v, want %v", spec, got, want)
		}
	}
}

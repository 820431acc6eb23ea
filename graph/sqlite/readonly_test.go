package sqlite

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/helpgraph/helpgraph/graph/graphtest"
)

func TestOpenReadOnly(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()

	// A missing store is an error, and nothing is created.
	missing := filepath.Join(dir, "no", "such", "graph.db")
	if s, err := OpenReadOnly(ctx, missing, nil); !errors.Is(err, ErrNoStore) {
		if s != nil {
			s.Close()
		}
		t.Errorf("OpenReadOnly(missing) = %v, want ErrNoStore", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "no")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("OpenReadOnly created %s: %v", filepath.Join(dir, "no"), err)
	}

	path := filepath.Join(dir, "graph.db")
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
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	ro, err := OpenReadOnly(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ro.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if diff := graphtest.Diff(got, want); diff != "" {
		t.Errorf("read-only Load: %s", diff)
	}
	if hits, err := ro.SearchIntents(ctx, "disconnecting", 5); err != nil || len(hits) != 1 {
		t.Errorf("read-only SearchIntents = %v, %v; want one hit", hits, err)
	}
	if _, err := ro.Replace(ctx, want, nil); err == nil {
		t.Error("Replace on a read-only store succeeded")
	}
	if err := ro.Close(); err != nil {
		t.Fatal(err)
	}
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, after) {
		t.Error("the store file changed under a read-only open")
	}

	// An empty file (a store that was never migrated) is refused, not
	// migrated.
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if s, err := OpenReadOnly(ctx, empty, nil); err == nil {
		s.Close()
		t.Error("OpenReadOnly of an empty file succeeded")
	}
}

func TestCheckWritable(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	s, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CheckWritable(ctx); err != nil {
		t.Errorf("CheckWritable on a writable store: %v", err)
	}
	s.Close()
	ro, err := OpenReadOnly(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if err := ro.CheckWritable(ctx); err == nil {
		t.Error("CheckWritable on a read-only store succeeded")
	}
}

func TestPingCorrupted(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "graph.db")
	s, err := Open(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Replace(ctx, graphtest.Fixture(), nil); err != nil {
		t.Fatal(err)
	}
	s.Close()
	ro, err := OpenReadOnly(ctx, path, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if err := ro.Ping(ctx); err != nil {
		t.Fatalf("Ping on a good store: %v", err)
	}
	// Overwritten in place, as a bad copy or a disk fault would.
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteAt(bytes.Repeat([]byte{0xA5}, 8192), 0)
	f.Close()
	if err := ro.Ping(ctx); err == nil {
		t.Error("Ping on an overwritten store succeeded")
	}
	os.Remove(path)
	if err := ro.Ping(ctx); err == nil {
		t.Error("Ping on a removed store succeeded")
	}
}

package main

import (
	"bytes"
	"context"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/internal/pgtest"
)

// A SQLite file has one writer: a second serve on it is refused with a
// message that says what to do, while gaps and ask read it beside serve.
func TestOpenConversationsSQLite(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "conv.db")
	m := &Main{Config: config.Config{ConversationsDB: path}, Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}
	if _, err := m.openConversations(ctx, "", true); !isMissing(err) || !strings.Contains(err.Error(), "no conversations at") {
		t.Errorf("read-only open of a missing file: %v", err)
	}
	w, err := m.openConversations(ctx, "", false)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := m.openConversations(ctx, path, false); err == nil || !strings.Contains(err.Error(), "postgres://") {
		t.Errorf("a second writer: %v, want a refusal that points to PostgreSQL", err)
	}
	r, err := m.openConversations(ctx, path, true)
	if err != nil {
		t.Fatalf("a reader beside the writer: %v", err)
	}
	r.Close()
}

func TestOpenConversationsPostgres(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	m := &Main{Config: config.Config{ConversationsDB: dsn}, Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}
	for _, readOnly := range []bool{false, true} {
		s, err := m.openConversations(ctx, "", readOnly)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Ping(ctx); err != nil {
			t.Error(err)
		}
		s.Close()
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	u.User, u.Host = url.UserPassword("postgres", "s3cret"), "127.0.0.1:1" // no server there
	if _, err := m.openConversations(ctx, u.String(), false); err == nil || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("an unreachable server: %v, want an error without the password", err)
	}
}

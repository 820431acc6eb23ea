package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/conversation/conversationtest"
	"github.com/helpgraph/helpgraph/conversation/sqlite"
	"github.com/helpgraph/helpgraph/dialogue"
)

func TestStore(t *testing.T) {
	conversationtest.TestStore(t, func(t *testing.T) conversationtest.Opener {
		path := filepath.Join(t.TempDir(), "sub", "conv.db")
		return func(ctx context.Context) (conversation.Store, error) { return sqlite.Open(ctx, path) }
	}, conversationtest.Options{OneWriter: true})
}

func TestOpenRefusesMemory(t *testing.T) {
	if db, err := sqlite.Open(context.Background(), ":memory:"); err == nil {
		db.Close()
		t.Fatal("Open(:memory:): no error (every connection would see its own database)")
	}
}

// A database made before handoffs had statuses opens, upgraded: handled
// handoffs are closed, and every handoff has a reference.
func TestOpenUpgradesOldHandoffs(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.Exec(`
CREATE TABLE conversations (id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, state TEXT NOT NULL);
CREATE TABLE handoffs (id INTEGER PRIMARY KEY AUTOINCREMENT, conversation_id TEXT NOT NULL, created_at INTEGER NOT NULL,
	intent TEXT NOT NULL DEFAULT '', confirmed TEXT NOT NULL DEFAULT '[]', transcript TEXT NOT NULL DEFAULT '[]', handled_at INTEGER NOT NULL DEFAULT 0);
INSERT INTO conversations VALUES ('c1', 1, 1, '{}');
INSERT INTO conversations VALUES ('c2', 1, 1, '{}');
INSERT INTO handoffs (conversation_id, created_at, intent, handled_at) VALUES ('c1', 1000, 'a', 0), ('c1', 2000, 'b', 3000),
	('c2', 1000, 'filed twice', 0), ('c2', 1000, 'filed twice', 0);`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	hs, err := db.Handoffs(ctx, false)
	if err != nil || len(hs) != 4 {
		t.Fatalf("Handoffs = %+v, %v", hs, err)
	}
	// c2 was handed off twice at once (racing replicas, before one open
	// handoff per conversation was enforced): the newer stays open.
	var twice, others []conversation.Handoff
	for _, h := range hs {
		if h.ConversationID == "c2" {
			twice = append(twice, h)
		} else {
			others = append(others, h)
		}
	}
	if twice[0].ID > twice[1].ID {
		twice[0], twice[1] = twice[1], twice[0]
	}
	if twice[0].Status != conversation.StatusClosed || twice[1].Status != conversation.StatusOpen {
		t.Errorf("handoffs filed twice, upgraded = %+v", twice)
	}
	hs = others
	if hs[0].Status != conversation.StatusOpen || hs[1].Status != conversation.StatusClosed || hs[0].Ref == "" || hs[0].Ref == hs[1].Ref {
		t.Errorf("upgraded handoffs = %+v", hs)
	}
}

func BenchmarkStore(b *testing.B) {
	db, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "conv.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	conversationtest.Benchmark(b, db)
}

// BenchmarkStoreFromFile is Get without the writer's cache: a conversation
// of ten turns read from the file (by a read-only store beside the writer,
// as after a restart).
func BenchmarkStoreFromFile(b *testing.B) {
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "conv.db")
	w, err := sqlite.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	var ids []string
	for range conversationtest.Clients {
		s, err := w.Create(ctx, "")
		if err != nil {
			b.Fatal(err)
		}
		for i := range 5 {
			s.History = append(s.History, dialogue.Turn{Role: "user", Text: fmt.Sprint("question ", i)},
				dialogue.Turn{Role: "agent", Text: "answer", Action: dialogue.Resolution, NodeID: "n1"})
		}
		if err := w.Save(ctx, &s, 0, nil); err != nil {
			b.Fatal(err)
		}
		ids = append(ids, s.ID)
	}
	r, err := sqlite.OpenReadOnly(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	b.Run("Get", func(b *testing.B) {
		var next atomic.Int64
		conversationtest.RunParallel(b, func(pb *testing.PB) {
			id := ids[int(next.Add(1))%len(ids)]
			for pb.Next() {
				if got, err := r.Get(ctx, id); err != nil || len(got.History) != 10 {
					b.Errorf("Get = %d turns, %v", len(got.History), err)
					return
				}
			}
		})
	})
}

// A read-only store beside the writer (helpgraph gaps or ask beside serve)
// reads what the writer acknowledged, and cannot write.
func TestReadOnlyBesideTheWriter(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "conv.db")
	if _, err := sqlite.OpenReadOnly(ctx, path); err == nil {
		t.Fatal("OpenReadOnly of a missing file: no error")
	}
	w, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	r, err := sqlite.OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	s, err := w.Create(ctx, "me")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		from := len(s.History)
		s.History = append(s.History, dialogue.Turn{Role: "user", Text: fmt.Sprint("q", i)})
		if err := w.Save(ctx, &s, from, nil); err != nil {
			t.Fatal(err)
		}
		got, err := r.Get(ctx, s.ID)
		if err != nil || len(got.History) != i+1 {
			t.Fatalf("the reader sees %+v, %v; want %d turns", got.History, err, i+1)
		}
	}
	if _, err := r.Create(ctx, ""); err == nil {
		t.Error("Create on a read-only store: no error")
	}
	if _, err := sqlite.Open(ctx, path); !errors.Is(err, sqlite.ErrInUse) {
		t.Errorf("a second writer: %v, want ErrInUse", err)
	}
}

// With Sync every commit waits for the disk; the store works the same.
func TestSync(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.OpenWith(ctx, filepath.Join(t.TempDir(), "conv.db"), sqlite.Options{Sync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := db.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	s.History = []dialogue.Turn{{Role: "user", Text: "hi"}}
	if err := db.Save(ctx, &s, 0, nil); err != nil {
		t.Fatal(err)
	}
	if got, err := db.Get(ctx, s.ID); err != nil || len(got.History) != 1 {
		t.Errorf("Get = %+v, %v", got, err)
	}
}

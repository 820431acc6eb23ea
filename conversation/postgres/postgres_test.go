package postgres_test

import (
	"context"
	"net/url"
	"os"
	"testing"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/conversation/conversationtest"
	"github.com/helpgraph/helpgraph/conversation/postgres"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/internal/pgtest"
	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

func TestStore(t *testing.T) {
	conversationtest.TestStore(t, func(t *testing.T) conversationtest.Opener {
		dsn := pgtest.DSN(t)
		return func(ctx context.Context) (conversation.Store, error) { return postgres.Open(ctx, dsn) }
	}, conversationtest.Options{})
}

func BenchmarkStore(b *testing.B) {
	db, err := postgres.Open(context.Background(), pgtest.DSN(b))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	conversationtest.Benchmark(b, db)
}

// Replicas starting at once on a new database migrate it once: the
// advisory lock makes the others wait, then find nothing to do.
func TestReplicasMigrateAtOnce(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	const n = 6
	errs := make(chan error, n)
	stores := make(chan *postgres.Store, n)
	for range n {
		go func() {
			s, err := postgres.Open(ctx, dsn)
			errs <- err
			stores <- s
		}()
	}
	for range n {
		if err := <-errs; err != nil {
			t.Error(err)
		}
		if s := <-stores; s != nil {
			defer s.Close()
		}
	}
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var versions, last int
	if err := conn.QueryRow(ctx, "SELECT COUNT(*), MAX(version) FROM conversation_migrations").Scan(&versions, &last); err != nil {
		t.Fatal(err)
	}
	if versions != last || last < 2 {
		t.Errorf("%d migrations recorded, the last %d; want each once", versions, last)
	}
}

// A database from before handoffs_one_open with a conversation handed off
// twice (replicas racing) upgrades: the newer handoff stays open, the
// older is closed.
func TestMigrateClosesDuplicateHandoffs(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	db, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	s, err := db.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	for _, q := range []string{
		"DROP INDEX handoffs_one_open",
		"DELETE FROM conversation_migrations WHERE version >= 2",
		"INSERT INTO handoffs (ref, conversation_id, created_at, updated_at) VALUES ('HG-OLD', '" + s.ID + "', now(), now()), ('HG-NEW', '" + s.ID + "', now(), now())",
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	db, err = postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatalf("upgrading: %v", err)
	}
	defer db.Close()
	waiting, err := db.Handoffs(ctx, true)
	if err != nil || len(waiting) != 1 || waiting[0].Ref != "HG-NEW" {
		t.Errorf("waiting after the upgrade = %+v, %v; want HG-NEW alone", waiting, err)
	}
}

// PostgreSQL's text refuses NUL bytes; a message with one is still saved.
func TestNULBytes(t *testing.T) {
	ctx := context.Background()
	db, err := postgres.Open(ctx, pgtest.DSN(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s, err := db.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	s.History = []dialogue.Turn{{Role: "user", Text: "a\x00b"}}
	s.Confirmed = []string{"c\x00"}
	if err := db.Save(ctx, &s, 0, &conversation.Handoff{Intent: "x\x00", Transcript: s.History}); err != nil {
		t.Fatal(err)
	}
	got, err := db.Get(ctx, s.ID)
	if err != nil || len(got.History) != 1 || got.History[0].Text != "a\uFFFDb" {
		t.Errorf("Get = %+v, %v", got, err)
	}
}

func TestIsURLAndRedact(t *testing.T) {
	for spec, want := range map[string]bool{"postgres://h/db": true, "POSTGRESQL://h/db": true, "data/conv.db": false, "postgres.db": false} {
		if got := postgres.IsURL(spec); got != want {
			t.Errorf("IsURL(%q) = %v", spec, got)
		}
	}
	if got := postgres.Redact("postgres://u:secret@h:5432/db?sslmode=disable"); got != "postgres://u:xxxxx@h:5432/db?sslmode=disable" {
		t.Errorf("Redact = %q", got)
	}
}

// Once the schema is there, a user who may only read and write the tables
// opens the store.
func TestLeastPrivilegeUser(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.DSN(t)
	owner, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	owner.Close()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var schema string
	if err := conn.QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		t.Fatal(err)
	}
	role := "app_" + schema
	for _, q := range []string{
		"CREATE ROLE " + role + " LOGIN",
		"GRANT USAGE ON SCHEMA " + schema + " TO " + role,
		"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA " + schema + " TO " + role,
	} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.User(role)
	app, err := postgres.Open(ctx, u.String())
	if err != nil {
		t.Fatalf("opening as a user without CREATE: %v", err)
	}
	defer app.Close()
	s, err := app.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	s.History = []dialogue.Turn{{Role: "user", Text: "hi"}, {Role: "agent", Text: "hello", Action: dialogue.Escalation}}
	if err := app.Save(ctx, &s, 0, &conversation.Handoff{}); err != nil {
		t.Fatal(err)
	}
}

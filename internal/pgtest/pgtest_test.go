package pgtest_test

import (
	"context"
	"os"
	"testing"

	"github.com/helpgraph/helpgraph/internal/pgtest"
	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// Each DSN is a schema of its own: a table made in one is not in the other.
func TestDSNsAreSeparate(t *testing.T) {
	ctx := context.Background()
	a, b := pgtest.DSN(t), pgtest.DSN(t)
	ca, err := pgx.Connect(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	defer ca.Close(ctx)
	if _, err := ca.Exec(ctx, "CREATE TABLE x (n int)"); err != nil {
		t.Fatal(err)
	}
	cb, err := pgx.Connect(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	defer cb.Close(ctx)
	if _, err := cb.Exec(ctx, "CREATE TABLE x (n int)"); err != nil {
		t.Fatalf("the same table in a second schema: %v", err)
	}
	var version string
	if err := cb.QueryRow(ctx, "SHOW server_version").Scan(&version); err != nil {
		t.Fatal(err)
	}
	t.Logf("PostgreSQL %s", version)
}

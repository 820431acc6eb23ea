package ask_test

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/ask/kuzu"
	"github.com/helpgraph/helpgraph/graph/graphtest"
)

// FuzzGuard checks the guard against the engine itself: whatever Guard
// allows, run on a throwaway writable Kùzu database in this process (no
// box, no read-only mode: only the guard stands in the way), leaves the
// data and schema as they were, creates no file in its working folder and
// loads no extension.
//
//	go test ./ask -run '^$' -fuzz FuzzGuard -fuzztime 60s
//
// Seeds: the guard's table tests (the issue 23 reproductions among them),
// the shipped examples and the evaluation set's gold queries.
func FuzzGuard(f *testing.F) {
	for _, q := range ask.GuardAllowedForTest {
		f.Add(q)
	}
	for _, q := range ask.GuardRefusedForTest {
		f.Add(q)
	}
	placeholder := regexp.MustCompile(`<[A-Z]+_[0-9]+>`)
	for _, ex := range ask.DefaultExamples() {
		f.Add(placeholder.ReplaceAllString(ex.Cypher, "'x'"))
	}
	if file, err := os.Open("../testdata/ask/questions.jsonl"); err == nil {
		items, err := ask.ReadEvalItems(file)
		file.Close()
		if err != nil {
			f.Fatal(err)
		}
		for _, it := range items {
			f.Add(it.GoldCypher)
		}
	}
	f.Fuzz(func(t *testing.T, q string) {
		err := ask.Guard(q)
		if again := ask.Guard(q); fmt.Sprint(again) != fmt.Sprint(err) {
			t.Fatalf("Guard(%q) is not deterministic: %v, then %v", q, err, again)
		}
		if err != nil {
			return
		}
		db := throwaway(t)
		if db == nil || tooBig.MatchString(q) {
			return // the box, not the guard, bounds memory
		}
		dir := t.TempDir()
		t.Chdir(dir)
		ctx := context.Background()
		before := fingerprint(t, db)
		_, qerr := db.Query(ctx, q, ask.Limits{MaxRows: 100, Timeout: time.Second})
		if after := fingerprint(t, db); after != before {
			t.Fatalf("Guard allowed %q, which changed the database (query error: %v)\nbefore: %s\nafter:  %s", q, qerr, before, after)
		}
		if entries, _ := os.ReadDir(dir); len(entries) > 0 {
			t.Fatalf("Guard allowed %q, which created %s in its working folder", q, entries[0].Name())
		}
	})
}

// tooBig matches a number of six digits or more: range(1, 1e8) is the
// box's to stop, and would only exhaust the fuzzing process here.
var tooBig = regexp.MustCompile(`[0-9]{6}|[0-9][eE]`)

var (
	dbOnce sync.Once
	db     *kuzu.DB
	dbErr  error
)

// throwaway returns the fuzzing process's database, nil without cgo.
func throwaway(t *testing.T) *kuzu.DB {
	dbOnce.Do(func() {
		db, dbErr = kuzu.Open(context.Background(), &ask.Snapshot{Generation: 3, Graph: graphtest.Synthetic(60, 1),
			Handoffs: []ask.Handoff{{ID: 1, ConversationID: "c1", Intent: "refund", Turns: 3}}})
	})
	if !kuzu.Available {
		t.Log("engine checks skipped: the embedded query engine (Kùzu) needs cgo; only the guard's own properties were checked")
		return nil
	}
	if dbErr != nil {
		t.Fatal(dbErr)
	}
	return db
}

// fingerprint sums up everything a statement could change: rows and
// values of every table, the schema and its comments, loaded extensions.
func fingerprint(t *testing.T, db *kuzu.DB) string {
	var b strings.Builder
	for _, q := range []string{
		"MATCH (n) RETURN count(n)",
		"MATCH ()-[r]->() RETURN count(r)",
		"MATCH (n:HelpgraphNode) RETURN sum(n.generation), sum(size(n.problem)), sum(size(n.resolution)), sum(size(n.intents)), count(n.condition)",
		"MATCH (p:HelpgraphPage) RETURN sum(size(p.title)), sum(size(p.text)), sum(p.generation), count(p.change)",
		"MATCH (b:HelpgraphBuild) RETURN b.key, b.generation, b.finished_at",
		"MATCH (h:Handoff) RETURN h.id, h.intent, h.handled",
		"CALL show_tables() RETURN name, type, comment ORDER BY name",
		"CALL show_loaded_extensions() RETURN *",
	} {
		res, err := db.Query(context.Background(), q, ask.Limits{MaxRows: 100})
		if err != nil {
			t.Fatalf("fingerprint %q: %v", q, err)
		}
		fmt.Fprintf(&b, "%v;", res.Rows)
	}
	return b.String()
}

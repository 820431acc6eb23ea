//go:build cgo

package kuzu_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/ask/kuzu"
	"github.com/helpgraph/helpgraph/conversation"
	convsqlite "github.com/helpgraph/helpgraph/conversation/sqlite"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/sqlite"
	"github.com/helpgraph/helpgraph/kgbuild"
	"github.com/helpgraph/helpgraph/page"
)

// env is the sample help center built offline into SQLite, as `helpgraph
// build --pages testdata/helpcenter` does, with a conversation store.
type env struct {
	store *sqlite.Store
	convs *convsqlite.Store
	emb   *ask.Embedded
}

// open starts the boxed engine, as helpgraph does.
func open(ctx context.Context, snap *ask.Snapshot) (ask.EngineCloser, error) {
	return kuzu.NewBox(ctx, snap, kuzu.BoxConfig{})
}

func newEnv(t testing.TB) *env {
	t.Helper()
	ctx := context.Background()
	docs, pageErrs, err := page.ReadDir(ctx, filepath.Join("..", "..", "testdata", "helpcenter"), page.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	store, err := sqlite.Open(ctx, filepath.Join(dir, "graph.db"), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	b := kgbuild.Builder{Store: store, Extractor: kgbuild.NewStructural()}
	if _, err := b.Build(ctx, docs, pageErrs); err != nil {
		t.Fatalf("building the sample help center: %v", err)
	}
	convs, err := convsqlite.Open(ctx, filepath.Join(dir, "conv.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { convs.Close() })
	emb := ask.NewEmbedded(store, convs, open, nil)
	t.Cleanup(func() { emb.Close() })
	return &env{store: store, convs: convs, emb: emb}
}

// handoff files an escalated conversation that ended on node.
func (e *env) handoff(t testing.TB, node, intent string) {
	t.Helper()
	ctx := context.Background()
	s, err := e.convs.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	s.History = []dialogue.Turn{
		{Role: "user", Text: intent},
		{Role: "agent", Text: "…", Action: dialogue.Clarification, NodeID: node},
		{Role: "agent", Text: "I'll pass you to a person.", Action: dialogue.Escalation},
	}
	h := &conversation.Handoff{ConversationID: s.ID, Intent: intent, Transcript: s.History}
	if err := e.convs.Save(ctx, &s, 0, h); err != nil {
		t.Fatal(err)
	}
}

func (e *env) asker() *ask.Asker {
	return &ask.Asker{Engine: e.emb, Catalogs: e.emb, Examples: ask.DefaultExamples(),
		Now: func() time.Time { return time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC) }}
}

func TestExamplesRunOnSample(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	vals := []ask.Entity{
		{Placeholder: "<PAGE_1>", Type: ask.TypePage, Value: "https://help.staynest.example/payments/refunds.html"},
		{Placeholder: "<PAGE_2>", Type: ask.TypePage, Value: "https://help.staynest.example/reservations/cancel-reservation.html"},
		{Placeholder: "<SECTION_1>", Type: ask.TypeSection, Value: "/payments/"},
		{Placeholder: "<TERM_1>", Type: ask.TypeTerm, Value: "refund"},
		{Placeholder: "<QUOTED_1>", Type: ask.TypeQuoted, Value: "Refund"},
		{Placeholder: "<NUMBER_1>", Type: ask.TypeNumber, Value: "5"},
		{Placeholder: "<DATE_1>", Type: ask.TypeDate, Value: "2026-11-17"},
		{Placeholder: "<URL_1>", Type: ask.TypeURL, Value: "https://help.staynest.example/payments/refunds.html"},
		{Placeholder: "<PROBLEM_1>", Type: ask.TypeProblem, Value: "You don't receive the password reset e-mail"},
	}
	a := e.asker()
	for _, ex := range ask.DefaultExamples() {
		cypher, err := ask.Fill(ex.Cypher, vals)
		if err != nil {
			t.Fatal(err)
		}
		res, err := a.Run(ctx, cypher)
		if err != nil {
			t.Errorf("%q: %s: %v", ex.Question, cypher, err)
			continue
		}
		t.Logf("%-50s %d rows %s", ex.Question, len(res.Rows), ask.Summarize(res))
	}
}

func count(t *testing.T, a *ask.Asker, cypher string) int64 {
	t.Helper()
	res, err := a.Run(context.Background(), cypher)
	if err != nil {
		t.Fatalf("%s: %v", cypher, err)
	}
	return res.Rows[0][0].(int64)
}

// Write attempts, as questions or as Cypher, are refused, and neither the
// loaded graph nor the store changes.
func TestWritesRefusedGraphUnchanged(t *testing.T) {
	e := newEnv(t)
	a := e.asker()
	ctx := context.Background()
	nodes, edges := count(t, a, "MATCH (n:HelpgraphNode) RETURN count(n)"), count(t, a, "MATCH ()-[r]->() RETURN count(r)")
	for _, q := range []string{"delete all nodes", "Remove every page", "create a node called test"} {
		if _, err := a.Ask(ctx, &ask.Session{}, q); !errors.Is(err, ask.ErrReadOnly) {
			t.Errorf("Ask(%q) = %v, want refused", q, err)
		}
	}
	for _, q := range []string{
		"MATCH (n) DETACH DELETE n",
		"MATCH (n:HelpgraphNode) DELETE n",
		"CREATE (:HelpgraphPage {url: 'x'})",
		"MATCH (n:HelpgraphNode) SET n.problem = 'x'",
		"MATCH (n:HelpgraphNode)-[r:CHILD]->() DELETE r",
		"CALL db.clearQueryCaches()",
		"CALL enable_internal_catalog=true",
		"DROP TABLE CHILD",
		"MATCH (n:HelpgraphNode) RETURN n; MATCH (m) DETACH DELETE m",
	} {
		if _, err := a.Run(ctx, q); !errors.As(err, new(*ask.RefusedError)) {
			t.Errorf("Run(%q) = %v, want refused", q, err)
		}
	}
	if n, m := count(t, a, "MATCH (n:HelpgraphNode) RETURN count(n)"), count(t, a, "MATCH ()-[r]->() RETURN count(r)"); n != nodes || m != edges {
		t.Errorf("graph changed: %d nodes, %d edges; had %d, %d", n, m, nodes, edges)
	}
	g, err := e.store.Load(ctx)
	if err != nil || int64(len(g.Nodes)) != nodes {
		t.Errorf("store changed: %d nodes, %v", len(g.Nodes), err)
	}
}

func TestRowLimitAndTimeout(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	res, err := e.emb.Query(ctx, "MATCH (n:HelpgraphNode) RETURN n.id", ask.Limits{MaxRows: 5})
	if err != nil || len(res.Rows) != 5 || !res.Truncated {
		t.Errorf("row limit: %d rows, truncated %v, %v", len(res.Rows), res.Truncated, err)
	}
	// huge cannot end in 50 ms on any machine: it is stopped by the
	// timeout, or by the CPU time the timeout allows (the two race on a
	// machine with as many cores as the engine has threads).
	huge := "MATCH (a:HelpgraphNode), (b:HelpgraphNode), (c:HelpgraphNode), (d:HelpgraphNode) WHERE concat(a.problem, b.problem, c.problem, d.problem) CONTAINS 'zzz' RETURN count(*)"
	if _, err := e.emb.Query(ctx, huge, ask.Limits{MaxRows: 5, Timeout: 50 * time.Millisecond}); err == nil ||
		!strings.Contains(err.Error(), "ran longer than 50ms") && !strings.Contains(err.Error(), "of CPU time") {
		t.Errorf("a query longer than the timeout: %v", err)
	}
	// A cancelled caller gets its context's error, wherever the query was.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := e.emb.Query(cctx, huge, ask.Limits{MaxRows: 5}); !errors.Is(err, context.Canceled) {
		t.Errorf("query of a cancelled caller: %v", err)
	}
	dctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, err := e.emb.Query(dctx, huge, ask.Limits{MaxRows: 5}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("query past its caller's deadline: %v", err)
	}
	if res, err := e.emb.Query(ctx, "MATCH (n:HelpgraphNode) RETURN n.id LIMIT 1", ask.Limits{}); err != nil || len(res.Rows) != 1 {
		t.Errorf("after the stopped queries: %v, %v", res.Rows, err)
	}
}

// Values come back as plain Go values, nodes as property maps.
func TestResultValues(t *testing.T) {
	e := newEnv(t)
	res, err := e.emb.Query(context.Background(),
		"MATCH (n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage) WHERE n.root AND p.url ENDS WITH 'refunds.html' RETURN n.problem, n.intents, n.actionable, size(n.intents) AS k, p", ask.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 1 || len(res.Columns) != 5 {
		t.Fatalf("got %+v", res)
	}
	row := res.Rows[0]
	if _, ok := row[0].(string); !ok {
		t.Errorf("problem is %T", row[0])
	}
	if _, ok := row[1].([]any); !ok {
		t.Errorf("intents is %T", row[1])
	}
	if _, ok := row[2].(bool); !ok {
		t.Errorf("actionable is %T", row[2])
	}
	if _, ok := row[3].(int64); !ok {
		t.Errorf("size is %T", row[3])
	}
	if p, ok := row[4].(map[string]any); !ok || p["_label"] != "HelpgraphPage" || p["change"] != "added" {
		t.Errorf("page node is %#v", row[4])
	}
}

// The engine loads on the first question and again after a rebuild or a
// new handoff, not otherwise.
func TestEmbeddedReloads(t *testing.T) {
	e := newEnv(t)
	loads := 0
	emb := ask.NewEmbedded(e.store, e.convs, func(ctx context.Context, s *ask.Snapshot) (ask.EngineCloser, error) {
		loads++
		return kuzu.Open(ctx, s)
	}, nil)
	defer emb.Close()
	if loads != 0 {
		t.Fatal("loaded before the first question")
	}
	a := &ask.Asker{Engine: emb, Catalogs: emb}
	ctx := context.Background()
	nodes := count(t, a, "MATCH (n:HelpgraphNode) RETURN count(n)")
	count(t, a, "MATCH (n:HelpgraphNode) RETURN count(n)")
	if loads != 1 {
		t.Fatalf("%d loads for two questions on one graph", loads)
	}
	g, err := e.store.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Rebuild with only the first page.
	keep := g.Pages[0].URL
	small := &graph.Graph{Pages: g.Pages[:1]}
	ids := map[string]bool{}
	for _, n := range g.Nodes {
		if n.Page == keep {
			small.Nodes = append(small.Nodes, n)
			ids[n.ID] = true
		}
	}
	for _, ed := range g.Edges {
		if ids[ed.From] && ids[ed.To] {
			small.Edges = append(small.Edges, ed)
		}
	}
	if _, err := e.store.Replace(ctx, small, nil); err != nil {
		t.Fatal(err)
	}
	if got := count(t, a, "MATCH (n:HelpgraphNode) RETURN count(n)"); got != int64(len(small.Nodes)) || got == nodes || loads != 2 {
		t.Errorf("after a rebuild: %d nodes (want %d), %d loads", got, len(small.Nodes), loads)
	}
	// A new handoff, then the same handled: the engine takes them
	// without loading the graph again.
	e.handoff(t, small.Nodes[0].ID, "help")
	if got := count(t, a, "MATCH (h:Handoff)-[:ENDED_ON]->(:HelpgraphNode) RETURN count(h)"); got != 1 || loads != 2 {
		t.Errorf("after a handoff: %d handoffs, %d loads", got, loads)
	}
	hs, err := e.convs.Handoffs(ctx, false)
	if err != nil || len(hs) != 1 {
		t.Fatal(hs, err)
	}
	if err := e.convs.SetStatus(ctx, hs[0].ID, conversation.StatusClosed); err != nil {
		t.Fatal(err)
	}
	if got := count(t, a, "MATCH (h:Handoff)-[:OF]->(:Conversation) WHERE h.handled RETURN count(h)"); got != 1 || loads != 2 {
		t.Errorf("after handling it: %d handled, %d loads", got, loads)
	}
	e.handoff(t, small.Nodes[0].ID, "more help")
	if got := count(t, a, "MATCH (c:Conversation)<-[:OF]-(h:Handoff)-[:ENDED_ON]->(:HelpgraphNode) RETURN count(DISTINCT c)"); got != 2 || loads != 2 {
		t.Errorf("after a second handoff: %d conversations, %d loads", got, loads)
	}
}

// The boxed engine takes new and handled handoffs in its running child,
// and a child started after that (the first one killed) has them too.
func TestBoxUpdateHandoffs(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	snap, err := ask.TakeSnapshot(ctx, e.store, e.convs)
	if err != nil {
		t.Fatal(err)
	}
	b, err := kuzu.NewBox(ctx, snap, kuzu.BoxConfig{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	node := snap.Graph.Nodes[3].ID
	h := ask.Handoff{ID: 41, ConversationID: "c41", CreatedAt: time.Now(), Intent: "refund", Turns: 3, EndedOn: node, LastAction: "escalation"}
	if err := b.UpdateHandoffs(ctx, []ask.Handoff{h}); err != nil {
		t.Fatal(err)
	}
	h.HandledAt = time.Now()
	if err := b.UpdateHandoffs(ctx, []ask.Handoff{h, {ID: 42, ConversationID: "c42", Intent: "login"}}); err != nil {
		t.Fatal(err)
	}
	q := "MATCH (h:Handoff)-[:OF]->(c:Conversation) OPTIONAL MATCH (h)-[:ENDED_ON]->(n:HelpgraphNode) RETURN h.id, h.handled, c.id, n.id ORDER BY h.id"
	want := fmt.Sprint([][]any{{int64(41), true, "c41", node}, {int64(42), false, "c42", nil}})
	res, err := b.Query(ctx, q, ask.Limits{})
	if err != nil || fmt.Sprint(res.Rows) != want {
		t.Errorf("after updates: %v, %v; want %s", res.Rows, err, want)
	}
	if err := kuzu.KillChildForTest(b); err != nil {
		t.Fatal(err)
	}
	res, err = b.Query(ctx, q, ask.Limits{})
	if err != nil || fmt.Sprint(res.Rows) != want {
		t.Errorf("in a new child: %v, %v; want %s", res.Rows, err, want)
	}
}

// Ids and URLs with CSV's special characters survive the bulk load, and
// relationships carry their generation as on Neo4j.
func TestLoadOddNames(t *testing.T) {
	page := `https://x.example/a,b/"q"/it's.html`
	g := &graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "T, \"quoted\"\nnext line", Status: graph.PageOK}},
		Nodes: []graph.Node{
			{ID: `r,"1"`, Page: page, Problem: "root", Root: true, Intents: []string{"a", "b,c"}},
			{ID: "c\n2", Page: page, Problem: "child"},
		},
		Edges: []graph.Edge{{From: `r,"1"`, To: "c\n2", Type: graph.Child}},
	}
	db, err := kuzu.Open(context.Background(), &ask.Snapshot{Generation: 3, Graph: g})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	res, err := db.Query(context.Background(), `MATCH (a:HelpgraphNode)-[c:CHILD]->(b:HelpgraphNode)-[o:ON_PAGE]->(p:HelpgraphPage) RETURN a.id, b.id, p.url, p.title, a.intents, p.generation, c.generation, o.generation`, ask.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	want := []any{`r,"1"`, "c\n2", page, "T, \"quoted\"\nnext line", []any{"a", "b,c"}, int64(3), int64(3), int64(3)}
	if len(res.Rows) != 1 || fmt.Sprint(res.Rows[0]) != fmt.Sprint(want) {
		t.Errorf("got %q, want %q", res.Rows, want)
	}
}

// The schema the prompt states is the one the engine has: every table and
// property of the loaded database is named in ask.Schema.
func TestSchemaMatchesPrompt(t *testing.T) {
	db, err := kuzu.Open(context.Background(), &ask.Snapshot{Graph: &graph.Graph{}})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	tables, err := db.Query(ctx, "CALL show_tables() RETURN name", ask.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if len(tables.Rows) < 10 {
		t.Fatalf("only %d tables", len(tables.Rows))
	}
	for _, row := range tables.Rows {
		name := row[0].(string)
		if !strings.Contains(ask.Schema, ":"+name) {
			t.Errorf("table %s is not in ask.Schema", name)
		}
		props, err := db.Query(ctx, "CALL table_info('"+name+"') RETURN name", ask.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range props.Rows {
			if !regexp.MustCompile(`\b` + p[0].(string) + `\b`).MatchString(ask.Schema) {
				t.Errorf("property %s.%s is not in ask.Schema", name, p[0])
			}
		}
	}
}

package kuzu_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/ask/kuzu"
	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph/sqlite"
	"github.com/helpgraph/helpgraph/kgbuild"
	"github.com/helpgraph/helpgraph/page"
)

// env is the sample help center built offline into SQLite, as `helpgraph
// build --pages testdata/helpcenter` does, with a conversation store.
type env struct {
	store *sqlite.Store
	convs *conversation.DB
	emb   *ask.Embedded
}

func open(ctx context.Context, snap *ask.Snapshot) (ask.EngineCloser, error) {
	return kuzu.Open(ctx, snap)
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
	convs, err := conversation.Open(ctx, filepath.Join(dir, "conv.db"))
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
	s, err := e.convs.Create(ctx)
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

package kgbuild_test

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/sqlite"
	"github.com/helpgraph/helpgraph/kgbuild"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/llm/llmtest"
	"github.com/helpgraph/helpgraph/page"
)

// TestLLMBuildLosesNoPage builds the fixture page through the builder with
// an LLM extractor: a node with an empty resolution is kept (it used to
// reject the page), a page that fell back is retried by the next build with
// a healthy endpoint, an unchanged LLM page is reused, and Force
// re-extracts it.
func TestLLMBuildLosesNoPage(t *testing.T) {
	good := map[string]string{
		"extract":    readLLMFixture(t, "extract.json"),
		"intents":    readLLMFixture(t, "intents.json"),
		"actionable": readLLMFixture(t, "actionable.json"),
	}
	s := llmtest.NewServer(t)
	healthy := func(r llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: good[promptOf(r)]} }
	cfg := s.Config()
	cfg.MaxRetries = 1
	store, err := sqlite.Open(t.Context(), filepath.Join(t.TempDir(), "graph.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	doc := loadLLMPage(t)

	build := func(force bool) (*kgbuild.Report, int) {
		t.Helper()
		// A fresh client per build, as the CLI has: the breaker does not
		// carry over.
		client, err := llm.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		before := len(s.Requests())
		b := &kgbuild.Builder{
			Store:     store,
			Extractor: kgbuild.NewLLMExtractor(client, kgbuild.NewStructural(), nil),
			LLMStats:  client.Stats,
			Force:     force,
		}
		rep, err := b.Build(t.Context(), []*page.Document{doc}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return rep, len(s.Requests()) - before
	}

	// 1. The endpoint is down: the page falls back, is kept, and is listed for retry.
	s.Handle(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Status: 500} })
	rep, reqs := build(false)
	if rep.PagesOK != 1 || rep.Methods[graph.MethodFallback] != 1 || !slices.Equal(rep.Retry, []string{doc.URL}) {
		t.Fatalf("down: %s", rep)
	}
	if reqs != 2 {
		t.Errorf("down: %d requests, want 2 (one call and its retry; the breaker stops the rest)", reqs)
	}

	// 2. Healthy again: the unchanged page is extracted again, with the LLM.
	s.Handle(healthy)
	rep, reqs = build(false)
	if rep.PagesOK != 1 || rep.Methods[graph.MethodLLM] != 1 || rep.PagesExtracted != 1 || len(rep.Retry) != 0 || reqs != 3 {
		t.Fatalf("healthy: %d requests, report %s", reqs, rep)
	}
	if rep.LLM == nil || rep.LLM.Stats.Steps["extract_graph"].Calls != 1 || !strings.Contains(rep.String(), "estimated cost $") {
		t.Errorf("healthy: LLM usage not reported: %+v\n%s", rep.LLM, rep)
	}
	g, err := store.Load(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var empty *graph.Node
	for i, n := range g.Nodes {
		if n.Condition == "booked online" {
			empty = &g.Nodes[i]
		}
	}
	if len(g.Nodes) != 6 || empty == nil || empty.Resolution != "" || empty.Actionable {
		t.Errorf("the node with an empty resolution was not kept as a non-actionable node: %d nodes, %+v", len(g.Nodes), empty)
	}

	// 3. Unchanged: reused, no request.
	rep, reqs = build(false)
	if rep.PagesUnchanged != 1 || reqs != 0 {
		t.Errorf("unchanged: %d requests, report %s", reqs, rep)
	}

	// 4. Force: extracted again.
	rep, reqs = build(true)
	if rep.PagesExtracted != 1 || reqs != 3 {
		t.Errorf("force: %d requests, report %s", reqs, rep)
	}
}

func TestLLMExtractorLogsTruncation(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Handle(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Status: 400} })
	client, err := llm.New(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	x := kgbuild.NewLLMExtractor(client, kgbuild.NewStructural(), slog.New(slog.NewTextHandler(&logs, nil)))
	doc := loadLLMPage(t)
	long := *doc
	long.Blocks = append(slices.Clone(doc.Blocks), page.Block{Kind: page.Paragraph, Text: strings.Repeat("Filler text for a very long page. ", 2000)})
	if _, err := x.Extract(context.Background(), &long); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "page text truncated") {
		t.Errorf("truncation not logged:\n%s", logs.String())
	}
	if req := s.Requests()[0]; len(req.Messages[1].Content) > 45000 {
		t.Errorf("prompt not truncated: %d bytes", len(req.Messages[1].Content))
	}
}

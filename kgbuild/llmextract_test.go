package kgbuild_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/kgbuild"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/llm/llmtest"
	"github.com/helpgraph/helpgraph/page"
	"github.com/helpgraph/helpgraph/prompts"
)

// stubFallback stands in for the structural extractor behind the Extractor seam.
type stubFallback struct{ calls int }

func (f *stubFallback) Version() string { return "stub-v1" }

func (f *stubFallback) Extract(_ context.Context, doc *page.Document) (*kgbuild.PageGraph, error) {
	f.calls++
	return &kgbuild.PageGraph{
		Nodes: []graph.Node{{
			ID: kgbuild.NodeID(doc.URL, "0"), Page: doc.URL, Root: true,
			Problem: "fallback problem", Resolution: doc.Blocks[1].Text,
		}},
		Method: graph.MethodStructural,
	}, nil
}

func readLLMFixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "llm", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func loadLLMPage(t *testing.T) *page.Document {
	t.Helper()
	var doc page.Document
	if err := json.Unmarshal([]byte(readLLMFixture(t, "change-reservation.json")), &doc); err != nil {
		t.Fatal(err)
	}
	return &doc
}

// promptOf says which of the extractor's prompts a request is.
func promptOf(r llmtest.Request) string {
	if len(r.Messages) == 0 {
		return ""
	}
	switch system := r.Messages[0].Content; {
	case strings.Contains(system, "knowledge graph of problems"):
		return "extract"
	case strings.Contains(system, "what customers type"):
		return "intents"
	case strings.Contains(system, "review a customer-support knowledge base"):
		return "actionable"
	}
	return ""
}

func TestLLMExtractor(t *testing.T) {
	good := map[string]string{
		"extract":    readLLMFixture(t, "extract.json"),
		"intents":    readLLMFixture(t, "intents.json"),
		"actionable": readLLMFixture(t, "actionable.json"),
	}
	tests := []struct {
		name  string
		queue []llmtest.Reply // answered before the good fixtures
		// answers overrides the good answer of a prompt.
		answers      map[string]string
		tweak        func(*llm.Config)
		wantMethod   string
		wantRequests int
		// wantCorrection is found in the correction request sent, if any.
		wantCorrection string
	}{
		{name: "good", wantMethod: graph.MethodLLM, wantRequests: 3},
		{
			name:           "malformed answer corrected",
			queue:          []llmtest.Reply{{Content: `{"root": {"problem": "reservation change",`}},
			wantMethod:     graph.MethodLLM,
			wantRequests:   4,
			wantCorrection: "not valid JSON",
		},
		{
			name:           "ungrounded resolution corrected",
			queue:          []llmtest.Reply{{Content: readLLMFixture(t, "extract-ungrounded.json")}},
			wantMethod:     graph.MethodLLM,
			wantRequests:   4,
			wantCorrection: `the resolution of root.children[0] ("change of a reservation booked by phone") is not copied verbatim from the page text: "Phone the restaurant during opening hours."`,
		},
		{
			name: "never valid falls back",
			answers: map[string]string{
				"extract": readLLMFixture(t, "extract-ungrounded.json"),
			},
			wantMethod:     graph.MethodFallback,
			wantRequests:   3,
			wantCorrection: "not copied verbatim",
		},
		{
			name: "intents missing a node keeps the tree",
			answers: map[string]string{
				"intents": `{"nodes": [{"id": "n1", "intents": ["a", "b", "c"]}]}`,
			},
			wantMethod:     graph.MethodLLMPartial,
			wantRequests:   5,
			wantCorrection: `missing ids "n2", "n3", "n4", "n5", "n6"`,
		},
		{
			name: "actionable of the wrong shape keeps the tree",
			answers: map[string]string{
				"actionable": `{"nodes": [{"id": "n1", "actionable": "yes"}]}`,
			},
			wantMethod:     graph.MethodLLMPartial,
			wantRequests:   5,
			wantCorrection: `answer.nodes[0] is missing the field "reason"`,
		},
		{
			name:           "invented condition corrected",
			queue:          []llmtest.Reply{{Content: strings.Replace(readLLMFixture(t, "extract.json"), `"condition": "booked by phone"`, `"condition": "paid in bitcoin by phone"`, 1)}},
			wantMethod:     graph.MethodLLM,
			wantRequests:   4,
			wantCorrection: `the condition of root.children[1] ("change of a reservation booked by phone") uses words the page never does (bitcoin)`,
		},
		{
			name:           "invented problem corrected",
			queue:          []llmtest.Reply{{Content: strings.Replace(readLLMFixture(t, "extract.json"), `"problem": "late reservation change"`, `"problem": "cryptocurrency refund"`, 1)}},
			wantMethod:     graph.MethodLLM,
			wantRequests:   4,
			wantCorrection: `uses words the page never does (cryptocurrency, refund)`,
		},
		{
			name:         "429 then success",
			queue:        []llmtest.Reply{{Status: 429, Header: http.Header{"Retry-After": {"1"}}}},
			wantMethod:   graph.MethodLLM,
			wantRequests: 4,
		},
		{
			name:         "timeout falls back",
			queue:        []llmtest.Reply{{Delay: time.Hour}, {Delay: time.Hour}}, // only the client's timeout ends them
			tweak:        func(c *llm.Config) { c.Timeout = 50 * time.Millisecond; c.MaxRetries = 1 },
			wantMethod:   graph.MethodFallback,
			wantRequests: 1, // a stall is not retried
		},
		{
			name:         "intents endpoint down keeps the tree",
			queue:        []llmtest.Reply{{Content: readLLMFixture(t, "extract.json")}, {Status: 503}, {Status: 503}},
			tweak:        func(c *llm.Config) { c.MaxRetries = 1 },
			wantMethod:   graph.MethodLLMPartial,
			wantRequests: 3, // the breaker then refuses the actionable step: judged offline
		},
		{
			name:         "endpoint down falls back",
			queue:        []llmtest.Reply{{Status: 500}, {Status: 500}, {Status: 500}},
			tweak:        func(c *llm.Config) { c.MaxRetries = 2 },
			wantMethod:   graph.MethodFallback,
			wantRequests: 3,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := llmtest.NewServer(t)
			s.Enqueue(tt.queue...)
			s.Handle(func(r llmtest.Request) llmtest.Reply {
				p := promptOf(r)
				if a, ok := tt.answers[p]; ok {
					return llmtest.Reply{Content: a}
				}
				return llmtest.Reply{Content: good[p]}
			})
			cfg := s.Config()
			if tt.tweak != nil {
				tt.tweak(&cfg)
			}
			client, err := llm.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			var fallback stubFallback
			x := kgbuild.NewLLMExtractor(client, &fallback, nil)
			doc := loadLLMPage(t)

			pg, err := x.Extract(t.Context(), doc)
			if err != nil {
				t.Fatal(err)
			}
			if pg.Method != tt.wantMethod {
				t.Errorf("Method = %q, want %q", pg.Method, tt.wantMethod)
			}
			// Counted by the client: on a loaded machine a request may
			// time out before the server has read it.
			reqs := s.Requests()
			if n := client.Stats().Calls; n != int64(tt.wantRequests) {
				t.Errorf("%d requests, want %d", n, tt.wantRequests)
			}
			if tt.wantCorrection != "" && !slices.ContainsFunc(reqs, func(r llmtest.Request) bool {
				return strings.HasPrefix(r.LastUser(), "Your answer was invalid") && strings.Contains(r.LastUser(), tt.wantCorrection)
			}) {
				t.Errorf("no correction request containing %q", tt.wantCorrection)
			}
			switch pg.Method {
			case graph.MethodFallback:
				if fallback.calls != 1 || len(pg.Nodes) != 1 || pg.Nodes[0].Problem != "fallback problem" {
					t.Errorf("fallback calls %d, nodes %+v", fallback.calls, pg.Nodes)
				}
			case graph.MethodLLM, graph.MethodLLMPartial:
				if fallback.calls != 0 {
					t.Errorf("fallback called %d times on success", fallback.calls)
				}
				checkReservationGraph(t, doc, pg, pg.Method == graph.MethodLLM)
			}
		})
	}
}

// checkReservationGraph checks the graph built from the good fixtures.
// Partial graphs (offline intents or verdicts) are checked for shape only.
func checkReservationGraph(t *testing.T, doc *page.Document, pg *kgbuild.PageGraph, full bool) {
	t.Helper()
	paths := []string{"0", "0/0", "0/0/0", "0/0/1", "0/1", "0/2"}
	if len(pg.Nodes) != len(paths) {
		t.Fatalf("%d nodes, want %d", len(pg.Nodes), len(paths))
	}
	for i, n := range pg.Nodes {
		if want := kgbuild.NodeID(doc.URL, paths[i]); n.ID != want {
			t.Errorf("node %d id = %s, want NodeID(url, %q)", i, n.ID, paths[i])
		}
		if n.Page != doc.URL || n.Root != (i == 0) || n.Problem == "" {
			t.Errorf("node %d = %+v", i, n)
		}
		if n.Resolution != "" && !page.Grounded(n.Resolution, doc.Text()) {
			t.Errorf("node %d resolution not grounded: %q", i, n.Resolution)
		}
		if len(n.Intents) < 3 || len(n.Intents) > 6 || slices.Contains(n.Intents, "") {
			t.Errorf("node %d intents = %q", i, n.Intents)
		}
	}
	id := func(path string) string { return kgbuild.NodeID(doc.URL, path) }
	wantEdges := []graph.Edge{
		{From: id("0"), To: id("0/0"), Type: graph.Child},
		{From: id("0/0"), To: id("0/0/0"), Type: graph.Child},
		{From: id("0/0"), To: id("0/0/1"), Type: graph.Child},
		{From: id("0"), To: id("0/1"), Type: graph.Child},
		{From: id("0"), To: id("0/2"), Type: graph.Child},
	}
	if !slices.Equal(pg.Edges, wantEdges) {
		t.Errorf("edges = %v, want %v", pg.Edges, wantEdges)
	}
	if !full {
		for i, n := range pg.Nodes {
			if n.Actionable && n.Resolution == "" {
				t.Errorf("node %d actionable without a resolution", i)
			}
		}
		return
	}
	var actionable []bool
	for _, n := range pg.Nodes {
		actionable = append(actionable, n.Actionable)
	}
	// n2 is marked actionable by the model but has no resolution.
	if want := []bool{false, false, true, true, true, false}; !slices.Equal(actionable, want) {
		t.Errorf("actionable = %v, want %v", actionable, want)
	}
	if got := pg.Nodes[2].Intents; len(got) != 3 {
		t.Errorf("case-insensitive duplicate intent kept: %q", got)
	}
	if got := pg.Nodes[2].Resolution; !strings.Contains(got, "[My reservations](https://www.example.com/account/reservations)") {
		t.Errorf("link lost from resolution: %q", got)
	}
	if pg.Nodes[1].Condition != "booked online" || pg.Nodes[0].Condition != "" {
		t.Errorf("conditions = %q, %q", pg.Nodes[0].Condition, pg.Nodes[1].Condition)
	}
}

func TestLLMExtractorCancelledDoesNotFallBack(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Enqueue(llmtest.Reply{Delay: time.Hour})
	client, err := llm.New(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	var fallback stubFallback
	x := kgbuild.NewLLMExtractor(client, &fallback, nil)
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	if _, err := x.Extract(ctx, loadLLMPage(t)); err == nil {
		t.Fatal("Extract succeeded with a cancelled context")
	}
	if fallback.calls != 0 {
		t.Errorf("fallback called on cancellation")
	}
}

func TestLLMExtractorVersion(t *testing.T) {
	s := llmtest.NewServer(t)
	client, err := llm.New(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	got := kgbuild.NewLLMExtractor(client, &stubFallback{}, nil).Version()
	if want := "llm-v3/" + llmtest.Model + "/" + prompts.Hash("extract_graph", "intents", "actionable"); got != want {
		t.Errorf("Version = %q, want %q", got, want)
	}
	cfg := s.Config()
	cfg.Model = "other-model"
	other, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if kgbuild.NewLLMExtractor(other, &stubFallback{}, nil).Version() == got {
		t.Error("Version does not change with the model")
	}
}

func TestLLMExtractorFallsBackToStructural(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Handle(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: `{"root": null}`} })
	client, err := llm.New(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	doc := loadLLMPage(t)
	pg, err := kgbuild.NewLLMExtractor(client, kgbuild.NewStructural(), nil).Extract(t.Context(), doc)
	if err != nil {
		t.Fatal(err)
	}
	if pg.Method != graph.MethodFallback || len(pg.Nodes) == 0 || !pg.Nodes[0].Root {
		t.Errorf("method %q, %d nodes (first root: %v)", pg.Method, len(pg.Nodes), len(pg.Nodes) > 0 && pg.Nodes[0].Root)
	}
	if n := len(s.Requests()); n != 3 {
		t.Errorf("%d requests, want 3 (MaxTries)", n)
	}
}

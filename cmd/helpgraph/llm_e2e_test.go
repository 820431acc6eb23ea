package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/llm/llmtest"
)

// fakeModel answers the extraction and dialogue prompts plausibly for any
// page: a one-node tree whose problem is the page's first heading and whose
// resolution is its first paragraph, copied verbatim. Pages whose URL
// contains broken get answers that never validate.
type fakeModel struct{ broken atomic.Value } // string: URL part that fails

var (
	fencedText = regexp.MustCompile(`(?s)<<<DATA\n(.*?)\nDATA>>>`)
	nodeLabel  = regexp.MustCompile(`(?m)^- id: (\S+)$`)
	pageURL    = regexp.MustCompile(`(?m)^Page URL: (\S+)$`)
)

func (f *fakeModel) handle(r llmtest.Request) llmtest.Reply {
	if r.Embeddings() {
		return llmtest.Reply{}
	}
	system, user := r.Messages[0].Content, r.Messages[1].Content
	reply := func(v any) llmtest.Reply {
		b, _ := json.Marshal(v)
		return llmtest.Reply{Content: string(b)}
	}
	switch {
	case strings.Contains(system, "knowledge graph of problems"):
		if broken, _ := f.broken.Load().(string); broken != "" {
			if m := pageURL.FindStringSubmatch(user); m != nil && strings.Contains(m[1], broken) {
				return llmtest.Reply{Content: `{"root": {"problem": "", "condition": "", "resolution": "", "children": []}}`}
			}
		}
		text := fencedText.FindStringSubmatch(user)[1]
		problem, resolution := "", ""
		for _, line := range strings.Split(text, "\n") {
			line = strings.TrimSpace(line)
			switch {
			case strings.HasPrefix(line, "#") && problem == "":
				problem = strings.TrimSpace(strings.TrimLeft(line, "#"))
			case !strings.HasPrefix(line, "#") && len(strings.Fields(line)) >= 4 && resolution == "":
				resolution = line
			}
		}
		return reply(map[string]any{"root": map[string]any{"problem": problem, "condition": "", "resolution": resolution, "children": []any{}}})
	case strings.Contains(system, "what customers type"):
		var nodes []map[string]any
		for _, m := range nodeLabel.FindAllStringSubmatch(user, -1) {
			nodes = append(nodes, map[string]any{"id": m[1], "intents": []string{"help with " + m[1], "question about " + m[1], "problem with " + m[1]}})
		}
		return reply(map[string]any{"nodes": nodes})
	case strings.Contains(system, "review a customer-support knowledge base"):
		var nodes []map[string]any
		for _, m := range nodeLabel.FindAllStringSubmatch(user, -1) {
			nodes = append(nodes, map[string]any{"id": m[1], "actionable": true, "reason": "steps given"})
		}
		return reply(map[string]any{"nodes": nodes})
	case strings.Contains(system, "You play a customer"):
		if strings.Contains(user, "change room type on reservation") {
			return llmtest.Reply{Status: 400} // this simulated user always fails
		}
		return reply(map[string]string{"action": "end", "reply": ""})
	case strings.Contains(system, "You evaluate a support agent"):
		if strings.Contains(user, "bigger room") {
			return llmtest.Reply{Status: 400} // the judge fails on this one
		}
		return reply(map[string]string{"label": "partial", "reason": "some facts"})
	case strings.Contains(system, "cannot be solved from the help center"):
		return reply(map[string]string{"label": "escalated", "reason": "handed over"})
	case strings.Contains(system, "You match a customer's message"):
		ids := nodeLabel.FindAllStringSubmatch(user, -1)
		id := ""
		if len(ids) > 0 {
			id = ids[0][1]
		}
		return reply(map[string]string{"query": "change my booking", "node_id": id})
	}
	return llmtest.Reply{Status: 400}
}

func llmConfig(srv *llmtest.Server, dir string) config.Config {
	return config.Config{
		Store: filepath.Join(dir, "graph.db"), ConversationsDB: filepath.Join(dir, "conv.db"),
		OpenAIBaseURL: srv.URL + "/v1", OpenAIAPIKey: llmtest.APIKey,
		Model: "gpt-4o-mini", EmbeddingModel: "off", LLMTimeout: 5 * time.Second,
		TurnTimeout: 5 * time.Second,
	}
}

// TestBuildLLMOnEndToEnd runs `helpgraph build --llm on` against the fake
// endpoint: every page is kept (one through the fallback), tokens and cost
// are printed, the fallback page is extracted again by the next build, and
// --force extracts everything again.
func TestBuildLLMOnEndToEnd(t *testing.T) {
	srv := llmtest.NewServer(t)
	model := &fakeModel{}
	model.broken.Store("confirmation-code")
	srv.Handle(model.handle)
	cfg := llmConfig(srv, t.TempDir())
	pages := filepath.Join("..", "..", "testdata", "helpcenter")
	build := func(args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		m := &Main{Config: cfg, Stdout: &out, Stderr: &errb}
		if err := m.Run(context.Background(), append([]string{"build", "--pages", pages, "--llm", "on"}, args...)); err != nil {
			t.Fatalf("build %v: %v\n%s", args, err, errb.String())
		}
		return out.String()
	}

	out := build()
	for _, want := range []string{", 0 failed,", "structural-fallback 1", "llm: ", "prompt + ", "estimated cost $", "offline after an LLM failure (extracted again next build): 1 pages"} {
		if !strings.Contains(out, want) {
			t.Errorf("first build output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "no price for") {
		t.Errorf("gpt-4o-mini has no price:\n%s", out)
	}
	for _, r := range srv.Requests() {
		if !r.Embeddings() && (r.ResponseFormat != "json_schema" || !r.Strict) {
			t.Fatalf("request without a strict schema: %q", r.ResponseFormat)
		}
	}

	model.broken.Store("")
	before := len(srv.Requests())
	out = build()
	if !strings.Contains(out, ", 1 extracted,") || strings.Contains(out, "structural-fallback") || len(srv.Requests())-before != 3 {
		t.Errorf("second build did not retry only the fallback page (%d requests):\n%s", len(srv.Requests())-before, out)
	}

	before = len(srv.Requests())
	out = build()
	if !strings.Contains(out, "nothing changed since generation") || len(srv.Requests()) != before {
		t.Errorf("third build re-extracted unchanged pages (%d requests):\n%s", len(srv.Requests())-before, out)
	}
	out = build("--force")
	if strings.Contains(out, ", 0 extracted,") || !strings.Contains(out, " 0 unchanged") {
		t.Errorf("--force did not re-extract every page:\n%s", out)
	}
}

// TestServeLLMOnEndToEnd serves with --llm on: the chat goes through the
// fake endpoint's identify prompt (one per turn), /metrics exports tokens by
// step, and `chat` prints its tokens and cost on exit.
func TestServeLLMOnEndToEnd(t *testing.T) {
	srv := llmtest.NewServer(t)
	model := &fakeModel{}
	srv.Handle(model.handle)
	dir := t.TempDir()
	cfg := llmConfig(srv, dir)
	var buildErr bytes.Buffer
	if err := (&Main{Config: cfg, Stdout: &bytes.Buffer{}, Stderr: &buildErr}).Run(context.Background(),
		[]string{"build", "--pages", filepath.Join("..", "..", "testdata", "helpcenter"), "--llm", "off"}); err != nil {
		t.Fatalf("build: %v\n%s", err, buildErr.String())
	}

	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var stderr syncBuffer
	m := &Main{Config: cfg, Stdout: &bytes.Buffer{}, Stderr: &stderr}
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--llm", "on"}) }()
	base := listening(t, &stderr, done)
	before := len(srv.Requests())
	resp, err := http.Post(base+"/api/chat", "application/json", strings.NewReader(`{"message": "I'm getting an error when trying to change my booking"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"action"`) {
		t.Fatalf("/api/chat: %d %s", resp.StatusCode, body)
	}
	if n := len(srv.Requests()) - before; n != 1 {
		t.Errorf("one chat turn sent %d LLM requests, want 1 (identify; no rewording, embeddings off)", n)
	}
	resp, err = http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	metrics, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{
		`helpgraph_llm_tokens_total{kind="prompt",step="dialogue_identify"}`,
		`helpgraph_llm_step_requests_total{step="dialogue_identify"} 1`,
		`helpgraph_llm_unavailable_total 0`,
	} {
		if !strings.Contains(string(metrics), want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	stop()
	if err := <-done; err != nil {
		t.Fatalf("serve: %v", err)
	}

	var chatErr bytes.Buffer
	chat := &Main{Config: cfg, Stdin: strings.NewReader("I want to change my booking\n"), Stdout: &bytes.Buffer{}, Stderr: &chatErr}
	if err := chat.Run(context.Background(), []string{"chat", "--llm", "on"}); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`chat: llm: 1 calls, .* estimated cost \$\d`).MatchString(chatErr.String()) {
		t.Errorf("chat did not print its LLM usage on exit:\n%s", chatErr.String())
	}
}

// TestSimulateEvaluateLLMOnEndToEnd runs simulate and evaluate with --llm on:
// a failing simulated user gives a failed dialogue, counted and left out of
// the rates; a judge error leaves one dialogue unjudged without stopping the
// evaluation; both commands print tokens and cost, and the report says which
// user, judge and model ran.
func TestSimulateEvaluateLLMOnEndToEnd(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Handle((&fakeModel{}).handle)
	dir := t.TempDir()
	cfg := llmConfig(srv, dir)
	run := func(args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		if err := (&Main{Config: cfg, Stdout: &out, Stderr: &errb}).Run(context.Background(), args); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, errb.String())
		}
		return out.String()
	}
	run("build", "--pages", filepath.Join("..", "..", "testdata", "helpcenter"), "--llm", "off")
	inq := filepath.Join(dir, "inq.jsonl")
	all, err := os.ReadFile(filepath.Join("..", "..", "testdata", "inquiries", "helpcenter-tune.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	// Four resolvable tuning inquiries (the evaluation set is for reports).
	var lines []string
	for _, l := range strings.SplitAfter(string(all), "\n") {
		if strings.Contains(l, `"kind": "resolvable"`) && len(lines) < 4 {
			lines = append(lines, l)
		}
	}
	if err := os.WriteFile(inq, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	dialogues := filepath.Join(dir, "graph.jsonl")
	out := run("simulate", "--inquiries", inq, "--agent", "graph", "--out", dialogues, "--llm", "on")
	for _, want := range []string{"simulate: 4 dialogues, 1 failed", "user llm:gpt-4o-mini", "simulate: llm: ", "estimated cost $"} {
		if !strings.Contains(out, want) {
			t.Errorf("simulate output lacks %q:\n%s", want, out)
		}
	}
	raw, err := os.ReadFile(dialogues)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(raw), `"provenance":{"user":"llm:gpt-4o-mini","model":"gpt-4o-mini","llm":{"calls":`); n != 4 {
		t.Errorf("%d of 4 dialogues record their provenance:\n%s", n, raw)
	}

	out = run("evaluate", "--dialogues", dialogues, "--out", filepath.Join(dir, "report"), "--llm", "on")
	for _, want := range []string{"Judge: llm:gpt-4o-mini", "| graph | llm:gpt-4o-mini | gpt-4o-mini |", "| 1 | 1 |\n", "evaluate: llm: ", "estimated cost $"} {
		if !strings.Contains(out, want) {
			t.Errorf("evaluate output lacks %q:\n%s", want, out)
		}
	}
	// Two dialogues judged (4 minus 1 failed minus 1 unjudged), both partial.
	if !strings.Contains(out, "| graph | 2 | 0.0% | 100.0% |") {
		t.Errorf("rates not over the judged dialogues only:\n%s", out)
	}
}

// TestChatStalledEndpoint: with an endpoint that never answers, the first
// turn waits for the turn deadline once, every turn is answered offline,
// and chat's exit line says how many calls the breaker refused.
func TestChatStalledEndpoint(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Handle(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Delay: time.Hour} })
	dir := t.TempDir()
	cfg := llmConfig(srv, dir)
	// Only the turn deadline can end a turn: without it, chat would wait
	// the hour (and go test's -timeout end it).
	cfg.LLMTimeout = time.Hour
	cfg.TurnTimeout = 300 * time.Millisecond
	if err := (&Main{Config: cfg, Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}).Run(context.Background(),
		[]string{"build", "--pages", filepath.Join("..", "..", "testdata", "helpcenter"), "--llm", "off"}); err != nil {
		t.Fatal(err)
	}
	in := "I'm getting an error when trying to change my booking\nby phone\nhow do I cancel my booking?\n"
	var out, errb bytes.Buffer
	if err := (&Main{Config: cfg, Stdin: strings.NewReader(in), Stdout: &out, Stderr: &errb}).Run(context.Background(), []string{"chat", "--llm", "on"}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "\n["); n != 2 || !strings.HasPrefix(out.String(), "[clarification]") {
		t.Errorf("not every turn was answered offline:\n%s", out.String())
	}
	// At most: on a loaded machine the first may be cut before the server
	// reads it; the exit line below says the breaker refused the rest.
	if n := len(srv.Requests()); n > 1 {
		t.Errorf("%d requests reached the stalled endpoint, want at most 1", n)
	}
	if !strings.Contains(errb.String(), "calls refused while the endpoint was down") {
		t.Errorf("chat's exit line does not report the refused calls:\n%s", errb.String())
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/ask/kuzu"
	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/internal/testenv"
)

// buildSample builds testdata/helpcenter offline into a new store.
func buildSample(t *testing.T) string {
	t.Helper()
	if !kuzu.Available {
		testenv.Missing(t, testenv.Cgo, "the ask tests need the embedded query engine, built with cgo (gcc and CGO_ENABLED=1)")
	}
	store := filepath.Join(t.TempDir(), "graph.db")
	var stderr bytes.Buffer
	m := &Main{Config: config.Config{Store: store}, Stdout: &bytes.Buffer{}, Stderr: &stderr}
	if err := m.Run(context.Background(), []string{"build", "--pages", filepath.Join("..", "..", "testdata", "helpcenter"), "--llm", "off"}); err != nil {
		t.Fatalf("build: %v\n%s", err, stderr.String())
	}
	return store
}

func TestAskCommand(t *testing.T) {
	store := buildSample(t)
	ctx := context.Background()
	cfg := config.Config{Store: store, ConversationsDB: filepath.Join(t.TempDir(), "none.db")}

	var out bytes.Buffer
	m := &Main{Config: cfg, Stdout: &out, Stderr: &bytes.Buffer{}}
	if err := m.Run(ctx, []string{"ask", "--llm", "off", "How many nodes does the Refunds page have?"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "understood as: count node where page.on_page(") ||
		!strings.Contains(out.String(), "cypher (form): MATCH") || !strings.Contains(out.String(), "nodes: 5") {
		t.Errorf("ask output:\n%s", out.String())
	}

	out.Reset()
	m = &Main{Config: cfg, Stdout: &out, Stderr: &bytes.Buffer{}}
	if err := m.Run(ctx, []string{"ask", "--llm", "off", "--format", "json", "which pages reference Refunds"}); err != nil {
		t.Fatal(err)
	}
	var ans struct {
		Cypher string `json:"cypher"`
		Result struct {
			Columns []string `json:"columns"`
			Rows    [][]any  `json:"rows"`
		} `json:"result"`
	}
	if err := json.Unmarshal(out.Bytes(), &ans); err != nil || len(ans.Result.Rows) != 5 || ans.Result.Columns[0] != "title" {
		t.Errorf("json output %v: %s", err, out.String())
	}

	// A conversation on stdin: a follow-up, hand-written Cypher, and a
	// refused write, which fails the run without stopping it.
	out.Reset()
	var stderr bytes.Buffer
	in := "which problems are on the Refunds page?\nwhich of them are actionable?\ncypher: MATCH (p:HelpgraphPage) RETURN count(p) AS pages\ndelete all nodes\nhow many nodes are there\n"
	m = &Main{Config: cfg, Stdin: strings.NewReader(in), Stdout: &out, Stderr: &stderr}
	err := m.Run(ctx, []string{"ask", "--llm", "off"})
	if err == nil || !strings.Contains(err.Error(), "1 questions failed") {
		t.Errorf("err = %v", err)
	}
	for _, want := range []string{"5 rows: Refunds", "2 rows: My refund hasn't arrived", "pages: 32", "nodes: 193"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("conversation output lacks %q:\n%s", want, out.String())
		}
	}
	if !strings.Contains(stderr.String(), "questions can only read the graph") {
		t.Errorf("write not refused:\n%s", stderr.String())
	}

	if err := (&Main{Config: cfg, Stdout: &out, Stderr: &bytes.Buffer{}}).Run(ctx, []string{"ask", "--format", "xml", "x"}); exitCode(err) != 2 {
		t.Errorf("bad --format: %v", err)
	}
}

func TestAskEvalCommand(t *testing.T) {
	store := buildSample(t)
	var out bytes.Buffer
	m := &Main{Config: config.Config{Store: store}, Stdout: &out, Stderr: &bytes.Buffer{}}
	err := m.Run(context.Background(), []string{"ask-eval", "--questions", filepath.Join("..", "..", "testdata", "ask", "questions.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"execution accuracy: ", "error rate: 0.0%", "R1 ", "R5+ ", "mean tries: "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("ask-eval output lacks %q:\n%s", want, out.String())
		}
	}
	if err := (&Main{Config: config.Config{Store: store}, Stdout: &out, Stderr: &bytes.Buffer{}}).Run(context.Background(), []string{"ask-eval"}); exitCode(err) != 2 {
		t.Errorf("ask-eval without --questions: %v", err)
	}
}

// The Neo4j engine checks statements itself: a refused one never reaches
// the store (nil here, so reaching it would panic).
func TestNeo4jEngineGuards(t *testing.T) {
	for _, q := range []string{"MATCH (n) DETACH DELETE n", "LOAD CSV FROM 'file:///etc/passwd' AS l RETURN l", "RETURN 1; RETURN 2"} {
		_, err := neo4jEngine{}.Query(context.Background(), q, ask.Limits{})
		if !errors.As(err, new(*ask.RefusedError)) {
			t.Errorf("neo4jEngine.Query(%q) = %v, want refused", q, err)
		}
	}
}

// One huge value (issue 23: range(1, 1e8) grew ask to 24 GB) stops at the
// engine's memory limit with a clear error, and the next question works.
func TestAskMemoryLimit(t *testing.T) {
	store := buildSample(t)
	var out, stderr bytes.Buffer
	in := "cypher: RETURN range(1, 100000000)\ncypher: MATCH (n:HelpgraphNode) RETURN count(n) AS nodes\n"
	m := &Main{Config: config.Config{Store: store}, Stdin: strings.NewReader(in), Stdout: &out, Stderr: &stderr}
	err := m.Run(context.Background(), []string{"ask", "--llm", "off"})
	if err == nil || !strings.Contains(err.Error(), "1 questions failed") {
		t.Errorf("err = %v", err)
	}
	if !strings.Contains(stderr.String(), "the query used more than 1024 MB of memory") {
		t.Errorf("no memory-limit error:\n%s", stderr.String())
	}
	if !strings.Contains(out.String(), "nodes: 193") {
		t.Errorf("the question after it:\n%s", out.String())
	}
}

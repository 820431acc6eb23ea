package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvaluateQuestions asks a small question set of the three agents over
// the sample through the CLI: every agent and turn is scored, gold given as
// a path relative to the pages folder names the page built with its
// canonical URL, and --fail-below turns a miss into a failing exit.
func TestEvaluateQuestions(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "g.db")
	if _, stderr, err := runCLI(t, "build", "--pages", filepath.Join("..", "..", "testdata", "helpcenter"), "--store", store); err != nil {
		t.Fatalf("build: %v\n%s", err, stderr)
	}
	questions := filepath.Join(dir, "q.jsonl")
	// The second question's gold is a page that does not answer it: every
	// agent misses it.
	set := `{"question": "I forgot my password", "gold": ["account/reset-password.html"]}
{"question": "how do I change my reservation", "gold": ["stay/lost-items"], "follow_ups": [{"message": "and what if I forgot my password", "gold": ["account/reset-password/"]}]}
`
	if err := os.WriteFile(questions, []byte(set), 0o644); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(dir, "report")
	stdout, stderr, err := runCLI(t, "evaluate", "--store", store, "--questions", questions, "--out", report)
	if err != nil {
		t.Fatalf("evaluate: %v\n%s", err, stderr)
	}
	if !strings.Contains(stdout, "# Question set") || !strings.Contains(stdout, "first reply on gold: graph ") {
		t.Errorf("stdout lacks the report or the summary line:\n%s", stdout)
	}
	raw, err := os.ReadFile(filepath.Join(report, "metrics.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Questions map[string]struct {
			Questions   int     `json:"questions"`
			FirstOnGold float64 `json:"first_on_gold"`
			FollowUps   int     `json:"follow_ups"`
			Failed      int     `json:"failed"`
		} `json:"questions"`
		UnknownGold int `json:"questions_unknown_gold"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Questions) != 3 || m.UnknownGold != 0 {
		t.Fatalf("metrics.json questions for %d agents, %d unknown gold; want graph, rag and bm25, none unknown:\n%s", len(m.Questions), m.UnknownGold, raw)
	}
	for _, a := range []string{"graph", "rag", "bm25"} {
		x := m.Questions[a]
		if x.Questions != 2 || x.FollowUps != 1 || x.Failed != 0 || x.FirstOnGold > 0.5 {
			t.Errorf("%s: %+v, want 2 questions, 1 follow-up, none failed, the second question missed", a, x)
		}
	}
	// The page search is this test's fixed point: "password" is in one
	// page's title.
	if got := m.Questions["bm25"].FirstOnGold; got != 0.5 {
		t.Errorf("bm25 first reply on gold %.2f, want 0.5 (reset-password for the first question)", got)
	}
	turns, err := os.ReadFile(filepath.Join(report, "questions.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(turns), "\n"); n != 9 {
		t.Errorf("questions.jsonl has %d replies, want 3 agents × 3 messages", n)
	}

	// Asked again against the first run, in the same directory: nothing
	// changed, and the run says so.
	stdout, stderr, err = runCLI(t, "evaluate", "--store", store, "--questions", questions, "--out", report, "--baseline", report, "--agents", "graph")
	if err != nil {
		t.Fatalf("evaluate --baseline: %v\n%s", err, stderr)
	}
	if !strings.Contains(stdout, "since the baseline: graph +0 −0 replies") || !strings.Contains(stdout, "No reply changed.") {
		t.Errorf("--baseline: stdout lacks the comparison:\n%s", stdout)
	}

	_, _, err = runCLI(t, "evaluate", "--store", store, "--questions", questions, "--out", report, "--fail-below", "0.9")
	if err == nil || !strings.Contains(err.Error(), "below --fail-below 90.0%") {
		t.Errorf("--fail-below 0.9: err = %v, want the graph agent's rate below it", err)
	}
}

func TestEvaluateQuestionsBadInput(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "g.db")
	if _, stderr, err := runCLI(t, "build", "--pages", filepath.Join("..", "..", "testdata", "helpcenter"), "--store", store); err != nil {
		t.Fatalf("build: %v\n%s", err, stderr)
	}
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.jsonl", `{"question": "I forgot my password", "gold": ["account/reset-password.html"]}`+"\n")
	elsewhere := write("elsewhere.jsonl", `{"question": "refund", "gold": ["billing/refund.md"]}`+"\n")
	noGold := write("nogold.jsonl", `{"question": "refund"}`+"\n")
	out := filepath.Join(dir, "r")
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"fail-below without questions", []string{"evaluate", "--replay", dir, "--out", out, "--fail-below", "0.5"}, "--fail-below needs --questions"},
		{"unknown half", []string{"evaluate", "--replay", dir, "--out", out, "--half", "eval"}, "unknown half \"eval\""},
		{"fail-below above 1", []string{"evaluate", "--questions", good, "--out", out, "--fail-below", "80"}, "between 0 and 1"},
		{"missing question set", []string{"evaluate", "--store", store, "--questions", filepath.Join(dir, "none.jsonl"), "--out", out}, "none.jsonl"},
		{"question without gold", []string{"evaluate", "--store", store, "--questions", noGold, "--out", out}, "line 1: question \"refund\": no gold page"},
		{"gold on other pages", []string{"evaluate", "--store", store, "--questions", elsewhere, "--out", out}, "build the graph"},
		{"unknown agent", []string{"evaluate", "--store", store, "--questions", good, "--out", out, "--agents", "graph,oracle"}, "oracle"},
		{"baseline without questions", []string{"evaluate", "--replay", dir, "--out", out, "--baseline", dir}, "--baseline needs --questions"},
		{"baseline without a run", []string{"evaluate", "--store", store, "--questions", good, "--out", out, "--baseline", dir}, "questions.jsonl"},
		{"baseline not a run", []string{"evaluate", "--store", store, "--questions", good, "--out", out, "--baseline", good}, "not a question turn"},
		{"fail-below without the graph agent", []string{"evaluate", "--store", store, "--questions", good, "--out", out, "--agents", "rag", "--fail-below", "0.5"}, "add graph to --agents"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := runCLI(t, tt.args...)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || strings.Contains(err.Error(), "\n") {
				t.Errorf("error = %v, want one line mentioning %q", err, tt.wantErr)
			}
		})
	}
}

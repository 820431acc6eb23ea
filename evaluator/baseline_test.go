package evaluator

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Replies line up with the baseline's by agent, question and message, not
// by line number; a changed verdict is a gain or a loss, a near-domain
// message not answered counting as right.
func TestCompareTurns(t *testing.T) {
	turn := func(agent string, q, n int, msg string, onGold bool) QuestionTurn {
		return QuestionTurn{Agent: agent, Question: q, Turn: n, Message: msg, OnGold: onGold}
	}
	near := func(q int, msg string, answered bool) QuestionTurn {
		return QuestionTurn{Agent: "graph", Question: q, Message: msg, NearDomain: true, Answered: answered}
	}
	before := []QuestionTurn{
		turn("graph", 1, 0, "reset my password", true),
		turn("graph", 1, 1, "and on the app?", false),
		turn("rag", 1, 0, "reset my password", false),
		turn("graph", 2, 0, "refund please", true),
		near(3, "my laptop is slow", true),
		turn("graph", 4, 0, "and on the app?", true), // same words, another question
	}
	now := []QuestionTurn{
		turn("graph", 1, 0, "a new question", false), // added at the top
		turn("graph", 2, 0, "reset my password", true),
		turn("graph", 2, 1, "and on the app?", true),
		turn("rag", 2, 0, "reset my password", false),
		turn("graph", 3, 0, "refund please", false),
		near(4, "my laptop is slow", false),
		turn("graph", 5, 0, "and on the app?", true),
	}
	b := CompareTurns(before, now, "base/questions.jsonl")
	type change struct {
		agent, msg string
		gained     bool
	}
	var got []change
	for _, c := range b.Changes {
		got = append(got, change{c.Agent, c.Message, c.Gained})
	}
	want := []change{{"graph", "and on the app?", true}, {"graph", "refund please", false}, {"graph", "my laptop is slow", true}}
	if len(got) != len(want) {
		t.Fatalf("changes %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("change %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if b.Unmatched != 1 {
		t.Errorf("unmatched %d, want 1 (the new question)", b.Unmatched)
	}
	if g, l := b.Counts("graph"); g != 2 || l != 1 {
		t.Errorf("graph gained %d lost %d, want 2 and 1", g, l)
	}
	if g, l := b.Counts("rag"); g != 0 || l != 0 {
		t.Errorf("rag gained %d lost %d, want none", g, l)
	}
}

func TestReadQuestionTurns(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, body, wantErr string
		want                int
	}{
		{"two turns and a blank line", `{"agent":"graph","question":1,"turn":0,"message":"x","on_gold":true}` + "\n\n" +
			`{"agent":"graph","question":1,"turn":1,"message":"y","on_gold":false}` + "\n", "", 2},
		{"not JSON", "question,gold\n", "line 1", 0},
		{"another file's lines", `{"question":"how do I pay","gold":["billing.md"]}` + "\n", "not a question turn", 0},
		{"empty", "", "no question turns", 0},
	}
	for _, tt := range tests {
		p := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_"))
		if err := os.WriteFile(p, []byte(tt.body), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadQuestionTurns(p)
		switch {
		case tt.wantErr == "" && (err != nil || len(got) != tt.want):
			t.Errorf("%s: %d turns, err %v; want %d", tt.name, len(got), err, tt.want)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%s: err %v, want one mentioning %q", tt.name, err, tt.wantErr)
		}
	}
	if _, err := ReadQuestionTurns(filepath.Join(dir, "none")); err == nil {
		t.Error("a missing file: no error")
	}
}

package ask

import (
	"context"
	"strings"
	"testing"
)

func TestReadEvalItems(t *testing.T) {
	good := `{"id": "a", "question": "q", "gold_cypher": "MATCH (n) RETURN n"}
{"question": "q2", "previous": ["p"], "gold_rows": [[1, "x"]]}
`
	items, err := ReadEvalItems(strings.NewReader(good))
	if err != nil || len(items) != 2 || items[1].ID != "line-2" || items[1].Round() != 2 {
		t.Fatalf("ReadEvalItems = %+v, %v", items, err)
	}
	for _, bad := range []string{`{"question": "q"}`, `{"gold_cypher": "x"}`, `{"question": "q", "gold_rows": [], "x": 1}`, `nope`} {
		if _, err := ReadEvalItems(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadEvalItems(%s) accepted it", bad)
		}
	}
}

// Evaluate scores each item against its gold rows and counts rounds, with
// R5+ holding the fifth turn and later.
func TestEvaluate(t *testing.T) {
	a := newTestAsker(newEngine())
	src := `{"id": "r1", "question": "How many nodes does the Refunds page have?", "gold_rows": [[2]]}
{"id": "r1-wrong", "question": "How many nodes does the Refunds page have?", "gold_rows": [[3]]}
{"id": "r2", "question": "Which of those have no resolution?", "previous": ["Which problems are on the Refunds page?"], "gold_rows": [["My refund hasn't arrived"]]}
{"id": "r6", "question": "Which of those have no resolution?", "previous": ["a", "b", "c", "d", "Which problems are on the Refunds page?"], "gold_rows": [["My refund hasn't arrived"]]}
{"id": "none", "question": "What is the weather?", "gold_rows": []}
{"id": "gold", "question": "Which problems are on the Refunds page?", "gold_cypher": "` + problemsOnR + `"}
`
	items, err := ReadEvalItems(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Evaluate(context.Background(), a, items, nil)
	if err != nil {
		t.Fatal(err)
	}
	correct := map[string]bool{}
	for _, o := range rep.Items {
		correct[o.ID] = o.Correct
	}
	want := map[string]bool{"r1": true, "r1-wrong": false, "r2": true, "r6": true, "none": false, "gold": true}
	for id, w := range want {
		if correct[id] != w {
			t.Errorf("%s correct = %v, want %v", id, correct[id], w)
		}
	}
	if rep.Total != 6 || rep.Correct != 4 || rep.Unanswered != 1 || rep.Errors != 0 {
		t.Errorf("report totals %+v", rep)
	}
	rounds := map[string]RoundStat{}
	for _, r := range rep.Rounds {
		rounds[r.Round] = r
	}
	if rounds["R1"].Total != 4 || rounds["R2"].Correct != 1 || rounds["R5+"].Total != 1 || rounds["R5+"].Correct != 1 {
		t.Errorf("rounds %+v", rep.Rounds)
	}
	if rep.Accuracy() != 4.0/6 {
		t.Errorf("accuracy %v", rep.Accuracy())
	}
}

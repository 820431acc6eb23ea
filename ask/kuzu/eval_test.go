//go:build cgo

package kuzu_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/conversation"
)

// seedHandoffs files escalations ending on a few sample nodes, so questions
// about escalations have something to count.
func seedHandoffs(t *testing.T, e *env) {
	t.Helper()
	g, err := e.store.Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	byProblem := map[string]string{}
	for _, n := range g.Nodes {
		if _, ok := byProblem[n.Problem]; !ok {
			byProblem[n.Problem] = n.ID
		}
	}
	for _, p := range []string{"Your account is locked", "Your account is locked", "Your account is locked",
		"My refund hasn't arrived", "My refund hasn't arrived", "Login with Google or Apple doesn't work"} {
		id, ok := byProblem[p]
		if !ok {
			t.Fatalf("no node %q in the sample", p)
		}
		e.handoff(t, id, p)
	}
	hs, err := e.convs.Handoffs(context.Background(), true)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.convs.SetStatus(context.Background(), hs[0].ID, conversation.StatusClosed); err != nil {
		t.Fatal(err)
	}
}

// TestShippedQuestionSet runs the shipped evaluation set offline on the
// sample help center, prints its execution accuracy, and requires every
// question whose masked form is an example of the library to be answered
// correctly.
func TestShippedQuestionSet(t *testing.T) {
	e := newEnv(t)
	seedHandoffs(t, e)
	f, err := os.Open(filepath.Join("..", "..", "testdata", "ask", "questions.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	items, err := ask.ReadEvalItems(f)
	if err != nil {
		t.Fatal(err)
	}
	multi := 0
	for _, it := range items {
		if len(it.Previous) > 0 {
			multi++
		}
	}
	if len(items) < 60 || multi < 20 {
		t.Fatalf("the shipped set has %d questions, %d multi-turn; want at least 60 and 20", len(items), multi)
	}
	rep, err := ask.Evaluate(context.Background(), e.asker(), items, nil)
	if err != nil {
		t.Fatal(err)
	}
	inLibrary := 0
	for _, out := range rep.Items {
		if out.InLibrary {
			inLibrary++
		}
		if out.InLibrary && !out.Correct {
			t.Errorf("%s %q (masked %q, in the library) answered wrongly: %s %s", out.ID, out.Question, out.Masked, out.Cypher, out.Error)
		}
		if !out.Correct {
			t.Logf("not correct: %s %q masked %q cypher %q error %q unanswered %v", out.ID, out.Question, out.Masked, out.Cypher, out.Error, out.Unanswered)
		}
	}
	if inLibrary < len(items)/2 {
		t.Errorf("only %d of %d questions have their masked form in the library; is masking broken?", inLibrary, len(items))
	}
	t.Logf("offline execution accuracy on testdata/helpcenter: %.1f%% (%d/%d); in the library: %d; errors %.1f%%; unanswered %d; mean tries %.2f",
		100*rep.Accuracy(), rep.Correct, rep.Total, inLibrary, 100*rep.ErrorRate(), rep.Unanswered, rep.MeanTries())
	for _, r := range rep.Rounds {
		t.Logf("  %-4s %2d/%2d", r.Round, r.Correct, r.Total)
	}
}

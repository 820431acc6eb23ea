//go:build cgo

package kuzu_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
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

func readShippedSet(t *testing.T) []ask.EvalItem { return readSet(t, "questions.jsonl") }

func readSet(t *testing.T, name string) []ask.EvalItem {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "..", "testdata", "ask", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	items, err := ask.ReadEvalItems(f)
	if err != nil {
		t.Fatal(err)
	}
	return items
}

// TestShippedSetDisjointFromLibrary keeps the evaluation honest: no question
// of the shipped set (nor any earlier turn of one) is a question of the
// example library, as written or once masked and stemmed.
func TestShippedSetDisjointFromLibrary(t *testing.T) {
	e := newEnv(t)
	cat, err := e.emb.Catalog(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	lib := map[string]string{}
	for _, ex := range ask.DefaultExamples() {
		for _, q := range append(append([]string{}, ex.Previous...), ex.Question) {
			lib[ask.Shape(q)] = q
		}
	}
	for _, it := range readShippedSet(t) {
		for _, q := range append(append([]string{}, it.Previous...), it.Question) {
			for _, form := range []string{q, ask.Mask(q, cat, nil, now).Text} {
				if ex, ok := lib[ask.Shape(form)]; ok {
					t.Errorf("%s: %q is the library's %q", it.ID, q, ex)
				}
			}
		}
	}
}

// TestShippedQuestionSet runs the shipped evaluation set offline on the
// sample help center, prints its execution accuracy, and requires every
// question whose masked form is an example of the library to be answered
// correctly.
func TestShippedQuestionSet(t *testing.T) {
	e := newEnv(t)
	seedHandoffs(t, e)
	items := readShippedSet(t)
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
	for _, out := range rep.Items {
		if !out.Correct {
			t.Logf("not correct: %s %q masked %q cypher %q error %q unanswered %v", out.ID, out.Question, out.Masked, out.Cypher, out.Error, out.Unanswered)
		}
	}
	// The set shares no question with the library
	// (TestShippedSetDisjointFromLibrary): this is accuracy on questions
	// the offline reader has not seen.
	if rep.Accuracy() < 0.85 || rep.Errors > 0 {
		t.Errorf("offline execution accuracy %.1f%%, %d errors; want at least 85%% and none", 100*rep.Accuracy(), rep.Errors)
	}
	t.Logf("offline execution accuracy on testdata/helpcenter: %.1f%% (%d/%d); errors %.1f%%; unanswered %d; mean tries %.2f",
		100*rep.Accuracy(), rep.Correct, rep.Total, 100*rep.ErrorRate(), rep.Unanswered, rep.MeanTries())
	for _, r := range rep.Rounds {
		t.Logf("  %-4s %2d/%2d", r.Round, r.Correct, r.Total)
	}
	for mode, c := range rep.ByMode() {
		t.Logf("  answered by %s: %d, %d correct", mode, c[0], c[1])
	}
	// The example library alone, for comparison.
	lib := e.asker()
	lib.ExamplesOnly = true
	base, err := ask.Evaluate(context.Background(), lib, items, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the example library alone: %.1f%% (%d/%d), %d errors", 100*base.Accuracy(), base.Correct, base.Total, base.Errors)
}

// TestLeadQuestions runs the support lead's questions (testdata/ask/lead.jsonl,
// written with their gold before the offline reader ran on them) offline.
func TestLeadQuestions(t *testing.T) {
	e := newEnv(t)
	seedHandoffs(t, e)
	rep, err := ask.Evaluate(context.Background(), e.asker(), readSet(t, "lead.jsonl"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, out := range rep.Items {
		if !out.Correct {
			t.Logf("not correct: %s %q masked %q cypher %q error %q", out.ID, out.Question, out.Masked, out.Cypher, out.Error)
		}
	}
	t.Logf("support lead's questions offline: %d of %d right, %d errors", rep.Correct, rep.Total, rep.Errors)
	if rep.Correct < 12 || rep.Errors > 0 {
		t.Errorf("%d of %d right, %d errors; want at least 12 and none", rep.Correct, rep.Total, rep.Errors)
	}
}

// TestSupportLeadSchema: ratings, gap events and handoffs that matched no
// node are in the embedded engine's schema, and the reader asks about them.
func TestSupportLeadSchema(t *testing.T) {
	e := newEnv(t)
	seedHandoffs(t, e)
	ctx := context.Background()
	g, err := e.store.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var refundNode string
	for _, n := range g.Nodes {
		if n.Problem == "My refund hasn't arrived" {
			refundNode = n.ID
		}
	}
	// A conversation whose answer from refundNode was rated 👎.
	s, err := e.convs.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	s.History = []dialogue.Turn{
		{Role: "user", Text: "where is my refund"},
		{Role: "agent", Text: "Refunds take 5 days.", Action: dialogue.Resolution, NodeID: refundNode},
	}
	if err := e.convs.Save(ctx, &s, 0, nil); err != nil {
		t.Fatal(err)
	}
	if err := e.convs.RecordFeedback(ctx, s.ID, 1, false); err != nil {
		t.Fatal(err)
	}
	// A handoff from a conversation that never reached a node.
	s2, err := e.convs.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	s2.History = []dialogue.Turn{{Role: "user", Text: "asdf"}, {Role: "agent", Text: "I'll pass you to a person.", Action: dialogue.Escalation}}
	if err := e.convs.Save(ctx, &s2, 0, &conversation.Handoff{ConversationID: s2.ID, Intent: "asdf", Transcript: s2.History}); err != nil {
		t.Fatal(err)
	}

	a := e.asker()
	for _, tt := range []struct{ question, want string }{
		{"Which problems were rated 👎?", `[["My refund hasn't arrived","https://help.staynest.example/payments/refunds.html"]]`},
		{"Which pages got the most thumbs down?", `[["Refunds",1]]`},
		{"How many handoffs matched no page?", `[[1]]`},
		{"Which pages led to the most tickets?", `[["I can't log in",4],["Refunds",2],["No page",1]]`},
	} {
		ans, err := a.Ask(ctx, &ask.Session{}, tt.question)
		if err != nil || ans.Result == nil {
			t.Errorf("%q: %v (%s)", tt.question, err, ans.Summary)
			continue
		}
		got, _ := json.Marshal(ans.Result.Rows)
		if string(got) != tt.want {
			t.Errorf("%q: %s\n got %s\nwant %s", tt.question, ans.Cypher, got, tt.want)
		}
	}
	// Gap events: the escalations and the 👎, near their nodes.
	res, err := a.Run(ctx, "MATCH (g:Gap) OPTIONAL MATCH (g)-[:NEAR]->(n:HelpgraphNode) RETURN g.kind AS kind, count(n) AS near, count(*) AS gaps ORDER BY kind")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(res.Rows)
	t.Logf("gaps: %s", got)
	if len(res.Rows) < 2 {
		t.Errorf("gap events by kind: %s; want escalated and unhelpful", got)
	}
}

// TestFormsRunOnSample: every kind of form the reader writes runs on the
// embedded engine.
func TestFormsRunOnSample(t *testing.T) {
	e := newEnv(t)
	seedHandoffs(t, e)
	a := e.asker()
	ctx := context.Background()
	for _, turns := range [][]string{
		{"What share of problems have no resolution?"},
		{"What percentage of articles link elsewhere?"},
		{"How many hollow problems are there?"},
		{"Which pages have fewer than 3 problems?"},
		{"How many chats are still waiting?"},
		{"How many conversations ended on no page?"},
		{"How many tickets were handled?"},
		{"Which pages does Refunds link to?"},
		{"Which problems were escalated?"},
		{"Which articles had escalations?"},
		{"Which handoffs came in the past 2 weeks?"},
		{"Which leaf sections are on the Refunds page?"},
		{"Which topics escalated most this week?", "and which of those are still open?"},
		{"Which problems have the most sub-problems?"},
		{"Top 5 problems by intents"},
		{"How many references are there?"},
		{"List the references from the Refunds page"},
		{"Which pages changed in the last build?", "how many are there?"},
	} {
		s := &ask.Session{}
		for _, q := range turns {
			ans, err := a.Ask(ctx, s, q)
			if err != nil || ans.Result == nil {
				t.Errorf("%q: %v %s", q, err, ans.Summary)
				continue
			}
			if ans.Mode != ask.ModeForm {
				t.Errorf("%q: answered by %s, not read", q, ans.Mode)
			}
			t.Logf("%-45q %s → %s", q, ans.Form, ans.Summary)
		}
	}
}

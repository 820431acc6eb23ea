package ask

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/llm/llmtest"
)

// fakeEngine answers the statements it knows and fails the rest the way an
// engine does, recording what it ran.
type fakeEngine struct {
	mu      sync.Mutex
	results map[string]Result
	ran     []string
}

func (f *fakeEngine) Query(ctx context.Context, cypher string, limits Limits) (Result, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ran = append(f.ran, cypher)
	r, ok := f.results[cypher]
	if !ok {
		return Result{}, errors.New("Parser exception: Invalid input <" + cypher + ">")
	}
	return r, nil
}

type fixedCatalog struct{ c *Catalog }

func (f fixedCatalog) Catalog(context.Context) (*Catalog, error) { return f.c, nil }

const (
	refundsURL   = "https://help.example/payments/refunds.html"
	nodesCypher  = "MATCH (n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage {url: 'https://help.example/payments/refunds.html'}) RETURN count(n) AS nodes"
	problemsOnR  = "MATCH (n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage {url: 'https://help.example/payments/refunds.html'}) RETURN n.problem AS problem"
	unresolvedOn = "MATCH (n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage {url: 'https://help.example/payments/refunds.html'}) WHERE n.resolution = '' RETURN n.problem AS problem"
)

// newTestAsker answers from its examples alone; TestAskForm has the reader on.
func newTestAsker(eng *fakeEngine) *Asker {
	return &Asker{
		ExamplesOnly: true,
		Engine:       eng,
		Catalogs:     fixedCatalog{NewCatalog(sampleGraph())},
		Examples: []Example{
			{Question: "how many nodes does the <PAGE_1> page have", Cypher: "MATCH (n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage {url: <PAGE_1>}) RETURN count(n) AS nodes"},
			{Question: "which problems are on the <PAGE_1> page", Cypher: "MATCH (n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage {url: <PAGE_1>}) RETURN n.problem AS problem"},
			{Question: "which of those have no resolution", Previous: []string{"which problems are on the <PAGE_1> page"},
				Cypher: "MATCH (n:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage {url: <PAGE_1>}) WHERE n.resolution = '' RETURN n.problem AS problem"},
		},
	}
}

func newEngine() *fakeEngine {
	return &fakeEngine{results: map[string]Result{
		nodesCypher:  {Columns: []string{"nodes"}, Rows: [][]any{{int64(2)}}},
		problemsOnR:  {Columns: []string{"problem"}, Rows: [][]any{{"Refunds"}, {"My refund hasn't arrived"}}},
		unresolvedOn: {Columns: []string{"problem"}, Rows: [][]any{{"My refund hasn't arrived"}}},
	}}
}

func TestAskOffline(t *testing.T) {
	eng := newEngine()
	a := newTestAsker(eng)
	s := &Session{}
	ans, err := a.Ask(context.Background(), s, "How many nodes does the Refunds page have?")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Mode != ModeOffline || ans.Cypher != nodesCypher || ans.Summary != "nodes: 2" || len(ans.Attempts) != 1 {
		t.Errorf("answer = %+v", ans)
	}
	if len(s.Turns) != 1 || s.Turns[0].Entities[0].Value != refundsURL {
		t.Errorf("session = %+v", s)
	}
}

// A follow-up is matched against the example sequence and filled with the
// earlier turn's page.
func TestAskOfflineFollowUp(t *testing.T) {
	a := newTestAsker(newEngine())
	s := &Session{}
	ctx := context.Background()
	if _, err := a.Ask(ctx, s, "Which problems are on the Refunds page?"); err != nil {
		t.Fatal(err)
	}
	ans, err := a.Ask(ctx, s, "Which of those have no resolution?")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Cypher != unresolvedOn || ans.Summary != "problem: My refund hasn't arrived" {
		t.Errorf("follow-up answer = %+v", ans)
	}
	// The same follow-up without the first turn has no page to fill.
	ans, err = a.Ask(ctx, &Session{}, "Which of those have no resolution?")
	if err != nil || ans.Answered() {
		t.Errorf("follow-up without history: %+v, %v", ans, err)
	}
}

// The reader answers what it understands and keeps its form for the
// follow-up, which refines it.
func TestAskForm(t *testing.T) {
	const (
		count    = "MATCH (n:HelpgraphNode) WHERE toLower(n.problem) CONTAINS 'refund' RETURN count(DISTINCT n) AS sections"
		list     = "MATCH (n:HelpgraphNode) WHERE toLower(n.problem) CONTAINS 'refund' RETURN n.problem AS problem, n.page AS page"
		narrowed = "MATCH (n:HelpgraphNode) WHERE toLower(n.problem) CONTAINS 'refund' AND n.resolution = '' RETURN n.problem AS problem, n.page AS page"
	)
	eng := &fakeEngine{results: map[string]Result{
		list:     {Columns: []string{"problem", "page"}, Rows: [][]any{{"My refund hasn't arrived", refundsURL}}},
		count:    {Columns: []string{"problems"}, Rows: [][]any{{int64(1)}}},
		narrowed: {Columns: []string{"problem", "page"}},
	}}
	a := newTestAsker(eng)
	a.ExamplesOnly = false
	s := &Session{}
	ctx := context.Background()
	for _, step := range []struct{ q, cypher string }{
		{"What sections mention refund?", list},
		{"how many are there?", count},
		{"and which of those have no answer?", narrowed},
	} {
		ans, err := a.Ask(ctx, s, step.q)
		if err != nil {
			t.Fatalf("%q: %v", step.q, err)
		}
		if ans.Mode != ModeForm || ans.Cypher != step.cypher || ans.Form == nil {
			t.Errorf("%q: mode %s cypher %s", step.q, ans.Mode, ans.Cypher)
		}
	}
	if len(s.Turns) != 3 || s.Turns[2].Form == nil {
		t.Errorf("session keeps no forms: %+v", s.Turns)
	}
}

func TestAskOfflineCannotAnswer(t *testing.T) {
	eng := newEngine()
	a := newTestAsker(eng)
	s := &Session{}
	ans, err := a.Ask(context.Background(), s, "What is the average length of resolutions per folder?")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Answered() || len(eng.ran) != 0 || len(s.Turns) != 0 {
		t.Errorf("answered an unknown question: %+v (ran %q)", ans, eng.ran)
	}
	if !strings.Contains(ans.Summary, "can't answer that offline") || len(ans.Suggestions) == 0 ||
		!strings.Contains(ans.Summary, ans.Suggestions[0]) || !strings.Contains(ans.Suggestions[0], "[page]") {
		t.Errorf("no honest refusal with suggestions: %+v", ans)
	}
}

func TestAskRefusesWrites(t *testing.T) {
	eng := newEngine()
	a := newTestAsker(eng)
	for _, q := range []string{"Delete all nodes", "remove the Refunds page", "Create a page about vouchers"} {
		_, err := a.Ask(context.Background(), &Session{}, q)
		var re *RefusedError
		if !errors.As(err, &re) || !errors.Is(err, ErrReadOnly) {
			t.Errorf("Ask(%q) = %v, want a read-only refusal", q, err)
		}
	}
	for _, q := range []string{"MATCH (n) DETACH DELETE n", "CREATE (:HelpgraphNode {id: 'x'})", "MATCH (n:HelpgraphNode) SET n.problem = ''", "CALL db.clearQueryCaches()"} {
		_, err := a.Run(context.Background(), q)
		var re *RefusedError
		if !errors.As(err, &re) {
			t.Errorf("Run(%q) = %v, want a refusal", q, err)
		}
	}
	if len(eng.ran) != 0 {
		t.Errorf("the engine ran %q", eng.ran)
	}
}

func cypherReply(question, cypher string) llmtest.Reply {
	b, _ := json.Marshal(map[string]string{"question": question, "cypher": cypher})
	return llmtest.Reply{Content: string(b)}
}

func newLLM(t *testing.T) (*llmtest.Server, *llm.Client) {
	srv := llmtest.NewServer(t)
	c, err := llm.New(srv.Config())
	if err != nil {
		t.Fatal(err)
	}
	return srv, c
}

// The engine's error goes back to the model, whose second answer runs.
func TestAskLLMCorrectsErrors(t *testing.T) {
	srv, client := newLLM(t)
	srv.Enqueue(
		cypherReply("how many nodes does the Refunds page have", "MATCH (n:HelpgraphNod)-[:ON_PAGE]->(p:HelpgraphPage {url: 'https://help.example/payments/refunds.html'}) RETURN count(n) AS nodes"),
		cypherReply("how many nodes does the Refunds page have", nodesCypher),
	)
	a := newTestAsker(newEngine())
	a.LLM = client
	ans, err := a.Ask(context.Background(), &Session{}, "How many nodes does the Refunds page have?")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Mode != ModeLLM || ans.Cypher != nodesCypher || len(ans.Attempts) != 2 || ans.Attempts[0].Error == "" || ans.Summary != "nodes: 2" {
		t.Fatalf("answer = %+v", ans)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d LLM requests, want 2", len(reqs))
	}
	first, second := reqs[0].Messages, reqs[1].Messages
	if !strings.Contains(first[0].Content, "(:HelpgraphNode)-[:ON_PAGE {generation}]->(:HelpgraphPage)") || !strings.Contains(first[0].Content, "how many nodes does the <PAGE_1> page have") {
		t.Errorf("first prompt lacks the schema or the retrieved example:\n%s", first[0].Content)
	}
	if !strings.Contains(first[len(first)-1].Content, "<PAGE_1> = '"+refundsURL+"'") {
		t.Errorf("first prompt lacks the entity values:\n%s", first[len(first)-1].Content)
	}
	if last := second[len(second)-1]; last.Role != "user" || !strings.Contains(last.Content, "Parser exception") {
		t.Errorf("second request does not feed back the engine's error: %+v", last)
	}
}

// A follow-up goes to the model with the conversation so far, and the
// model's self-contained rewrite becomes the turn's question.
func TestAskLLMFollowUpUsesHistory(t *testing.T) {
	srv, client := newLLM(t)
	srv.Enqueue(
		cypherReply("which problems are on the Refunds page", problemsOnR),
		cypherReply("which problems on the Refunds page have no resolution", unresolvedOn),
	)
	a := newTestAsker(newEngine())
	a.LLM = client
	s := &Session{}
	ctx := context.Background()
	if _, err := a.Ask(ctx, s, "Which problems are on the Refunds page?"); err != nil {
		t.Fatal(err)
	}
	ans, err := a.Ask(ctx, s, "and only the ones without a resolution?")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Rewritten != "which problems on the Refunds page have no resolution" || ans.Cypher != unresolvedOn {
		t.Errorf("answer = %+v", ans)
	}
	prompt := srv.Requests()[1].Messages
	user := prompt[len(prompt)-1].Content
	if !strings.Contains(user, "Conversation so far:") || !strings.Contains(user, problemsOnR) || !strings.Contains(user, "Rows returned: 2") {
		t.Errorf("follow-up prompt lacks the history:\n%s", user)
	}
	if len(s.Turns) != 2 || s.Turns[1].Question != ans.Rewritten {
		t.Errorf("turns = %+v", s.Turns)
	}
}

// An empty result is questioned once; the same query again is accepted.
func TestAskLLMEmptyResultConfirmed(t *testing.T) {
	srv, client := newLLM(t)
	empty := "MATCH (n:HelpgraphNode) WHERE n.problem = 'nothing' RETURN n.problem AS problem"
	srv.Enqueue(cypherReply("q", empty), cypherReply("q", empty))
	eng := newEngine()
	eng.results[empty] = Result{Columns: []string{"problem"}, Rows: [][]any{}}
	a := newTestAsker(eng)
	a.LLM = client
	ans, err := a.Ask(context.Background(), &Session{}, "Which problems are called nothing?")
	if err != nil {
		t.Fatal(err)
	}
	if !ans.Answered() || len(ans.Attempts) != 2 || ans.Summary != "No rows." {
		t.Errorf("answer = %+v", ans)
	}
	if msgs := srv.Requests()[1].Messages; !strings.Contains(msgs[len(msgs)-1].Content, "no rows") {
		t.Errorf("empty result not fed back: %+v", msgs[len(msgs)-1])
	}
}

// A model that keeps writing refused statements gets MaxTries attempts and
// the refusal; nothing runs.
func TestAskLLMWriteRefused(t *testing.T) {
	srv, client := newLLM(t)
	for range MaxTries {
		srv.Enqueue(cypherReply("q", "MATCH (n) DETACH DELETE n"))
	}
	eng := newEngine()
	a := newTestAsker(eng)
	a.LLM = client
	ans, err := a.Ask(context.Background(), &Session{}, "Which nodes could go?")
	var re *RefusedError
	if !errors.As(err, &re) || len(ans.Attempts) != MaxTries || len(eng.ran) != 0 {
		t.Errorf("err = %v, attempts %d, ran %q", err, len(ans.Attempts), eng.ran)
	}
	if got := len(srv.Requests()); got != MaxTries {
		t.Errorf("%d LLM requests, want %d", got, MaxTries)
	}
}

func TestSummarize(t *testing.T) {
	tests := []struct {
		r    Result
		want string
	}{
		{Result{Columns: []string{"n"}}, "No rows."},
		{Result{Columns: []string{"n"}, Rows: [][]any{{int64(3)}}}, "n: 3"},
		{Result{Columns: []string{"t", "c"}, Rows: [][]any{{"a", 1}, {"b", 2}}}, "2 rows: a, b"},
		{Result{Columns: []string{"t"}, Rows: [][]any{{"a"}, {"b"}, {"c"}, {"d"}}, Truncated: true}, "more than 4 rows (the first 4 shown): a, b, c, …"},
	}
	for _, tc := range tests {
		if got := Summarize(tc.r); got != tc.want {
			t.Errorf("Summarize(%v) = %q, want %q", tc.r, got, tc.want)
		}
	}
}

func TestSameRows(t *testing.T) {
	a := [][]any{{"x", int64(1)}, {"y", 2.0}}
	b := [][]any{{"y", json.Number("2")}, {"x", 1.0}}
	if !SameRows(a, b, false) || SameRows(a, b, true) {
		t.Error("SameRows: multiset equality or order wrong")
	}
	if SameRows(a, a[:1], false) || SameRows([][]any{{"x"}}, [][]any{{"y"}}, false) {
		t.Error("SameRows equal on different rows")
	}
}

// An LLM endpoint that keeps failing leaves the examples to answer.
func TestAskLLMDownFallsBackOffline(t *testing.T) {
	srv, client := newLLM(t)
	srv.Handle(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Status: 503} })
	a := newTestAsker(newEngine())
	a.LLM = client
	ans, err := a.Ask(context.Background(), &Session{}, "How many nodes does the Refunds page have?")
	if err != nil {
		t.Fatal(err)
	}
	if ans.Mode != ModeOffline || ans.Cypher != nodesCypher || !strings.HasPrefix(ans.Summary, "(LLM unavailable") {
		t.Errorf("answer = %+v", ans)
	}
}

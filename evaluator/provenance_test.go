package evaluator

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/inquiry"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/llm/llmtest"
	"github.com/helpgraph/helpgraph/simulator"
)

// TestEvaluateFailuresAndProvenance: a failed dialogue is counted, not
// scored; a judge error leaves that dialogue unjudged and the evaluation
// goes on; the report says which judge, users and models ran, with tokens
// and cost.
func TestEvaluateFailuresAndProvenance(t *testing.T) {
	withID := func(d simulator.Dialogue, id string, p *simulator.Provenance) simulator.Dialogue {
		d.ID, d.InquiryID, d.Provenance = id+"/"+d.Agent, id, p
		return d
	}
	llmUser := &simulator.Provenance{User: "llm:gpt-4o-mini", Model: "gpt-4o-mini",
		LLM: &llm.TallyStats{Calls: 3, PromptTokens: 300, CompletionTokens: 30}, CostUSD: 0.0001}
	failed := withID(dlg("graph", inquiry.Resolvable), "failed", llmUser)
	failed.Ended, failed.Error = simulator.EndError, "simulated user for failed: llm: endpoint unavailable"
	ds := []simulator.Dialogue{
		withID(dlg("graph", inquiry.Resolvable, agentSays(dialogue.Resolution, gold)), "good", llmUser),
		withID(dlg("graph", inquiry.Resolvable, agentSays(dialogue.Resolution, "judge me badly")), "judge-fails", llmUser),
		failed,
	}
	srv := llmtest.NewServer(t)
	srv.Handle(func(r llmtest.Request) llmtest.Reply {
		if strings.Contains(r.LastUser(), "judge me badly") {
			return llmtest.Reply{Status: 400}
		}
		return llmtest.Reply{Content: `{"label": "correct", "reason": "all facts"}`, PromptTokens: 1000, CompletionTokens: 100}
	})
	cfg := srv.Config()
	cfg.Model = "gpt-4o-mini"
	client, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Evaluate(context.Background(), ds, Options{Judge: LLMJudge{LLM: client}})
	if err != nil {
		t.Fatalf("one judge error aborted the evaluation: %v", err)
	}
	g := res.Metrics.Agents["graph"]
	if g.Dialogues != 1 || g.Failed != 1 || g.Unjudged != 1 || g.Resolvable.N != 1 || g.Resolvable.Correct != 1 {
		t.Errorf("graph metrics = %+v, want 1 judged (correct), 1 failed, 1 unjudged", g)
	}
	statuses := map[string]string{}
	for _, s := range res.Scored {
		statuses[s.Dialogue.InquiryID] = s.Status
	}
	if statuses["good"] != "" || statuses["failed"] != StatusFailed || statuses["judge-fails"] != StatusUnjudged {
		t.Errorf("statuses = %v", statuses)
	}
	// The failed dialogue never reached the judge.
	for _, r := range srv.Requests() {
		if strings.Contains(r.LastUser(), "failed") && !strings.Contains(r.LastUser(), gold) {
			t.Errorf("failed dialogue was judged: %q", r.LastUser())
		}
	}
	p := res.Metrics.Provenance
	if p == nil || p.Judge != "llm:gpt-4o-mini" || p.JudgeLLM == nil || p.JudgeLLM.Calls != 1 || p.JudgeLLM.PromptTokens < 1000 || p.JudgeCostUSD <= 0 {
		t.Fatalf("provenance = %+v (judge llm %+v)", p, p.JudgeLLM)
	}
	src := p.Agents["graph"]
	if strings.Join(src.Users, ",") != "llm:gpt-4o-mini" || src.LLM.Calls != 9 || src.CostUSD < 0.0003-1e-12 {
		t.Errorf("graph source = %+v", src)
	}
	md := Markdown(res)
	for _, want := range []string{"Judge: llm:gpt-4o-mini (1 calls", "| graph | llm:gpt-4o-mini | gpt-4o-mini | 9 | 900 + 90 | $0.0003 | 1 | 1 |"} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
}

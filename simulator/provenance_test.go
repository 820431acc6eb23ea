package simulator_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/inquiry"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/llm/llmtest"
	"github.com/helpgraph/helpgraph/simulator"
)

// clarifier asks the same question every turn.
type clarifier struct{}

func (clarifier) Respond(context.Context, *dialogue.Session, string) (dialogue.Reply, error) {
	return dialogue.Reply{Action: dialogue.Clarification, Text: "How did you book?"}, nil
}

func TestRunProvenanceAndFailures(t *testing.T) {
	qs := []inquiry.Inquiry{
		{ID: "ok", Utterance: "I want to cancel", Kind: inquiry.Resolvable},
		{ID: "broken", Utterance: "I want to refund", Kind: inquiry.Resolvable},
		{ID: "stalled", Utterance: "I want to move", Kind: inquiry.Resolvable},
	}
	srv := llmtest.NewServer(t)
	srv.Handle(func(r llmtest.Request) llmtest.Reply {
		switch u := r.LastUser(); {
		case strings.Contains(u, "refund"):
			return llmtest.Reply{Status: 400}
		case strings.Contains(u, "move"):
			return llmtest.Reply{Delay: time.Hour} // only the user's timeout ends it
		}
		return llmtest.Reply{Content: `{"action": "end", "reply": ""}`, PromptTokens: 100, CompletionTokens: 10}
	})
	cfg := srv.Config()
	cfg.Model = "gpt-4o-mini"
	client, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	sum, err := simulator.Run(t.Context(), clarifier{}, qs, &out, simulator.Options{
		AgentName: "graph", Concurrency: 1, Model: client.Model(),
		// Room for the other calls on a loaded machine (100 ms was not).
		User: simulator.LLMUser{LLM: client, Timeout: 2 * time.Second},
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Dialogues != 3 || sum.Failed != 2 {
		t.Errorf("summary = %+v, want 3 dialogues, 2 failed", sum)
	}
	ds, err := simulator.ReadDialogues(&out)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]simulator.Dialogue{}
	for _, d := range ds {
		byID[d.InquiryID] = d
		if d.Provenance == nil || d.Provenance.User != "llm:gpt-4o-mini" || d.Provenance.Model != "gpt-4o-mini" {
			t.Errorf("%s: provenance %+v", d.ID, d.Provenance)
		}
	}
	ok := byID["ok"]
	if ok.Error != "" || ok.Provenance.LLM == nil || *ok.Provenance.LLM != (llm.TallyStats{Calls: 1, PromptTokens: 100, CompletionTokens: 10}) {
		t.Errorf("ok dialogue: error %q, usage %+v", ok.Error, ok.Provenance.LLM)
	}
	if want := (100*0.15 + 10*0.60) / 1e6; ok.Provenance.CostUSD != want {
		t.Errorf("cost = %v, want %v", ok.Provenance.CostUSD, want)
	}
	for _, id := range []string{"broken", "stalled"} {
		if d := byID[id]; d.Ended != simulator.EndError || d.Error == "" {
			t.Errorf("%s: ended %q error %q, want a recorded failure", id, d.Ended, d.Error)
		}
	}
	if e := byID["stalled"].Error; !strings.Contains(e, "deadline") {
		t.Errorf("stalled dialogue error %q does not name the deadline", e)
	}

	// Offline, the rule-based user is named and no usage is recorded.
	out.Reset()
	if _, err := simulator.Run(t.Context(), clarifier{}, qs[:1], &out, simulator.Options{AgentName: "graph"}); err != nil {
		t.Fatal(err)
	}
	ds, _ = simulator.ReadDialogues(&out)
	if p := ds[0].Provenance; p == nil || p.User != simulator.RuleUserName || p.Model != "" || p.LLM != nil {
		t.Errorf("offline provenance = %+v", p)
	}
}

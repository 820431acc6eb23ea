package simulator

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/inquiry"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/llm/llmtest"
)

// scriptAgent answers from a fixed list of replies and records what it heard.
type scriptAgent struct {
	mu      sync.Mutex
	replies []dialogue.Reply
	heard   map[string][]string // session id -> messages
	block   chan struct{}       // if set, Respond waits for it or ctx
}

func (a *scriptAgent) Respond(ctx context.Context, s *dialogue.Session, message string) (dialogue.Reply, error) {
	if a.block != nil {
		select {
		case <-a.block:
		case <-ctx.Done():
			return dialogue.Reply{}, ctx.Err()
		}
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.heard == nil {
		a.heard = map[string][]string{}
	}
	n := len(a.heard[s.ID])
	a.heard[s.ID] = append(a.heard[s.ID], message)
	if n >= len(a.replies) {
		return a.replies[len(a.replies)-1], nil
	}
	return a.replies[n], nil
}

var clarify = dialogue.Reply{
	Action: dialogue.Clarification,
	Text:   "How did you make the reservation?",
	Options: []dialogue.Option{
		{Label: "I booked online as a member", Value: "online member"},
		{Label: "I booked by phone", Value: "phone"},
		{Label: "I booked through a partner site", Value: "partner site"},
	},
}

func TestRuleUser(t *testing.T) {
	q := &inquiry.Inquiry{ID: "q", Utterance: "cancel", Kind: inquiry.Resolvable,
		GoldResponse: "If you left something in your room, contact the accommodation.", CoreFacts: []string{"contact the accommodation"},
		HiddenFacts: map[string]string{"reservation_method": "by telephone... no, by phone", "payment": "credit card"}}
	// Facts in key order: payment, then reservation_method.
	const restated = "cancel. credit card. by telephone... no, by phone."
	tests := []struct {
		name string
		last Turn
		want Decision
	}{
		{"picks the option matching a hidden fact", Turn{Role: "agent", Action: clarify.Action, Text: clarify.Text, Options: clarify.Options}, Decision{Reply: "phone"}},
		{"no fact matches: picks the option closest to the gold answer", Turn{Role: "agent", Action: dialogue.Clarification, Text: "What happened?", Options: []dialogue.Option{
			{Label: "The room was dirty", Value: "dirty"}, {Label: "I left something in the room", Value: "left"}, {Label: "Something else", Value: "else"}}}, Decision{Reply: "left"}},
		{"options sharing only a word with the gold answer are not picked", Turn{Role: "agent", Action: dialogue.Clarification, Text: "What happened?", Options: []dialogue.Option{
			{Label: "The room was dirty", Value: "dirty"}, {Label: "Something else", Value: "else"}}}, Decision{Reply: restated}},
		{"a fact matches: the fact wins over the gold answer", Turn{Role: "agent", Action: dialogue.Clarification, Text: "How did you book?", Options: []dialogue.Option{
			{Label: "Through the accommodation", Value: "direct"}, {Label: "By phone", Value: "phone"}}}, Decision{Reply: "phone"}},
		{"no option matches: restates the problem with its facts", Turn{Role: "agent", Action: dialogue.Clarification, Text: "Which?", Options: []dialogue.Option{{Label: "Hotel A", Value: "a"}, {Label: "Hotel B", Value: "b"}}}, Decision{Reply: restated}},
		{"free question answered from the best fact", Turn{Role: "agent", Action: dialogue.Clarification, Text: "Which payment method did you use?"}, Decision{Reply: "credit card."}},
		{"rephrase request: restates the problem with its facts", Turn{Role: "agent", Action: dialogue.Clarification, Text: "Could you rephrase what you need help with?"}, Decision{Reply: restated}},
		{"ends on resolution", Turn{Role: "agent", Action: dialogue.Resolution, Text: "Call us."}, Decision{End: true}},
		{"a resolution offering its situation for more: picks it", Turn{Role: "agent", Action: dialogue.Resolution, Text: "Cancel online.", Options: []dialogue.Option{
			{Label: "Bookings made online", Value: "online"}, {Label: "By phone", Value: "phone"}}}, Decision{Reply: "phone"}},
		{"a resolution offering what only shares a word with its situation: ends", Turn{Role: "agent", Action: dialogue.Resolution, Text: "Cancel online.", Options: []dialogue.Option{
			{Label: "Phone numbers of the accommodation", Value: "numbers"}, {Label: "Card fees", Value: "fees"}}}, Decision{End: true}},
		{"ends on escalation", Turn{Role: "agent", Action: dialogue.Escalation, Text: "Handing over."}, Decision{End: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := RuleUser{}.Next(context.Background(), q, []Turn{{Role: "user", Text: "cancel"}, tt.last})
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
	t.Run("does not pick an option it sent before", func(t *testing.T) {
		history := []Turn{
			{Role: "user", Text: "cancel"},
			{Role: "agent", Action: dialogue.Resolution, Text: "Cancel online.", Options: []dialogue.Option{{Label: "By phone", Value: "phone"}}},
			{Role: "user", Text: "phone"},
			{Role: "agent", Action: dialogue.Resolution, Text: "Call us.", Options: []dialogue.Option{{Label: "By phone", Value: "phone"}}},
		}
		got, err := RuleUser{}.Next(context.Background(), q, history)
		if err != nil {
			t.Fatal(err)
		}
		if !got.End {
			t.Errorf("got %+v, want the end", got)
		}
	})
	t.Run("restates only once, then does not know", func(t *testing.T) {
		history := []Turn{
			{Role: "user", Text: "cancel"},
			{Role: "agent", Action: dialogue.Clarification, Text: "Could you rephrase?"},
			{Role: "user", Text: restated},
			{Role: "agent", Action: dialogue.Clarification, Text: "Could you rephrase?"},
		}
		got, err := RuleUser{}.Next(context.Background(), q, history)
		if err != nil {
			t.Fatal(err)
		}
		if got != (Decision{Reply: DontKnow}) {
			t.Errorf("got %+v, want %q", got, DontKnow)
		}
	})
}

func inquiries(n int) []inquiry.Inquiry {
	qs := make([]inquiry.Inquiry, n)
	for i := range qs {
		qs[i] = inquiry.Inquiry{ID: "q" + string(rune('a'+i)), Utterance: "I want to cancel", Kind: inquiry.Resolvable,
			CoreFacts: []string{"0570"}, HiddenFacts: map[string]string{"method": "phone"}, Topic: "Cancel"}
	}
	return qs
}

func TestRun(t *testing.T) {
	resolve := dialogue.Reply{Action: dialogue.Resolution, Text: "Call 0570-000-123.", Sources: []string{"u"}}
	tests := []struct {
		name      string
		replies   []dialogue.Reply
		maxTurns  int
		wantEnded string
		wantHeard []string
	}{
		{"clarify then resolve", []dialogue.Reply{clarify, resolve}, 0, EndResolved, []string{"I want to cancel", "phone"}},
		{"escalation ends", []dialogue.Reply{{Action: dialogue.Escalation, Text: "A person will help."}}, 0, EndEscalated, []string{"I want to cancel"}},
		{"gives up at the limit", []dialogue.Reply{clarify}, 3, EndMaxTurns, []string{"I want to cancel", "phone", "phone"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			agent := &scriptAgent{replies: tt.replies}
			var buf bytes.Buffer
			sum, err := Run(context.Background(), agent, inquiries(3), &buf, Options{AgentName: "fake", MaxTurns: tt.maxTurns, Concurrency: 2})
			if err != nil {
				t.Fatal(err)
			}
			if sum.Dialogues != 3 || sum.Ended[tt.wantEnded] != 3 {
				t.Errorf("summary %+v, want 3 dialogues ended %s", sum, tt.wantEnded)
			}
			ds, err := ReadDialogues(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if len(ds) != 3 {
				t.Fatalf("wrote %d dialogues, want 3", len(ds))
			}
			d := ds[0]
			if d.Ended != tt.wantEnded || d.Kind != inquiry.Resolvable || d.Agent != "fake" || d.ID != d.InquiryID+"/fake" || len(d.CoreFacts) != 1 {
				t.Errorf("dialogue %+v", d)
			}
			if got := agent.heard[d.ID]; strings.Join(got, "|") != strings.Join(tt.wantHeard, "|") {
				t.Errorf("agent heard %q, want %q", got, tt.wantHeard)
			}
			if agentTurns := len(d.AgentTurns()); agentTurns != len(tt.wantHeard) {
				t.Errorf("%d agent turns, want %d", agentTurns, len(tt.wantHeard))
			}
			if d.FinalAction != d.AgentTurns()[len(d.AgentTurns())-1].Action {
				t.Errorf("final action %q", d.FinalAction)
			}
		})
	}
}

// lockedBuffer is a bytes.Buffer safe to read while Run writes.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

type countProgress struct {
	cancel context.CancelFunc
	after  int
	n      int
}

func (p *countProgress) Done(*Dialogue) {
	p.n++
	if p.n == p.after {
		p.cancel()
	}
}

func TestRunInterruptedKeepsWrittenDialogues(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	agent := &scriptAgent{replies: []dialogue.Reply{{Action: dialogue.Resolution, Text: "done"}}}
	var buf lockedBuffer
	// One at a time, cancelled after the second dialogue is written.
	sum, err := Run(ctx, agent, inquiries(10), &buf, Options{AgentName: "fake", Concurrency: 1, Progress: &countProgress{cancel: cancel, after: 2}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	ds, rerr := ReadDialogues(strings.NewReader(buf.String()))
	if rerr != nil {
		t.Fatal(rerr)
	}
	if len(ds) != 2 || sum.Dialogues != 2 {
		t.Errorf("kept %d dialogues (summary %d), want 2", len(ds), sum.Dialogues)
	}
}

func TestLLMUser(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Enqueue(
		llmtest.Reply{Content: `{"action": "maybe"}`}, // invalid: corrected on the next try
		llmtest.Reply{Content: `{"action": "continue", "reply": "By phone."}`},
		llmtest.Reply{Content: `{"action": "end", "reply": ""}`},
	)
	client, err := llm.New(s.Config())
	if err != nil {
		t.Fatal(err)
	}
	agent := &scriptAgent{replies: []dialogue.Reply{clarify, {Action: dialogue.Resolution, Text: "Call 0570-000-123."}}}
	var buf bytes.Buffer
	sum, err := Run(context.Background(), agent, inquiries(1), &buf, Options{AgentName: "fake", User: LLMUser{LLM: client}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Ended[EndResolved] != 1 {
		t.Errorf("summary %+v", sum)
	}
	if got := agent.heard["qa/fake"]; len(got) != 2 || got[1] != "By phone." {
		t.Errorf("agent heard %q", got)
	}
	reqs := s.Requests()
	if len(reqs) != 3 || !strings.Contains(reqs[0].LastUser(), "- method: phone") || !strings.Contains(reqs[0].LastUser(), "options: I booked online as a member") {
		t.Errorf("requests: %d, first prompt:\n%s", len(reqs), reqs[0].LastUser())
	}
}

package dialogue

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/llm/llmtest"
)

// fakeLLM scripts the three dialogue prompts on an llmtest server.
type fakeLLM struct {
	rewrite func(last string) string  // nil: echo the last message
	pick    func(ids []string) string // nil: the first candidate
	reply   func(draft string) string // nil: the draft unchanged
}

var (
	candidateID = regexp.MustCompile(`(?m)^- id: (\S+)$`)
	draftLine   = regexp.MustCompile(`(?s)Draft answer: (.*)$`)
	lastMessage = regexp.MustCompile(`(?s)Last message: (.*)$`)
)

func (f fakeLLM) handle(r llmtest.Request) llmtest.Reply {
	if r.Embeddings() {
		return llmtest.Reply{} // llmtest's deterministic fake vectors
	}
	system := r.Messages[0].Content
	user := r.LastUser()
	answer := func(v any) llmtest.Reply {
		raw, _ := json.Marshal(v)
		return llmtest.Reply{Content: string(raw)}
	}
	switch {
	case strings.Contains(system, "You rewrite"):
		last := lastMessage.FindStringSubmatch(user)[1]
		if f.rewrite != nil {
			last = f.rewrite(last)
		}
		return answer(map[string]string{"query": last})
	case strings.Contains(system, "You match"):
		var ids []string
		for _, m := range candidateID.FindAllStringSubmatch(r.Messages[1].Content, -1) {
			ids = append(ids, m[1])
		}
		id := ids[0]
		if f.pick != nil {
			id = f.pick(ids)
		}
		return answer(map[string]string{"node_id": id})
	case strings.Contains(system, "Reword the draft"):
		draft := draftLine.FindStringSubmatch(user)[1]
		if f.reply != nil {
			draft = f.reply(draft)
		}
		return answer(map[string]string{"reply": draft})
	}
	return llmtest.Reply{Status: 400}
}

func llmAgent(t *testing.T, f fakeLLM, embed bool) (*GraphAgent, *llmtest.Server) {
	t.Helper()
	srv := llmtest.NewServer(t)
	srv.Handle(f.handle)
	client, err := llm.New(srv.Config())
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{LLM: client}
	if embed {
		opts.Embedder = client
	}
	return fixtureAgent(t, opts), srv
}

func countPrompts(srv *llmtest.Server, marker string) int {
	n := 0
	for _, r := range srv.Requests() {
		if !r.Embeddings() && strings.Contains(r.Messages[0].Content, marker) {
			n++
		}
	}
	return n
}

func TestGraphAgentLLMPicksIntent(t *testing.T) {
	a, srv := llmAgent(t, fakeLLM{pick: func(ids []string) string {
		for _, id := range ids {
			if id == "change" {
				return id
			}
		}
		return ""
	}}, false)
	r, err := a.Respond(context.Background(), &Session{}, "I'm getting an error when trying to change my booking")
	if err != nil {
		t.Fatal(err)
	}
	// Retrieval alone picks "err"; the LLM's choice among the candidates wins.
	if r.NodeID != "change" || r.Action != Clarification {
		t.Fatalf("got %s at %s, want the LLM's pick (clarification at change)", r.Action, r.NodeID)
	}
	if n := countPrompts(srv, "You match"); n != 1 {
		t.Fatalf("%d pick prompts, want 1", n)
	}
}

func TestGraphAgentLLMPicksNone(t *testing.T) {
	a, _ := llmAgent(t, fakeLLM{pick: func([]string) string { return "" }}, false)
	s := &Session{}
	r, err := a.Respond(context.Background(), s, "I'm getting an error when trying to change my booking")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Clarification || r.NodeID != "" || s.Rephrases != 1 {
		t.Fatalf("got %s at %q (rephrases %d), want a rephrase request", r.Action, r.NodeID, s.Rephrases)
	}
}

func TestGraphAgentLLMInvalidPickFallsBackToRetrieval(t *testing.T) {
	a, srv := llmAgent(t, fakeLLM{pick: func([]string) string { return "no-such-node" }}, false)
	r, err := a.Respond(context.Background(), &Session{}, "I'm getting an error when trying to change my booking")
	if err != nil {
		t.Fatal(err)
	}
	if r.NodeID != "err" || r.Action != Clarification {
		t.Fatalf("got %s at %s, want retrieval's clarification at err", r.Action, r.NodeID)
	}
	if n := countPrompts(srv, "You match"); n < 2 {
		t.Fatalf("%d pick prompts: the invalid id was not sent back for correction", n)
	}
}

func TestGraphAgentLLMRewriteUsesConversation(t *testing.T) {
	a, srv := llmAgent(t, fakeLLM{rewrite: func(last string) string {
		if last == "and the other way?" {
			return "error when changing a booking made by phone"
		}
		return last
	}}, false)
	ctx := context.Background()
	s := &Session{}
	for _, msg := range []string{"how do I cancel my booking?", "and the other way?"} {
		if _, err := a.Respond(ctx, s, msg); err != nil {
			t.Fatal(err)
		}
	}
	if s.CurrentNode != "err-phone" {
		t.Fatalf("current node %q, want err-phone from the rewritten request", s.CurrentNode)
	}
	// The first message has no conversation to rewrite with.
	if n := countPrompts(srv, "You rewrite"); n != 1 {
		t.Fatalf("%d rewrite prompts, want 1", n)
	}
}

func TestGraphAgentLLMReplyVerified(t *testing.T) {
	const template = "If you booked by phone: Reservations made by phone can only be changed by phone. Call +1 800 555 0100."
	for _, tc := range []struct {
		name, reply string
		accepted    bool
	}{
		{"faithful rewording", "Since you booked by phone, the reservation can only be changed by phone: call +1 800 555 0100.", true},
		{"adds a phone number", "Reservations made by phone can only be changed by phone. Call +1 800 555 0199 or +1 800 555 0100.", false},
		{"adds a price", "Reservations made by phone can only be changed by phone for a $25 fee. Call +1 800 555 0100.", false},
		{"adds a name", "Call Maria at +1 800 555 0100: reservations made by phone can only be changed by phone.", false},
		{"claims an action", "I've changed your reservation for you. If anything else is needed, call +1 800 555 0100.", false},
		{"claims it is done", "Done! Reservations made by phone can only be changed by phone. Call +1 800 555 0100.", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, _ := llmAgent(t, fakeLLM{
				pick:  func(ids []string) string { return "err-phone" },
				reply: func(string) string { return tc.reply },
			}, false)
			r, err := a.Respond(context.Background(), &Session{}, "I get an error changing my booking, I booked by phone")
			if err != nil {
				t.Fatal(err)
			}
			if r.Action != Resolution || r.NodeID != "err-phone" {
				t.Fatalf("got %s at %s", r.Action, r.NodeID)
			}
			want := template
			if tc.accepted {
				want = tc.reply
			}
			if r.Text != want {
				t.Fatalf("reply %q, want %q", r.Text, want)
			}
		})
	}
}

func TestGraphAgentLLMDownFallsBackToOffline(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Handle(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Status: 500} })
	cfg := srv.Config()
	cfg.MaxRetries = 1
	client, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a := fixtureAgent(t, Options{LLM: client, Embedder: client})
	runDialogues(t, a, []dialogueCase{{"demo with a failing LLM", []step{
		{"I'm getting an error when trying to change my booking", Clarification, "err |", 3},
		{"by phone", Resolution, "err-phone", 0},
		{"and as a guest?", Resolution, "err-guest", 0}, // rewritten offline
		{"how do I cancel my booking?", Resolution, "cancel", 0},
	}}})
	// A down endpoint is not asked for every node's embedding on every turn.
	nodeEmbeds := 0
	for _, r := range srv.Requests() {
		if r.Embeddings() && len(r.Input) == len(a.Index().Graph.Nodes) {
			nodeEmbeds++
		}
	}
	if nodeEmbeds > 1+cfg.MaxRetries {
		t.Fatalf("%d node-embedding requests over 4 turns, want one call (%d requests with retries)", nodeEmbeds, 1+cfg.MaxRetries)
	}
}

func TestGraphAgentEmbeddingsComputedOncePerGraph(t *testing.T) {
	a, srv := llmAgent(t, fakeLLM{}, true)
	runDialogues(t, a, []dialogueCase{{"demo with embeddings", []step{
		{"I can't find the confirmation code of my reservation", Clarification, "code |", 3},
		{"by phone", Resolution, "code-phone", 0},
		{"how do I cancel my booking?", Resolution, "cancel", 0},
	}}})
	nodes, queries := 0, 0
	for _, r := range srv.Requests() {
		if !r.Embeddings() {
			continue
		}
		if len(r.Input) == len(a.Index().Graph.Nodes) {
			nodes++
		} else {
			queries++
		}
	}
	if nodes != 1 || queries == 0 {
		t.Fatalf("%d node-embedding requests (want 1) and %d query ones (want some)", nodes, queries)
	}
}

func TestVerifyReply(t *testing.T) {
	const source = "Error when changing a reservation\nIf you booked by phone\n" +
		"Call the StayNest Reservation Center at 0570-000-123 (9:00–20:00). See [Contact us](https://help.example.com/contact) or write to help@example.com. Once done, you get an e-mail."
	for _, tc := range []struct {
		reply string
		ok    bool
	}{
		{"You booked by phone, so please call the StayNest Reservation Center at 0570-000-123 between 9:00 and 20:00. See [Contact us](https://help.example.com/contact) or write to help@example.com.", true},
		{"Please call 0570-000-123. See [Contact us](https://help.example.com/contact). Once done, you get an e-mail.", true},
		{"Call 0570-000-999. See [Contact us](https://help.example.com/contact).", false},
		{"Call 0570-000-123; it costs $70. See [Contact us](https://help.example.com/contact).", false},
		{"Call 0570-000-123. See [Contact us](https://help.example.com/contact) or https://evil.example.com.", false},
		{"Write to refunds@example.com. See [Contact us](https://help.example.com/contact).", false},
		{"Call 0570-000-123. The fee is 3000 yen. See [Contact us](https://help.example.com/contact).", false},
		{"Call the Tokyo office at 0570-000-123. See [Contact us](https://help.example.com/contact).", false},
		{"Call 0570-000-123.", false}, // drops the link
		{"We have cancelled the reservation. See [Contact us](https://help.example.com/contact).", false},
		{"I refunded you. See [Contact us](https://help.example.com/contact).", false},
		{"Your reservation has been changed. See [Contact us](https://help.example.com/contact).", false},
		{"I'll cancel it now. See [Contact us](https://help.example.com/contact).", false},
	} {
		err := verifyReply(tc.reply, source)
		if (err == nil) != tc.ok {
			t.Errorf("verifyReply(%q) = %v, want ok=%v", tc.reply, err, tc.ok)
		}
	}
}

// conceptEmbedder embeds texts by the concepts they mention, so a test can
// make two texts with no word in common close.
type conceptEmbedder struct{ concepts [][]string }

func (e conceptEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, text := range texts {
		v := make([]float32, len(e.concepts)+1)
		v[len(e.concepts)] = 0.1 // never all zero
		for c, words := range e.concepts {
			for _, w := range words {
				if strings.Contains(strings.ToLower(text), w) {
					v[c] = 1
				}
			}
		}
		out[i] = v
	}
	return out, nil
}

func TestGraphAgentEmbeddingsFindWhatWordsMiss(t *testing.T) {
	const msg = "any news about my dosh?"
	emb := conceptEmbedder{concepts: [][]string{{"dosh", "refund"}}}
	for _, tc := range []struct {
		name     string
		embedder Embedder
		action   Action
		node     string
	}{
		{"lexical only", nil, Clarification, ""},
		{"with embeddings", emb, Resolution, "refund"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := fixtureAgent(t, Options{Embedder: tc.embedder})
			r, err := a.Respond(context.Background(), &Session{}, msg)
			if err != nil {
				t.Fatal(err)
			}
			if r.Action != tc.action || r.NodeID != tc.node {
				t.Fatalf("got %s at %q, want %s at %q", r.Action, r.NodeID, tc.action, tc.node)
			}
		})
	}
}

package dialogue

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/llm/llmtest"
)

// fakeLLM scripts the two dialogue prompts on an llmtest server.
type fakeLLM struct {
	// identify returns the rewrite and the pick; nil: echo the message and
	// pick the first candidate.
	identify func(last string, ids []string) (query, id string)
	// pick only overrides the pick.
	pick func(ids []string) string
	// choose returns the sentence ids to say; nil: all, in order.
	choose func(ids []string) []string
}

var (
	candidateID = regexp.MustCompile(`(?m)^- id: (\S+)$`)
	sentenceID  = regexp.MustCompile(`(?m)^- (s\d+): `)
	lastMessage = regexp.MustCompile(`(?s)Last message:\n<<<DATA\n(.*?)\nDATA>>>`)
)

const (
	identifyMarker = "You match a customer's message"
	selectMarker   = "split into numbered sentences"
)

func (f fakeLLM) handle(r llmtest.Request) llmtest.Reply {
	if r.Embeddings() {
		return llmtest.Reply{} // llmtest's deterministic fake vectors
	}
	system := r.Messages[0].Content
	user := r.Messages[1].Content
	answer := func(v any) llmtest.Reply {
		raw, _ := json.Marshal(v)
		return llmtest.Reply{Content: string(raw)}
	}
	switch {
	case strings.Contains(system, identifyMarker):
		last := lastMessage.FindStringSubmatch(user)[1]
		var ids []string
		for _, m := range candidateID.FindAllStringSubmatch(user, -1) {
			ids = append(ids, m[1])
		}
		query, id := last, ""
		if len(ids) > 0 {
			id = ids[0]
		}
		if f.identify != nil {
			query, id = f.identify(last, ids)
		}
		if f.pick != nil {
			id = f.pick(ids)
		}
		return answer(map[string]string{"query": query, "node_id": id})
	case strings.Contains(system, selectMarker):
		var ids []string
		for _, m := range sentenceID.FindAllStringSubmatch(user, -1) {
			ids = append(ids, m[1])
		}
		if f.choose != nil {
			ids = f.choose(ids)
		}
		return answer(map[string][]string{"sentences": ids})
	}
	return llmtest.Reply{Status: 400}
}

func llmAgentWith(t *testing.T, f fakeLLM, opts Options, tweak func(*llm.Config)) (*GraphAgent, *llmtest.Server, *llm.Client) {
	t.Helper()
	srv := llmtest.NewServer(t)
	srv.Handle(f.handle)
	cfg := srv.Config()
	if tweak != nil {
		tweak(&cfg)
	}
	client, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	opts.LLM = client
	return fixtureAgent(t, opts), srv, client
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
	if n := countPrompts(srv, identifyMarker); n != 1 {
		t.Fatalf("%d identify prompts, want 1", n)
	}
	if req := srv.Requests()[0]; req.ResponseFormat != "json_schema" || !req.Strict {
		t.Errorf("identify sent response_format %q strict %v", req.ResponseFormat, req.Strict)
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
	for _, tc := range []struct {
		name   string
		answer string
	}{
		{"unknown id", `{"query": "error changing my booking", "node_id": "no-such-node"}`},
		// A wrong shape used to decode to node "" = "none fits", silently.
		{"wrong shape", `{"id": "change"}`},
		{"extra field", `{"query": "q", "node_id": "change", "reply": "x"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := llmtest.NewServer(t)
			srv.Handle(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: tc.answer} })
			client, err := llm.New(srv.Config())
			if err != nil {
				t.Fatal(err)
			}
			a := fixtureAgent(t, Options{LLM: client})
			r, err := a.Respond(context.Background(), &Session{}, "I'm getting an error when trying to change my booking")
			if err != nil {
				t.Fatal(err)
			}
			if r.NodeID != "err" || r.Action != Clarification {
				t.Fatalf("got %s at %s, want retrieval's clarification at err", r.Action, r.NodeID)
			}
			if n := countPrompts(srv, identifyMarker); n != 2 {
				t.Fatalf("%d identify prompts, want 2: the answer sent back for correction once, then the turn budget is spent", n)
			}
		})
	}
}

func TestGraphAgentLLMRewriteUsesConversation(t *testing.T) {
	a, srv := llmAgent(t, fakeLLM{identify: func(last string, ids []string) (string, string) {
		if last == "and the other way?" {
			// None of the candidates retrieved for the bare follow-up fits;
			// the rewrite is retrieved again and the graph decides.
			return "error when changing a booking made by phone", ""
		}
		if len(ids) == 0 {
			return last, ""
		}
		return last, ids[0]
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
	if n := countPrompts(srv, identifyMarker); n != 2 {
		t.Fatalf("%d identify prompts, want one a turn", n)
	}
}

func TestGraphAgentLLMReplyNotReworded(t *testing.T) {
	a, srv := llmAgent(t, fakeLLM{pick: func([]string) string { return "err-phone" }}, false)
	r, err := a.Respond(context.Background(), &Session{}, "I get an error changing my booking, I booked by phone")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID != "err-phone" {
		t.Fatalf("got %s at %s", r.Action, r.NodeID)
	}
	if want := a.resolutionTemplate(a.Index().Node("err-phone")); r.Text != want {
		t.Errorf("reply %q, want the template %q", r.Text, want)
	}
	if n := countPrompts(srv, selectMarker); n != 0 {
		t.Errorf("%d select prompts with Reword off", n)
	}
}

func TestGraphAgentLLMSelectsSentences(t *testing.T) {
	for _, tc := range []struct {
		name   string
		choose func(ids []string) []string
		// want: "template", or the sentence indexes (0-based) of the template expected.
		template bool
		order    []int
	}{
		{name: "reordered", choose: func(ids []string) []string { return []string{ids[1], ids[0], ids[2]} }, order: []int{1, 0, 2}},
		{name: "unknown id", choose: func(ids []string) []string { return []string{"s1", "s9"} }, template: true},
		// The contradicting rewrite of the issue: text instead of a sentence id cannot pass.
		{name: "own words", choose: func([]string) []string {
			return []string{"You can change it online; there is no need to call."}
		}, template: true},
		{name: "drops the phone number", choose: func(ids []string) []string { return ids[:2] }, template: true},
		{name: "repeats a sentence", choose: func(ids []string) []string { return []string{"s1", "s1", "s2", "s3"} }, template: true},
		{name: "chooses nothing", choose: func([]string) []string { return []string{} }, template: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, srv, _ := llmAgentWith(t, fakeLLM{pick: func([]string) string { return "err-phone" }, choose: tc.choose}, Options{Reword: true}, nil)
			r, err := a.Respond(context.Background(), &Session{}, "I get an error changing my booking, I booked by phone")
			if err != nil {
				t.Fatal(err)
			}
			draft := a.resolutionTemplate(a.Index().Node("err-phone"))
			units := splitSentences(draft)
			if len(units) != 3 {
				t.Fatalf("template %q split into %d sentences, want 3", draft, len(units))
			}
			want := draft
			if !tc.template {
				var parts []string
				for _, i := range tc.order {
					parts = append(parts, units[i].text)
				}
				want = strings.Join(parts, " ")
			}
			if r.Text != want {
				t.Errorf("reply %q, want %q", r.Text, want)
			}
			if countPrompts(srv, selectMarker) == 0 {
				t.Error("no select prompt with Reword on")
			}
		})
	}
}

// TestGraphAgentLLMCallsPerTurn runs a 10-turn conversation with every LLM
// feature on (identify, embeddings, sentence selection) and counts the
// requests each turn sends: at most MaxLLMCallsPerTurn.
func TestGraphAgentLLMCallsPerTurn(t *testing.T) {
	a, srv, client := llmAgentWith(t, fakeLLM{}, Options{Reword: true}, nil)
	a = NewGraphAgent(a.Index().Graph, Options{LLM: client, Embedder: client, Reword: true})
	if err := a.WarmUp(context.Background()); err != nil {
		t.Fatal(err)
	}
	turns := []string{
		"I'm getting an error when trying to change my booking",
		"by phone",
		"and as a guest?",
		"how do I cancel my booking?",
		"I can't find the confirmation code of my reservation",
		"by phone",
		"any news about my refund?",
		"thanks, and how do I change my reservation?",
		"online as a member",
		"it still fails",
	}
	s := &Session{}
	identifies := 0
	var perTurn []int
	for i, msg := range turns {
		before := len(srv.Requests())
		if _, err := a.Respond(context.Background(), s, msg); err != nil {
			t.Fatal(err)
		}
		reqs := srv.Requests()[before:]
		if len(reqs) > MaxLLMCallsPerTurn {
			t.Errorf("turn %d %q: %d LLM requests, want at most %d", i+1, msg, len(reqs), MaxLLMCallsPerTurn)
		}
		identifies += countIn(reqs, identifyMarker)
		perTurn = append(perTurn, len(reqs))
	}
	t.Logf("LLM requests per turn: %v", perTurn)
	if identifies < 5 {
		t.Errorf("only %d identify prompts over 10 turns: the LLM was not used", identifies)
	}
	st := client.Stats()
	if st.Steps["dialogue_identify"].Calls != int64(identifies) || st.Steps["dialogue_embed"].Calls == 0 || st.Steps["dialogue_embed_nodes"].Calls != 1 {
		t.Errorf("token counters by step = %+v", st.Steps)
	}
}

func countIn(reqs []llmtest.Request, marker string) int {
	n := 0
	for _, r := range reqs {
		if !r.Embeddings() && strings.Contains(r.Messages[0].Content, marker) {
			n++
		}
	}
	return n
}

// TestGraphAgentLLMStalledEndpoint: an endpoint that never answers costs the
// first turn its deadline, once; every turn completes offline, and the next
// turns do not wait at all (the breaker is open). The endpoint and the
// client's own timeout are an hour: only the turn deadline can end a turn
// (without it the test hangs until go test's -timeout).
func TestGraphAgentLLMStalledEndpoint(t *testing.T) {
	srv := llmtest.NewServer(t)
	srv.Handle(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Delay: time.Hour} })
	cfg := srv.Config()
	cfg.Timeout = time.Hour
	client, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	a := fixtureAgent(t, Options{LLM: client, Embedder: client, TurnTimeout: 200 * time.Millisecond})
	runDialogues(t, a, []dialogueCase{{"demo with a stalled LLM", []step{
		{"I'm getting an error when trying to change my booking", Clarification, "err |", 3},
		{"by phone", Resolution, "err-phone", 0},
		{"how do I cancel my booking?", Resolution, "cancel", 0},
	}}})
	// The identify prompt of the first turn, and the node embeddings
	// started in the background then.
	if n := len(srv.Requests()); n > 2 {
		t.Errorf("%d requests reached the stalled endpoint, want at most 2", n)
	}
	if st := client.Stats(); st.Unavailable == 0 {
		t.Errorf("no call was refused by the breaker: %+v", st)
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
	if err := a.WarmUp(context.Background()); err == nil {
		t.Fatal("WarmUp succeeded against a failing endpoint")
	}
	runDialogues(t, a, []dialogueCase{{"demo with a failing LLM", []step{
		{"I'm getting an error when trying to change my booking", Clarification, "err |", 3},
		{"by phone", Resolution, "err-phone", 0},
		{"and as a guest?", Resolution, "err-guest", 0}, // rewritten offline
		{"how do I cancel my booking?", Resolution, "cancel", 0},
	}}})
	// A down endpoint costs one call and its retry, not one per step per turn.
	if n := len(srv.Requests()); n != 1+cfg.MaxRetries {
		t.Fatalf("%d requests over 4 turns, want %d", n, 1+cfg.MaxRetries)
	}
}

func TestGraphAgentEmbeddingsComputedOncePerGraph(t *testing.T) {
	a, srv := llmAgent(t, fakeLLM{}, true)
	if err := a.WarmUp(context.Background()); err != nil {
		t.Fatal(err)
	}
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

func TestSplitSentencesExact(t *testing.T) {
	draft := "If you booked by phone: Reservations made by phone can only be changed by phone. Call +1 800 555 0100.\n- Open [My page](https://x.example/a.b), then choose Change.\n- Done? See 1.2."
	units := splitSentences(draft)
	if len(units) != 5 {
		t.Fatalf("units = %+v", units)
	}
	for _, u := range units {
		if !strings.Contains(draft, u.text) || u.text == "" {
			t.Errorf("unit %q is not a substring of the template", u.text)
		}
	}
	ids := []string{"s1", "s2", "s3", "s4", "s5"}
	if err := verifySelection(draft, draft, units, ids); err != nil {
		t.Errorf("the whole template rejected: %v", err)
	}
	if err := verifySelection(units[0].text+" "+units[1].text, draft, units, ids[:2]); err == nil {
		t.Error("a selection dropping the phone number and link passed")
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
		embedder llm.Embedder
		action   Action
		node     string
	}{
		{"lexical only", nil, Clarification, ""},
		{"with embeddings", emb, Resolution, "refund"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := fixtureAgent(t, Options{Embedder: tc.embedder})
			if err := a.WarmUp(context.Background()); err != nil {
				t.Fatal(err)
			}
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

// ctxEmbedder fails like an embeddings call whose caller gave up when ctx is
// done, and embeds otherwise.
type ctxEmbedder struct{ conceptEmbedder }

func (e ctxEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return e.conceptEmbedder.Embed(ctx, texts)
}

// A caller that cancels while the node embeddings are computed must not turn
// embeddings off for the next caller (they were off for a minute).
func TestGraphAgentEmbeddingsSurviveACancelledCaller(t *testing.T) {
	a := fixtureAgent(t, Options{Embedder: ctxEmbedder{conceptEmbedder{concepts: [][]string{{"dosh", "refund"}}}}})
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if err := a.WarmUp(cancelled); err == nil {
		t.Fatal("WarmUp with a cancelled context succeeded")
	}
	if err := a.WarmUp(context.Background()); err != nil {
		t.Fatalf("WarmUp after a cancelled caller: %v", err)
	}
	r, err := a.Respond(context.Background(), &Session{}, "any news about my dosh?")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID != "refund" {
		t.Fatalf("got %s at %q, want the refund resolution found by embeddings", r.Action, r.NodeID)
	}
}

package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/llm/llmtest"
)

// tree is a recursive answer type, like the extractor's.
type tree struct {
	Root *treeNode `json:"root"`
}

type treeNode struct {
	Problem  string      `json:"problem"`
	Children []*treeNode `json:"children"`
}

func (*tree) Validate() error { return nil }

func TestJSONSendsStrictSchema(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Enqueue(llmtest.Reply{Content: `{"root":{"problem":"a","children":[{"problem":"b","children":[]}]}}`})
	c := newClient(t, s.Config())
	var got tree
	if err := c.JSON(t.Context(), question, &got); err != nil {
		t.Fatal(err)
	}
	if got.Root == nil || len(got.Root.Children) != 1 || got.Root.Children[0].Problem != "b" {
		t.Fatalf("decoded %+v", got)
	}
	req := s.Requests()[0]
	if req.ResponseFormat != "json_schema" || !req.Strict {
		t.Fatalf("response_format %q strict %v, want strict json_schema", req.ResponseFormat, req.Strict)
	}
	var sch map[string]any
	if err := json.Unmarshal(req.Schema, &sch); err != nil {
		t.Fatalf("schema %s: %v", req.Schema, err)
	}
	if sch["type"] != "object" || sch["additionalProperties"] != false {
		t.Errorf("root schema = %s", req.Schema)
	}
	// The recursive node goes through $defs, each object closed and fully required.
	defs, _ := sch["$defs"].(map[string]any)
	node, _ := defs["treeNode"].(map[string]any)
	if node == nil || node["additionalProperties"] != false || len(node["required"].([]any)) != 2 {
		t.Errorf("node schema = %v", node)
	}
	if !strings.Contains(string(req.Schema), `"$ref":"#/$defs/treeNode"`) {
		t.Errorf("schema does not reference the node definition: %s", req.Schema)
	}
	if strings.Contains(string(req.Schema), `"type":"string","properties"`) {
		t.Errorf("nested schemas carry stray properties: %s", req.Schema)
	}

	// Nested unknown fields are rejected too.
	s.Enqueue(
		llmtest.Reply{Content: `{"root":{"problem":"a","children":[{"problem":"b","children":[],"extra":1}]}}`},
		llmtest.Reply{Content: `{"root":{"problem":"a","children":[]}}`},
	)
	var again tree
	if err := c.JSON(t.Context(), []llm.Message{{Role: "user", Content: "again"}}, &again); err != nil {
		t.Fatal(err)
	}
	if msg := s.Requests()[2].LastUser(); !strings.Contains(msg, `answer.root.children[0] has an unknown field "extra"`) {
		t.Errorf("correction = %q", msg)
	}
}

func TestJSONSchemaFallbackDetectedOnce(t *testing.T) {
	s := llmtest.NewServer(t)
	s.RejectJSONSchema()
	s.Handle(func(r llmtest.Request) llmtest.Reply {
		return llmtest.Reply{Content: `{"name":"apple","count":1}`}
	})
	c := newClient(t, s.Config())
	for i := range 3 {
		var a answer
		if err := c.JSON(t.Context(), []llm.Message{{Role: "user", Content: strings.Repeat("x", i+1)}}, &a); err != nil {
			t.Fatal(err)
		}
	}
	var formats []string
	for _, r := range s.Requests() {
		formats = append(formats, r.ResponseFormat)
	}
	want := "json_schema json_object json_object json_object"
	if got := strings.Join(formats, " "); got != want {
		t.Errorf("formats = %s, want %s", got, want)
	}
	if c.SchemaSupported() {
		t.Error("SchemaSupported still true")
	}
	// The schema is still enforced locally.
	s.Handle(func(r llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: `{"name":"apple"}`} })
	var a answer
	if err := c.JSON(t.Context(), []llm.Message{{Role: "user", Content: "missing"}}, &a); !errors.Is(err, llm.ErrInvalidAnswer) {
		t.Errorf("missing field over json_object: err = %v, want ErrInvalidAnswer", err)
	}
}

func TestBreakerDeadEndpointCostsOneTimeout(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Handle(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Delay: time.Hour} })
	var mu sync.Mutex
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cfg := s.Config()
	cfg.Timeout = 50 * time.Millisecond
	cfg.BreakerCooldown = time.Minute
	cfg.Now = func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	c := newClient(t, cfg)

	var a answer
	if err := c.JSON(t.Context(), question, &a); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("first call: %v, want a timeout", err)
	}
	for range 5 {
		err := c.JSON(t.Context(), question, &a)
		if !errors.Is(err, llm.ErrUnavailable) {
			t.Fatalf("call while open: %v, want ErrUnavailable", err)
		}
		if _, err := c.Embed(t.Context(), []string{"x"}); !errors.Is(err, llm.ErrUnavailable) {
			t.Fatalf("embed while open: %v, want ErrUnavailable", err)
		}
	}
	// Counted by the client: on a loaded machine the first request may
	// time out before the server has read it.
	if n := c.Stats().Calls; n != 1 {
		t.Errorf("%d requests sent to the dead endpoint, want 1", n)
	}
	if st := c.Stats(); st.Unavailable != 10 {
		t.Errorf("Unavailable = %d, want 10", st.Unavailable)
	}

	// After the cooldown, the endpoint is asked again.
	mu.Lock()
	now = now.Add(2 * time.Minute)
	mu.Unlock()
	s.Handle(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: `{"name":"back","count":1}`} })
	if err := c.JSON(t.Context(), question, &a); err != nil || a.Name != "back" {
		t.Fatalf("after cooldown: %+v, %v", a, err)
	}
}

func TestBreakerIgnoresBadAnswers(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Handle(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: `not json`} })
	c := newClient(t, s.Config())
	for range 2 {
		var a answer
		if err := c.JSON(t.Context(), question, &a); !errors.Is(err, llm.ErrInvalidAnswer) {
			t.Fatalf("err = %v, want ErrInvalidAnswer (not a breaker refusal)", err)
		}
	}
}

func TestRetryStopsAtDeadline(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Enqueue(llmtest.Reply{Status: 429, Header: http.Header{"Retry-After": {"3600"}}}, llmtest.Reply{Content: "late"})
	var sl sleeper
	cfg := s.Config()
	cfg.Sleep = sl.Sleep
	c := newClient(t, cfg)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	if _, err := c.Complete(ctx, question); err == nil || !strings.Contains(err.Error(), "would pass the deadline") {
		t.Fatalf("err = %v, want a refusal to wait past the deadline", err)
	}
	if len(sl.Waits()) != 0 || len(s.Requests()) != 1 {
		t.Errorf("waits %v, %d requests", sl.Waits(), len(s.Requests()))
	}
}

func TestEmptyChoices(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Enqueue(llmtest.Reply{Raw: `{"id":"x","object":"chat.completion","choices":[],"usage":{"prompt_tokens":3,"completion_tokens":0}}`})
	c := newClient(t, s.Config())
	var a answer
	if err := c.JSON(t.Context(), question, &a); err == nil || !strings.Contains(err.Error(), "no choices") {
		t.Errorf("err = %v, want a no-choices error", err)
	}
}

func TestStepsAndCost(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Enqueue(
		llmtest.Reply{Content: "a", PromptTokens: 1_000_000, CompletionTokens: 500_000},
		llmtest.Reply{Content: "b", PromptTokens: 10, CompletionTokens: 2},
		llmtest.Reply{PromptTokens: 2_000_000},
	)
	cfg := s.Config()
	cfg.Model = "gpt-4o-mini-2024-07-18"
	cfg.EmbeddingModel = "text-embedding-3-small"
	c := newClient(t, cfg)
	before := c.Stats()
	if _, err := c.Complete(llm.WithStep(t.Context(), "dialogue_identify"), question); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Complete(t.Context(), question); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Embed(t.Context(), []string{"x"}); err != nil {
		t.Fatal(err)
	}
	st := c.Stats().Sub(before)
	if got := st.Steps["dialogue_identify"]; got != (llm.StepStats{Calls: 1, PromptTokens: 1_000_000, CompletionTokens: 500_000}) {
		t.Errorf("dialogue_identify = %+v", got)
	}
	if got := st.Steps["other"]; got.Calls != 1 || got.PromptTokens != 10 {
		t.Errorf("other = %+v", got)
	}
	if got := st.Steps["embed"]; got.Calls != 1 || got.PromptTokens != 2_000_000 {
		t.Errorf("embed = %+v", got)
	}
	if st.EmbeddingTokens != 2_000_000 || st.PromptTokens != 1_000_010 {
		t.Errorf("tokens = %+v", st)
	}
	usage := st.Usage(llm.DefaultPrices())
	// gpt-4o-mini by prefix: 1M·0.15 + 0.5M·0.60 (+ a few tokens) ≈ 0.45; embeddings 2M·0.02 = 0.04.
	if len(usage) != 2 || !usage[0].Priced || usage[0].CostUSD < 0.4499 || usage[0].CostUSD > 0.4501 || usage[1].CostUSD != 0.04 {
		t.Errorf("usage = %+v", usage)
	}
	if sum := st.Summary(llm.DefaultPrices()); !strings.Contains(sum, "estimated cost $0.4900") {
		t.Errorf("summary = %q", sum)
	}
	if sum := st.Summary(llm.Prices{}); !strings.Contains(sum, "no price for gpt-4o-mini-2024-07-18, text-embedding-3-small") {
		t.Errorf("summary without prices = %q", sum)
	}
}

func TestLoadPrices(t *testing.T) {
	file := filepath.Join(t.TempDir(), "prices.json")
	if err := os.WriteFile(file, []byte(`{"my-model": {"prompt": 1, "completion": 2}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		spec    string
		model   string
		want    llm.Price
		wantErr bool
	}{
		{spec: "", model: "gpt-4o-mini", want: llm.Price{Prompt: 0.15, Completion: 0.60}},
		{spec: "gpt-4o-mini=1/2", model: "gpt-4o-mini", want: llm.Price{Prompt: 1, Completion: 2}},
		{spec: "local=0, other=3/4", model: "local", want: llm.Price{}},
		{spec: `{"gpt-4o": {"prompt": 5, "completion": 6}}`, model: "gpt-4o-2024", want: llm.Price{Prompt: 5, Completion: 6}},
		{spec: file, model: "my-model", want: llm.Price{Prompt: 1, Completion: 2}},
		{spec: "gpt-4o-mini=cheap", wantErr: true},
		{spec: `{"m": {"prompt": -1}}`, wantErr: true},
		{spec: `{"m": {"input": 1}}`, wantErr: true},
		{spec: filepath.Join(t.TempDir(), "missing.json"), wantErr: true},
	}
	for _, tt := range tests {
		p, err := llm.LoadPrices(tt.spec)
		if tt.wantErr {
			if err == nil {
				t.Errorf("LoadPrices(%q) succeeded", tt.spec)
			}
			continue
		}
		if err != nil {
			t.Errorf("LoadPrices(%q): %v", tt.spec, err)
			continue
		}
		if got, ok := p.Lookup(tt.model); !ok || got != tt.want {
			t.Errorf("LoadPrices(%q).Lookup(%q) = %+v, %v; want %+v", tt.spec, tt.model, got, ok, tt.want)
		}
	}
}

func TestBudgetBoundsRequests(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Handle(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: `{"name":""}`} })
	c := newClient(t, s.Config())
	b := llm.NewBudget(2)
	ctx := llm.WithBudget(t.Context(), b)
	var a answer
	// Three tries would be allowed by MaxTries; the budget stops at two.
	if err := c.JSON(ctx, question, &a); !errors.Is(err, llm.ErrBudget) {
		t.Fatalf("err = %v, want ErrBudget", err)
	}
	if _, err := c.Embed(ctx, []string{"x"}); !errors.Is(err, llm.ErrBudget) {
		t.Fatalf("embed err = %v, want ErrBudget", err)
	}
	if n := len(s.Requests()); n != 2 || b.Left() != 0 {
		t.Errorf("%d requests, %d left; want 2 and 0", n, b.Left())
	}
}

func TestTallyPerContext(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Handle(func(llmtest.Request) llmtest.Reply {
		return llmtest.Reply{Content: "x", PromptTokens: 10, CompletionTokens: 1}
	})
	c := newClient(t, s.Config())
	var outer, a, b llm.Tally
	ctx := llm.WithTally(t.Context(), &outer)
	for range 2 {
		if _, err := c.Complete(llm.WithTally(ctx, &a), []llm.Message{{Role: "user", Content: "a"}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.Complete(llm.WithTally(ctx, &b), []llm.Message{{Role: "user", Content: "b"}}); err != nil {
		t.Fatal(err)
	}
	if got := a.Stats(); got != (llm.TallyStats{Calls: 2, PromptTokens: 20, CompletionTokens: 2}) {
		t.Errorf("a = %+v", got)
	}
	if got := b.Stats(); got.Calls != 1 {
		t.Errorf("b = %+v", got)
	}
	if got := outer.Stats(); got.Calls != 3 {
		t.Errorf("outer = %+v", got)
	}
	if cost, ok := outer.Stats().Cost(llm.Prices{"m": {Prompt: 1e6, Completion: 0}}, "m"); !ok || cost != 30 {
		t.Errorf("cost = %v, %v", cost, ok)
	}
}

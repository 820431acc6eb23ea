package llm_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/llm/llmtest"
)

// answer is a typical JSON-mode answer struct.
type answer struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

func (a *answer) Validate() error {
	if a.Name == "" {
		return errors.New(`"name" is empty`)
	}
	return nil
}

// sleeper records the waits a client asks for instead of waiting.
type sleeper struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (s *sleeper) Sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.waits = append(s.waits, d)
	return ctx.Err()
}

func (s *sleeper) Waits() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.waits)
}

func newClient(t *testing.T, cfg llm.Config) *llm.Client {
	t.Helper()
	c, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var question = []llm.Message{
	{Role: "system", Content: "Answer in JSON."},
	{Role: "user", Content: "Name a fruit."},
}

func TestComplete(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Enqueue(llmtest.Reply{Content: "An apple."})
	c := newClient(t, s.Config())
	got, err := c.Complete(t.Context(), question)
	if err != nil {
		t.Fatal(err)
	}
	if got != "An apple." {
		t.Errorf("Complete = %q, want %q", got, "An apple.")
	}
	reqs := s.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	r := reqs[0]
	if r.Model != llmtest.Model || r.ResponseFormat != "" || r.Authorization != "Bearer "+llmtest.APIKey || !slices.Equal(r.Messages, question) {
		t.Errorf("request = %+v", r)
	}
}

func TestJSON(t *testing.T) {
	tests := []struct {
		name      string
		replies   []string
		wantErr   error // nil: success
		wantName  string
		wantCalls int
		// wantCorrection is a substring of the correction message sent after
		// the first answer, if any.
		wantCorrection string
	}{
		{name: "good", replies: []string{`{"name":"apple","count":2}`}, wantName: "apple", wantCalls: 1},
		{name: "fenced", replies: []string{"```json\n{\"name\":\"pear\",\"count\":1}\n```"}, wantName: "pear", wantCalls: 1},
		{
			name:           "malformed then corrected",
			replies:        []string{`{"name": "apple"`, `{"name":"apple","count":0}`},
			wantName:       "apple",
			wantCalls:      2,
			wantCorrection: "Your answer was invalid: not valid JSON",
		},
		{
			name:           "unknown field rejected",
			replies:        []string{`{"name":"apple","count":1,"colour":"red"}`, `{"name":"apple","count":1}`},
			wantName:       "apple",
			wantCalls:      2,
			wantCorrection: `answer has an unknown field "colour"`,
		},
		{
			name:           "missing field rejected",
			replies:        []string{`{"name":"apple"}`, `{"name":"apple","count":1}`},
			wantName:       "apple",
			wantCalls:      2,
			wantCorrection: `answer is missing the field "count"`,
		},
		{
			name:           "wrong type rejected",
			replies:        []string{`{"name":"apple","count":"two"}`, `{"name":"apple","count":2}`},
			wantName:       "apple",
			wantCalls:      2,
			wantCorrection: `answer.count must be an integer`,
		},
		{
			name:           "wrong shape is not an empty answer",
			replies:        []string{`{"id":"n1"}`, `{"name":"fig","count":1}`},
			wantName:       "fig",
			wantCalls:      2,
			wantCorrection: `answer is missing the field "name"`,
		},
		{
			name:           "invalid then corrected",
			replies:        []string{`{"name":"","count":1}`, `{"name":"plum","count":1}`},
			wantName:       "plum",
			wantCalls:      2,
			wantCorrection: `Your answer was invalid: "name" is empty. Reply again with corrected JSON only.`,
		},
		{
			name:           "never valid",
			replies:        []string{`{"name":"","count":1}`, `{"count":1}`, `[1]`, `{"name":"too late","count":1}`},
			wantErr:        llm.ErrInvalidAnswer,
			wantCalls:      3,
			wantCorrection: `"name" is empty`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := llmtest.NewServer(t)
			for _, r := range tt.replies {
				s.Enqueue(llmtest.Reply{Content: r})
			}
			c := newClient(t, s.Config())
			var got answer
			err := c.JSON(t.Context(), question, &got)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) {
					t.Fatalf("JSON error = %v, want %v", err, tt.wantErr)
				}
				if got != (answer{}) {
					t.Errorf("out written despite error: %+v", got)
				}
			} else if err != nil {
				t.Fatal(err)
			} else if got.Name != tt.wantName {
				t.Errorf("name = %q, want %q", got.Name, tt.wantName)
			}
			reqs := s.Requests()
			if len(reqs) != tt.wantCalls {
				t.Fatalf("%d requests, want %d", len(reqs), tt.wantCalls)
			}
			if c.Stats().Calls != int64(tt.wantCalls) {
				t.Errorf("Stats.Calls = %d, want %d", c.Stats().Calls, tt.wantCalls)
			}
			for _, r := range reqs {
				if r.ResponseFormat != "json_schema" || !r.Strict {
					t.Errorf("response_format = %q (strict %v), want a strict json_schema", r.ResponseFormat, r.Strict)
				}
			}
			if tt.wantCorrection != "" {
				second := reqs[1].Messages
				if len(second) != len(question)+2 || second[len(question)].Role != "assistant" || second[len(question)].Content != tt.replies[0] {
					t.Fatalf("second request does not replay the first answer: %+v", second)
				}
				if msg := reqs[1].LastUser(); !strings.Contains(msg, tt.wantCorrection) {
					t.Errorf("correction = %q, want it to contain %q", msg, tt.wantCorrection)
				}
			}
		})
	}
}

func TestRetries(t *testing.T) {
	retryAfter := func(v string) http.Header { return http.Header{"Retry-After": {v}} }
	tests := []struct {
		name       string
		maxRetries int
		replies    []llmtest.Reply
		wantErr    bool
		wantCalls  int
		// checkWaits checks the backoff the client asked the sleeper for.
		checkWaits func(t *testing.T, waits []time.Duration)
	}{
		{
			name:      "429 honours Retry-After",
			replies:   []llmtest.Reply{{Status: 429, Header: retryAfter("7")}, {Content: "ok"}},
			wantCalls: 2,
			checkWaits: func(t *testing.T, waits []time.Duration) {
				if !slices.Equal(waits, []time.Duration{7 * time.Second}) {
					t.Errorf("waits = %v, want [7s]", waits)
				}
			},
		},
		{
			name:      "5xx backs off exponentially",
			replies:   []llmtest.Reply{{Status: 500}, {Status: 502}, {Status: 503}, {Content: "ok"}},
			wantCalls: 4,
			checkWaits: func(t *testing.T, waits []time.Duration) {
				if len(waits) != 3 {
					t.Fatalf("waits = %v, want 3", waits)
				}
				for i, w := range waits {
					base := 500 * time.Millisecond << i
					if w < base/2 || w > base {
						t.Errorf("wait %d = %v, want within [%v, %v]", i, w, base/2, base)
					}
				}
			},
		},
		{
			name:       "gives up after MaxRetries",
			maxRetries: 2,
			replies:    []llmtest.Reply{{Status: 500}, {Status: 500}, {Status: 500}, {Content: "too late"}},
			wantErr:    true,
			wantCalls:  3,
		},
		{
			name:      "400 is not retried",
			replies:   []llmtest.Reply{{Status: 400}, {Content: "never asked"}},
			wantErr:   true,
			wantCalls: 1,
		},
		{
			name:      "broken body is not retried",
			replies:   []llmtest.Reply{{Raw: "not json"}, {Content: "never asked"}},
			wantErr:   true,
			wantCalls: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := llmtest.NewServer(t)
			s.Enqueue(tt.replies...)
			var sl sleeper
			cfg := s.Config()
			cfg.Sleep = sl.Sleep
			cfg.MaxRetries = tt.maxRetries
			c := newClient(t, cfg)
			got, err := c.Complete(t.Context(), question)
			if tt.wantErr != (err != nil) {
				t.Fatalf("Complete = %q, %v; want error %v", got, err, tt.wantErr)
			}
			if err == nil && got != "ok" {
				t.Errorf("Complete = %q, want ok", got)
			}
			if err != nil && !strings.Contains(err.Error(), "llm chat (model "+llmtest.Model+")") {
				t.Errorf("error %q does not say what was being done", err)
			}
			if n := len(s.Requests()); n != tt.wantCalls {
				t.Errorf("%d requests, want %d", n, tt.wantCalls)
			}
			if st := c.Stats(); st.Calls != int64(tt.wantCalls) || st.Retries != int64(len(sl.Waits())) {
				t.Errorf("stats = %+v, waits %v", st, sl.Waits())
			}
			if tt.checkWaits != nil {
				tt.checkWaits(t, sl.Waits())
			}
		})
	}
}

func TestTimeout(t *testing.T) {
	s := llmtest.NewServer(t)
	// The replies never come: only the client's timeout ends the call
	// (without it, the test hangs until go test's -timeout).
	s.Enqueue(llmtest.Reply{Delay: time.Hour}, llmtest.Reply{Delay: time.Hour}, llmtest.Reply{Content: "too late"})
	cfg := s.Config()
	cfg.Timeout = 50 * time.Millisecond
	cfg.MaxRetries = 1
	c := newClient(t, cfg)
	_, err := c.Complete(t.Context(), question)
	if err == nil || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want a deadline error", err)
	}
	// A stalled request is not retried: it would stall again. (Counted
	// by the client: on a loaded machine the request may time out before
	// the server has read it.)
	if n := c.Stats().Calls; n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

func TestBackoffRespectsContext(t *testing.T) {
	s := llmtest.NewServer(t)
	// An hour's wait against a minute's deadline: a client that ignored
	// the context would sleep the hour (and go test's -timeout end it).
	s.Enqueue(llmtest.Reply{Status: 429, Header: http.Header{"Retry-After": {"3600"}}})
	cfg := s.Config()
	cfg.Sleep = nil // the real sleep
	c := newClient(t, cfg)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	_, err := c.Complete(ctx, question)
	// It does not even start waiting: the wait would outlive the deadline.
	if err == nil || !strings.Contains(err.Error(), "would pass the deadline") {
		t.Fatalf("err = %v, want a refusal to wait past the deadline", err)
	}
}

func TestCache(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Enqueue(
		llmtest.Reply{Content: `{"name":"","count":1}`}, // invalid: must not be cached
		llmtest.Reply{Content: `{"name":"apple","count":1}`},
		llmtest.Reply{Content: "plain text"},
	)
	cfg := s.Config()
	cfg.CacheDir = t.TempDir()

	c := newClient(t, cfg)
	var first answer
	if err := c.JSON(t.Context(), question, &first); err != nil {
		t.Fatal(err)
	}
	var again answer
	if err := c.JSON(t.Context(), question, &again); err != nil {
		t.Fatal(err)
	}
	if again.Name != "apple" {
		t.Errorf("cached answer = %+v", again)
	}
	if n := len(s.Requests()); n != 2 {
		t.Errorf("%d requests after a cache hit, want 2", n)
	}
	if st := c.Stats(); st.Calls != 2 || st.CacheHits != 1 {
		t.Errorf("stats = %+v, want 2 calls and 1 cache hit", st)
	}

	// Text mode does not share JSON mode's entry.
	if got, err := c.Complete(t.Context(), question); err != nil || got != "plain text" {
		t.Errorf("Complete = %q, %v", got, err)
	}

	// A new client on the same directory still hits, and files fan out
	// into two levels of directories.
	c2 := newClient(t, cfg)
	var third answer
	if err := c2.JSON(t.Context(), question, &third); err != nil || third.Name != "apple" {
		t.Fatalf("new client: %+v, %v", third, err)
	}
	if got, err := c2.Complete(t.Context(), question); err != nil || got != "plain text" {
		t.Errorf("new client Complete = %q, %v", got, err)
	}
	if n := len(s.Requests()); n != 3 {
		t.Errorf("%d requests, want 3 (new client served from cache)", n)
	}
	if st := c2.Stats(); st.Calls != 0 || st.CacheHits != 2 {
		t.Errorf("new client stats = %+v", st)
	}
	files, err := filepath.Glob(filepath.Join(cfg.CacheDir, "??", "??", "*.json"))
	if err != nil || len(files) != 2 {
		t.Errorf("cache files = %v, %v; want 2 under dir/xx/yy/", files, err)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(cfg.CacheDir, "??", "??", ".tmp-*")); len(leftovers) > 0 {
		t.Errorf("temp files left behind: %v", leftovers)
	}

	// A different model misses.
	cfg.Model = "other-model"
	s.Enqueue(llmtest.Reply{Content: `{"name":"kiwi","count":1}`})
	c3 := newClient(t, cfg)
	var other answer
	if err := c3.JSON(t.Context(), question, &other); err != nil || other.Name != "kiwi" {
		t.Errorf("other model: %+v, %v", other, err)
	}
}

func TestTokensCounted(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Enqueue(
		llmtest.Reply{Content: "a", PromptTokens: 100, CompletionTokens: 7},
		llmtest.Reply{Content: "b", PromptTokens: 50, CompletionTokens: 3},
	)
	c := newClient(t, s.Config())
	for range 2 {
		if _, err := c.Complete(t.Context(), question); err != nil {
			t.Fatal(err)
		}
	}
	if st := c.Stats(); st.PromptTokens != 150 || st.CompletionTokens != 10 || st.Calls != 2 {
		t.Errorf("stats = %+v, want 150 prompt and 10 completion tokens over 2 calls", st)
	}
}

func TestEmbed(t *testing.T) {
	s := llmtest.NewServer(t)
	cfg := s.Config()
	cfg.CacheDir = t.TempDir()
	c := newClient(t, cfg)
	texts := []string{"change my reservation", "cancel a booking", "change my reservation"}
	got, err := c.Embed(t.Context(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(texts) {
		t.Fatalf("%d embeddings for %d texts", len(got), len(texts))
	}
	for i, v := range got {
		if !slices.Equal(v, llmtest.Embedding(texts[i])) {
			t.Errorf("embedding %d = %v, want the fake for %q", i, v, texts[i])
		}
	}
	reqs := s.Requests()
	if len(reqs) != 1 || reqs[0].Model != llmtest.EmbeddingModel || !reqs[0].Embeddings() {
		t.Fatalf("requests = %+v", reqs)
	}

	// Cached texts are not sent again.
	if _, err := c.Embed(t.Context(), []string{"cancel a booking", "refund policy"}); err != nil {
		t.Fatal(err)
	}
	reqs = s.Requests()
	if len(reqs) != 2 || !slices.Equal(reqs[1].Input, []string{"refund policy"}) {
		t.Errorf("second request input = %v, want only the uncached text", reqs[len(reqs)-1].Input)
	}

	cfg.EmbeddingModel = ""
	if _, err := newClient(t, cfg).Embed(t.Context(), texts); err == nil {
		t.Error("Embed with no embedding model succeeded")
	}
}

func TestAPIKeyNeverLogged(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Enqueue(
		llmtest.Reply{Status: 503},
		llmtest.Reply{Content: `{"name":"","count":1}`},
		llmtest.Reply{Content: `{"name":"ok","count":1}`},
		llmtest.Reply{Status: 401},
	)
	var logs bytes.Buffer
	cfg := s.Config()
	cfg.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	c := newClient(t, cfg)
	var a answer
	if err := c.JSON(t.Context(), question, &a); err != nil {
		t.Fatal(err)
	}
	_, err := c.Complete(t.Context(), question)
	if err == nil {
		t.Fatal("401 did not fail")
	}
	if logs.Len() == 0 {
		t.Fatal("nothing logged at debug level")
	}
	for what, text := range map[string]string{"logs": logs.String(), "error": err.Error()} {
		if strings.Contains(text, llmtest.APIKey) {
			t.Errorf("API key found in %s: %s", what, text)
		}
	}
	if got := s.Requests()[0].Authorization; got != "Bearer "+llmtest.APIKey {
		t.Errorf("Authorization = %q, the key was not sent", got)
	}
}

func TestNewNeedsModel(t *testing.T) {
	if _, err := llm.New(llm.Config{BaseURL: "http://localhost:1/v1"}); err == nil {
		t.Error("New with no model succeeded")
	}
}

// grounded is an answer whose Validate needs context set before the call.
type grounded struct {
	Quote string `json:"quote"`
	text  string
}

func (g *grounded) Validate() error {
	if !strings.Contains(g.text, g.Quote) {
		return errors.New("quote is not in the text")
	}
	return nil
}

func TestJSONKeepsValidatorContext(t *testing.T) {
	s := llmtest.NewServer(t)
	s.Enqueue(llmtest.Reply{Content: `{"quote":"invented"}`}, llmtest.Reply{Content: `{"quote":"brown fox"}`})
	c := newClient(t, s.Config())
	g := grounded{text: "the quick brown fox"}
	if err := c.JSON(t.Context(), question, &g); err != nil {
		t.Fatal(err)
	}
	if g.Quote != "brown fox" || g.text != "the quick brown fox" {
		t.Errorf("got %+v", g)
	}
	if n := len(s.Requests()); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}
}

// Package llm talks to any OpenAI-compatible endpoint (OpenAI, Azure, vLLM,
// Ollama...): chat completions, JSON-mode calls parsed into typed structs and
// validated with an error-correction loop, and embeddings. Responses are
// cached on disk by model + prompt hash; 429 and 5xx are retried with backoff;
// every call's tokens are counted.
//
// Consumers declare the small interface they need where they use it
// (Complete, JSON or Embed); llmtest provides an OpenAI-wire fake server.
package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// Message is one chat message.
type Message struct {
	Role    string `json:"role"` // "system", "user" or "assistant"
	Content string `json:"content"`
}

// Validator is implemented by the typed structs JSON-mode answers are decoded
// into. Validate's error text is sent back to the model on a retry, so it
// should say plainly what is wrong.
type Validator interface {
	Validate() error
}

// JSONModel is the one LLM call every consumer needs: a JSON-mode request
// decoded into out and checked by its Validate. Client implements it; the
// fakes in tests do too.
type JSONModel interface {
	JSON(ctx context.Context, msgs []Message, out Validator) error
}

// Embedder turns texts into embedding vectors, one per text (Client
// implements it).
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// Config configures a Client.
type Config struct {
	APIKey         string
	BaseURL        string // e.g. http://localhost:11434/v1; empty means OpenAI
	Model          string
	EmbeddingModel string
	// CacheDir holds cached responses; empty disables the cache.
	CacheDir string
	// Timeout bounds one HTTP request; 0 means 60s.
	Timeout time.Duration
	// MaxRetries bounds retries of 429/5xx/timeouts per call; 0 means 4.
	MaxRetries int
	// MaxTries bounds JSON-mode attempts (first try + corrections); 0 means 3.
	MaxTries int
	// BreakerThreshold is how many consecutive calls must fail on the
	// endpoint's side (timeout, no connection, 5xx/429 after retries)
	// before calls are refused with ErrUnavailable for BreakerCooldown.
	// 0 means 1: one stalled request is enough to stop asking.
	BreakerThreshold int
	// BreakerCooldown is how long calls are refused; 0 means 30s.
	BreakerCooldown time.Duration
	// Now is the clock of the breaker; nil means time.Now.
	Now        func() time.Time
	HTTPClient *http.Client
	Logger     *slog.Logger
	// Sleep waits d between retries, returning early with ctx's error when
	// ctx is done. Nil means a real timer; tests inject a fake so they never wait.
	Sleep func(ctx context.Context, d time.Duration) error
}

// ErrInvalidAnswer is wrapped by JSON when no attempt produced a valid answer.
var ErrInvalidAnswer = errors.New("llm: no valid answer")

// Defaults for zero Config fields.
const (
	DefaultTimeout    = 60 * time.Second
	DefaultMaxRetries = 4
	DefaultMaxTries   = 3
)

// Backoff bounds: the n-th retry waits about backoffBase·2ⁿ (with jitter),
// never more than maxBackoff, unless the server's Retry-After says otherwise
// (capped at maxRetryAfter so a hostile header cannot stall a build).
const (
	backoffBase   = 500 * time.Millisecond
	maxBackoff    = 30 * time.Second
	maxRetryAfter = 2 * time.Minute
)

// Client is an OpenAI-compatible client. It is safe for concurrent use.
type Client struct {
	cfg   Config
	api   *openai.Client
	log   *slog.Logger
	sleep func(ctx context.Context, d time.Duration) error
	cache *diskCache // nil when caching is off
	brk   *breaker
	// noSchema is set once the endpoint refused a json_schema
	// response_format; JSON calls then use json_object (and the schema is
	// still checked here).
	noSchema atomic.Bool

	calls, cacheHits, retries, unavailable, promptTokens, completionTokens, embeddingTokens atomic.Int64

	stepsMu sync.Mutex
	steps   map[string]StepStats
}

// New returns a Client for cfg.
func New(cfg Config) (*Client, error) {
	if cfg.Model == "" {
		return nil, errors.New("llm: new client: no model configured")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxRetries <= 0 {
		cfg.MaxRetries = DefaultMaxRetries
	}
	if cfg.MaxTries <= 0 {
		cfg.MaxTries = DefaultMaxTries
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Sleep == nil {
		cfg.Sleep = sleepCtx
	}
	if cfg.BreakerThreshold <= 0 {
		cfg.BreakerThreshold = DefaultBreakerThreshold
	}
	if cfg.BreakerCooldown <= 0 {
		cfg.BreakerCooldown = DefaultBreakerCooldown
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}

	var oc openai.ClientConfig
	if strings.Contains(cfg.BaseURL, "openai.azure.com") {
		oc = openai.DefaultAzureConfig(cfg.APIKey, cfg.BaseURL)
	} else {
		oc = openai.DefaultConfig(cfg.APIKey)
		if cfg.BaseURL != "" {
			oc.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
		}
	}
	oc.HTTPClient = retryAfterDoer{hc}

	c := &Client{
		cfg:   cfg,
		api:   openai.NewClientWithConfig(oc),
		log:   cfg.Logger,
		sleep: cfg.Sleep,
		brk:   &breaker{threshold: cfg.BreakerThreshold, cooldown: cfg.BreakerCooldown, now: cfg.Now},
		steps: map[string]StepStats{},
	}
	if cfg.CacheDir != "" {
		c.cache = &diskCache{dir: cfg.CacheDir}
	}
	return c, nil
}

// Model returns the chat model name (part of every cache key).
func (c *Client) Model() string { return c.cfg.Model }

// EmbeddingModel returns the embedding model name ("" when none is configured).
func (c *Client) EmbeddingModel() string { return c.cfg.EmbeddingModel }

// Complete sends msgs and returns the assistant's text.
func (c *Client) Complete(ctx context.Context, msgs []Message) (string, error) {
	key := chatKey(c.cfg.Model, msgs, modeText)
	if answer, ok := c.cachedAnswer(key); ok {
		return answer, nil
	}
	answer, err := c.chat(ctx, msgs, nil)
	if err != nil {
		return "", err
	}
	c.storeAnswer(key, answer)
	return answer, nil
}

// JSON sends msgs in JSON mode and decodes the answer into out, then calls
// out.Validate. A malformed or invalid answer is sent back with the error as
// a correction request, up to MaxTries attempts in all; after that the error
// wraps ErrInvalidAnswer.
//
// out must be a non-nil pointer. It is only written when an answer validates,
// so a half-decoded wrong answer never leaks into the next attempt or the
// caller. Each attempt decodes into a shallow copy of *out as passed in:
// unexported fields Validate needs survive, but pointers and slices set
// before the call are shared, so pass them empty.
func (c *Client) JSON(ctx context.Context, msgs []Message, out Validator) error {
	target := reflect.ValueOf(out)
	if target.Kind() != reflect.Pointer || target.IsNil() {
		return fmt.Errorf("llm json (model %s): out must be a non-nil pointer, got %T", c.cfg.Model, out)
	}
	// Each attempt decodes into a copy of *out as passed in, so context the
	// caller set before the call (say, the text a Validate checks against)
	// is kept, and nothing from a rejected attempt leaks into the next.
	initial := reflect.New(target.Type().Elem()).Elem()
	initial.Set(target.Elem())
	sch, err := schemaFor(target.Type().Elem())
	if err != nil {
		return err
	}
	key := chatKey(c.cfg.Model, msgs, modeJSON)
	if answer, ok := c.cachedAnswer(key); ok {
		if c.decodeInto(answer, sch, initial, target) == nil {
			return nil
		}
		// A cached answer that no longer validates (the validator changed)
		// is ignored and asked again.
		c.cacheHits.Add(-1)
	}

	convo := append([]Message(nil), msgs...)
	var lastErr error
	for try := 1; try <= c.cfg.MaxTries; try++ {
		answer, err := c.chat(ctx, convo, sch)
		if err != nil {
			return err
		}
		lastErr = c.decodeInto(answer, sch, initial, target)
		if lastErr == nil {
			c.storeAnswer(key, answer)
			return nil
		}
		c.log.DebugContext(ctx, "llm answer invalid", "model", c.cfg.Model, "try", try, "err", lastErr)
		convo = append(convo,
			Message{Role: "assistant", Content: answer},
			Message{Role: "user", Content: "Your answer was invalid: " + lastErr.Error() + ". Reply again with corrected JSON only."},
		)
	}
	return fmt.Errorf("llm json (model %s): %w after %d tries: %w", c.cfg.Model, ErrInvalidAnswer, c.cfg.MaxTries, lastErr)
}

// decodeInto checks answer against the schema, decodes it into a copy of
// initial, validates it and, only if it is valid, stores it in target. An
// unknown or missing field is an error, never a silent zero value.
func (c *Client) decodeInto(answer string, sch *schema, initial, target reflect.Value) error {
	body := []byte(jsonObject(answer))
	var generic any
	if err := json.Unmarshal(body, &generic); err != nil {
		return fmt.Errorf("not valid JSON: %w", err)
	}
	if err := sch.check(generic); err != nil {
		return err
	}
	fresh := reflect.New(initial.Type())
	fresh.Elem().Set(initial)
	if err := json.Unmarshal(body, fresh.Interface()); err != nil {
		return fmt.Errorf("not valid JSON for the requested shape: %w", err)
	}
	if v, ok := fresh.Interface().(Validator); ok {
		if err := v.Validate(); err != nil {
			return err
		}
	}
	target.Elem().Set(fresh.Elem())
	return nil
}

// jsonObject trims what some models wrap around JSON despite JSON mode
// (Markdown code fences, a leading sentence): it keeps the outermost {...}.
func jsonObject(s string) string {
	start, end := strings.IndexByte(s, '{'), strings.LastIndexByte(s, '}')
	if start < 0 || end < start {
		return s
	}
	return s[start : end+1]
}

// Embed returns one embedding per text.
func (c *Client) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	model := c.cfg.EmbeddingModel
	if model == "" {
		return nil, errors.New("llm embed: no embedding model configured")
	}
	out := make([][]float32, len(texts))
	keys := make([]string, len(texts))
	var missing []int
	for i, text := range texts {
		keys[i] = embedKey(model, text)
		if v, ok := c.cachedEmbedding(keys[i]); ok {
			out[i] = v
			continue
		}
		missing = append(missing, i)
	}
	if len(missing) == 0 {
		return out, nil
	}
	input := make([]string, len(missing))
	for j, i := range missing {
		input[j] = texts[i]
	}

	var resp openai.EmbeddingResponse
	if _, named := ctx.Value(stepKey{}).(string); !named {
		ctx = WithStep(ctx, "embed")
	}
	err := c.withRetries(ctx, "llm embed (model "+model+")", func(ctx context.Context) error {
		var err error
		resp, err = c.api.CreateEmbeddings(ctx, openai.EmbeddingRequestStrings{
			Input: input,
			Model: openai.EmbeddingModel(model),
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	c.embeddingTokens.Add(int64(resp.Usage.PromptTokens))
	c.countStep(ctx, int64(resp.Usage.PromptTokens), 0)
	c.log.DebugContext(ctx, "llm embed", "model", model, "texts", len(input), "cached", len(texts)-len(input),
		"prompt_tokens", resp.Usage.PromptTokens)
	if len(resp.Data) != len(input) {
		return nil, fmt.Errorf("llm embed (model %s): asked for %d embeddings, got %d", model, len(input), len(resp.Data))
	}
	for _, d := range resp.Data {
		if d.Index < 0 || d.Index >= len(missing) {
			return nil, fmt.Errorf("llm embed (model %s): embedding index %d out of range", model, d.Index)
		}
		i := missing[d.Index]
		out[i] = d.Embedding
		c.storeEmbedding(keys[i], d.Embedding)
	}
	for i, v := range out {
		if v == nil {
			return nil, fmt.Errorf("llm embed (model %s): no embedding for text %d", model, i)
		}
	}
	return out, nil
}

// Stats returns the traffic counted so far.
func (c *Client) Stats() Stats {
	c.stepsMu.Lock()
	steps := maps.Clone(c.steps)
	c.stepsMu.Unlock()
	return Stats{
		Model:            c.cfg.Model,
		EmbeddingModel:   c.cfg.EmbeddingModel,
		Calls:            c.calls.Load(),
		CacheHits:        c.cacheHits.Load(),
		Retries:          c.retries.Load(),
		Unavailable:      c.unavailable.Load(),
		PromptTokens:     c.promptTokens.Load(),
		CompletionTokens: c.completionTokens.Load(),
		EmbeddingTokens:  c.embeddingTokens.Load(),
		Steps:            steps,
	}
}

// countStep adds one answered request's tokens to its step.
func (c *Client) countStep(ctx context.Context, prompt, completion int64) {
	c.stepsMu.Lock()
	defer c.stepsMu.Unlock()
	tallyAdd(ctx, prompt, completion)
	st := c.steps[stepOf(ctx)]
	st.Calls++
	st.PromptTokens += prompt
	st.CompletionTokens += completion
	c.steps[stepOf(ctx)] = st
}

// SchemaSupported reports whether JSON calls still send a json_schema
// response_format (false once the endpoint refused one).
func (c *Client) SchemaSupported() bool { return !c.noSchema.Load() }

// chat sends one chat completion (with retries) and returns the content.
// With a schema it asks for JSON: a strict json_schema response_format, or
// json_object once the endpoint has refused json_schema.
func (c *Client) chat(ctx context.Context, msgs []Message, sch *schema) (string, error) {
	req := openai.ChatCompletionRequest{
		Model:    c.cfg.Model,
		Messages: make([]openai.ChatCompletionMessage, len(msgs)),
	}
	for i, m := range msgs {
		req.Messages[i] = openai.ChatCompletionMessage{Role: m.Role, Content: m.Content}
	}
	jsonMode := sch != nil
	strict := jsonMode && !c.noSchema.Load()
	setFormat := func() {
		switch {
		case strict:
			req.ResponseFormat = &openai.ChatCompletionResponseFormat{
				Type:       openai.ChatCompletionResponseFormatTypeJSONSchema,
				JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{Name: sch.name, Schema: sch, Strict: true},
			}
		case jsonMode:
			req.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
		}
	}
	setFormat()
	what := "llm chat (model " + c.cfg.Model + ")"
	start := time.Now()
	var resp openai.ChatCompletionResponse
	send := func() error {
		return c.withRetries(ctx, what, func(ctx context.Context) error {
			var err error
			resp, err = c.api.CreateChatCompletion(ctx, req)
			return err
		})
	}
	err := send()
	if err != nil && strict && schemaRefused(err) {
		// Remembered for the client's lifetime: one refused request, not
		// one per call.
		c.noSchema.Store(true)
		c.log.WarnContext(ctx, "llm endpoint does not support json_schema response formats; using json_object with local schema checks",
			"model", c.cfg.Model, "err", err)
		strict = false
		setFormat()
		err = send()
	}
	if err != nil {
		return "", err
	}
	c.promptTokens.Add(int64(resp.Usage.PromptTokens))
	c.completionTokens.Add(int64(resp.Usage.CompletionTokens))
	c.countStep(ctx, int64(resp.Usage.PromptTokens), int64(resp.Usage.CompletionTokens))
	c.log.DebugContext(ctx, "llm chat",
		"model", c.cfg.Model, "json", jsonMode, "strict", strict, "step", stepOf(ctx), "messages", len(msgs),
		"prompt_tokens", resp.Usage.PromptTokens, "completion_tokens", resp.Usage.CompletionTokens,
		"duration", time.Since(start))
	if len(resp.Choices) == 0 {
		return "", fmt.Errorf("%s: answer has no choices", what)
	}
	return resp.Choices[0].Message.Content, nil
}

// schemaRefused reports whether err is an endpoint's 400 refusing the
// json_schema response_format (servers without structured outputs).
func schemaRefused(err error) bool {
	var apiErr *openai.APIError
	if errors.As(err, &apiErr) && (apiErr.HTTPStatusCode == http.StatusBadRequest || apiErr.HTTPStatusCode == http.StatusUnprocessableEntity) {
		msg := strings.ToLower(apiErr.Message)
		return strings.Contains(msg, "response_format") || strings.Contains(msg, "json_schema") || strings.Contains(msg, "schema")
	}
	return false
}

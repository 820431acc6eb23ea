package llm

import (
	"context"
	"errors"
	"sync/atomic"
)

// Stats counts a client's traffic.
type Stats struct {
	Model            string `json:"model"`
	EmbeddingModel   string `json:"embedding_model,omitempty"`
	Calls            int64  `json:"calls"`       // requests sent to the endpoint, retries included
	CacheHits        int64  `json:"cache_hits"`  // answers served from the cache
	Retries          int64  `json:"retries"`     // 429/5xx retried
	Unavailable      int64  `json:"unavailable"` // calls refused while the breaker was open
	PromptTokens     int64  `json:"prompt_tokens"`
	CompletionTokens int64  `json:"completion_tokens"`
	EmbeddingTokens  int64  `json:"embedding_tokens"`
	// Steps splits Calls and tokens by the step named with WithStep
	// ("other" when none was).
	Steps map[string]StepStats `json:"steps,omitempty"`
}

// StepStats is one step's share of Stats.
type StepStats struct {
	Calls            int64 `json:"calls"`
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
}

// Sub returns the traffic between an earlier snapshot before and s.
func (s Stats) Sub(before Stats) Stats {
	out := s
	out.Calls -= before.Calls
	out.CacheHits -= before.CacheHits
	out.Retries -= before.Retries
	out.Unavailable -= before.Unavailable
	out.PromptTokens -= before.PromptTokens
	out.CompletionTokens -= before.CompletionTokens
	out.EmbeddingTokens -= before.EmbeddingTokens
	out.Steps = map[string]StepStats{}
	for name, st := range s.Steps {
		b := before.Steps[name]
		d := StepStats{Calls: st.Calls - b.Calls, PromptTokens: st.PromptTokens - b.PromptTokens, CompletionTokens: st.CompletionTokens - b.CompletionTokens}
		if d != (StepStats{}) {
			out.Steps[name] = d
		}
	}
	return out
}

// stepKey carries the step name of WithStep.
type stepKey struct{}

// WithStep names the step (a prompt, "embed"...) the calls made with ctx
// belong to, for Stats.Steps and the token counters exported in /metrics.
func WithStep(ctx context.Context, step string) context.Context {
	return context.WithValue(ctx, stepKey{}, step)
}

// Budget bounds how many requests the calls made with a context may send
// (WithBudget), retries and JSON corrections included: a chat turn that may
// cost at most two requests gives its context a budget of two.
type Budget struct{ left atomic.Int64 }

// NewBudget returns a budget of n requests.
func NewBudget(n int) *Budget {
	b := &Budget{}
	b.left.Store(int64(n))
	return b
}

// Left returns the requests left.
func (b *Budget) Left() int { return int(max(b.left.Load(), 0)) }

func (b *Budget) take() bool { return b.left.Add(-1) >= 0 }

// ErrBudget is wrapped by calls refused because their context's Budget is spent.
var ErrBudget = errors.New("llm: request budget spent")

type budgetKey struct{}

// WithBudget bounds the requests made with ctx by b.
func WithBudget(ctx context.Context, b *Budget) context.Context {
	return context.WithValue(ctx, budgetKey{}, b)
}

func stepOf(ctx context.Context) string {
	if s, ok := ctx.Value(stepKey{}).(string); ok && s != "" {
		return s
	}
	return "other"
}

package llm

import (
	"context"
	"sync/atomic"
)

// Tally adds up the requests and tokens of the calls made with one context
// (WithTally), so work sharing a client (concurrent simulated dialogues)
// can each record its own usage.
type Tally struct {
	calls, prompt, completion atomic.Int64
}

// TallyStats is a Tally's count.
type TallyStats struct {
	Calls            int64 `json:"calls"`
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
}

type tallyKey struct{}

// WithTally counts the calls made with ctx in t (and in any tally ctx
// already carries).
func WithTally(ctx context.Context, t *Tally) context.Context {
	parents, _ := ctx.Value(tallyKey{}).([]*Tally)
	return context.WithValue(ctx, tallyKey{}, append(parents[:len(parents):len(parents)], t))
}

// Stats returns t's count so far.
func (t *Tally) Stats() TallyStats {
	return TallyStats{Calls: t.calls.Load(), PromptTokens: t.prompt.Load(), CompletionTokens: t.completion.Load()}
}

// Cost estimates what the count cost under prices when every call went to model.
func (s TallyStats) Cost(prices Prices, model string) (float64, bool) {
	p, ok := prices.Lookup(model)
	if !ok {
		return 0, false
	}
	return (float64(s.PromptTokens)*p.Prompt + float64(s.CompletionTokens)*p.Completion) / 1e6, true
}

func tallyAdd(ctx context.Context, prompt, completion int64) {
	ts, _ := ctx.Value(tallyKey{}).([]*Tally)
	for _, t := range ts {
		t.calls.Add(1)
		t.prompt.Add(prompt)
		t.completion.Add(completion)
	}
}

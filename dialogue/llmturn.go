package dialogue

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/helpgraph/helpgraph/llm"
)

// Per-turn limits of the LLM mode. A turn makes at most MaxLLMCallsPerTurn
// requests (an embedding of the message and one identify prompt, typically),
// all within Options.TurnTimeout; whatever is left when either runs out is
// done offline, so a slow or dead endpoint delays a turn by at most the
// timeout and never fails it.
const (
	MaxLLMCallsPerTurn = 2
	DefaultTurnTimeout = 5 * time.Second
)

// errTurnBudget is why an LLM step was skipped: the turn has no calls or
// time left.
var errTurnBudget = errors.New("dialogue: no LLM calls or time left in this turn")

// turnState is one turn's LLM budget, carried in the turn's context.
type turnState struct {
	deadline time.Time
	budget   *llm.Budget // requests left, retries and corrections included

	mu   sync.Mutex
	vecs map[string][]float32 // message embeddings, so a turn embeds a text once
}

type turnKey struct{}

// beginTurn starts a turn's LLM budget (a no-op offline).
func (a *GraphAgent) beginTurn(ctx context.Context) context.Context {
	if a.opts.LLM == nil && a.opts.Embedder == nil {
		return ctx
	}
	timeout := a.opts.TurnTimeout
	if timeout <= 0 {
		timeout = DefaultTurnTimeout
	}
	ts := &turnState{deadline: time.Now().Add(timeout), budget: llm.NewBudget(MaxLLMCallsPerTurn)}
	return llm.WithBudget(context.WithValue(ctx, turnKey{}, ts), ts.budget)
}

// offlineTurn returns ctx with no LLM budget left, for work that must not
// send another request.
func offlineTurn(ctx context.Context) context.Context {
	ts := &turnState{budget: llm.NewBudget(0)}
	return llm.WithBudget(context.WithValue(ctx, turnKey{}, ts), ts.budget)
}

func turnOf(ctx context.Context) *turnState {
	ts, _ := ctx.Value(turnKey{}).(*turnState)
	return ts
}

// spend takes one call from the turn's budget and returns the context to
// make it with (bounded by the turn's deadline and tagged with step for the
// token counters), or errTurnBudget. Outside a turn (a test calling a step
// directly) there is no budget.
func spend(ctx context.Context, step string) (context.Context, context.CancelFunc, error) {
	ctx = llm.WithStep(ctx, step)
	ts := turnOf(ctx)
	if ts == nil {
		ctx, cancel := context.WithCancel(ctx)
		return ctx, cancel, nil
	}
	if ts.budget.Left() == 0 || !time.Now().Before(ts.deadline) {
		return nil, nil, errTurnBudget
	}
	ctx, cancel := context.WithDeadline(ctx, ts.deadline)
	return ctx, cancel, nil
}

// embedQuery embeds one message text, once per turn.
func (a *GraphAgent) embedQuery(ctx context.Context, text string) ([]float32, error) {
	ts := turnOf(ctx)
	if ts != nil {
		ts.mu.Lock()
		v, ok := ts.vecs[text]
		ts.mu.Unlock()
		if ok {
			return v, nil
		}
	}
	cctx, cancel, err := spend(ctx, "dialogue_embed")
	if err != nil {
		return nil, err
	}
	defer cancel()
	q, err := a.opts.Embedder.Embed(cctx, []string{text})
	if err != nil || len(q) != 1 {
		return nil, errors.Join(err, errors.New("no vector"))
	}
	if ts != nil {
		ts.mu.Lock()
		if ts.vecs == nil {
			ts.vecs = map[string][]float32{}
		}
		ts.vecs[text] = q[0]
		ts.mu.Unlock()
	}
	return q[0], nil
}

// WarmUp computes the node embeddings (once per graph) ahead of the first
// turn. It is a no-op without an Embedder. Without it, the first turn that
// needs them starts computing them in the background and goes on lexically,
// so no turn pays for them.
func (a *GraphAgent) WarmUp(ctx context.Context) error {
	for _, p := range a.langs.parts {
		if err := p.WarmUp(ctx); err != nil {
			return err
		}
	}
	if a.embed == nil {
		return nil
	}
	_, err := a.nodeVectors(llm.WithStep(ctx, "dialogue_embed_nodes"))
	return err
}

// nodeVectorsTimeout bounds computing the node embeddings in the background.
const nodeVectorsTimeout = 5 * time.Minute

// turnNodeVectors returns the node embeddings if they are ready; otherwise,
// in a turn, it starts computing them in the background (once) and says
// they are not ready yet.
func (a *GraphAgent) turnNodeVectors(ctx context.Context) ([][]float32, error) {
	if turnOf(ctx) == nil {
		return a.nodeVectors(ctx)
	}
	c := a.embed
	c.mu.Lock()
	vecs, started := c.vecs, c.warming
	if vecs == nil && !started {
		c.warming = true
	}
	c.mu.Unlock()
	if vecs != nil {
		return vecs, nil
	}
	if !started {
		bg, cancel := context.WithTimeout(context.WithoutCancel(ctx), nodeVectorsTimeout)
		// The turn's budget and deadline do not apply to this once-per-graph work.
		bg = llm.WithBudget(context.WithValue(bg, turnKey{}, (*turnState)(nil)), nil)
		go func() {
			defer cancel()
			if _, err := a.nodeVectors(llm.WithStep(bg, "dialogue_embed_nodes")); err != nil {
				a.opts.Logger.WarnContext(bg, "dialogue: embedding nodes failed", "err", err)
			}
			c.mu.Lock()
			c.warming = false
			c.mu.Unlock()
		}()
	}
	return nil, errors.New("node embeddings not ready yet")
}

package simulator

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/inquiry"
	"github.com/helpgraph/helpgraph/llm"
)

// DefaultMaxTurns is the number of agent turns after which the user gives up.
const DefaultMaxTurns = 8

// Progress is told about each finished dialogue (a progress bar or a logger).
type Progress interface {
	Done(d *Dialogue)
}

// Options configures Run.
type Options struct {
	AgentName string
	User      User // nil: RuleUser
	// Concurrency bounds dialogues in flight; 0 means 2×GOMAXPROCS.
	Concurrency int
	// MaxTurns bounds agent turns per dialogue; 0 means DefaultMaxTurns.
	MaxTurns int
	Progress Progress // nil: none
	Logger   *slog.Logger
	// Model is the LLM the agent and the user call ("" offline), and Prices
	// estimate each dialogue's cost (nil: llm.DefaultPrices); both go into
	// the dialogue's provenance.
	Model  string
	Prices llm.Prices
}

// Summary counts what Run did.
type Summary struct {
	Dialogues int            `json:"dialogues"`
	Ended     map[string]int `json:"ended"`
	// Failed counts dialogues that ended on an agent or user error; the
	// evaluator excludes them from its rates.
	Failed int `json:"failed"`
}

// Run simulates one dialogue per inquiry against agent and writes each to w
// as a JSON line as soon as it ends. On cancellation it stops starting new
// dialogues, drops the unfinished ones and returns ctx's error with every
// finished dialogue written. Each dialogue gets a fresh Session.
func Run(ctx context.Context, agent dialogue.Agent, qs []inquiry.Inquiry, w io.Writer, opts Options) (Summary, error) {
	if opts.User == nil {
		opts.User = RuleUser{}
	}
	if opts.Concurrency <= 0 {
		opts.Concurrency = 2 * runtime.GOMAXPROCS(0)
	}
	if opts.MaxTurns <= 0 {
		opts.MaxTurns = DefaultMaxTurns
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	sum := Summary{Ended: map[string]int{}}
	var (
		mu       sync.Mutex // guards w, enc, sum and writeErr
		enc      = json.NewEncoder(w)
		writeErr error
		wg       sync.WaitGroup
	)
	enc.SetEscapeHTML(false)
	sem := make(chan struct{}, opts.Concurrency)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
loop:
	for i := range qs {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			break loop
		}
		wg.Add(1)
		go func(q *inquiry.Inquiry) {
			defer func() { <-sem; wg.Done() }()
			tally := new(llm.Tally)
			d, ok := simulate(llm.WithTally(ctx, tally), agent, q, opts)
			if !ok {
				return // interrupted mid-dialogue: not a result
			}
			d.Provenance = opts.provenance(tally)
			mu.Lock()
			defer mu.Unlock()
			if writeErr != nil {
				return
			}
			if err := enc.Encode(d); err != nil {
				writeErr = fmt.Errorf("writing dialogue %s: %w", d.ID, err)
				cancel()
				return
			}
			if f, ok := w.(interface{ Flush() error }); ok {
				if err := f.Flush(); err != nil {
					writeErr = fmt.Errorf("flushing dialogue %s: %w", d.ID, err)
					cancel()
					return
				}
			}
			sum.Dialogues++
			sum.Ended[d.Ended]++
			if d.Error != "" {
				sum.Failed++
			}
			if opts.Progress != nil {
				opts.Progress.Done(d)
			}
		}(&qs[i])
	}
	wg.Wait()
	if writeErr != nil {
		return sum, writeErr
	}
	if err := ctx.Err(); err != nil && sum.Dialogues < len(qs) {
		return sum, fmt.Errorf("simulation interrupted after %d of %d dialogues: %w", sum.Dialogues, len(qs), err)
	}
	return sum, nil
}

// simulate runs one dialogue. ok is false when ctx ended it.
func simulate(ctx context.Context, agent dialogue.Agent, q *inquiry.Inquiry, opts Options) (*Dialogue, bool) {
	d := &Dialogue{
		ID:           q.ID + "/" + opts.AgentName,
		InquiryID:    q.ID,
		Kind:         q.Kind,
		Topic:        q.Topic,
		GoldResponse: q.GoldResponse,
		CoreFacts:    q.CoreFacts,
		HiddenFacts:  q.HiddenFacts,
		Agent:        opts.AgentName,
	}
	s := &dialogue.Session{ID: d.ID}
	message := q.Utterance
	for agentTurns := 0; ; agentTurns++ {
		if ctx.Err() != nil {
			return nil, false
		}
		if agentTurns >= opts.MaxTurns {
			d.Ended = EndMaxTurns
			return d, true
		}
		d.Turns = append(d.Turns, Turn{Role: "user", Text: message})
		start := time.Now()
		r, err := agent.Respond(ctx, s, message)
		if err != nil {
			if ctx.Err() != nil {
				return nil, false
			}
			opts.Logger.WarnContext(ctx, "agent failed", "dialogue", d.ID, "err", err)
			d.Ended, d.Error = EndError, err.Error()
			return d, true
		}
		d.Turns = append(d.Turns, Turn{
			Role: "agent", Text: r.Text, Action: r.Action, NodeID: r.NodeID,
			Options: r.Options, Sources: r.Sources,
			LatencyMS: float64(time.Since(start).Microseconds()) / 1000,
		})
		d.FinalAction = r.Action
		next, err := opts.User.Next(ctx, q, d.Turns)
		if err != nil {
			if ctx.Err() != nil {
				return nil, false
			}
			opts.Logger.WarnContext(ctx, "simulated user failed", "dialogue", d.ID, "err", err)
			d.Ended, d.Error = EndError, err.Error()
			return d, true
		}
		if next.End {
			switch r.Action {
			case dialogue.Resolution:
				d.Ended = EndResolved
			case dialogue.Escalation:
				d.Ended = EndEscalated
			default:
				d.Ended = EndUser
			}
			return d, true
		}
		message = next.Reply
	}
}

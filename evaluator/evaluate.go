package evaluator

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/inquiry"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/simulator"
)

// Metrics is metrics.json.
type Metrics struct {
	Agents map[string]AgentMetrics `json:"agents"`
	// Replay holds the replay of real dialogues per agent, when one ran.
	Replay map[string]ReplayMetrics `json:"replay,omitempty"`
	// Questions holds a question set's numbers per agent, when one ran;
	// QuestionsUnknownGold counts its questions and follow-ups whose gold
	// names none of the pages.
	Questions            map[string]QuestionMetrics `json:"questions,omitempty"`
	QuestionsUnknownGold int                        `json:"questions_unknown_gold,omitempty"`
	// Provenance says which simulator, judge and models produced the
	// numbers, and their LLM tokens and cost.
	Provenance *Provenance `json:"provenance,omitempty"`
}

// AgentMetrics are one agent's numbers. Rates are fractions 0..1 of the
// group's n.
type AgentMetrics struct {
	Dialogues int `json:"dialogues"` // judged dialogues: every rate is over these
	// Failed dialogues ended on an agent or simulated-user error and
	// Unjudged ones on a judge error: counted here, in no rate.
	Failed     int               `json:"failed"`
	Unjudged   int               `json:"unjudged"`
	Resolvable ResolvableMetrics `json:"resolvable"`
	Escalation EscalationMetrics `json:"escalation"`
	Coherence  CoherenceMetrics  `json:"coherence"`
}

// ResolvableMetrics score resolvable inquiries.
type ResolvableMetrics struct {
	N                   int     `json:"n"`
	Correct             float64 `json:"correct"`
	Partial             float64 `json:"partial"`
	Incorrect           float64 `json:"incorrect"`
	ErroneousEscalation float64 `json:"erroneous_escalation"`
}

// EscalationMetrics score escalation-required inquiries.
type EscalationMetrics struct {
	N         int     `json:"n"`
	Escalated float64 `json:"escalated"`
	Useful    float64 `json:"useful"`
	Incorrect float64 `json:"incorrect"`
}

// CoherenceMetrics describe the dialogues' shape.
type CoherenceMetrics struct {
	ClarificationRate float64 `json:"clarification_rate"` // share of dialogues with a clarification
	MeanTurns         float64 `json:"mean_turns"`         // agent turns per dialogue
	MeanReplyChars    float64 `json:"mean_reply_chars"`   // characters per agent reply
}

// Scored is a dialogue with its judgement.
type Scored struct {
	Dialogue  *simulator.Dialogue
	Judgement Judgement
	// Status is "" for a judged dialogue, StatusFailed or StatusUnjudged;
	// Error says why.
	Status string
	Error  string
}

// Statuses of a dialogue left out of the rates.
const (
	StatusFailed   = "failed"   // the simulation failed: nothing to judge
	StatusUnjudged = "unjudged" // the judge failed on it
)

// judged reports whether s counts in the rates.
func (s Scored) judged() bool { return s.Status == "" }

// Result is a whole evaluation.
type Result struct {
	Metrics    Metrics
	Scored     []Scored
	Agreements []Agreement
	Replay     *ReplayResult
	Questions  *QuestionsResult
}

// AddReplay adds a replay of real dialogues to r's metrics and reports.
func (r *Result) AddReplay(rr *ReplayResult) {
	r.Replay = rr
	r.Metrics.Replay = rr.Metrics
}

// AddQuestions adds a question-set run to r's metrics and reports.
func (r *Result) AddQuestions(qr *QuestionsResult) {
	r.Questions = qr
	r.Metrics.Questions = qr.Metrics
	r.Metrics.QuestionsUnknownGold = qr.UnknownGold
}

// Options configures Evaluate.
type Options struct {
	Judge Judge // nil: RuleJudge
	// Inquiries, when given, override the kind, gold response and core facts
	// the dialogues carry (matched by inquiry id).
	Inquiries []inquiry.Inquiry
	Labels    []HumanLabel
	// Concurrency bounds judge calls in flight; 0 means 4.
	Concurrency int
	// JudgeTimeout bounds one judgement; 0 means DefaultJudgeTimeout.
	JudgeTimeout time.Duration
	// Prices estimate LLM costs in the provenance; nil: llm.DefaultPrices.
	Prices llm.Prices
}

// DefaultJudgeTimeout bounds one judgement.
const DefaultJudgeTimeout = time.Minute

// Evaluate judges every dialogue and computes the metrics.
func Evaluate(ctx context.Context, ds []simulator.Dialogue, opts Options) (*Result, error) {
	if opts.Judge == nil {
		opts.Judge = RuleJudge{}
	}
	if opts.Concurrency <= 0 {
		opts.Concurrency = 4
	}
	byID := make(map[string]*inquiry.Inquiry, len(opts.Inquiries))
	for i := range opts.Inquiries {
		byID[opts.Inquiries[i].ID] = &opts.Inquiries[i]
	}
	res := &Result{Scored: make([]Scored, len(ds))}
	for i := range ds {
		d := &ds[i]
		if q := byID[d.InquiryID]; q != nil {
			d.Kind, d.GoldResponse, d.CoreFacts = q.Kind, q.GoldResponse, q.CoreFacts
			if d.Topic == "" {
				d.Topic = q.Topic
			}
		}
		if !d.Kind.Valid() {
			return nil, fmt.Errorf("evaluating dialogue %s: unknown inquiry kind %q", d.ID, d.Kind)
		}
		res.Scored[i].Dialogue = d
		if d.Error != "" || d.Ended == simulator.EndError {
			res.Scored[i].Status, res.Scored[i].Error = StatusFailed, d.Error
		}
	}
	if opts.JudgeTimeout <= 0 {
		opts.JudgeTimeout = DefaultJudgeTimeout
	}
	judgeTally := new(llm.Tally)
	jctx := llm.WithStep(llm.WithTally(ctx, judgeTally), "judge")
	var wg sync.WaitGroup
	sem := make(chan struct{}, opts.Concurrency)
	for i := range res.Scored {
		if ctx.Err() != nil {
			break
		}
		if res.Scored[i].Status == StatusFailed {
			continue
		}
		sem <- struct{}{}
		wg.Add(1)
		go func(s *Scored) {
			defer func() { <-sem; wg.Done() }()
			cctx, cancel := context.WithTimeout(jctx, opts.JudgeTimeout)
			defer cancel()
			j, err := opts.Judge.Judge(cctx, s.Dialogue)
			if err != nil {
				// One judge error costs that dialogue, not the evaluation.
				s.Status, s.Error = StatusUnjudged, err.Error()
				return
			}
			s.Judgement = j
		}(&res.Scored[i])
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("evaluating: %w", err)
	}
	res.Metrics = Compute(res.Scored)
	res.Metrics.Provenance = provenance(res.Scored, opts, judgeTally.Stats())
	if len(opts.Labels) > 0 {
		mine := make(map[string]Label, len(res.Scored))
		for _, s := range res.Scored {
			if !s.judged() {
				continue
			}
			mine[s.Dialogue.ID] = s.Judgement.Label
		}
		res.Agreements = Agreements(mine, opts.Labels)
	}
	return res, nil
}

// Compute aggregates judged dialogues per agent.
func Compute(scored []Scored) Metrics {
	type acc struct {
		n, clar, turns, replies, chars int
		res, esc                       map[Label]int
		resN, escN, errEsc             int
		failed, unjudged               int
	}
	accs := map[string]*acc{}
	for _, s := range scored {
		d := s.Dialogue
		a := accs[d.Agent]
		if a == nil {
			a = &acc{res: map[Label]int{}, esc: map[Label]int{}}
			accs[d.Agent] = a
		}
		switch s.Status {
		case StatusFailed:
			a.failed++
			continue
		case StatusUnjudged:
			a.unjudged++
			continue
		}
		a.n++
		clarified := false
		for _, t := range d.AgentTurns() {
			a.turns++
			a.replies++
			a.chars += utf8.RuneCountInString(t.Text)
			if t.Action == dialogue.Clarification {
				clarified = true
			}
		}
		if clarified {
			a.clar++
		}
		if d.Kind == inquiry.Escalation {
			a.escN++
			a.esc[s.Judgement.Label]++
		} else {
			a.resN++
			a.res[s.Judgement.Label]++
			if s.Judgement.ErroneousEscalation {
				a.errEsc++
			}
		}
	}
	m := Metrics{Agents: map[string]AgentMetrics{}}
	for name, a := range accs {
		m.Agents[name] = AgentMetrics{
			Dialogues: a.n,
			Failed:    a.failed,
			Unjudged:  a.unjudged,
			Resolvable: ResolvableMetrics{
				N:                   a.resN,
				Correct:             frac(a.res[Correct], a.resN),
				Partial:             frac(a.res[Partial], a.resN),
				Incorrect:           frac(a.res[Incorrect], a.resN),
				ErroneousEscalation: frac(a.errEsc, a.resN),
			},
			Escalation: EscalationMetrics{
				N:         a.escN,
				Escalated: frac(a.esc[Escalated], a.escN),
				Useful:    frac(a.esc[Useful], a.escN),
				Incorrect: frac(a.esc[Incorrect], a.escN),
			},
			Coherence: CoherenceMetrics{
				ClarificationRate: frac(a.clar, a.n),
				MeanTurns:         frac(a.turns, a.n),
				MeanReplyChars:    frac(a.chars, a.replies),
			},
		}
	}
	return m
}

func frac(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// ReplayAgentNames returns the replayed agents sorted.
func (m Metrics) ReplayAgentNames() []string {
	var out []string
	for n := range m.Replay {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// AgentNames returns m's agents sorted.
func (m Metrics) AgentNames() []string {
	var out []string
	for n := range m.Agents {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Breakdown is one row of a per-topic or per-turn table.
type Breakdown struct {
	Agent     string
	Key       string // topic, or the number of agent turns
	N         int    // resolvable dialogues
	Correct   float64
	Partial   float64
	Incorrect float64
}

// ByTopic breaks the resolvable results down by agent and topic.
func (r *Result) ByTopic() []Breakdown {
	return r.breakdown(func(d *simulator.Dialogue) string {
		if d.Topic == "" {
			return "(none)"
		}
		return d.Topic
	})
}

// ByTurns breaks the resolvable results down by agent and number of agent turns.
func (r *Result) ByTurns() []Breakdown {
	return r.breakdown(func(d *simulator.Dialogue) string {
		return fmt.Sprintf("%02d", len(d.AgentTurns()))
	})
}

func (r *Result) breakdown(key func(*simulator.Dialogue) string) []Breakdown {
	type k struct{ agent, key string }
	counts := map[k]map[Label]int{}
	for _, s := range r.Scored {
		if s.Dialogue.Kind != inquiry.Resolvable || !s.judged() {
			continue
		}
		kk := k{s.Dialogue.Agent, key(s.Dialogue)}
		if counts[kk] == nil {
			counts[kk] = map[Label]int{}
		}
		counts[kk][s.Judgement.Label]++
	}
	var out []Breakdown
	for kk, c := range counts {
		n := c[Correct] + c[Partial] + c[Incorrect]
		out = append(out, Breakdown{Agent: kk.agent, Key: kk.key, N: n,
			Correct: frac(c[Correct], n), Partial: frac(c[Partial], n), Incorrect: frac(c[Incorrect], n)})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Key != out[j].Key {
			return out[i].Key < out[j].Key
		}
		return out[i].Agent < out[j].Agent
	})
	return out
}

// simulated reports whether r's report shows the simulated evaluation:
// when it judged dialogues, or when nothing else ran.
func (r *Result) simulated() bool {
	return len(r.Scored) > 0 || (r.Replay == nil && r.Questions == nil)
}

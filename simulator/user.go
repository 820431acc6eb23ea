package simulator

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/inquiry"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/prompts"
)

// Decision is the user's move after an agent reply.
type Decision struct {
	End   bool
	Reply string
}

// User plays the customer of one inquiry. history holds the dialogue so far,
// ending with the agent's latest turn.
type User interface {
	Next(ctx context.Context, q *inquiry.Inquiry, history []Turn) (Decision, error)
}

// DontKnow is what the rule-based user says when its facts don't answer.
const DontKnow = "I don't know."

// RuleUser is the offline user: it ends on an escalation, and on a
// resolution unless the answer offers, for more, an option that states its
// own situation (see situationOption); it answers clarifications from its
// hidden facts. When no fact matches a clarification's options, it picks
// the option closest to its gold answer and its first message, as a
// customer who knows their own situation would.
// When nothing matches (an off-target clarification, or a request to
// rephrase), it restates its problem once with what it knows, as a person
// would, and after that says it does not know.
type RuleUser struct{}

var _ User = RuleUser{}

// Next implements User.
func (RuleUser) Next(_ context.Context, q *inquiry.Inquiry, history []Turn) (Decision, error) {
	if len(history) == 0 {
		return Decision{}, errors.New("rule user: no agent turn to answer")
	}
	last := history[len(history)-1]
	facts := factTerms(q)
	if last.Action == dialogue.Resolution {
		if o, ok := situationOption(last.Options, facts, history); ok {
			return Decision{Reply: o.Value}, nil
		}
		return Decision{End: true}, nil
	}
	if last.Action == dialogue.Escalation {
		return Decision{End: true}, nil
	}
	if len(last.Options) > 0 {
		if o, ok := pickOption(last.Options, facts); ok {
			return Decision{Reply: o.Value}, nil
		}
		if o, ok := closestToGold(last.Options, q); ok {
			return Decision{Reply: o.Value}, nil
		}
	} else if f, ok := bestFact(last.Text, facts); ok {
		return Decision{Reply: sentence(f.value)}, nil
	}
	restated := restatement(q, facts)
	for _, t := range history {
		if t.Role == "user" && t.Text == restated {
			return Decision{Reply: DontKnow}, nil
		}
	}
	return Decision{Reply: restated}, nil
}

// restatement is the user's problem said again with every hidden fact added.
func restatement(q *inquiry.Inquiry, facts []fact) string {
	parts := []string{sentence(q.Utterance)}
	for _, f := range facts {
		parts = append(parts, sentence(f.value))
	}
	return strings.Join(parts, " ")
}

type fact struct {
	key, value string
	terms      map[string]bool // of the value
	keyTerms   map[string]bool // of the key and the value
}

// factTerms returns q's hidden facts in key order, so choices are deterministic.
func factTerms(q *inquiry.Inquiry) []fact {
	var out []fact
	for k, v := range q.HiddenFacts {
		key := strings.ReplaceAll(k, "_", " ")
		out = append(out, fact{key: k, value: v, terms: lexical.TermSet(v), keyTerms: lexical.TermSet(key + " " + v)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	return out
}

// pickOption returns the option whose label best matches a hidden fact
// value: the share of the label's terms the value contains, ties broken by
// the share of the value's terms the label contains.
func pickOption(opts []dialogue.Option, facts []fact) (dialogue.Option, bool) {
	best, bestScore := -1, 0.0
	for i, o := range opts {
		label := lexical.TermSet(o.Label)
		for _, f := range facts {
			score := lexical.Overlap(label, f.terms) + 0.5*lexical.Overlap(f.terms, label)
			if score > bestScore {
				best, bestScore = i, score
			}
		}
	}
	if best < 0 {
		return dialogue.Option{}, false
	}
	return opts[best], true
}

// situationOption returns the option an answer offers for more that states
// the user's own situation: most of its label's terms (more than
// situationMatch) are in one hidden fact's value ("Your account is locked"
// when the user's account is locked), and the user has not sent it before.
// A customer whose situation is listed under an answer clicks it; one
// whose situation is not, or who is only near it, takes the answer.
func situationOption(opts []dialogue.Option, facts []fact, history []Turn) (dialogue.Option, bool) {
	said := map[string]bool{}
	for _, t := range history {
		if t.Role == "user" {
			said[t.Text] = true
		}
	}
	best, bestShare := -1, situationMatch
	for i, o := range opts {
		if said[o.Value] || said[o.Label] {
			continue
		}
		label := lexical.TermSet(o.Label)
		for _, f := range facts {
			if share := lexical.Overlap(label, f.terms); share > bestShare {
				best, bestShare = i, share
			}
		}
	}
	if best < 0 {
		return dialogue.Option{}, false
	}
	return opts[best], true
}

// situationMatch is the share of an option label's terms one hidden fact
// must hold, beyond which the option states the user's situation.
const situationMatch = 0.5

// closestToGold returns the option whose label's terms the inquiry's gold
// answer (with the user's first message) contains most: the largest share,
// ties broken by the number of terms shared and then by the order offered;
// none when no label has more than half of its terms in the gold answer.
func closestToGold(opts []dialogue.Option, q *inquiry.Inquiry) (dialogue.Option, bool) {
	gold := lexical.TermSet(q.Utterance + "\n" + q.GoldResponse + "\n" + strings.Join(q.CoreFacts, "\n"))
	best, bestShare, bestHits := -1, 0.0, 0
	for i, o := range opts {
		label := lexical.TermSet(o.Label)
		share := lexical.Overlap(label, gold)
		hits := int(math.Round(share * float64(len(label))))
		if share > bestShare || share == bestShare && hits > bestHits {
			best, bestShare, bestHits = i, share, hits
		}
	}
	if best < 0 || bestShare <= goldMatch {
		return dialogue.Option{}, false
	}
	return opts[best], true
}

// goldMatch is the share of an option label's terms the gold answer must
// exceed: a customer picks an option that describes their situation, not
// one that merely shares a word with it ("booked online" when they booked
// through a partner site).
const goldMatch = 0.5

// bestFact returns the hidden fact (key and value) the question is most about.
func bestFact(question string, facts []fact) (fact, bool) {
	q := lexical.TermSet(question)
	best, bestScore := -1, 0.0
	for i, f := range facts {
		if score := lexical.Overlap(f.keyTerms, q); score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return fact{}, false
	}
	return facts[best], true
}

func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?") {
		return s
	}
	return s + "."
}

// LLMUser is a user-LLM playing the customer with the inquiry's hidden facts.
type LLMUser struct {
	LLM llm.JSONModel
	// Timeout bounds one call; 0 means DefaultUserTimeout.
	Timeout time.Duration
}

var _ User = LLMUser{}

type userAnswer struct {
	Action string `json:"action"`
	Reply  string `json:"reply"`
}

func (a *userAnswer) Validate() error {
	switch a.Action {
	case "end":
		return nil
	case "continue":
		if strings.TrimSpace(a.Reply) == "" {
			return errors.New(`"reply" must be non-empty when "action" is "continue"`)
		}
		return nil
	}
	return fmt.Errorf(`"action" must be "continue" or "end", not %q`, a.Action)
}

// Next implements User.
func (u LLMUser) Next(ctx context.Context, q *inquiry.Inquiry, history []Turn) (Decision, error) {
	data := prompts.SimUser{Utterance: q.Utterance}
	for _, f := range factTerms(q) {
		data.HiddenFacts = append(data.HiddenFacts, prompts.Fact{Key: f.key, Value: f.value})
	}
	for _, t := range history {
		text := t.Text
		if len(t.Options) > 0 {
			var labels []string
			for _, o := range t.Options {
				labels = append(labels, o.Label)
			}
			text += " (options: " + strings.Join(labels, "; ") + ")"
		}
		data.History = append(data.History, prompts.ChatTurn{Role: t.Role, Text: text})
	}
	msgs, err := prompts.Messages("sim_user", data)
	if err != nil {
		return Decision{}, err
	}
	var a userAnswer
	if u.Timeout == 0 {
		u.Timeout = DefaultUserTimeout
	}
	cctx, cancel := u.callContext(ctx)
	defer cancel()
	if err := u.LLM.JSON(cctx, msgs, &a); err != nil {
		return Decision{}, fmt.Errorf("simulated user for %s: %w", q.ID, err)
	}
	return Decision{End: a.Action == "end", Reply: strings.TrimSpace(a.Reply)}, nil
}

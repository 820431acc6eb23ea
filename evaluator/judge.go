// Package evaluator scores simulated dialogues as the study does: resolvable
// inquiries are labelled correct, partial or incorrect against their core
// facts; escalation-required inquiries escalated, useful or incorrect; it
// adds the erroneous-escalation rate, dialogue coherence (clarification rate,
// turns, reply length), agreement with human labels (quadratic-weighted
// Cohen's kappa) and writes Markdown, HTML and JSON reports.
package evaluator

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/inquiry"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/llm"
	"github.com/helpgraph/helpgraph/prompts"
	"github.com/helpgraph/helpgraph/simulator"
)

// Label is a judgement of one dialogue.
type Label string

const (
	Correct   Label = "correct"
	Partial   Label = "partial"
	Incorrect Label = "incorrect"
	Escalated Label = "escalated" // escalation inquiries only
	Useful    Label = "useful"    // escalation inquiries only
)

// Judgement is a label with the reason for it.
type Judgement struct {
	Label  Label  `json:"label"`
	Reason string `json:"reason,omitempty"`
	// ErroneousEscalation marks a resolvable inquiry the agent escalated.
	ErroneousEscalation bool `json:"erroneous_escalation,omitempty"`
	// Conveyed counts the core facts found in the agent's replies (offline judge).
	Conveyed int `json:"conveyed"`
}

// Judge labels one dialogue.
type Judge interface {
	Judge(ctx context.Context, d *simulator.Dialogue) (Judgement, error)
}

// RuleJudge is the offline judge: core-fact coverage and contradiction checks.
type RuleJudge struct{}

var _ Judge = RuleJudge{}

// escalated reports whether the agent handed the dialogue over.
func escalated(d *simulator.Dialogue) bool {
	if d.FinalAction == dialogue.Escalation {
		return true
	}
	for _, t := range d.AgentTurns() {
		if t.Action == dialogue.Escalation {
			return true
		}
	}
	return false
}

// Judge implements Judge.
func (RuleJudge) Judge(_ context.Context, d *simulator.Dialogue) (Judgement, error) {
	var replies []string
	for _, t := range d.AgentTurns() {
		replies = append(replies, t.Text)
	}
	text := strings.Join(replies, "\n")
	conveyed := 0
	for _, f := range d.CoreFacts {
		if Conveys(text, f) {
			conveyed++
		}
	}
	j := Judgement{Conveyed: conveyed}
	if d.Kind == inquiry.Escalation {
		switch {
		case escalated(d):
			j.Label, j.Reason = Escalated, "the agent handed over to a person"
		case conveyed > 0:
			j.Label, j.Reason = Useful, fmt.Sprintf("no handover, but %d core fact(s) conveyed", conveyed)
		default:
			j.Label, j.Reason = Incorrect, "no handover and no core fact conveyed"
		}
		return j, nil
	}
	if escalated(d) {
		j.Label, j.ErroneousEscalation = Incorrect, true
		j.Reason = "escalated an inquiry the help center answers"
		return j, nil
	}
	if slot, got, want, ok := Contradiction(d.GoldResponse, text); ok {
		j.Label = Incorrect
		j.Reason = fmt.Sprintf("contradicts the gold response: %s %q where the gold says %q", slot, got, want)
		return j, nil
	}
	switch {
	case len(d.CoreFacts) > 0 && conveyed == len(d.CoreFacts):
		j.Label, j.Reason = Correct, "all core facts conveyed"
	case conveyed > 0:
		j.Label, j.Reason = Partial, fmt.Sprintf("%d of %d core facts conveyed", conveyed, len(d.CoreFacts))
	default:
		j.Label, j.Reason = Incorrect, "no core fact conveyed"
	}
	return j, nil
}

// factCoverage is the share of a fact's content words a reply must contain.
const factCoverage = 0.8

// Conveys reports whether text conveys fact: the normalised fact is a
// substring of the normalised text, or ≥80% of the fact's content words
// (stemmed) appear in it.
func Conveys(text, fact string) bool {
	nf := lexical.Normalize(fact)
	if nf == "" {
		return false
	}
	nt := lexical.Normalize(text)
	if strings.Contains(" "+nt+" ", " "+nf+" ") {
		return true
	}
	want := lexical.TermSet(fact)
	if len(want) == 0 {
		return false
	}
	return lexical.Overlap(want, lexical.TermSet(text)) >= factCoverage
}

// Slots whose values must agree with the gold response. A slot is a kind of
// value (a phone number, a URL, an e-mail) or a number with its unit.
var (
	slotPhone  = lexical.PhoneNumber
	slotURL    = lexical.URL
	slotEmail  = lexical.Email
	slotNumber = regexp.MustCompile(`(?i)([$€£¥])?\s?(\d+(?:[.,]\d+)?)\s?(%|(?:percent|days?|hours?|minutes?|weeks?|months?|years?|nights?|usd|eur|yen|points?)\b)?`)
)

// Contradiction looks for a slot whose value in reply differs from every
// value of that slot in gold, while the gold value is absent from reply:
// the agent stated something else for the same thing.
func Contradiction(gold, reply string) (slot, got, want string, ok bool) {
	goldVals, replyVals := slots(gold), slots(reply)
	for s, gv := range goldVals {
		rv := replyVals[s]
		if len(rv) == 0 {
			continue
		}
		shared := false
		for v := range rv {
			if gv[v] {
				shared = true
				break
			}
		}
		if shared {
			continue
		}
		for v := range rv {
			for w := range gv {
				return s, v, w, true
			}
		}
	}
	return "", "", "", false
}

// slots extracts slot -> set of values. Plain numbers without a unit are
// left out: they are too often list positions or times.
func slots(s string) map[string]map[string]bool {
	out := make(map[string]map[string]bool)
	add := func(slot, v string) {
		if out[slot] == nil {
			out[slot] = make(map[string]bool)
		}
		out[slot][v] = true
	}
	for _, m := range slotURL.FindAllString(s, -1) {
		add("url", strings.TrimRight(strings.ToLower(m), "/.,"))
	}
	s = slotURL.ReplaceAllString(s, " ")
	for _, m := range slotEmail.FindAllString(s, -1) {
		add("email", strings.ToLower(m))
	}
	s = slotEmail.ReplaceAllString(s, " ")
	for _, m := range slotPhone.FindAllString(s, -1) {
		add("phone", strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, m))
	}
	s = slotPhone.ReplaceAllString(s, " ")
	for _, m := range slotNumber.FindAllStringSubmatch(s, -1) {
		unit := strings.ToLower(m[1] + m[3])
		if unit == "" {
			continue
		}
		unit = strings.TrimSuffix(unit, "s")
		if unit == "percent" {
			unit = "%"
		}
		add("number "+unit, strings.ReplaceAll(m[2], ",", ""))
	}
	return out
}

// LLMJudge asks an evaluator LLM for the label. Erroneous escalation is
// still decided from the agent's actions, which are facts, not judgements.
type LLMJudge struct {
	LLM llm.JSONModel
}

var _ Judge = LLMJudge{}

type judgeAnswer struct {
	Label  Label  `json:"label"`
	Reason string `json:"reason"`
	kind   inquiry.Kind
}

func (a *judgeAnswer) Validate() error {
	ok := a.Label == Correct || a.Label == Partial || a.Label == Incorrect
	if a.kind == inquiry.Escalation {
		ok = a.Label == Escalated || a.Label == Useful || a.Label == Incorrect
	}
	if !ok {
		if a.kind == inquiry.Escalation {
			return fmt.Errorf(`"label" must be "escalated", "useful" or "incorrect", not %q`, a.Label)
		}
		return fmt.Errorf(`"label" must be "correct", "partial" or "incorrect", not %q`, a.Label)
	}
	if strings.TrimSpace(a.Reason) == "" {
		return errors.New(`"reason" must be a non-empty string`)
	}
	return nil
}

// Judge implements Judge.
func (j LLMJudge) Judge(ctx context.Context, d *simulator.Dialogue) (Judgement, error) {
	data := prompts.EvalJudge{GoldResponse: d.GoldResponse, CoreFacts: d.CoreFacts}
	for _, t := range d.Turns {
		if t.Role == "user" && data.Utterance == "" {
			data.Utterance = t.Text
		}
		if t.Role == "agent" {
			data.AgentTurns = append(data.AgentTurns, t.Text)
		}
	}
	name := "eval_resolvable"
	if d.Kind == inquiry.Escalation {
		name = "eval_escalation"
	}
	msgs, err := prompts.Messages(name, data)
	if err != nil {
		return Judgement{}, err
	}
	// The validator needs the kind; JSON decodes into a fresh value, so the
	// kind travels in a closure-free wrapper type per kind.
	var ans Judgement
	if d.Kind == inquiry.Escalation {
		var a escalationAnswer
		if err := j.LLM.JSON(ctx, msgs, &a); err != nil {
			return Judgement{}, fmt.Errorf("judging dialogue %s: %w", d.ID, err)
		}
		ans = Judgement{Label: a.Label, Reason: a.Reason}
	} else {
		var a resolvableAnswer
		if err := j.LLM.JSON(ctx, msgs, &a); err != nil {
			return Judgement{}, fmt.Errorf("judging dialogue %s: %w", d.ID, err)
		}
		ans = Judgement{Label: a.Label, Reason: a.Reason}
		if escalated(d) {
			ans.Label, ans.ErroneousEscalation = Incorrect, true
		}
	}
	return ans, nil
}

type resolvableAnswer struct {
	Label  Label  `json:"label"`
	Reason string `json:"reason"`
}

func (a *resolvableAnswer) Validate() error {
	return (&judgeAnswer{Label: a.Label, Reason: a.Reason, kind: inquiry.Resolvable}).Validate()
}

type escalationAnswer struct {
	Label  Label  `json:"label"`
	Reason string `json:"reason"`
}

func (a *escalationAnswer) Validate() error {
	return (&judgeAnswer{Label: a.Label, Reason: a.Reason, kind: inquiry.Escalation}).Validate()
}

package evaluator

import (
	"fmt"
	"sort"
	"strings"

	"github.com/helpgraph/helpgraph/llm"
)

// Provenance says what produced an evaluation: which judge ran (an LLM and
// its model, or the rule-based one), which simulated users and models each
// agent's dialogues came from, and the LLM tokens and estimated cost of both.
type Provenance struct {
	Judge        string            `json:"judge"` // "rule-based" or "llm:<model>"
	JudgeLLM     *llm.TallyStats   `json:"judge_llm,omitempty"`
	JudgeCostUSD float64           `json:"judge_cost_usd,omitempty"`
	Agents       map[string]Source `json:"agents"`
}

// Source is where one agent's dialogues came from.
type Source struct {
	Users   []string       `json:"users"`            // simulated users that ran, e.g. ["llm:gpt-4o-mini"]
	Models  []string       `json:"models,omitempty"` // LLMs of the agent and user; none offline
	LLM     llm.TallyStats `json:"llm"`              // simulation tokens, from the dialogue files
	CostUSD float64        `json:"cost_usd"`
	// Unknown counts dialogues whose file has no provenance (written by an
	// older simulate).
	Unknown int `json:"unknown,omitempty"`
}

// RuleJudgeName is the Judge name of the rule-based judge.
const RuleJudgeName = "rule-based"

// JudgeName names j for provenance: its Name method, or RuleJudgeName.
func JudgeName(j Judge) string {
	if n, ok := j.(interface{ Name() string }); ok {
		return n.Name()
	}
	return RuleJudgeName
}

// Name is the provenance name of the LLM judge.
func (j LLMJudge) Name() string {
	if m, ok := j.LLM.(interface{ Model() string }); ok {
		return "llm:" + m.Model()
	}
	return "llm"
}

func provenance(scored []Scored, opts Options, judge llm.TallyStats) *Provenance {
	prices := opts.Prices
	if prices == nil {
		prices = llm.DefaultPrices()
	}
	p := &Provenance{Judge: JudgeName(opts.Judge), Agents: map[string]Source{}}
	if model, ok := strings.CutPrefix(p.Judge, "llm:"); ok {
		p.JudgeLLM = &judge
		p.JudgeCostUSD, _ = judge.Cost(prices, model)
	}
	users, models := map[string]map[string]bool{}, map[string]map[string]bool{}
	for _, s := range scored {
		d := s.Dialogue
		src := p.Agents[d.Agent]
		if users[d.Agent] == nil {
			users[d.Agent], models[d.Agent] = map[string]bool{}, map[string]bool{}
		}
		if d.Provenance == nil {
			src.Unknown++
			p.Agents[d.Agent] = src
			continue
		}
		users[d.Agent][d.Provenance.User] = true
		if d.Provenance.Model != "" {
			models[d.Agent][d.Provenance.Model] = true
		}
		if u := d.Provenance.LLM; u != nil {
			src.LLM.Calls += u.Calls
			src.LLM.PromptTokens += u.PromptTokens
			src.LLM.CompletionTokens += u.CompletionTokens
		}
		src.CostUSD += d.Provenance.CostUSD
		p.Agents[d.Agent] = src
	}
	for a, src := range p.Agents {
		src.Users, src.Models = sortedKeys(users[a]), sortedKeys(models[a])
		p.Agents[a] = src
	}
	return p
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// provenanceMarkdown is the report's provenance section.
func provenanceMarkdown(m Metrics) string {
	var b strings.Builder
	b.WriteString("\n## Provenance\n\n")
	if p := m.Provenance; p != nil {
		fmt.Fprintf(&b, "Judge: %s", p.Judge)
		if p.JudgeLLM != nil {
			fmt.Fprintf(&b, " (%d calls, %d prompt + %d completion tokens, estimated $%.4f)",
				p.JudgeLLM.Calls, p.JudgeLLM.PromptTokens, p.JudgeLLM.CompletionTokens, p.JudgeCostUSD)
		}
		b.WriteString("\n\n")
	}
	b.WriteString("| agent | simulated user | models | LLM calls | tokens (prompt + completion) | est. cost | failed | unjudged |\n|---|---|---|---:|---:|---:|---:|---:|\n")
	for _, a := range m.AgentNames() {
		x := m.Agents[a]
		var src Source
		if m.Provenance != nil {
			src = m.Provenance.Agents[a]
		}
		users := strings.Join(src.Users, ", ")
		if src.Unknown > 0 {
			users = strings.TrimPrefix(users+fmt.Sprintf(", %d unrecorded", src.Unknown), ", ")
		}
		models := strings.Join(src.Models, ", ")
		if models == "" {
			models = "offline"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d | %d + %d | $%.4f | %d | %d |\n", a, mdCell(users), mdCell(models),
			src.LLM.Calls, src.LLM.PromptTokens, src.LLM.CompletionTokens, src.CostUSD, x.Failed, x.Unjudged)
	}
	b.WriteString("\nFailed and unjudged dialogues are counted here and left out of every rate above.\n")
	return b.String()
}

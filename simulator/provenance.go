package simulator

import (
	"context"
	"time"

	"github.com/helpgraph/helpgraph/llm"
)

// Provenance records what produced a dialogue, so a report can say whether
// an LLM or the rule-based user ran, with which model, and at what cost.
type Provenance struct {
	User  string `json:"user"`            // "rule-based" or "llm:<model>"
	Model string `json:"model,omitempty"` // the LLM of the agent and the user; "" offline
	// LLM counts this dialogue's requests and tokens (agent and user).
	LLM     *llm.TallyStats `json:"llm,omitempty"`
	CostUSD float64         `json:"cost_usd,omitempty"`
}

// RuleUserName is the User name of the rule-based user.
const RuleUserName = "rule-based"

// UserName names u for provenance: its Name method, or RuleUserName.
func UserName(u User) string {
	if n, ok := u.(interface{ Name() string }); ok {
		return n.Name()
	}
	return RuleUserName
}

// Name implements the provenance name of LLMUser.
func (u LLMUser) Name() string {
	if m, ok := u.LLM.(interface{ Model() string }); ok {
		return "llm:" + m.Model()
	}
	return "llm"
}

// callContext bounds one simulated-user call by u.Timeout.
func (u LLMUser) callContext(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx = llm.WithStep(ctx, "sim_user")
	if u.Timeout <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, u.Timeout)
}

// DefaultUserTimeout bounds one simulated-user LLM call.
const DefaultUserTimeout = 30 * time.Second

// provenance returns d's provenance from the run's options and its tally.
func (o Options) provenance(t *llm.Tally) *Provenance {
	p := &Provenance{User: UserName(o.User), Model: o.Model}
	if o.Model == "" {
		return p
	}
	st := t.Stats()
	p.LLM = &st
	prices := o.Prices
	if prices == nil {
		prices = llm.DefaultPrices()
	}
	p.CostUSD, _ = st.Cost(prices, o.Model)
	return p
}

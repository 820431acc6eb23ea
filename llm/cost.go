package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"
)

// Price is what a model costs, in US dollars per million tokens.
type Price struct {
	Prompt     float64 `json:"prompt"`
	Completion float64 `json:"completion"`
}

// Prices maps model names to prices. A model not listed matches the longest
// listed name it starts with ("gpt-4o-mini-2024-07-18" → "gpt-4o-mini").
type Prices map[string]Price

// DefaultPrices are list prices of common models when this table was written;
// they go stale, which is why HELPGRAPH_LLM_PRICES overrides them.
func DefaultPrices() Prices {
	return Prices{
		"gpt-4o-mini":            {Prompt: 0.15, Completion: 0.60},
		"gpt-4o":                 {Prompt: 2.50, Completion: 10.00},
		"gpt-4.1":                {Prompt: 2.00, Completion: 8.00},
		"gpt-4.1-mini":           {Prompt: 0.40, Completion: 1.60},
		"gpt-4.1-nano":           {Prompt: 0.10, Completion: 0.40},
		"gpt-5":                  {Prompt: 1.25, Completion: 10.00},
		"gpt-5-mini":             {Prompt: 0.25, Completion: 2.00},
		"gpt-5-nano":             {Prompt: 0.05, Completion: 0.40},
		"text-embedding-3-small": {Prompt: 0.02},
		"text-embedding-3-large": {Prompt: 0.13},
	}
}

// Lookup returns model's price.
func (p Prices) Lookup(model string) (Price, bool) {
	if pr, ok := p[model]; ok {
		return pr, true
	}
	best := ""
	for name := range p {
		if strings.HasPrefix(model, name) && len(name) > len(best) {
			best = name
		}
	}
	if best == "" {
		return Price{}, false
	}
	return p[best], true
}

// ParsePrices reads a price table: JSON {"model": {"prompt": 0.15,
// "completion": 0.6}, ...}, or the same inline as
// "model=prompt/completion,model=prompt" (per million tokens).
func ParsePrices(s string) (Prices, error) {
	s = strings.TrimSpace(s)
	out := Prices{}
	if strings.HasPrefix(s, "{") {
		dec := json.NewDecoder(bytes.NewReader([]byte(s)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&out); err != nil {
			return nil, fmt.Errorf("price table: %w", err)
		}
		for m, p := range out {
			if p.Prompt < 0 || p.Completion < 0 {
				return nil, fmt.Errorf("price table: negative price for %q", m)
			}
		}
		return out, nil
	}
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		model, price, ok := strings.Cut(item, "=")
		if !ok || strings.TrimSpace(model) == "" {
			return nil, fmt.Errorf("price table: %q is not model=prompt/completion", item)
		}
		var p Price
		in, outp, hasOut := strings.Cut(price, "/")
		if _, err := fmt.Sscanf(strings.TrimSpace(in), "%g", &p.Prompt); err != nil || p.Prompt < 0 {
			return nil, fmt.Errorf("price table: bad prompt price in %q", item)
		}
		if hasOut {
			if _, err := fmt.Sscanf(strings.TrimSpace(outp), "%g", &p.Completion); err != nil || p.Completion < 0 {
				return nil, fmt.Errorf("price table: bad completion price in %q", item)
			}
		}
		out[strings.TrimSpace(model)] = p
	}
	return out, nil
}

// LoadPrices returns the default table overridden by spec: empty (defaults
// only), a JSON or inline table (see ParsePrices), or the path of a file
// holding one.
func LoadPrices(spec string) (Prices, error) {
	prices := DefaultPrices()
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return prices, nil
	}
	text := spec
	if !strings.HasPrefix(spec, "{") && !strings.Contains(spec, "=") {
		b, err := os.ReadFile(spec)
		if err != nil {
			return nil, fmt.Errorf("reading price table: %w", err)
		}
		text = string(b)
	}
	over, err := ParsePrices(text)
	if err != nil {
		return nil, err
	}
	maps.Copy(prices, over)
	return prices, nil
}

// Usage is the tokens of one model, and what they cost.
type Usage struct {
	Model            string  `json:"model"`
	PromptTokens     int64   `json:"prompt_tokens"`
	CompletionTokens int64   `json:"completion_tokens"`
	CostUSD          float64 `json:"cost_usd"`
	Priced           bool    `json:"priced"` // false: the model is not in the price table
}

// Usage returns s's tokens by model (chat and embeddings) with their
// estimated cost under prices.
func (s Stats) Usage(prices Prices) []Usage {
	var out []Usage
	add := func(model string, prompt, completion int64) {
		if model == "" || prompt+completion == 0 {
			return
		}
		u := Usage{Model: model, PromptTokens: prompt, CompletionTokens: completion}
		if p, ok := prices.Lookup(model); ok {
			u.Priced = true
			u.CostUSD = (float64(prompt)*p.Prompt + float64(completion)*p.Completion) / 1e6
		}
		out = append(out, u)
	}
	add(s.Model, s.PromptTokens, s.CompletionTokens)
	add(s.EmbeddingModel, s.EmbeddingTokens, 0)
	return out
}

// Summary is one line for people: calls, tokens and estimated cost.
func (s Stats) Summary(prices Prices) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "llm: %d calls, %d cache hits, %d prompt + %d completion tokens",
		s.Calls, s.CacheHits, s.PromptTokens, s.CompletionTokens)
	if s.EmbeddingTokens > 0 {
		fmt.Fprintf(&sb, ", %d embedding tokens", s.EmbeddingTokens)
	}
	var total float64
	var unpriced []string
	for _, u := range s.Usage(prices) {
		total += u.CostUSD
		if !u.Priced {
			unpriced = append(unpriced, u.Model)
		}
	}
	fmt.Fprintf(&sb, ", estimated cost $%.4f", total)
	if len(unpriced) > 0 {
		fmt.Fprintf(&sb, " (no price for %s: set HELPGRAPH_LLM_PRICES)", strings.Join(unpriced, ", "))
	}
	if s.Unavailable > 0 {
		fmt.Fprintf(&sb, ", %d calls refused while the endpoint was down", s.Unavailable)
	}
	return sb.String()
}

// StepNames returns the steps in s, sorted.
func (s Stats) StepNames() []string {
	names := slices.Collect(maps.Keys(s.Steps))
	sort.Strings(names)
	return names
}

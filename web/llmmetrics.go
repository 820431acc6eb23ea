package web

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/helpgraph/helpgraph/llm"
)

// llmCollector exports the LLM client's counters by step (dialogue_identify,
// dialogue_embed...), read at scrape time.
type llmCollector struct {
	stats                         func() llm.Stats
	requests, tokens, unavailable *prometheus.Desc
}

func newLLMCollector(stats func() llm.Stats) *llmCollector {
	return &llmCollector{
		stats: stats,
		requests: prometheus.NewDesc("helpgraph_llm_step_requests_total",
			"LLM requests answered, by step.", []string{"step"}, nil),
		tokens: prometheus.NewDesc("helpgraph_llm_tokens_total",
			"LLM tokens, by step and kind (prompt or completion).", []string{"step", "kind"}, nil),
		unavailable: prometheus.NewDesc("helpgraph_llm_unavailable_total",
			"LLM calls refused because the endpoint failed recently (circuit breaker open).", nil, nil),
	}
}

func (c *llmCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.requests
	ch <- c.tokens
	ch <- c.unavailable
}

func (c *llmCollector) Collect(ch chan<- prometheus.Metric) {
	st := c.stats()
	for _, step := range st.StepNames() {
		s := st.Steps[step]
		ch <- prometheus.MustNewConstMetric(c.requests, prometheus.CounterValue, float64(s.Calls), step)
		ch <- prometheus.MustNewConstMetric(c.tokens, prometheus.CounterValue, float64(s.PromptTokens), step, "prompt")
		ch <- prometheus.MustNewConstMetric(c.tokens, prometheus.CounterValue, float64(s.CompletionTokens), step, "completion")
	}
	ch <- prometheus.MustNewConstMetric(c.unavailable, prometheus.CounterValue, float64(st.Unavailable))
}

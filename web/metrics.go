package web

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/helpgraph/helpgraph/llm"
)

// metrics live in the server's own registry, so several servers (tests) can
// coexist and nothing leaks into the global one.
type metrics struct {
	reg        *prometheus.Registry
	turns      prometheus.Counter
	actions    *prometheus.CounterVec
	latency    prometheus.Histogram
	generation prometheus.Gauge
	feedback   *prometheus.CounterVec
}

func newMetrics(llmStats func() llm.Stats) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		turns: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "helpgraph_turns_total", Help: "Chat turns answered.",
		}),
		actions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "helpgraph_actions_total", Help: "Chat turns by the action the agent took.",
		}, []string{"action"}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "helpgraph_turn_duration_seconds", Help: "Time to answer one chat turn, persistence included.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 16),
		}),
		generation: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "helpgraph_graph_generation", Help: "Build generation of the graph being served.",
		}),
		feedback: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "helpgraph_feedback_total", Help: "Customers' ratings of answers, by whether the answer helped.",
		}, []string{"helpful"}),
	}
	m.reg.MustRegister(m.turns, m.actions, m.latency, m.generation, m.feedback,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if llmStats != nil {
		m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "helpgraph_llm_calls_total", Help: "LLM requests that reached the endpoint.",
		}, func() float64 { return float64(llmStats().Calls) }))
		m.reg.MustRegister(newLLMCollector(llmStats))
	}
	return m
}

package dialogue

import (
	"context"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/graphtest"
	"github.com/helpgraph/helpgraph/verdict"
)

// benchGraphs are the graphs the benchmarks run on, with a conversation
// script typical of each (first messages, clarification answers, follow-ups,
// topic changes and a miss).
var benchGraphs = []struct {
	name   string
	graph  func(testing.TB) *graph.Graph
	script []string
}{
	{"sample", sampleGraph, []string{
		"I'm getting an error when trying to change my booking",
		"by phone",
		"what about as a guest?",
		"I can't find the confirmation code of my reservation",
		"2",
		"how do I cancel my booking 48213 on 12 March at Hotel Sunrise?",
		"my card was declined",
		"asdf qwerty",
	}},
	{"synthetic-100k", func(testing.TB) *graph.Graph { return verdict.Judged(graphtest.Synthetic(100_000, 1)) }, syntheticScript},
	// The same size in five language folders of 20,000 nodes each (the
	// text is the synthetic English): what routing a message costs.
	{"synthetic-100k-5lang", func(testing.TB) *graph.Graph { return verdict.Judged(inLanguageFolders(20_000)) }, syntheticScript},
	// The same help center written as 10,000 pages and built offline, as
	// `helpgraph build` would: the extractor's nodes, intents and verdicts.
	{"pages-100k", func(tb testing.TB) *graph.Graph {
		g, err := syntheticPagesGraph()
		if err != nil {
			tb.Fatal(err)
		}
		return g
	}, syntheticScript},
}

var syntheticScript = []string{
	"How do I reset my password?",
	"1",
	"what about in the iOS app?",
	"I can't cancel my subscription",
	"refund not working on the web dashboard",
	"the second one",
	"Where can I download the invoice in a business plan?",
	"asdf qwerty",
}

// syntheticPagesGraph builds the pages of graphtest.Synthetic(100_000, 1)
// once per test binary (about 110,000 nodes: the extractor adds a node per
// page title).
var syntheticPagesGraph = sync.OnceValues(func() (*graph.Graph, error) {
	dir, err := os.MkdirTemp("", "dialogue-pages-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if _, err := graphtest.WriteSyntheticPages(dir, 100_000, 1); err != nil {
		return nil, err
	}
	return buildGraph(dir)
})

// BenchmarkTurn measures one user message end to end (offline), cycling
// through each graph's script in one session that restarts with the script.
// The agent forgets the texts it has read at each restart: each message is
// new to it, as a customer's are.
// It reports per-turn latency percentiles besides the mean.
func BenchmarkTurn(b *testing.B) {
	for _, bg := range benchGraphs {
		b.Run(bg.name, func(b *testing.B) {
			a := NewGraphAgent(bg.graph(b), Options{})
			ctx := context.Background()
			durations := make([]time.Duration, 0, b.N)
			var s *Session
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				j := i % len(bg.script)
				if j == 0 {
					s = &Session{}
					a.forgetTexts()
				}
				start := time.Now()
				if _, err := a.Respond(ctx, s, bg.script[j]); err != nil {
					b.Fatal(err)
				}
				durations = append(durations, time.Since(start))
			}
			b.StopTimer()
			slices.Sort(durations)
			pct := func(p float64) float64 {
				return float64(durations[min(len(durations)-1, int(p*float64(len(durations))))].Microseconds())
			}
			b.ReportMetric(pct(0.50), "p50-µs")
			b.ReportMetric(pct(0.99), "p99-µs")
		})
	}
}

// BenchmarkNewGraphAgent measures building an agent for a graph (the lexical
// index), which the web chat does once per rebuild.
func BenchmarkNewGraphAgent(b *testing.B) {
	for _, bg := range benchGraphs {
		b.Run(bg.name, func(b *testing.B) {
			g := bg.graph(b)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				NewGraphAgent(g, Options{})
			}
			b.ReportMetric(float64(len(g.Nodes)), "nodes")
		})
	}
}

// forgetTexts empties the agent's caches of texts read (masked messages,
// earlier messages).
func (a *GraphAgent) forgetTexts() {
	for _, p := range a.langs.parts {
		p.forgetTexts()
	}
	if a.masked == nil {
		return // the languages' agent: its parts read the texts
	}
	a.masked.Purge()
	a.earlier.mu.Lock()
	a.earlier.m = nil
	a.earlier.mu.Unlock()
}

// inLanguageFolders returns five copies of graphtest.Synthetic(nodes, 1),
// each under a language folder of the help center (en/, de/, fr/, es/, ja/).
func inLanguageFolders(nodes int) *graph.Graph {
	out := &graph.Graph{}
	for _, lang := range []string{"en", "de", "fr", "es", "ja"} {
		g := graphtest.Synthetic(nodes, 1)
		url := func(u string) string { return strings.Replace(u, ".com/", ".com/"+lang+"/", 1) }
		id := func(s string) string { return lang + "-" + s }
		for _, p := range g.Pages {
			p.URL = url(p.URL)
			out.Pages = append(out.Pages, p)
		}
		for _, n := range g.Nodes {
			n.ID, n.Page = id(n.ID), url(n.Page)
			out.Nodes = append(out.Nodes, n)
		}
		for _, e := range g.Edges {
			e.From, e.To = id(e.From), id(e.To)
			out.Edges = append(out.Edges, e)
		}
	}
	return out
}

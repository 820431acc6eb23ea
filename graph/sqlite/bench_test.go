package sqlite

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/graphtest"
)

const benchNodes = 100_000

func openBench(b *testing.B) *Store {
	b.Helper()
	s, err := Open(context.Background(), filepath.Join(b.TempDir(), "graph.db"), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

func BenchmarkReplace100k(b *testing.B) {
	g := graphtest.Synthetic(benchNodes, 1)
	s := openBench(b)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := s.Replace(ctx, g, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(benchNodes*b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkLoad100k(b *testing.B) {
	g := graphtest.Synthetic(benchNodes, 1)
	s := openBench(b)
	ctx := context.Background()
	if _, err := s.Replace(ctx, g, nil); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		got, err := s.Load(ctx)
		if err != nil {
			b.Fatal(err)
		}
		if len(got.Nodes) != benchNodes {
			b.Fatalf("loaded %d nodes, want %d", len(got.Nodes), benchNodes)
		}
	}
	b.ReportMetric(float64(benchNodes*b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkSearchIntents100k(b *testing.B) {
	g := graphtest.Synthetic(benchNodes, 1)
	s := openBench(b)
	ctx := context.Background()
	if _, err := s.Replace(ctx, g, nil); err != nil {
		b.Fatal(err)
	}
	// Sub-benchmarks by the work they cause: a selective AND, an AND
	// matching thousands of intents, and misses of the AND that fall back
	// to the OR query.
	queries := []struct{ name, query string }{
		{"specific", "where can I download the invoice in the iOS app"},
		{"common", "how do I reset my password"},
		{"fallback", "reset my password with a zebra"},
		{"fallback-common", "refund not working for the gift card"},
		{"miss", "zebra"},
	}
	for _, q := range queries {
		b.Run(q.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.SearchIntents(ctx, q.query, 10); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "queries/s")
		})
	}
}

// BenchmarkUpdate100k measures an Update of one page (ten nodes) of a
// 100k-node graph, against BenchmarkReplace100k's rewrite of all of it.
func BenchmarkUpdate100k(b *testing.B) {
	g := graphtest.Synthetic(benchNodes, 1)
	s := openBench(b)
	ctx := context.Background()
	if _, err := s.Replace(ctx, g, nil); err != nil {
		b.Fatal(err)
	}
	next := graphtest.Synthetic(benchNodes, 1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		for j := range 10 {
			next.Nodes[j].Resolution = fmt.Sprintf("%s (revision %d)", g.Nodes[j].Resolution, i)
		}
		d := graph.Changes(g, next)
		b.StartTimer()
		if _, err := s.Update(ctx, d, nil); err != nil {
			b.Fatal(err)
		}
		g, next = next, g
	}
}

//go:build cgo

package kuzu_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/ask/kuzu"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/graphtest"
)

// BenchmarkLoad measures loading a graph into the engine, which the first
// question after every build waits for: in this process's memory (inproc),
// and in a new boxed child, into a file opened again read-only (box).
//
//	go test ./ask/kuzu -run '^$' -bench Load -benchtime 1x
func BenchmarkLoad(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		snap := &ask.Snapshot{Generation: 1, Graph: graphtest.Synthetic(n, 1)}
		b.Run(fmt.Sprintf("inproc/%d", n), func(b *testing.B) {
			for range b.N {
				db, err := kuzu.Open(context.Background(), snap)
				if err != nil {
					b.Fatal(err)
				}
				db.Close()
			}
		})
		b.Run(fmt.Sprintf("box/%d", n), func(b *testing.B) {
			for range b.N {
				db, err := kuzu.NewBox(context.Background(), snap, kuzu.BoxConfig{})
				if err != nil {
					b.Fatal(err)
				}
				db.Close()
			}
		})
	}
}

// BenchmarkQuery measures a typical aggregate over a 10k-node graph, in
// this process (inproc) and in the boxed child that helpgraph uses (box):
// the difference is the round trip to the child.
//
//	go test ./ask/kuzu -run '^$' -bench Query
func BenchmarkQuery(b *testing.B) {
	snap := &ask.Snapshot{Generation: 1, Graph: graphtest.Synthetic(10000, 1)}
	q := "MATCH (a:HelpgraphNode)-[:REFERENCE]->(:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage) RETURN p.title AS title, count(a) AS refs ORDER BY refs DESC LIMIT 10"
	for _, engine := range []struct {
		name string
		open func() (ask.EngineCloser, error)
	}{
		{"inproc", func() (ask.EngineCloser, error) { return kuzu.Open(context.Background(), snap) }},
		{"box", func() (ask.EngineCloser, error) { return kuzu.NewBox(context.Background(), snap, kuzu.BoxConfig{}) }},
	} {
		b.Run(engine.name, func(b *testing.B) {
			db, err := engine.open()
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			b.ResetTimer()
			for range b.N {
				if _, err := db.Query(context.Background(), q, ask.Limits{MaxRows: 100}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

type fixedCatalog struct{ c *ask.Catalog }

func (f fixedCatalog) Catalog(context.Context) (*ask.Catalog, error) { return f.c, nil }

// BenchmarkAsk measures a whole offline question on a 10k-node graph in the
// boxed engine: masking, reading it into a form (or finding an example),
// compiling and running it. The follow-up is asked after its first turn,
// which is timed too.
//
//	go test ./ask/kuzu -run '^$' -bench Ask
func BenchmarkAsk(b *testing.B) {
	g := graphtest.Synthetic(10000, 1)
	snap := &ask.Snapshot{Generation: 1, Graph: g}
	db, err := kuzu.NewBox(context.Background(), snap, kuzu.BoxConfig{})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	a := &ask.Asker{Engine: db, Catalogs: fixedCatalog{ask.NewCatalog(g)}, Examples: ask.DefaultExamples()}
	for _, qs := range [][]string{
		{"How many sections have no resolution?"},
		{"Which pages have the most problems?"},
		{"Which articles have no incoming links?"},
		{"Which problems mention password?", "how many are there?"},
	} {
		b.Run(qs[len(qs)-1], func(b *testing.B) {
			for range b.N {
				s := &ask.Session{}
				for _, q := range qs {
					ans, err := a.Ask(context.Background(), s, q)
					if err != nil || ans.Result == nil || ans.Mode != ask.ModeForm {
						b.Fatalf("%q: %v %s (%s)", q, err, ans.Summary, ans.Mode)
					}
				}
			}
		})
	}
}

// withHandoffs returns a snapshot of g with n handoffs ending on its nodes.
func withHandoffs(g *graph.Graph, n int) *ask.Snapshot {
	s := &ask.Snapshot{Generation: 1, Graph: g}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		s.Handoffs = append(s.Handoffs, ask.Handoff{ID: int64(i + 1), ConversationID: fmt.Sprintf("c%d", i),
			CreatedAt: start.Add(time.Duration(i) * time.Minute), Intent: "refund", Turns: 4,
			EndedOn: g.Nodes[i%len(g.Nodes)].ID, LastAction: "escalation"})
	}
	return s
}

// BenchmarkReloadHandoffs measures what the engine does after a new
// handoff (issue 23: 4.8 s) on a 10k-node graph with 5,000 handoffs: load
// everything into a new box (full), or add the one handoff to the running
// one (update).
//
//	go test ./ask/kuzu -run '^$' -bench ReloadHandoffs -benchtime 3x
func BenchmarkReloadHandoffs(b *testing.B) {
	snap := withHandoffs(graphtest.Synthetic(10000, 1), 5000)
	b.Run("full", func(b *testing.B) {
		for range b.N {
			db, err := kuzu.NewBox(context.Background(), snap, kuzu.BoxConfig{})
			if err != nil {
				b.Fatal(err)
			}
			db.Close()
		}
	})
	b.Run("update", func(b *testing.B) {
		db, err := kuzu.NewBox(context.Background(), snap, kuzu.BoxConfig{})
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		b.ResetTimer()
		for i := range b.N {
			h := ask.Handoff{ID: int64(10000 + i), ConversationID: fmt.Sprintf("new%d", i), CreatedAt: time.Now(),
				Intent: "refund", Turns: 3, EndedOn: snap.Graph.Nodes[i].ID}
			if err := db.UpdateHandoffs(context.Background(), []ask.Handoff{h}); err != nil {
				b.Fatal(err)
			}
			if _, err := db.Query(context.Background(), "MATCH (h:Handoff) RETURN count(h)", ask.Limits{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

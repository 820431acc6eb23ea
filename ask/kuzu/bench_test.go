//go:build cgo

package kuzu_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/helpgraph/helpgraph/ask"
	"github.com/helpgraph/helpgraph/ask/kuzu"
	"github.com/helpgraph/helpgraph/graph/graphtest"
)

// BenchmarkLoad measures loading a graph into the engine, which the first
// question after every build waits for:
//
//	go test ./ask/kuzu -run '^$' -bench Load -benchtime 1x
func BenchmarkLoad(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		g := graphtest.Synthetic(n, 1)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for range b.N {
				db, err := kuzu.Open(context.Background(), &ask.Snapshot{Generation: 1, Graph: g})
				if err != nil {
					b.Fatal(err)
				}
				db.Close()
			}
		})
	}
}

// BenchmarkQuery measures a typical aggregate over a 10k-node graph.
func BenchmarkQuery(b *testing.B) {
	db, err := kuzu.Open(context.Background(), &ask.Snapshot{Generation: 1, Graph: graphtest.Synthetic(10000, 1)})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	q := "MATCH (a:HelpgraphNode)-[:REFERENCE]->(:HelpgraphNode)-[:ON_PAGE]->(p:HelpgraphPage) RETURN p.title AS title, count(a) AS refs ORDER BY refs DESC LIMIT 10"
	b.ResetTimer()
	for range b.N {
		if _, err := db.Query(context.Background(), q, ask.Limits{MaxRows: 100}); err != nil {
			b.Fatal(err)
		}
	}
}

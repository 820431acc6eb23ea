package graphtest

import (
	"context"
	"sync"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// testConcurrentLoad: Loads while the graph is replaced see the old graph
// or the new one whole, never a mix.
func testConcurrentLoad(t *testing.T, s graph.Store) {
	ctx := context.Background()
	a, b := Synthetic(300, 1), Synthetic(200, 2)
	mustReplace(t, s, a)
	done := make(chan struct{})
	// loaded says a Load completed; each Replace waits for one since the
	// one before, so that loads run among the replaces however the
	// goroutines are scheduled (the memory store replaces in an instant,
	// and the six could all end before any reader had loaded once).
	loaded := make(chan struct{}, 1)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var loads, sawB int
	for range 3 {
		wg.Go(func() {
			for {
				select {
				case <-done:
					return
				default:
				}
				got, err := s.Load(ctx)
				if err != nil {
					t.Errorf("Load during Replace: %v", err)
					return
				}
				da, db := Diff(got, a), Diff(got, b)
				if da != "" && db != "" {
					t.Errorf("Load during Replace saw a partial graph: %d pages, %d nodes, %d edges; vs old: %s", len(got.Pages), len(got.Nodes), len(got.Edges), da)
					return
				}
				mu.Lock()
				loads++
				if db == "" {
					sawB++
				}
				mu.Unlock()
				select {
				case loaded <- struct{}{}:
				default:
				}
			}
		})
	}
	// exited closes when every reader has stopped, which before done only
	// a failed Load does: the replaces then wait no more.
	exited := make(chan struct{})
	go func() { wg.Wait(); close(exited) }()
	for i := range 6 {
		select {
		case <-loaded:
		case <-exited:
		}
		g := b
		if i%2 == 1 {
			g = a
		}
		if _, err := s.Replace(ctx, g, nil); err != nil {
			t.Errorf("Replace %d: %v", i, err)
		}
	}
	close(done)
	<-exited
	t.Logf("%d loads during 6 replaces, %d saw the second graph", loads, sawB)
	if loads == 0 {
		t.Error("no Load completed during the replaces")
	}
}

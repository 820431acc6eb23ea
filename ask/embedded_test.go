package ask

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/graph/graphtest"
)

// blockingEngine holds its queries until release is closed, and fails any
// query once closed, as a real engine does.
type blockingEngine struct {
	release chan struct{}
	started chan struct{}
	closed  atomic.Bool
}

func (b *blockingEngine) Query(ctx context.Context, cypher string, l Limits) (Result, error) {
	if b.closed.Load() {
		return Result{}, errors.New("engine closed")
	}
	if b.started != nil {
		close(b.started)
		<-b.release
	}
	if b.closed.Load() {
		return Result{}, errors.New("engine closed under a running query")
	}
	return Result{Columns: []string{"x"}, Rows: [][]any{{int64(1)}}}, nil
}

func (b *blockingEngine) Close() error { b.closed.Store(true); return nil }

// A rebuild while a query runs replaces the engine for new queries and
// closes the old one only after the running query is done.
func TestEmbeddedClosesReplacedEngineAfterQueries(t *testing.T) {
	ctx := context.Background()
	store := graphtest.NewMemory()
	if _, err := store.Replace(ctx, sampleGraph(), nil); err != nil {
		t.Fatal(err)
	}
	first := &blockingEngine{release: make(chan struct{}), started: make(chan struct{})}
	engines := []*blockingEngine{first, {}}
	var opened atomic.Int32
	emb := NewEmbedded(store, nil, func(context.Context, *Snapshot) (EngineCloser, error) {
		n := opened.Add(1)
		return engines[n-1], nil
	}, nil)
	defer emb.Close()

	slow := make(chan error, 1)
	go func() {
		_, err := emb.Query(ctx, "slow", Limits{})
		slow <- err
	}()
	<-first.started
	if _, err := store.Replace(ctx, sampleGraph(), nil); err != nil {
		t.Fatal(err)
	}
	// The new engine must be opened while the old one is still busy; the
	// query that notices runs on it. It is asked from another goroutine
	// since it may wait for the old engine's close.
	fast := make(chan error, 1)
	go func() {
		_, err := emb.Query(ctx, "fast", Limits{})
		fast <- err
	}()
	// No deadline: however slow the machine, the new engine opens before
	// the fast query returns (go test's -timeout ends a test where it never
	// does).
	for opened.Load() < 2 {
		select {
		case err := <-fast:
			if err != nil {
				t.Fatal(err)
			}
			if opened.Load() < 2 {
				t.Fatal("the query after the rebuild returned without a new engine")
			}
		case <-time.After(time.Millisecond):
		}
	}
	if first.closed.Load() {
		t.Fatal("old engine closed while a query still ran on it")
	}
	close(first.release)
	if err := <-slow; err != nil {
		t.Errorf("running query: %v", err)
	}
}

// ratedConversations lists handoffs and node ratings, as a conversation store does.
type ratedConversations struct {
	ratings []conversation.NodeRating
}

func (r *ratedConversations) Handoffs(context.Context, bool) ([]conversation.Handoff, error) {
	return nil, nil
}

func (r *ratedConversations) NodeRatings(context.Context) ([]conversation.NodeRating, error) {
	return r.ratings, nil
}

// A new rating loads the snapshot again, with the ratings in it.
func TestEmbeddedReloadsOnRatings(t *testing.T) {
	ctx := context.Background()
	store := graphtest.NewMemory()
	if _, err := store.Replace(ctx, sampleGraph(), nil); err != nil {
		t.Fatal(err)
	}
	convs := &ratedConversations{}
	var snaps []*Snapshot
	emb := NewEmbedded(store, convs, func(_ context.Context, s *Snapshot) (EngineCloser, error) {
		snaps = append(snaps, s)
		return &blockingEngine{}, nil
	}, nil)
	defer emb.Close()
	query := func() {
		t.Helper()
		if _, err := emb.Query(ctx, "MATCH (n) RETURN n", Limits{}); err != nil {
			t.Fatal(err)
		}
	}
	query()
	query()
	if len(snaps) != 1 {
		t.Fatalf("%d loads before any rating, want 1", len(snaps))
	}
	convs.ratings = []conversation.NodeRating{{NodeID: "n1", Not: 1}}
	query()
	if len(snaps) != 2 || snaps[1].Ratings["n1"].Unhelpful != 1 {
		t.Fatalf("after a 👎: %d loads, ratings %+v", len(snaps), snaps[len(snaps)-1].Ratings)
	}
}

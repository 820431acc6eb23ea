package ask

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/helpgraph/helpgraph/graph"
)

// EngineCloser is an engine holding a loaded snapshot.
type EngineCloser interface {
	Engine
	Close() error
}

// OpenFunc loads a snapshot into a new engine (ask/kuzu.Open, wrapped).
type OpenFunc func(ctx context.Context, snap *Snapshot) (EngineCloser, error)

// Embedded is the embedded engine over a graph store: it loads the graph and
// the handoffs into an engine on the first question, and loads them again
// when a build or a new or handled handoff changes them. It is an Engine and
// a CatalogSource, and safe for concurrent use.
type Embedded struct {
	store         graph.Store
	conversations HandoffLister // nil: no conversations
	open          OpenFunc
	logger        *slog.Logger

	mu  sync.Mutex
	key string
	eng EngineCloser
	cat *Catalog
	// inUse is read-held by every query, from taking the engine to its
	// last row, so a replaced engine is closed only once nothing uses it.
	inUse sync.RWMutex
}

// NewEmbedded returns an Embedded engine; nothing is loaded until it is used.
func NewEmbedded(store graph.Store, conversations HandoffLister, open OpenFunc, logger *slog.Logger) *Embedded {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Embedded{store: store, conversations: conversations, open: open, logger: logger}
}

// current returns the engine and catalog for the store's current state,
// loading them if it changed.
func (e *Embedded) current(ctx context.Context) (EngineCloser, *Catalog, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	key, err := e.stateKey(ctx)
	if err != nil {
		return nil, nil, err
	}
	if e.eng != nil && key == e.key {
		return e.eng, e.cat, nil
	}
	snap, err := TakeSnapshot(ctx, e.store, e.conversations)
	if err != nil {
		return nil, nil, err
	}
	eng, err := e.open(ctx, snap)
	if err != nil {
		return nil, nil, err
	}
	e.logger.Info("ask: loaded graph into the query engine", "generation", snap.Generation,
		"nodes", len(snap.Graph.Nodes), "handoffs", len(snap.Handoffs))
	if old := e.eng; old != nil {
		// Not here: the query that noticed the change holds inUse.
		go func() {
			e.inUse.Lock()
			defer e.inUse.Unlock()
			old.Close()
		}()
	}
	e.eng, e.cat, e.key = eng, NewCatalog(snap.Graph), key
	return eng, e.cat, nil
}

// stateKey changes when the graph, the handoffs or the ratings do. Gap
// events are read again with them (a new one comes with a new handoff or
// rating, or with a rephrase, which waits for the next change).
func (e *Embedded) stateKey(ctx context.Context) (string, error) {
	var gen int64
	b, err := e.store.LastBuild(ctx)
	switch {
	case errors.Is(err, graph.ErrNotFound):
	case err != nil:
		return "", fmt.Errorf("reading last build: %w", err)
	default:
		gen = b.Generation
	}
	key := fmt.Sprint(gen)
	if e.conversations != nil {
		hs, err := e.conversations.Handoffs(ctx, false)
		if err != nil {
			return "", fmt.Errorf("reading handoffs: %w", err)
		}
		var maxID int64
		handled := 0
		for _, h := range hs {
			maxID = max(maxID, h.ID)
			if h.Handled() {
				handled++
			}
		}
		key += fmt.Sprintf("/%d/%d/%d", len(hs), maxID, handled)
		if rl, ok := e.conversations.(ratingLister); ok {
			rs, err := rl.NodeRatings(ctx)
			if err != nil {
				return "", fmt.Errorf("reading ratings: %w", err)
			}
			var n int
			for _, r := range rs {
				n += r.Helpful*1_000_003 + r.Not // a new rating of either kind changes it
			}
			key += fmt.Sprintf("/%d/%d", len(rs), n)
		}
	}
	return key, nil
}

// Query runs cypher on the current snapshot.
func (e *Embedded) Query(ctx context.Context, cypher string, limits Limits) (Result, error) {
	e.inUse.RLock()
	defer e.inUse.RUnlock()
	eng, _, err := e.current(ctx)
	if err != nil {
		return Result{}, err
	}
	return eng.Query(ctx, cypher, limits)
}

// Catalog returns the current snapshot's entity catalog.
func (e *Embedded) Catalog(ctx context.Context) (*Catalog, error) {
	_, cat, err := e.current(ctx)
	return cat, err
}

// Close frees the loaded engine, after the queries running on it.
func (e *Embedded) Close() error {
	e.inUse.Lock()
	defer e.inUse.Unlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.eng == nil {
		return nil
	}
	err := e.eng.Close()
	e.eng = nil
	return err
}

// StoreCatalog is the catalog of a store's current graph, read again when
// its generation changes (for engines that query the store directly).
type StoreCatalog struct {
	Store graph.Store

	mu  sync.Mutex
	gen int64
	cat *Catalog
}

// Catalog returns the catalog of the store's current graph.
func (s *StoreCatalog) Catalog(ctx context.Context) (*Catalog, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var gen int64
	b, err := s.Store.LastBuild(ctx)
	switch {
	case errors.Is(err, graph.ErrNotFound):
	case err != nil:
		return nil, fmt.Errorf("reading last build: %w", err)
	default:
		gen = b.Generation
	}
	if s.cat != nil && gen == s.gen {
		return s.cat, nil
	}
	g, err := s.Store.Load(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading graph: %w", err)
	}
	s.gen, s.cat = gen, NewCatalog(g)
	return s.cat, nil
}

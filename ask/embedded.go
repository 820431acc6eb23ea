package ask

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/graph"
)

// EngineCloser is an engine holding a loaded snapshot.
type EngineCloser interface {
	Engine
	Close() error
}

// OpenFunc loads a snapshot into a new engine (ask/kuzu.NewBox, wrapped).
type OpenFunc func(ctx context.Context, snap *Snapshot) (EngineCloser, error)

// HandoffUpdater is an engine that takes new and changed handoffs without
// loading the graph again.
type HandoffUpdater interface {
	UpdateHandoffs(ctx context.Context, changed []Handoff) error
}

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
	// gen and handled are what eng holds: the graph's generation, and
	// each handoff's id with whether it was handled.
	gen     int64
	ratings string // the ratings' part of key
	handled map[int64]bool
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
// loading them if the graph changed, and giving the engine the handoffs
// that changed if only they did.
func (e *Embedded) current(ctx context.Context) (EngineCloser, *Catalog, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	gen, hs, ratings, err := e.state(ctx)
	if err != nil {
		return nil, nil, err
	}
	key := stateKey(gen, hs, e.conversations != nil) + ratings
	if e.eng != nil && key == e.key {
		return e.eng, e.cat, nil
	}
	// Only handoffs changed: give the engine those. Ratings and gap events
	// are read with a full load (a new rating, a build), so gap events of
	// handoffs given this way wait for the next one.
	if up, ok := e.eng.(HandoffUpdater); ok && gen == e.gen && ratings == e.ratings {
		if changed, ok := e.changedHandoffs(hs); ok {
			err := up.UpdateHandoffs(ctx, changed)
			if err == nil {
				for _, h := range changed {
					e.handled[h.ID] = !h.HandledAt.IsZero()
				}
				e.key = key
				e.logger.Info("ask: gave the query engine the handoffs that changed", "handoffs", len(changed))
				return e.eng, e.cat, nil
			}
			e.logger.Warn("ask: updating handoffs in the query engine failed; loading everything", "err", err)
		}
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
	e.eng, e.cat, e.key, e.gen, e.ratings = eng, NewCatalog(snap.Graph), key, snap.Generation, ratings
	e.handled = make(map[int64]bool, len(snap.Handoffs))
	for _, h := range snap.Handoffs {
		e.handled[h.ID] = !h.HandledAt.IsZero()
	}
	return eng, e.cat, nil
}

// changedHandoffs returns the handoffs of hs that the engine lacks or
// holds as waiting while they were handled since; false if one it holds
// is gone, which only a full load undoes.
func (e *Embedded) changedHandoffs(hs []conversation.Handoff) ([]Handoff, bool) {
	var changed []Handoff
	held := 0
	for _, ch := range hs {
		h := handoffFrom(ch)
		handled, ok := e.handled[h.ID]
		if ok {
			held++
		}
		if !ok || handled != !h.HandledAt.IsZero() {
			changed = append(changed, h)
		}
	}
	return changed, held == len(e.handled)
}

// state reads the graph's generation, the handoffs and a key of the
// ratings ("" without them).
func (e *Embedded) state(ctx context.Context) (int64, []conversation.Handoff, string, error) {
	var gen int64
	b, err := e.store.LastBuild(ctx)
	switch {
	case errors.Is(err, graph.ErrNotFound):
	case err != nil:
		return 0, nil, "", fmt.Errorf("reading last build: %w", err)
	default:
		gen = b.Generation
	}
	if e.conversations == nil {
		return gen, nil, "", nil
	}
	hs, err := e.conversations.Handoffs(ctx, false)
	if err != nil {
		return 0, nil, "", fmt.Errorf("reading handoffs: %w", err)
	}
	ratings := ""
	if rl, ok := e.conversations.(ratingLister); ok {
		rs, err := rl.NodeRatings(ctx)
		if err != nil {
			return 0, nil, "", fmt.Errorf("reading ratings: %w", err)
		}
		helpful, not := 0, 0
		for _, r := range rs {
			helpful += r.Helpful
			not += r.Not
		}
		ratings = fmt.Sprintf("/r%d/%d/%d", len(rs), helpful, not)
	}
	return gen, hs, ratings, nil
}

// stateKey changes when the graph or the handoffs do.
func stateKey(gen int64, hs []conversation.Handoff, withConversations bool) string {
	key := fmt.Sprint(gen)
	if withConversations {
		var maxID int64
		handled := 0
		for _, h := range hs {
			maxID = max(maxID, h.ID)
			if h.Handled() {
				handled++
			}
		}
		key += fmt.Sprintf("/%d/%d/%d", len(hs), maxID, handled)
	}
	return key
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

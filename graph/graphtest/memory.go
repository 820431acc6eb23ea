package graphtest

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/helpgraph/helpgraph/graph"
)

// Memory is an in-memory graph.Store: the reference the conformance suite
// is checked against, and a fake for tests of packages that consume a store.
// Its search matches whole words only (no stemming).
type Memory struct {
	mu    sync.RWMutex
	g     *graph.Graph
	build *graph.Build
	// words[i][j] are the search terms of intent j of node i.
	words [][][]string
}

var _ graph.Updater = (*Memory)(nil)

// NewMemory returns an empty in-memory store.
func NewMemory() *Memory { return &Memory{g: &graph.Graph{}} }

// Replace swaps in a copy of g.
func (m *Memory) Replace(ctx context.Context, g *graph.Graph, report json.RawMessage) (int64, error) {
	if g == nil {
		return 0, errors.New("replacing graph: nil graph")
	}
	if err := g.Validate(); err != nil {
		return 0, fmt.Errorf("replacing graph: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("replacing graph: %w", err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.set(clone(g), report), nil
}

// set makes c, which it then owns, the current graph; m.mu is held.
func (m *Memory) set(c *graph.Graph, report json.RawMessage) int64 {
	words := make([][][]string, len(c.Nodes))
	for i, n := range c.Nodes {
		for _, intent := range n.Intents {
			words[i] = append(words[i], graph.SearchTerms(intent))
		}
	}
	gen := int64(1)
	if m.build != nil {
		gen = m.build.Generation + 1
	}
	m.g, m.words = c, words
	m.build = &graph.Build{Generation: gen, FinishedAt: time.Now().UTC(), Report: slices.Clone(report)}
	return gen
}

// Update applies d to the current graph (see graph.Apply).
func (m *Memory) Update(ctx context.Context, d *graph.Delta, report json.RawMessage) (int64, error) {
	if d == nil {
		return 0, errors.New("updating graph: nil change")
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("updating graph: %w", err)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	g, err := graph.Apply(m.g, d)
	if err != nil {
		return 0, fmt.Errorf("updating graph: %w", err)
	}
	return m.set(g, report), nil
}

// Load returns a copy of the current graph.
func (m *Memory) Load(ctx context.Context) (*graph.Graph, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return clone(m.g), nil
}

// Node returns the node with id.
func (m *Memory) Node(ctx context.Context, id string) (graph.Node, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	for _, n := range m.g.Nodes {
		if n.ID == id {
			n.Intents = slices.Clone(n.Intents)
			if v := n.Verdict; v != nil {
				cv := *v
				n.Verdict = &cv
			}
			return n, nil
		}
	}
	return graph.Node{}, fmt.Errorf("reading node %q: %w", id, graph.ErrNotFound)
}

// SearchIntents ranks each node's best intent by how many query terms it
// holds, then by the share of its words they make up.
func (m *Memory) SearchIntents(ctx context.Context, query string, limit int) ([]graph.IntentHit, error) {
	terms := graph.SearchTerms(query)
	if len(terms) == 0 || limit <= 0 {
		return nil, nil
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	var hits []graph.IntentHit
	for i, n := range m.g.Nodes {
		best := graph.IntentHit{Score: -1}
		for j, words := range m.words[i] {
			covered := 0
			for _, t := range terms {
				if slices.Contains(words, t) {
					covered++
				}
			}
			if covered == 0 {
				continue
			}
			// The share stays below 1, so one more matched word always wins.
			score := float64(covered) + float64(covered)/float64(len(words)+1)
			if score > best.Score {
				best = graph.IntentHit{NodeID: n.ID, Intent: n.Intents[j], Score: score}
			}
		}
		if best.Score > 0 {
			hits = append(hits, best)
		}
	}
	slices.SortStableFunc(hits, func(a, b graph.IntentHit) int { return cmp.Compare(b.Score, a.Score) })
	return hits[:min(limit, len(hits))], nil
}

// LastBuild describes the current graph.
func (m *Memory) LastBuild(ctx context.Context) (graph.Build, error) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.build == nil {
		return graph.Build{}, fmt.Errorf("reading last build: %w", graph.ErrNotFound)
	}
	b := *m.build
	b.Report = slices.Clone(b.Report)
	return b, nil
}

// Close does nothing.
func (m *Memory) Close() error { return nil }

func clone(g *graph.Graph) *graph.Graph {
	c := &graph.Graph{
		Pages: slices.Clone(g.Pages),
		Nodes: slices.Clone(g.Nodes),
		Edges: slices.Clone(g.Edges),
	}
	for i := range c.Pages {
		c.Pages[i].Breadcrumb = slices.Clone(c.Pages[i].Breadcrumb)
	}
	for i := range c.Nodes {
		c.Nodes[i].Intents = slices.Clone(c.Nodes[i].Intents)
		if v := c.Nodes[i].Verdict; v != nil {
			cv := *v
			c.Nodes[i].Verdict = &cv
		}
	}
	return c
}

package graph

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
)

// Delta is an incremental change to a stored graph, page by page: a
// rebuild that changed a few pages writes those and nothing else.
//
// Each page of Pages is added, or replaces the stored page with its URL
// together with all that page's nodes (their intents included) and every
// edge from them. Nodes are the nodes of Pages and Edges the edges from
// them, to nodes of any page, both in graph order. Each URL of Removed is
// a stored page deleted with its nodes and the edges from them.
//
// An edge from a page the Delta does not touch stays as it is, unless it
// points at a node that is gone after the change: that edge is deleted
// with the node. Changes computes a Delta that leaves nothing to delete
// that way: the pages whose edges change are in it.
type Delta struct {
	Pages   []Page   `json:"pages,omitempty"`
	Nodes   []Node   `json:"nodes,omitempty"`
	Edges   []Edge   `json:"edges,omitempty"`
	Removed []string `json:"removed,omitempty"`
}

// Empty reports whether d changes nothing.
func (d *Delta) Empty() bool {
	return d == nil || len(d.Pages) == 0 && len(d.Removed) == 0
}

// Validate checks what can be checked of d without the stored graph: every
// node on a page of d, ids unique, every edge from a node of d, a known
// type, no self loops or duplicates, and no page both written and removed.
// That the edges' targets exist, and that node ids do not collide with
// nodes of other pages, only the store can tell.
func (d *Delta) Validate() error {
	pages, errs := checkRows(d.Pages, d.Nodes, d.Edges, false)
	for _, u := range d.Removed {
		if pages[u] {
			errs = append(errs, fmt.Errorf("page %q both written and removed", u))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("invalid change: %w", errors.Join(errs...))
	}
	return nil
}

// Changes returns the Delta that turns prev into next: the pages of next
// that are new or differ from prev in their fields, their nodes (fields
// and order) or the edges from those nodes (each node's in order), and the pages
// of prev that next lacks. Applying it to a store holding prev leaves the
// store holding next, except that the rewritten pages' nodes and edges may
// come after the others' in Load's order. Both graphs must be valid.
func Changes(prev, next *Graph) *Delta {
	type pageRows struct {
		page  *Page
		nodes []*Node
		edges []Edge
	}
	group := func(g *Graph) map[string]*pageRows {
		m := make(map[string]*pageRows, len(g.Pages))
		for i := range g.Pages {
			m[g.Pages[i].URL] = &pageRows{page: &g.Pages[i]}
		}
		pageOf := make(map[string]string, len(g.Nodes))
		for i := range g.Nodes {
			n := &g.Nodes[i]
			pageOf[n.ID] = n.Page
			if r := m[n.Page]; r != nil {
				r.nodes = append(r.nodes, n)
			}
		}
		for _, e := range g.Edges {
			if r := m[pageOf[e.From]]; r != nil {
				r.edges = append(r.edges, e)
			}
		}
		// Readers see a node's edges in order (its children, say), not
		// how the edges of different nodes interleave: a page's edges are
		// compared node by node.
		at := make(map[string]int, len(g.Nodes))
		for i := range g.Nodes {
			at[g.Nodes[i].ID] = i
		}
		for _, r := range m {
			slices.SortStableFunc(r.edges, func(a, b Edge) int { return at[a.From] - at[b.From] })
		}
		return m
	}
	before, after := group(prev), group(next)
	d := &Delta{}
	for i := range next.Pages {
		url := next.Pages[i].URL
		a, b := before[url], after[url]
		if a != nil && SamePage(*a.page, *b.page) && slices.Equal(a.edges, b.edges) &&
			slices.EqualFunc(a.nodes, b.nodes, func(x, y *Node) bool { return SameNode(*x, *y) }) {
			continue
		}
		d.Pages = append(d.Pages, *b.page)
		for _, n := range b.nodes {
			d.Nodes = append(d.Nodes, *n)
		}
		d.Edges = append(d.Edges, b.edges...)
	}
	for _, p := range prev.Pages {
		if after[p.URL] == nil {
			d.Removed = append(d.Removed, p.URL)
		}
	}
	return d
}

// SamePage reports whether two pages are equal in every field; no
// breadcrumb and an empty one are the same.
func SamePage(a, b Page) bool {
	if !slices.Equal(a.Breadcrumb, b.Breadcrumb) {
		return false
	}
	// The other fields by reflection, as SameNode, so that a field added
	// to Page is compared too.
	a.Breadcrumb, b.Breadcrumb = nil, nil
	return reflect.DeepEqual(a, b)
}

// SameNode reports whether two nodes are equal in every field; no intents
// and an empty list of intents are the same.
func SameNode(a, b Node) bool {
	if !slices.Equal(a.Intents, b.Intents) {
		return false
	}
	// The other fields are compared by reflection, so that a field added
	// to Node is compared too.
	a.Intents, b.Intents = nil, nil
	return reflect.DeepEqual(a, b)
}

// Updater is a Store that can apply a Delta in place, writing only what
// changed. Update is atomic like Replace: readers see the graph before or
// after the change, and a failed or cancelled Update leaves it as it was.
// It records report as the build report and returns the new generation.
// A Delta that would leave an edge without its target node, or a node id
// on two pages, fails.
type Updater interface {
	Store
	Update(ctx context.Context, d *Delta, report json.RawMessage) (int64, error)
}

// Apply returns g with d applied, in the order a store's Load returns it
// after Update: a changed page keeps its place, new pages come last, and
// the nodes and edges of the pages d writes come after all others, in d's
// order. It fails, like a store, on a Delta that is invalid or that would
// leave g invalid.
func Apply(g *Graph, d *Delta) (*Graph, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	touched := make(map[string]bool, len(d.Pages)+len(d.Removed))
	written := make(map[string]*Page, len(d.Pages))
	for i := range d.Pages {
		touched[d.Pages[i].URL] = true
		written[d.Pages[i].URL] = &d.Pages[i]
	}
	for _, u := range d.Removed {
		touched[u] = true
	}
	out := &Graph{}
	for _, p := range g.Pages {
		switch {
		case written[p.URL] != nil:
			w := *written[p.URL]
			w.Breadcrumb = slices.Clone(w.Breadcrumb)
			out.Pages = append(out.Pages, w)
			delete(written, p.URL)
		case !touched[p.URL]:
			out.Pages = append(out.Pages, p)
		}
	}
	for _, p := range d.Pages {
		if written[p.URL] != nil {
			p.Breadcrumb = slices.Clone(p.Breadcrumb)
			out.Pages = append(out.Pages, p)
		}
	}
	old := make(map[string]bool)
	for _, n := range g.Nodes {
		if touched[n.Page] {
			old[n.ID] = true
			continue
		}
		n.Intents = slices.Clone(n.Intents)
		out.Nodes = append(out.Nodes, n)
	}
	kept := make(map[string]bool, len(d.Nodes))
	for _, n := range d.Nodes {
		kept[n.ID] = true
		n.Intents = slices.Clone(n.Intents)
		out.Nodes = append(out.Nodes, n)
	}
	for _, e := range g.Edges {
		if old[e.From] || (old[e.To] && !kept[e.To]) {
			continue
		}
		out.Edges = append(out.Edges, e)
	}
	out.Edges = append(out.Edges, d.Edges...)
	if err := out.Validate(); err != nil {
		return nil, err
	}
	return out, nil
}

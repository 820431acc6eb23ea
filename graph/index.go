package graph

import (
	"errors"
	"fmt"
)

// Validate checks the invariants every store relies on: unique page URLs and
// node ids, every node on a known page, edges between known nodes with a known
// type, no duplicate edges, and at most one root per page.
func (g *Graph) Validate() error {
	if _, errs := checkRows(g.Pages, g.Nodes, g.Edges, true); len(errs) > 0 {
		return fmt.Errorf("invalid graph: %w", errors.Join(errs...))
	}
	return nil
}

// checkRows checks pages, their nodes and the edges from those nodes, for a
// whole graph or a Delta: unique page URLs and node ids, every node on one
// of pages, at most one root per page, edges of a known type from nodes of
// the rows, no self loops or duplicates; with closed (a whole graph), every
// edge's target is a node of the rows too. It returns the pages' URLs.
func checkRows(pages []Page, nodes []Node, edges []Edge, closed bool) (map[string]bool, []error) {
	var errs []error
	urls := make(map[string]bool, len(pages))
	for _, p := range pages {
		if p.URL == "" {
			errs = append(errs, errors.New("page with empty URL"))
			continue
		}
		if urls[p.URL] {
			errs = append(errs, fmt.Errorf("duplicate page %q", p.URL))
		}
		urls[p.URL] = true
	}
	ids := make(map[string]bool, len(nodes))
	roots := make(map[string]string)
	for _, n := range nodes {
		switch {
		case n.ID == "":
			errs = append(errs, errors.New("node with empty id"))
			continue
		case ids[n.ID]:
			errs = append(errs, fmt.Errorf("duplicate node %q", n.ID))
		case !urls[n.Page]:
			errs = append(errs, fmt.Errorf("node %q: unknown page %q", n.ID, n.Page))
		}
		ids[n.ID] = true
		if n.Root {
			if other, ok := roots[n.Page]; ok {
				errs = append(errs, fmt.Errorf("page %q has two roots: %q and %q", n.Page, other, n.ID))
			}
			roots[n.Page] = n.ID
		}
	}
	seen := make(map[Edge]bool, len(edges))
	for _, e := range edges {
		switch {
		case !e.Type.Valid():
			errs = append(errs, fmt.Errorf("edge %s->%s: unknown type %q", e.From, e.To, e.Type))
		case !ids[e.From] || closed && !ids[e.To]:
			errs = append(errs, fmt.Errorf("edge %s->%s: unknown node", e.From, e.To))
		case e.From == e.To:
			errs = append(errs, fmt.Errorf("edge %s->%s: self loop", e.From, e.To))
		case seen[e]:
			errs = append(errs, fmt.Errorf("duplicate %s edge %s->%s", e.Type, e.From, e.To))
		}
		seen[e] = true
	}
	return urls, errs
}

// Index is a read-only in-memory view of a Graph with the lookups the
// dialogue manager, lint and the web explorer need. Build it once per graph.
type Index struct {
	Graph    *Graph
	nodes    map[string]*Node
	pages    map[string]*Page
	roots    map[string]string // page URL -> root node id
	children map[string][]string
	refs     map[string][]string
	referers map[string][]string // root node id -> nodes referring to it
	parent   map[string]string
	byPage   map[string][]string
}

// NewIndex indexes g. g must not be modified afterwards.
func NewIndex(g *Graph) *Index {
	ix := &Index{
		Graph:    g,
		nodes:    make(map[string]*Node, len(g.Nodes)),
		pages:    make(map[string]*Page, len(g.Pages)),
		roots:    make(map[string]string, len(g.Pages)),
		children: make(map[string][]string),
		refs:     make(map[string][]string),
		referers: make(map[string][]string),
		parent:   make(map[string]string, len(g.Edges)),
		byPage:   make(map[string][]string, len(g.Pages)),
	}
	for i := range g.Pages {
		ix.pages[g.Pages[i].URL] = &g.Pages[i]
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		ix.nodes[n.ID] = n
		ix.byPage[n.Page] = append(ix.byPage[n.Page], n.ID)
		if n.Root {
			ix.roots[n.Page] = n.ID
		}
	}
	for _, e := range g.Edges {
		switch e.Type {
		case Child:
			ix.children[e.From] = append(ix.children[e.From], e.To)
			ix.parent[e.To] = e.From
		case Reference:
			ix.refs[e.From] = append(ix.refs[e.From], e.To)
			ix.referers[e.To] = append(ix.referers[e.To], e.From)
		}
	}
	return ix
}

// Node returns the node with id, or nil.
func (ix *Index) Node(id string) *Node { return ix.nodes[id] }

// Page returns the page with url, or nil.
func (ix *Index) Page(url string) *Page { return ix.pages[url] }

// Root returns the root node id of the page at url, or "".
func (ix *Index) Root(url string) string { return ix.roots[url] }

// Children returns the ids of id's child nodes, in graph order.
func (ix *Index) Children(id string) []string { return ix.children[id] }

// References returns the ids of the root nodes id refers to.
func (ix *Index) References(id string) []string { return ix.refs[id] }

// ReferredFrom returns the ids of the nodes that refer to id, in graph order.
func (ix *Index) ReferredFrom(id string) []string { return ix.referers[id] }

// Parent returns the id of id's parent node, or "" for a root.
func (ix *Index) Parent(id string) string { return ix.parent[id] }

// PageNodes returns the ids of all nodes on the page at url, in graph order.
func (ix *Index) PageNodes(url string) []string { return ix.byPage[url] }

// Neighbourhood returns the ids of the nodes within hops edges of id, following
// child edges both ways and reference edges forwards, id itself included.
func (ix *Index) Neighbourhood(id string, hops int) map[string]bool {
	seen := map[string]bool{id: true}
	frontier := []string{id}
	for range hops {
		var next []string
		visit := func(n string) {
			if n != "" && !seen[n] {
				seen[n] = true
				next = append(next, n)
			}
		}
		for _, n := range frontier {
			visit(ix.parent[n])
			for _, c := range ix.children[n] {
				visit(c)
			}
			for _, r := range ix.refs[n] {
				visit(r)
			}
		}
		frontier = next
	}
	return seen
}

// Package kgbuild turns a help center into a knowledge graph: it reads or
// crawls pages, extracts each page's problem/condition/resolution tree with an
// Extractor (LLM or structural), links pages by reference edges, and replaces
// the graph in a graph.Store atomically.
package kgbuild

import (
	"context"
	"crypto/sha256"
	"encoding/hex"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/page"
)

// PageGraph is what an extractor makes of one page: its nodes, root first,
// and the child edges between them. Reference edges are added by the builder
// once every page is known.
type PageGraph struct {
	Nodes  []graph.Node
	Edges  []graph.Edge
	Method string // graph.MethodStructural, MethodLLM or MethodFallback
}

// Extractor turns one cleaned page into a PageGraph. Every node's Resolution
// must be found in doc.Text() (see page.Grounded).
type Extractor interface {
	Extract(ctx context.Context, doc *page.Document) (*PageGraph, error)
	// Version identifies the extractor (and model, for an LLM one); a change
	// of version re-extracts pages whose content did not change.
	Version() string
}

// NodeID returns a stable node id for the node at path (e.g. "0/2/1", the
// position in the page's tree) on the page at pageURL.
func NodeID(pageURL, path string) string {
	sum := sha256.Sum256([]byte(pageURL + "\x00" + path))
	return hex.EncodeToString(sum[:8])
}

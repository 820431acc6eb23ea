// Package graph holds Helpgraph's domain model: the knowledge graph built from
// a help center (pages, problem/condition/resolution nodes, child and
// reference edges) and the Store interface every storage backend implements.
//
// Backends live in subpackages (graph/sqlite, graph/neo4j) and all pass the
// conformance suite in graph/graphtest.
package graph

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// EdgeType names the two kinds of edges in the graph.
type EdgeType string

const (
	// Child links a generic problem to a more specific sub-problem on the same page.
	Child EdgeType = "child"
	// Reference links a node to the root node of another page that its page links to.
	Reference EdgeType = "reference"
)

// Valid reports whether t is one of the known edge types.
func (t EdgeType) Valid() bool { return t == Child || t == Reference }

// PageStatus says whether a page could be turned into nodes.
type PageStatus string

const (
	PageOK     PageStatus = "ok"
	PageFailed PageStatus = "failed"
)

// Extraction methods recorded on a page.
const (
	MethodStructural = "structural"          // offline rule-based extractor
	MethodLLM        = "llm"                 // LLM extractor, validated
	MethodFallback   = "structural-fallback" // LLM answer never validated; structural used instead
	MethodLLMPartial = "llm-partial"         // LLM tree; intents or actionable flags written offline after the LLM failed
)

// Page is one help page as the build saw it. Text is the cleaned page
// (Markdown-like: headings, lists, tables, paragraphs, [links](absolute-url))
// and is what every node's Resolution is a snippet of.
type Page struct {
	URL   string `json:"url"`
	Title string `json:"title"`
	// Lang is the page's language as a BCP 47 tag ("de", "pt-BR"), "" when
	// the source does not say.
	Lang string `json:"lang,omitempty"`
	// Breadcrumb names the sections the page sits in on its site,
	// outermost first ("Billing", "Invoices"), where the source says (a
	// help desk's category and section, a folder's labels, an HTML
	// page's breadcrumb): a short title leaves them out.
	Breadcrumb  []string `json:"breadcrumb,omitempty"`
	Text        string   `json:"text,omitempty"`
	ContentHash string   `json:"content_hash,omitempty"`
	Method      string   `json:"method,omitempty"`
	// Extractor identifies the extractor and its version (and the model in LLM
	// mode), so a change of extractor re-extracts unchanged pages.
	Extractor string     `json:"extractor,omitempty"`
	Status    PageStatus `json:"status"`
	Error     string     `json:"error,omitempty"`
}

// Node is a problem on a page with the condition under which it applies and
// the resolution the page gives for it.
type Node struct {
	ID         string   `json:"id"`
	Page       string   `json:"page"`
	Problem    string   `json:"problem"`
	Condition  string   `json:"condition"`
	Resolution string   `json:"resolution"`
	Intents    []string `json:"intents"`
	// Actionable is the extractor's reading of the resolution alone: it
	// gives steps to take. Whether the node answers, given its edges too,
	// is in Verdict.
	Actionable bool `json:"actionable"`
	Root       bool `json:"root"`
	// Verdict is decided by the builder once the graph's edges are known,
	// so that readers never re-derive it from English text per request.
	// It is nil in a graph stored by a helpgraph that did not record
	// verdicts; readers then compute it on load (verdict.Judge).
	Verdict *Verdict `json:"verdict,omitempty"`
}

// Answers reports whether n's own text answers a user: its verdict, or the
// extractor's actionable flag in a graph stored without verdicts.
func (n *Node) Answers() bool {
	if n.Verdict != nil {
		return n.Verdict.Answers
	}
	return n.Actionable
}

// Verdict is what a node's resolution does for a user.
type Verdict struct {
	// Answers: the node's own text is a reply a user can act on (steps,
	// a rule, whom to ask with how), not an introduction to its
	// sub-problems, a pointer to another page or a bare hand-off.
	Answers bool `json:"answers"`
	// Hollow: the resolution says nothing beyond the node's heading, its
	// condition and "see [another page]" (whatever its edges).
	Hollow bool `json:"hollow"`
	// Text is the resolution as a reply shows it: Markdown heading
	// markers, page furniture, FAQ markers and an opening that restates
	// the condition or problem removed.
	Text string `json:"text"`
}

// Edge is a directed edge between two nodes.
type Edge struct {
	From string   `json:"from"`
	To   string   `json:"to"`
	Type EdgeType `json:"type"`
}

// Graph is a whole knowledge graph: what a build writes and what a store loads.
type Graph struct {
	Pages []Page `json:"pages"`
	Nodes []Node `json:"nodes"`
	Edges []Edge `json:"edges"`
}

// Build describes the graph currently in a store. Generation increases by one
// with every successful Replace, so a reader can poll it cheaply to notice a
// rebuild. Report is the build report as the builder encoded it.
type Build struct {
	Generation int64           `json:"generation"`
	FinishedAt time.Time       `json:"finished_at"`
	Report     json.RawMessage `json:"report,omitempty"`
}

// IntentHit is one result of a full-text search over node intents.
type IntentHit struct {
	NodeID string  `json:"node_id"`
	Intent string  `json:"intent"`
	Score  float64 `json:"score"` // higher is better; comparable only within one search
}

// ErrNotFound is returned (wrapped) when a node or build does not exist.
var ErrNotFound = errors.New("not found")

// Store persists one knowledge graph.
//
// Replace is atomic: readers see either the old graph or the new one, and a
// Replace that fails or whose context is cancelled leaves the old graph intact.
type Store interface {
	// Replace validates g and swaps it in for the current graph, recording
	// report as the build report. It returns the new generation.
	Replace(ctx context.Context, g *Graph, report json.RawMessage) (int64, error)
	// Load returns the whole current graph (empty, not an error, before the first build).
	Load(ctx context.Context) (*Graph, error)
	// Node returns one node, or an error wrapping ErrNotFound.
	Node(ctx context.Context, id string) (Node, error)
	// SearchIntents runs a full-text search of query over node intents and
	// returns at most limit hits, best first, at most one per node.
	SearchIntents(ctx context.Context, query string, limit int) ([]IntentHit, error)
	// LastBuild describes the current graph, or returns an error wrapping
	// ErrNotFound before the first Replace.
	LastBuild(ctx context.Context) (Build, error)
	Close() error
}

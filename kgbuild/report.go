package kgbuild

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/llm"
)

// Report describes one build. It is stored with the graph as JSON.
type Report struct {
	Generation int64 `json:"generation"` // the generation the build wrote (0: nothing written)
	// Write says how the build wrote the store: WriteReplace, WriteUpdate
	// or WriteNone (the graph came out as the store holds it).
	Write string `json:"write,omitempty"`
	// PreviousGeneration is the generation in the store when the build
	// wrote nothing.
	PreviousGeneration int64         `json:"previous_generation,omitempty"`
	Extractor          string        `json:"extractor"`
	StartedAt          time.Time     `json:"started_at"`
	Duration           time.Duration `json:"duration_ns"`
	// Phases is the wall time of each step, in order; the caller may add
	// those before Build (reading the pages).
	Phases       []Phase `json:"phases,omitempty"`
	SourceDigest string  `json:"source_digest,omitempty"`
	// Origin is what the build read and with which options, so that a
	// re-sync (serve --resync) can repeat it.
	Origin *Origin `json:"origin,omitempty"`
	// BaseURL is the live site a folder's pages were given URLs under.
	BaseURL string `json:"base_url,omitempty"`
	// Verdicts is the verdict.Version the build judged its nodes with.
	Verdicts string `json:"verdicts,omitempty"`
	// SiteName is the tail most pages' titles ended with, dropped from
	// them (withoutSiteName): "StayNest Help", "Node.js v20.20.2
	// Documentation".
	SiteName string `json:"site_name,omitempty"`

	Pages          int          `json:"pages"`           // pages given, failed and skipped ones included
	PagesOK        int          `json:"pages_ok"`        // pages in the graph with nodes
	PagesExtracted int          `json:"pages_extracted"` // pages the extractor ran on
	PagesUnchanged int          `json:"pages_unchanged"` // pages reused from the previous graph
	Failed         []PageFailed `json:"failed,omitempty"`
	// Skipped are the pages a documentation tool generated for navigation
	// (an index, a search page: page.ErrGenerated), read and left out as
	// a crawl leaves them: no page of the help center, and no failure.
	Skipped []string `json:"skipped,omitempty"`

	PagesAdded   []string `json:"pages_added,omitempty"`
	PagesChanged []string `json:"pages_changed,omitempty"`
	PagesRemoved []string `json:"pages_removed,omitempty"`
	NodesAdded   int      `json:"nodes_added"`
	NodesChanged int      `json:"nodes_changed"`
	NodesRemoved int      `json:"nodes_removed"`

	Nodes   int                    `json:"nodes"`
	Edges   map[graph.EdgeType]int `json:"edges"`
	Methods map[string]int         `json:"methods"`

	LLMCalls            int64 `json:"llm_calls"`
	LLMCacheHits        int64 `json:"llm_cache_hits"`
	LLMPromptTokens     int64 `json:"llm_prompt_tokens"`
	LLMCompletionTokens int64 `json:"llm_completion_tokens"`
	// LLM is the whole traffic of the build with its estimated cost (nil
	// without an LLM).
	LLM *LLMUsage `json:"llm,omitempty"`
	// Retry lists pages extracted offline because the LLM failed on them
	// (methods structural-fallback and llm-partial); the next build
	// extracts them again.
	Retry []string `json:"retry,omitempty"`
}

// Origin is what a build read: a source kind (pages, crawl, zendesk,
// intercom, freshdesk, helpscout, document360, chatwoot, confluence, mediawiki), its location (an absolute folder or file path, or
// a URL) and the build's other options as command-line flags. Credentials
// are never among them: they come from the environment on every run.
type Origin struct {
	Kind     string   `json:"kind"`
	Location string   `json:"location"`
	Options  []string `json:"options,omitempty"`
}

// LLMUsage is a build's LLM traffic and what it cost.
type LLMUsage struct {
	Stats   llm.Stats   `json:"stats"`
	Usage   []llm.Usage `json:"usage"`
	CostUSD float64     `json:"cost_usd"`
	Summary string      `json:"summary"`
}

// Phase is the wall time of one step of a build.
type Phase struct {
	Name     string        `json:"name"`
	Duration time.Duration `json:"duration_ns"`
}

// PagesPerSecond is the pages given per second of the whole build, all
// phases included.
func (r *Report) PagesPerSecond() float64 {
	var total time.Duration
	for _, p := range r.Phases {
		total += p.Duration
	}
	if total <= 0 {
		return 0
	}
	return float64(r.Pages) / total.Seconds()
}

// phase records the time since *mark as step name, and moves the mark.
func (r *Report) phase(name string, mark *time.Time) {
	now := time.Now()
	r.Phases = append(r.Phases, Phase{Name: name, Duration: now.Sub(*mark)})
	*mark = now
}

// PageFailed is a page the build could not turn into nodes.
type PageFailed struct {
	URL   string `json:"url"`
	Error string `json:"error"`
}

// String renders the report for people.
func (r *Report) String() string {
	var sb strings.Builder
	switch r.Write {
	case WriteNone:
		fmt.Fprintf(&sb, "build: nothing changed since generation %d: nothing written, %s, extractor %s\n", r.PreviousGeneration, r.Duration.Round(time.Millisecond), r.Extractor)
	case WriteUpdate:
		fmt.Fprintf(&sb, "build: generation %d (changed pages only), %s, extractor %s\n", r.Generation, r.Duration.Round(time.Millisecond), r.Extractor)
	default:
		fmt.Fprintf(&sb, "build: generation %d, %s, extractor %s\n", r.Generation, r.Duration.Round(time.Millisecond), r.Extractor)
	}
	fmt.Fprintf(&sb, "pages: %d given, %d ok, %d failed, %d skipped, %d extracted, %d unchanged\n",
		r.Pages, r.PagesOK, len(r.Failed), len(r.Skipped), r.PagesExtracted, r.PagesUnchanged)
	fmt.Fprintf(&sb, "changes: pages +%d ~%d -%d, nodes +%d ~%d -%d\n",
		len(r.PagesAdded), len(r.PagesChanged), len(r.PagesRemoved), r.NodesAdded, r.NodesChanged, r.NodesRemoved)
	fmt.Fprintf(&sb, "graph: %d nodes, %d child edges, %d reference edges\n", r.Nodes, r.Edges[graph.Child], r.Edges[graph.Reference])
	if r.SiteName != "" {
		fmt.Fprintf(&sb, "site name: %q, left out of the pages' titles\n", r.SiteName)
	}
	if len(r.Phases) > 0 {
		parts := make([]string, len(r.Phases))
		var total time.Duration
		for i, p := range r.Phases {
			parts[i] = fmt.Sprintf("%s %s", p.Name, p.Duration.Round(time.Millisecond))
			total += p.Duration
		}
		fmt.Fprintf(&sb, "time: %s (%s; %.0f pages/s)\n", total.Round(time.Millisecond), strings.Join(parts, ", "), r.PagesPerSecond())
	}
	methods := make([]string, 0, len(r.Methods))
	for m := range r.Methods {
		methods = append(methods, m)
	}
	sort.Strings(methods)
	for i, m := range methods {
		methods[i] = fmt.Sprintf("%s %d", m, r.Methods[m])
	}
	if len(methods) > 0 {
		fmt.Fprintf(&sb, "methods: %s\n", strings.Join(methods, ", "))
	}
	if r.LLM != nil {
		fmt.Fprintln(&sb, r.LLM.Summary)
	} else if r.LLMCalls > 0 || r.LLMCacheHits > 0 {
		fmt.Fprintf(&sb, "llm: %d calls, %d cache hits, %d prompt + %d completion tokens\n",
			r.LLMCalls, r.LLMCacheHits, r.LLMPromptTokens, r.LLMCompletionTokens)
	}
	if len(r.Retry) > 0 {
		fmt.Fprintf(&sb, "offline after an LLM failure (extracted again next build): %d pages\n", len(r.Retry))
	}
	writeRemoved(&sb, r.PagesRemoved)
	writeSkipped(&sb, r.Skipped)
	writeFailures(&sb, r.Failed)
	return sb.String()
}

// diff fills the report's added/changed/removed pages and counts versus
// prev.
func diff(r *Report, prev, next *graph.Graph) {
	r.PagesAdded, r.PagesChanged, r.PagesRemoved = compare(prev.Pages, next.Pages,
		func(p graph.Page) string { return p.URL },
		func(a, b graph.Page) bool {
			return a.ContentHash == b.ContentHash && a.Status == b.Status && a.Extractor == b.Extractor &&
				slices.Equal(a.Breadcrumb, b.Breadcrumb)
		})
	added, changed, removed := compare(prev.Nodes, next.Nodes, func(n graph.Node) string { return n.ID }, graph.SameNode)
	r.NodesAdded, r.NodesChanged, r.NodesRemoved = len(added), len(changed), len(removed)
	sort.Strings(r.PagesAdded)
	sort.Strings(r.PagesChanged)
	sort.Strings(r.PagesRemoved)
}

// compare returns the keys of next's items that prev lacks, of those in
// both that same says differ, and of prev's items that next lacks.
func compare[T any](prev, next []T, key func(T) string, same func(a, b T) bool) (added, changed, removed []string) {
	old := make(map[string]int, len(prev))
	for i, x := range prev {
		old[key(x)] = i
	}
	kept := make(map[string]bool, len(next))
	for _, x := range next {
		k := key(x)
		kept[k] = true
		if i, ok := old[k]; !ok {
			added = append(added, k)
		} else if !same(prev[i], x) {
			changed = append(changed, k)
		}
	}
	for _, x := range prev {
		if k := key(x); !kept[k] {
			removed = append(removed, k)
		}
	}
	return added, changed, removed
}

// llmUsage records the build's LLM traffic d and its estimated cost (nil
// prices: llm.DefaultPrices).
func (r *Report) llmUsage(d llm.Stats, prices llm.Prices) {
	r.LLMCalls = d.Calls
	r.LLMCacheHits = d.CacheHits
	r.LLMPromptTokens = d.PromptTokens
	r.LLMCompletionTokens = d.CompletionTokens
	if prices == nil {
		prices = llm.DefaultPrices()
	}
	u := &LLMUsage{Stats: d, Usage: d.Usage(prices), Summary: d.Summary(prices)}
	for _, x := range u.Usage {
		u.CostUSD += x.CostUSD
	}
	r.LLM = u
}

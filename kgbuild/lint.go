package kgbuild

import (
	"fmt"
	"sort"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
)

// FindingKind names a kind of gap lint reports.
type FindingKind string

const (
	// DeadEnd is a leaf the customer cannot act on and that points nowhere:
	// the agent can only hand over to a person.
	DeadEnd FindingKind = "dead-end"
	// DanglingReference is a resolution linking to a page that is not in the
	// graph or that failed to build.
	DanglingReference FindingKind = "dangling-reference"
	// IntentCollision is the same intent on nodes of two pages, which makes
	// intent identification ambiguous.
	IntentCollision FindingKind = "intent-collision"
	// SingleNodePage is a page that became one node: it has no structure the
	// agent can clarify with.
	SingleNodePage FindingKind = "single-node-page"
	// TextInNoNode is page text that no node holds (UnplacedText): the
	// agent can never answer with it.
	TextInNoNode FindingKind = "text-in-no-node"
	// EmptySection is a heading with no text under it (EmptySections): it
	// makes no node, and a question about it finds nothing to answer.
	EmptySection FindingKind = "empty-section"
)

// FindingKinds lists the kinds in the order lint reports them.
var FindingKinds = []FindingKind{DeadEnd, DanglingReference, IntentCollision, SingleNodePage, TextInNoNode, EmptySection}

// Finding is one gap in the graph.
type Finding struct {
	Kind    FindingKind `json:"kind"`
	Page    string      `json:"page"`
	Node    string      `json:"node,omitempty"`
	Message string      `json:"message"`
}

func (f Finding) String() string {
	if f.Node != "" {
		return fmt.Sprintf("%s: %s (node %s): %s", f.Kind, f.Page, f.Node, f.Message)
	}
	return fmt.Sprintf("%s: %s: %s", f.Kind, f.Page, f.Message)
}

// Lint returns the gaps a support team should fix in g, sorted by kind,
// page and node.
func Lint(g *graph.Graph) []Finding {
	ix := graph.NewIndex(g)
	var out []Finding
	okPages := make(map[string]bool)
	for _, p := range g.Pages {
		if p.Status == graph.PageOK {
			okPages[normalizeURL(p.URL)] = true
		}
	}
	failedPages := make(map[string]string)
	for _, p := range g.Pages {
		if p.Status == graph.PageFailed {
			failedPages[normalizeURL(p.URL)] = p.Error
		}
	}
	// Dangling references are links to pages of this help center that are
	// missing or failed; a link to another site is not a gap, nor one to
	// the rest of the help center's own site (its shop, its blog, when the
	// help center is https://acme.example/kb/). "This help center" is
	// every URL under the path its pages share on their scheme and host
	// (helpCenterRoots), or any relative URL when pages are relative paths.
	roots := helpCenterRoots(g.Pages)
	inHelpCenter := func(u string) bool {
		root, ok := roots[siteOf(u)]
		return ok && strings.HasPrefix(normalizeURL(u)+"/", root)
	}
	for _, n := range g.Nodes {
		if len(ix.Children(n.ID)) == 0 && len(ix.References(n.ID)) == 0 && !n.Answers() {
			out = append(out, Finding{Kind: DeadEnd, Page: n.Page, Node: n.ID,
				Message: fmt.Sprintf("%q answers nothing by itself and links to no page", n.Problem)})
		}
		seen := make(map[string]bool)
		for _, u := range LinkURLs(n.Resolution) {
			nu := normalizeURL(u)
			if seen[nu] || nu == normalizeURL(n.Page) {
				continue
			}
			seen[nu] = true
			if reason, failed := failedPages[nu]; failed {
				out = append(out, Finding{Kind: DanglingReference, Page: n.Page, Node: n.ID,
					Message: fmt.Sprintf("links to %s, which failed to build: %s", u, reason)})
				continue
			}
			if !okPages[nu] && inHelpCenter(u) {
				out = append(out, Finding{Kind: DanglingReference, Page: n.Page, Node: n.ID,
					Message: fmt.Sprintf("links to %s, which is not in the graph", u)})
			}
		}
	}
	// Intent collisions: one finding per intent, on its first node.
	byIntent := make(map[string][]graph.Node)
	for _, n := range g.Nodes {
		for _, in := range n.Intents {
			k := english.FoldIntent(in)
			if k != "" {
				byIntent[k] = append(byIntent[k], n)
			}
		}
	}
	for k, nodes := range byIntent {
		pages := make(map[string]bool)
		for _, n := range nodes {
			pages[n.Page] = true
		}
		if len(pages) < 2 {
			continue
		}
		var others []string
		for _, n := range nodes[1:] {
			if n.Page != nodes[0].Page {
				others = append(others, n.Page+" ("+n.ID+")")
			}
		}
		sort.Strings(others)
		out = append(out, Finding{Kind: IntentCollision, Page: nodes[0].Page, Node: nodes[0].ID,
			Message: fmt.Sprintf("intent %q is also on %v", k, others)})
	}
	for _, p := range g.Pages {
		if p.Status == graph.PageOK && len(ix.PageNodes(p.URL)) == 1 {
			out = append(out, Finding{Kind: SingleNodePage, Page: p.URL, Node: ix.Root(p.URL),
				Message: "the page became a single node: no sections or situations to clarify with"})
		}
	}
	for _, p := range g.Pages {
		if p.Status != graph.PageOK {
			continue
		}
		var nodes []graph.Node
		for _, id := range ix.PageNodes(p.URL) {
			if n := ix.Node(id); n != nil {
				nodes = append(nodes, *n)
			}
		}
		if lost, total := UnplacedText(p, nodes); len(lost) > 0 {
			out = append(out, Finding{Kind: TextInNoNode, Page: p.URL, Node: ix.Root(p.URL),
				Message: fmt.Sprintf("%d of %d sentences are in no node, the first: %q", len(lost), total, lost[0])})
		}
		for _, h := range EmptySections(p) {
			out = append(out, Finding{Kind: EmptySection, Page: p.URL,
				Message: fmt.Sprintf("the section %q has no text: it makes no node, and a question about it is not answered", h)})
		}
	}
	rank := make(map[FindingKind]int)
	for i, k := range FindingKinds {
		rank[k] = i
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Kind != b.Kind {
			return rank[a.Kind] < rank[b.Kind]
		}
		if a.Page != b.Page {
			return a.Page < b.Page
		}
		if a.Node != b.Node {
			return a.Node < b.Node
		}
		return a.Message < b.Message
	})
	return out
}

// siteOf returns a URL's scheme and host, or "" for a relative URL.
// helpCenterRoots returns, by siteOf, the path prefix ending in "/" that
// the site's pages share, a page's URL counting as a folder of its own
// ("https://acme.example/kb" and "https://acme.example/kb/billing/refunds"
// share "https://acme.example/kb/"); a site of one page has its folder.
// Relative pages have the root "".
func helpCenterRoots(pages []graph.Page) map[string]string {
	roots := make(map[string]string)
	count := make(map[string]int)
	for _, p := range pages {
		site := siteOf(p.URL)
		if site == "" {
			roots[site] = ""
			continue
		}
		dir := normalizeURL(p.URL) + "/"
		count[site]++
		if r, ok := roots[site]; ok {
			dir = commonFolder(r, dir)
		}
		roots[site] = dir
	}
	for site, n := range count {
		if r := roots[site]; n == 1 && len(r) > len(site)+1 {
			r = strings.TrimSuffix(r, "/")
			roots[site] = r[:strings.LastIndex(r, "/")+1]
		}
	}
	return roots
}

// commonFolder returns the longest prefix of a and b that ends in "/".
func commonFolder(a, b string) string {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return a[:strings.LastIndex(a[:n], "/")+1]
}

func siteOf(u string) string {
	nu := normalizeURL(u)
	for _, prefix := range []string{"https://", "http://"} {
		if len(nu) > len(prefix) && nu[:len(prefix)] == prefix {
			rest := nu[len(prefix):]
			for i := 0; i < len(rest); i++ {
				if rest[i] == '/' {
					return prefix + rest[:i]
				}
			}
			return prefix + rest
		}
	}
	if len(nu) > 0 && !containsScheme(nu) {
		return ""
	}
	return nu
}

func containsScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ':':
			return i > 0
		case c == '/' || c == '.' || c == '?' || c == '#':
			return false
		}
	}
	return false
}

// Severity ranks findings for `lint --fail-on`.
type Severity int

const (
	Info Severity = iota + 1
	Warning
	Error
)

var severityNames = map[Severity]string{Info: "info", Warning: "warning", Error: "error"}

func (s Severity) String() string { return severityNames[s] }

// MarshalText writes the severity's name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a severity's name.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	*s = v
	return err
}

// ParseSeverity reads "info", "warning" or "error".
func ParseSeverity(name string) (Severity, error) {
	for s, n := range severityNames {
		if n == name {
			return s, nil
		}
	}
	return 0, fmt.Errorf("unknown severity %q (want info, warning or error)", name)
}

// Severity is how much a kind of finding harms answers: a reference to a
// missing page is broken, a dead end or a colliding intent makes the agent
// hand over or hesitate, and a one-node page merely cannot be clarified.
func (k FindingKind) Severity() Severity {
	switch k {
	case DanglingReference:
		return Error
	case DeadEnd, IntentCollision:
		return Warning
	default:
		return Info
	}
}

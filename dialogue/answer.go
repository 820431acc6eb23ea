package dialogue

import "github.com/helpgraph/helpgraph/graph"

// What a node's resolution does for the user (whether it answers, says
// nothing, and how it reads in a reply) is decided once per build by the
// builder (verdict.Judge) and read here; NewGraphAgent decides it for a
// graph stored without it.

// verdictOf returns n's verdict; a node of an agent's graph always has one.
func verdictOf(n *graph.Node) graph.Verdict {
	if n == nil || n.Verdict == nil {
		return graph.Verdict{}
	}
	return *n.Verdict
}

// shownText is n's resolution as a reply shows it.
func shownText(n *graph.Node) string { return verdictOf(n).Text }

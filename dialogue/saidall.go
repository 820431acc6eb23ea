package dialogue

import (
	"strings"

	"github.com/helpgraph/helpgraph/graph"
)

// nextSection returns the node after n in its page's order that has
// something to say, or nil; with a chosen situation (see
// chosenSituation), only one within that situation's section: after the
// Android steps the customer chose, the iOS ones and those for another
// product are other cases, not more of theirs.
func (a *GraphAgent) nextSection(n *graph.Node, chosen string) *graph.Node {
	ids := a.ix.PageNodes(n.Page)
	for i, id := range ids {
		if id != n.ID {
			continue
		}
		for _, next := range ids[i+1:] {
			if chosen != "" && !a.isAncestor(chosen, next) {
				continue
			}
			if m := a.ix.Node(next); m != nil && !verdictOf(m).Hollow {
				return m
			}
		}
	}
	return nil
}

// chosenSituation returns the situation (a node with a condition, cur or
// an ancestor) the customer chose among its siblings when asked which
// applies: the agent's reply before the answer at cur asked at its
// parent. "" when none was chosen so: a situation read from the request
// itself ("how to apply with the local office") was never set against
// the others, which may still be what the customer wants next.
func (a *GraphAgent) chosenSituation(s *Session, cur string) string {
	last, before := lastAgentTurns(s)
	if last.Action != Resolution || last.NodeID != cur || before.Action != Clarification {
		return ""
	}
	for id := cur; id != ""; id = a.ix.Parent(id) {
		if a.ix.Node(id).Condition != "" && a.ix.Parent(id) == before.NodeID {
			return id
		}
	}
	return ""
}

// saidAll is the reply to a question with no words of its own ("ok and
// then?") after an answer that has said all, on a page with nothing more
// for the user's case (goOn declined): said so, with the topics the page
// links to or is linked from as options. "What can I help you with?"
// would read as if the question had not been heard. It declines when the
// last reply was no answer at the current node.
func (a *GraphAgent) saidAll(s *Session) (Reply, bool) {
	cur := a.ix.Node(s.CurrentNode)
	last := lastAgentTurn(s)
	if cur == nil || last.Action != Resolution || last.NodeID != cur.ID {
		return Reply{}, false
	}
	r := Reply{Action: Clarification, NodeID: cur.ID, Sources: a.sourcesOf(cur.ID), Intent: cur.Problem}
	related := a.relatedTopics(cur, func(id string) bool { return saidAt(s, id) != "" })
	if len(related) == 0 {
		r.Text = a.say(s, "SaidAll", "Problem", strings.TrimSpace(cur.Problem))
		return r, true
	}
	s.PendingOptions = a.topicOptions(related)
	r.Options = s.PendingOptions
	r.Text = a.say(s, "SaidAllRelated", "Problem", strings.TrimSpace(cur.Problem))
	return r, true
}

// relatedTopics returns, best first, up to maxSuggestions nodes on other
// pages that n's page relates to: those n and its ancestors refer to, then
// those referring to any node of its page; one a page, none said already
// nor empty.
func (a *GraphAgent) relatedTopics(n *graph.Node, said func(id string) bool) []string {
	var out []string
	pages := map[string]bool{n.Page: true}
	add := func(id string) {
		m := a.ix.Node(id)
		if m == nil || pages[m.Page] || len(out) == maxSuggestions || a.isHollow(id) || said(id) {
			return
		}
		pages[m.Page] = true
		out = append(out, id)
	}
	for id := n.ID; id != ""; id = a.ix.Parent(id) {
		for _, ref := range a.ix.References(id) {
			add(ref)
		}
	}
	for _, id := range a.ix.PageNodes(n.Page) {
		for _, from := range a.ix.ReferredFrom(id) {
			add(from)
		}
	}
	return out
}

// unshownOptions returns the options of opts at whose node the agent has
// said nothing yet in s.
func unshownOptions(s *Session, opts []Option) []Option {
	var out []Option
	for _, o := range opts {
		if saidAt(s, o.NodeID) == "" {
			out = append(out, o)
		}
	}
	return out
}

// onPage returns the options of opts whose node is on page.
func (a *GraphAgent) onPage(page string, opts []Option) []Option {
	var out []Option
	for _, o := range opts {
		if n := a.ix.Node(o.NodeID); n != nil && n.Page == page {
			out = append(out, o)
		}
	}
	return out
}

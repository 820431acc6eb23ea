package dialogue

import (
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// partsOnly reports whether opts, a clarification's options, are all parts
// of a page (its sections, a dialog's fields: "Syntax", "Example";
// "Style", "Anchor", "Link") rather than situations a customer is in ("In
// a Calc spreadsheet", "If you paid by card"): none is a node with a
// condition. Asked "which of these applies to you?", a customer reads
// "Anchor" as nothing that could apply; asked which part they are asking
// about, they can answer. An item of a list of topics (a Mallard guide's,
// a page's menu of the pages under it), which the extractor makes a
// condition named by its link ("Calendar appointments" beside "Connect
// with your contact"), is a part too: no one is in the situation
// "calendar appointments".
func (a *GraphAgent) partsOnly(opts []Option) bool {
	if len(opts) == 0 {
		return false
	}
	for _, o := range opts {
		n := a.ix.Node(o.NodeID)
		if n == nil || n.Condition != "" && !topicItem(n) {
			return false
		}
	}
	return true
}

// topicItem reports whether node n is an item of a list of topics: its
// whole text one link, whose text opens with n's condition.
func topicItem(n *graph.Node) bool {
	res := english.StripListMarker(strings.TrimSpace(n.Resolution))
	m := lexical.MarkdownLink.FindStringSubmatchIndex(res)
	if m == nil || m[0] != 0 || m[1] != len(res) {
		return false
	}
	text := strings.ToLower(res[m[2]:m[3]])
	return strings.HasPrefix(text, strings.ToLower(strings.TrimSpace(n.Condition)))
}

// askedWhichAgain reports whether text, an agent's reply, is the question
// of which option applies asked again (askWhich), of situations or of
// parts.
func (a *GraphAgent) askedWhichAgain(s *Session, text string) bool {
	return text == a.say(s, "WhichOne") || text == a.say(s, "WhichPart")
}

// offeredRelated reports whether text, a reply of the agent, offered the
// topics related to the current node after it had said all (saidAll).
func (a *GraphAgent) offeredRelated(s *Session, text string) bool {
	n := a.ix.Node(s.CurrentNode)
	return n != nil && text == a.say(s, "SaidAllRelated", "Problem", strings.TrimSpace(n.Problem))
}

// askedAnythingElse reports whether text, a reply of the agent, only asked
// whether there is anything else, or what else: after thanks or an
// acknowledgement, after a no to an answer or a "never mind" (WhatElse),
// or after saying that the page said all (saidAll). A yes to "What else
// can I help you with?" has something else to ask, as one to "anything
// else?" does; read as a request, its nothing is a miss.
func (a *GraphAgent) askedAnythingElse(s *Session, text string) bool {
	if text == a.say(s, "Welcome") || text == a.say(s, "AckAnythingElse") || text == a.say(s, "WhatElse") {
		return true
	}
	n := a.ix.Node(s.CurrentNode)
	return n != nil && text == a.say(s, "SaidAll", "Problem", strings.TrimSpace(n.Problem))
}

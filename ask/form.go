package ask

import (
	"fmt"
	"strings"
)

// Form is a question understood offline: what to return about which
// subject, under which filters. ParseForm reads one from a masked question
// (and the previous turn's form, for a follow-up); Compile writes the Cypher
// both engines accept.
type Form struct {
	Return  string   `json:"return"`  // ReturnCount, ReturnList, ReturnTop or ReturnShare
	Subject string   `json:"subject"` // SubjectPage, SubjectNode, …
	Filters []Filter `json:"filters,omitempty"`
	// Measure is what a top-k question ranks its subject by (SubjectNode:
	// "pages with the most nodes", SubjectHandoff: "topics escalated most",
	// MeasureReferrers: "pages referenced most").
	Measure string `json:"measure,omitempty"`
	K       int    `json:"k,omitempty"` // top-k: how many (DefaultTopK)
	// Having keeps the subjects whose Measure count compares so ("pages with
	// more than 8 nodes"); Op is "" when unused.
	Having Having `json:"having,omitzero"`
	// Show is the one property a list of nodes shows instead of the
	// problem ("the resolution of X": ShowResolution).
	Show string `json:"show,omitempty"`
	// Label names a count's column with the question's own noun ("nodes",
	// "articles"); the subject's plural when empty.
	Label string `json:"label,omitempty"`
}

// Properties a list may show alone.
const (
	ShowResolution = "resolution"
	ShowCondition  = "condition"
	ShowIntents    = "intents"
)

// Having compares a grouped count.
type Having struct {
	Op string `json:"op,omitempty"` // ">", "<", "="
	N  int    `json:"n,omitempty"`
}

// Returns.
const (
	ReturnCount = "count"
	ReturnList  = "list"
	ReturnTop   = "top"
	ReturnShare = "share" // the percentage of the subjects that match the last filter
)

// Subjects, and the measures a top-k question may rank by.
const (
	SubjectPage         = "page"
	SubjectNode         = "node"
	SubjectHandoff      = "handoff"
	SubjectConversation = "conversation"
	SubjectReference    = "reference"
	MeasureReferrers    = "referrers" // references pointing at a page
	MeasureChildren     = "children"  // a node's sub-problems
	MeasureIntents      = "intents"
	MeasureThumbsDown   = "thumbs_down" // 👎 ratings of a node's answers
)

// DefaultTopK is how many a top-k question lists when it names no number.
const DefaultTopK = 10

// Filter kinds. Each is about a node, a page, or a handoff/conversation.
const (
	FilterUnresolved  = "unresolved"  // node: no resolution
	FilterActionable  = "actionable"  // node
	FilterRoot        = "root"        // node: a page's top node
	FilterLeaf        = "leaf"        // node: no sub-problems
	FilterConditioned = "conditioned" // node: has a condition
	FilterHollow      = "hollow"      // node: no resolution, no sub-problems, no links
	FilterMentions    = "mentions"    // node problem or page text contains Value
	FilterLinksOut    = "links_out"   // node or page: links to another page
	FilterLinksTo     = "links_to"    // node or page: links to page Value
	FilterLinkedFrom  = "linked_from" // page: page Value links to it
	FilterReferenced  = "referenced"  // page: another page links to it
	FilterEscalated   = "escalated"   // node or page: a conversation was handed off there
	FilterOnPage      = "on_page"     // Value: a page URL
	FilterInSection   = "in_section"  // Value: a URL folder, "/payments/"
	FilterChanged     = "changed"     // page: added or changed in the last build (Value "added": added only)
	FilterFailed      = "failed"      // page: failed to build
	FilterSince       = "since"       // handoff, conversation: on or after Value (YYYY-MM-DD)
	FilterBefore      = "before"      // handoff, conversation: before Value
	FilterWaiting     = "waiting"     // handoff: not handled yet
	FilterNoPage      = "no_page"     // handoff, conversation: ended on no node of the graph
	FilterRatedDown   = "rated_down"  // node or page: an answer from it was rated 👎
	FilterProblem     = "problem"     // node: its problem is Value
	FilterChildOf     = "child_of"    // node: a sub-problem (at any depth) of the problem Value
)

// Filter is one condition. Not negates it. On is what it is about
// (SubjectNode, SubjectPage or SubjectHandoff), fixed when it is read, so
// that a follow-up about another subject keeps its meaning: "which problems
// mention X" then "on which pages?" lists the pages of those problems.
type Filter struct {
	Kind  string `json:"kind"`
	Value string `json:"value,omitempty"`
	Not   bool   `json:"not,omitempty"`
	On    string `json:"on"`
}

func (f Filter) String() string {
	s := f.On + "." + f.Kind
	if f.Value != "" {
		s += "(" + f.Value + ")"
	}
	if f.Not {
		s = "not " + s
	}
	return s
}

// String writes the form on one line, for logs and the admin page.
func (f Form) String() string {
	var b strings.Builder
	b.WriteString(f.Return)
	if f.Return == ReturnTop {
		fmt.Fprintf(&b, " %d", f.topK())
	}
	b.WriteString(" " + f.Subject)
	if f.Measure != "" {
		b.WriteString(" by " + f.Measure)
	}
	if f.Show != "" {
		b.WriteString(" showing " + f.Show)
	}
	if f.Having.Op != "" {
		fmt.Fprintf(&b, " having %s %d", f.Having.Op, f.Having.N)
	}
	for i, fl := range f.Filters {
		if i == 0 {
			b.WriteString(" where ")
		} else {
			b.WriteString(" and ")
		}
		b.WriteString(fl.String())
	}
	return b.String()
}

func (f Form) topK() int {
	if f.K > 0 {
		return f.K
	}
	return DefaultTopK
}

func (f Form) has(kind string) bool {
	for _, fl := range f.Filters {
		if fl.Kind == kind {
			return true
		}
	}
	return false
}

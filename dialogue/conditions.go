package dialogue

// Conditions: how the agent reads the situations a node's children stand
// for, and which of them a user's words pick.

import (
	"slices"
	"sync/atomic"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

func (a *GraphAgent) confirmed(s *Session, condition string) bool {
	for _, c := range s.Confirmed {
		if c == condition {
			return true
		}
	}
	return false
}

// unstatedAbove returns the nearest ancestor of node id (not id itself)
// that stands for a situation the user has not confirmed, or "".
func (a *GraphAgent) unstatedAbove(s *Session, id string) string {
	for p := a.ix.Parent(id); p != ""; p = a.ix.Parent(p) {
		if n := a.ix.Node(p); n != nil && n.Condition != "" && !a.confirmed(s, n.Condition) {
			return p
		}
	}
	return ""
}

// beneath reports whether node id lies below node above.
func (a *GraphAgent) beneath(id, above string) bool {
	for p := a.ix.Parent(id); p != ""; p = a.ix.Parent(p) {
		if p == above {
			return true
		}
	}
	return false
}

// conditionalChildren returns id's children that carry a condition: the
// branches a clarification chooses between.
func (a *GraphAgent) conditionalChildren(id string) []string {
	var out []string
	for _, c := range a.ix.Children(id) {
		if n := a.ix.Node(c); n != nil && n.Condition != "" {
			out = append(out, c)
		}
	}
	return out
}

// pickChildren returns the children of parent whose conditions best match the
// user's text, or failing that the most recently confirmed condition that
// decides between them. Several ids mean a tie; none means nothing decided.
// Words of the parent's problem are ignored in the text: "error changing my
// booking" names the problem, it does not pick the "booking made by phone" branch.
func (a *GraphAgent) pickChildren(parent string, kids []string, text *reading, confirmed []string) []string {
	// The children's conditions are graph text: analysed once per graph.
	labels := make([]labelTerms, len(kids))
	for i, k := range kids {
		f := a.nodeFacts(a.doc[k])
		labels[i] = labelTerms{terms: f.condition, neg: f.conditionNeg}
	}
	if picked := discriminateTerms(labels, text, a.problemTerms(parent)); len(picked) > 0 {
		return pick(kids, picked)
	}
	for i := len(confirmed) - 1; i >= 0; i-- {
		if picked := discriminateTerms(labels, a.readText(confirmed[i]), nil); len(picked) == 1 {
			return pick(kids, picked)
		}
	}
	return nil
}

// problemTerms returns the terms of node id's problem, as a set (shared:
// not to be changed).
func (a *GraphAgent) problemTerms(id string) map[string]bool {
	d, ok := a.doc[id]
	if !ok {
		return nil
	}
	return a.nodeFacts(d).problem
}

// nodeTexts is what the agent reads in a node's text, worked out on first
// use (see GraphAgent.facts).
type nodeTexts struct {
	condition    []string        // the condition's distinct terms
	conditionNeg bool            // whether the condition is negated
	problem      map[string]bool // the problem's terms
	problemNeg   bool            // whether the problem is negated
	// maskedProblem is the problem read as a message is, made on first
	// use (see GraphAgent.problemWords): masking is costly, and most
	// nodes whose facts are read are never joined to a message.
	maskedProblem atomic.Pointer[maskedText]
	// said is the terms of its heading and shown text, made on first use
	// (see GraphAgent.sectionTerms): only a descent choosing among
	// sub-sections reads a node's whole text.
	said atomic.Pointer[map[string]bool]
}

// maskedText is a text's words once its specifics are masked, and whether
// it is negated.
type maskedText struct {
	words textWords
	neg   bool
}

// nodeFacts returns node d's nodeTexts.
func (a *GraphAgent) nodeFacts(d int) *nodeTexts {
	if f := a.facts[d].Load(); f != nil {
		return f
	}
	n := &a.ix.Graph.Nodes[d]
	f := &nodeTexts{condition: uniqueTerms(a.an.terms(n.Condition)), conditionNeg: lexical.Negated(n.Condition),
		problem: map[string]bool{}, problemNeg: lexical.Negated(n.Problem)}
	for _, t := range a.an.terms(n.Problem) {
		f.problem[t] = true
	}
	a.facts[d].Store(f)
	return f
}

func pick(ids []string, idx []int) []string {
	out := make([]string, len(idx))
	for i, j := range idx {
		out[i] = ids[j]
	}
	return out
}

// discriminate scores each label by the terms it shares with text that not
// every label has (those say nothing about which applies), and returns the
// indices of the best-scoring labels, or nil when none scores. When labels
// differ by a negation ("you have your code" / "you don't have your code"),
// text on their subject picks the side whose polarity it shares.
func (a *GraphAgent) discriminate(labels []string, text *reading, ignore map[string]bool) []int {
	lts := make([]labelTerms, len(labels))
	for i, l := range labels {
		lts[i] = labelTerms{terms: uniqueTerms(a.an.terms(l)), neg: lexical.Negated(l)}
	}
	return discriminateTerms(lts, text, ignore)
}

// labelTerms is a label as discriminate reads it: its distinct terms, and
// whether it is negated.
type labelTerms struct {
	terms []string
	neg   bool
}

// discriminateTerms is discriminate with the labels analysed.
func discriminateTerms(labels []labelTerms, text *reading, ignore map[string]bool) []int {
	terms := slices.DeleteFunc(slices.Clone(text.terms), func(t string) bool { return ignore[t] })
	if len(terms) == 0 {
		return nil
	}
	labelTerms := make([][]string, len(labels))
	labelNeg := make([]bool, len(labels))
	count := map[string]int{}
	negCount := 0
	for i, l := range labels {
		labelTerms[i] = l.terms
		for _, t := range labelTerms[i] {
			count[t]++
		}
		if labelNeg[i] = l.neg; labelNeg[i] {
			negCount++
		}
	}
	polar := negCount > 0 && negCount < len(labels)
	textNeg := text.neg
	have := map[string]bool{}
	for _, t := range terms {
		have[t] = true
	}
	denied := deniedLabels(labelTerms, labelNeg, count, text.denied, ignore)
	var best []int
	var bestScore float64
	for i, lt := range labelTerms {
		if len(denied) > 0 && denied[i] {
			continue
		}
		var score float64
		overlap := false
		for _, t := range lt {
			if !have[t] {
				continue
			}
			overlap = true
			if deniedTerm(text.denied, t) || count[t] == len(labels) && len(labels) > 1 {
				continue
			}
			// Rarer among the labels is more telling.
			score += 1 / float64(count[t])
		}
		if polar && overlap && labelNeg[i] == textNeg {
			score += 0.5
		}
		switch {
		case score == 0:
		case score > bestScore+1e-9:
			best, bestScore = []int{i}, score
		case score > bestScore-1e-9:
			best = append(best, i)
		}
	}
	if best == nil {
		return notDenied(denied)
	}
	return best
}

// besideSituations reports whether section id, beneath the situation node
// c the user has not stated, is something a situation beside c speaks of
// too, so that which situation applies decides the answer ("Cancel a
// booking" under "booked by phone" and under "booked online"): the
// situation's own text says all that id's heading names, or a section
// under it is headed so. A section no other branch has says by itself
// which situation it is in: asking first would only delay its answer, as
// asking a manual's readers "General administration, the desktop or
// users?" about "Automatic shutdown of machines during the night" does.
func (a *GraphAgent) besideSituations(c, id string) bool {
	own := a.problemTerms(c)
	var heading []string
	for t := range a.problemTerms(id) {
		if !own[t] {
			heading = append(heading, t)
		}
	}
	if len(heading) == 0 {
		return true // nothing of its own to tell the branches apart
	}
	for _, sib := range a.conditionalChildren(a.ix.Parent(c)) {
		if sib != c && (allIn(heading, a.sectionTerms(sib)) || headedIn(heading, a.branchHeadings(sib))) {
			return true
		}
	}
	return false
}

// branchHeadings returns the heading terms of every section under id.
func (a *GraphAgent) branchHeadings(id string) []map[string]bool {
	var out []map[string]bool
	seen := map[string]bool{id: true}
	stack := slices.Clone(a.ix.Children(id))
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] || a.ix.Node(n) == nil {
			continue
		}
		seen[n] = true
		out = append(out, a.problemTerms(n))
		stack = append(stack, a.ix.Children(n)...)
	}
	return out
}

// headedIn reports whether one of the headings holds every term.
func headedIn(terms []string, headings []map[string]bool) bool {
	for _, h := range headings {
		if allIn(terms, h) {
			return true
		}
	}
	return false
}

package dialogue

import (
	"math/bits"
	"slices"
)

// namedHeading is the least share (IDF-weighted) of an ancestor's heading
// a request must hold for the ancestor to stand in for a section whose
// whole heading the request holds.
const namedHeading = 0.5

// namesSection reports whether a request (its terms) names the section id
// rather than its ancestor anc: every term of id's heading is in the
// request, and most of anc's heading is not ("what if I don't show up":
// the section "No-shows", not the page "Cancellation fees and no-shows").
// A request that holds most of the page's title ("how do I cancel" and
// "Cancelling a reservation") is about the page as a whole.
func (a *GraphAgent) namesSection(id, anc string, terms []string) bool {
	n, p := a.ix.Node(id), a.ix.Node(anc)
	if n == nil || p == nil {
		return false
	}
	return a.headingShare(n.Problem, terms) >= 1-1e-9 && a.headingShare(p.Problem, terms) < namedHeading
}

// headingShare is the share (IDF-weighted) of heading's terms that terms
// holds, 0 for a heading with none.
func (a *GraphAgent) headingShare(heading string, terms []string) float64 {
	return a.weightedShare(a.an.terms(heading), func(t string) bool { return slices.Contains(terms, t) })
}

// fullerOnPage returns the node on id's page, among the accepted
// candidates within genericRatio of id's score, that holds every request
// term id and the branches under it hold, and more ("a receipt with my
// company name": the steps that mention the company name, not the shorter
// note that only mentions a company), or id when none does. Of several,
// the best scored (cands are in score order). Ancestors are left to
// generalise, and descendants to the clarification that asks which of
// them applies; a section whose branches hold the rest of the request
// ("I can't receive the verification e-mail" with a branch about signing
// up) keeps it. A situation (a node with a condition) gives way only to
// another situation, a section only to a section: the request's stated
// situation is not traded for a word of a topic's text.
func (a *GraphAgent) fullerOnPage(cands []candidate, id string) string {
	n := a.ix.Node(id)
	if n == nil {
		return id
	}
	var held uint64
	var score float64
	for _, c := range cands {
		if c.id == id {
			score = c.score
		}
		if c.id == id || a.isAncestor(id, c.id) {
			held |= c.matched
		}
	}
	for _, c := range cands {
		o := a.ix.Node(c.id)
		if c.id == id || o == nil || o.Page != n.Page || c.score < score*genericRatio || !a.accepts(c) || a.isAncestor(c.id, id) || a.isAncestor(id, c.id) || (o.Condition == "") != (n.Condition == "") {
			continue
		}
		if holdsMore(c.matched, held) {
			return c.id
		}
	}
	return id
}

// holdsMore reports whether the term set x (bits by position) is a strict
// superset of y.
func holdsMore(x, y uint64) bool {
	return x&y == y && bits.OnesCount64(x) > bits.OnesCount64(y)
}

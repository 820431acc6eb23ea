package dialogue

import (
	"slices"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// A user who reads a message off the screen ("it says this reservation
// cannot be changed") quotes the page that explains it, whatever else the
// request says: the quote's words in the page's order are no chance match,
// where each word alone is too common to count.

// quotedRun is how many of a request's terms in a row a node's text must
// have in the same order for the request to quote it.
const quotedRun = 3

// phraseMatch returns the best candidate whose text has quotedRun of the
// request's terms in a row, or "".
func (a *GraphAgent) phraseMatch(terms []string, cands []candidate) string {
	if len(terms) < quotedRun {
		return ""
	}
	for _, c := range cands {
		d, ok := a.doc[c.id]
		if !ok || a.isHollow(c.id) {
			continue
		}
		text := a.resolutionTerms(d)
		if hasRun(terms, text, quotedRun) || a.hasRarePair(terms, text) {
			return c.id
		}
	}
	return ""
}

// resolutionTerms returns node d's resolution as terms, masked as a
// request is (so that a quote compares like with like), read once per node.
func (a *GraphAgent) resolutionTerms(d int) []string {
	if terms := a.resolutions[d].Load(); terms != nil {
		return *terms
	}
	terms := a.an.terms(lexical.Mask(a.ix.Graph.Nodes[d].Resolution))
	a.resolutions[d].Store(&terms)
	return terms
}

// hasRun reports whether text has k consecutive terms of req, in order.
func hasRun(req, text []string, k int) bool {
	for i := 0; i+k <= len(req); i++ {
		for j := 0; j+k <= len(text); j++ {
			if slices.Equal(req[i:i+k], text[j:j+k]) {
				return true
			}
		}
	}
	return false
}

// rarePair is the weight (lexicalIndex.idf) each of two words must have for
// the two in a row to be a quote: a BM25 IDF of 3 is a word in at most one
// node in twenty or so ("airline website", where "booking website" is
// everywhere).
const rarePair = 3.0

// hasRarePair reports whether text has two consecutive terms of req, in
// order, each of weight rarePair or more.
func (a *GraphAgent) hasRarePair(req, text []string) bool {
	for i := 0; i+2 <= len(req); i++ {
		if a.lex.idf(req[i]) < rarePair || a.lex.idf(req[i+1]) < rarePair {
			continue
		}
		if hasRun(req[i:i+2], text, 2) {
			return true
		}
	}
	return false
}

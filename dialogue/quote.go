package dialogue

import "slices"

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
		n := a.ix.Node(c.id)
		if n == nil || a.isHollow(c.id) {
			continue
		}
		if hasRun(terms, a.an.terms(a.mask(n.Resolution)), quotedRun) {
			return c.id
		}
	}
	return ""
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

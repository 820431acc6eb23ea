package dialogue

// titleMargin is how far (relative BM25 score) below the best candidate a
// section on a page whose title has all of the request's words may score
// and still be taken over it. BM25 favours a short section that repeats one
// of the words ("plan" four times on a retirement page) over the page the
// request names in full ("planning for your survivors").
const titleMargin = 0.25

// fullTitle is the title share from which a page's title counts as having
// all of the request's words.
const fullTitle = 0.99

// titledOver returns the best candidate within titleMargin of the best
// score whose page title has all of terms, when the selected candidate's
// page title does not and its heading does not have them all either (a
// request that names a section, "keep my information secure", is about
// it); otherwise it returns sel.
func (a *GraphAgent) titledOver(cands []candidate, sel string, terms []string) string {
	if sel == "" || len(cands) == 0 || a.titleShare(sel, terms) >= fullTitle || a.headingHasAll(sel, terms) {
		return sel
	}
	for _, c := range cands {
		if c.score < cands[0].score*(1-titleMargin) {
			break
		}
		if c.id != sel && a.accepts(c) && !a.isHollow(c.id) && a.titleShare(c.id, terms) >= fullTitle {
			return c.id
		}
	}
	return sel
}

// headingHasAll reports whether node id's problem has every one of terms.
func (a *GraphAgent) headingHasAll(id string, terms []string) bool {
	problem := a.problemTerms(id)
	for _, t := range terms {
		if !problem[t] {
			return false
		}
	}
	return len(terms) > 0
}

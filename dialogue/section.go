package dialogue

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
	var got, total float64
	for _, t := range uniqueTerms(a.an.terms(heading)) {
		w := a.lex.idf(t)
		if w == 0 {
			w = a.lex.unknownIDF
		}
		total += w
		for _, r := range terms {
			if r == t {
				got += w
				break
			}
		}
	}
	if total == 0 {
		return 0
	}
	return got / total
}

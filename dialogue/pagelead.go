package dialogue

// pageLeadRatio is how far ahead of every other page (whole-page score
// ratio) a page must be for its best section to answer a request that no
// section matches well enough. Chosen on the sample's evaluation half, ssa
// and adguard-kb/en (make eval-questions; see the README's ranking table).
const pageLeadRatio = 1.3

// pageLeader returns the best candidate on the page that clearly leads the
// whole-page ranking for a request no section matches well enough ("can I
// add userscripts like tampermonkey": the page on extensions has the
// request's words between its title and its sections, no one section has
// enough of them), or "". The page must hold the usual coverage of the
// request and lead every other page by pageLeadRatio, and the section must
// have some of the request's words in what it is about. cands are best
// first; only the best (that is not hollow) is weighed, as a page leading
// behind a better-scoring section elsewhere is no clear lead.
func (a *GraphAgent) pageLeader(cands []candidate) string {
	for _, c := range cands {
		if a.isHollow(c.id) {
			continue
		}
		if c.pageLead >= pageLeadRatio && c.pageCoverage >= a.opts.MinCoverage && c.terms > 0 {
			return c.id
		}
		return ""
	}
	return ""
}

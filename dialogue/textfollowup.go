package dialogue

import "slices"

// followUpInText returns the best match of terms, a follow-up's words
// (own) joined with the topic's, of those holding all of own in any field,
// when it answers the follow-up (textFollowUp).
func (a *GraphAgent) followUpInText(terms, own []string, neg bool) (candidate, bool) {
	// A candidate's matched bits count the query's distinct terms.
	uniq, _, _, _ := a.lex.queryTerms(terms)
	for _, c := range a.lexical(query{terms: terms, neg: neg}, nil, retrieveLimit) {
		if holdsAllOwn(c, uniq, own) {
			return c, a.textFollowUp(c, uniq, own)
		}
	}
	return candidate{}, false
}

// holdsAllOwn reports whether c, a match of the distinct terms uniq, has
// every one of own in some field.
func holdsAllOwn(c candidate, uniq, own []string) bool {
	for i, t := range uniq {
		if slices.Contains(own, t) && c.matched&(1<<i) == 0 {
			return false
		}
	}
	return len(own) > 0
}

// textFollowUp reports whether c, the best match of a follow-up's words
// (own) joined with the topic's (uniq, distinct) that holds all of own,
// answers the follow-up though no heading has its words: it matches well
// enough, and some of the topic's words besides, so the follow-up's words
// are said of what is discussed, not of anything ("how often" alone is on
// many pages).
func (a *GraphAgent) textFollowUp(c candidate, uniq, own []string) bool {
	if !a.good(c) {
		return false
	}
	for i, t := range uniq {
		if !slices.Contains(own, t) && c.matched&(1<<i) != 0 {
			return true
		}
	}
	return false
}

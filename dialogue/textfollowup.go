package dialogue

import "slices"

// followUpInText returns the best match of terms, a follow-up's words
// (own) joined with the topic's, of those holding all of own in any field,
// when it answers the follow-up (textFollowUp).
func (a *GraphAgent) followUpInText(terms, own []string, neg bool) (candidate, bool) {
	for _, c := range a.lexical(query{terms: terms, neg: neg}, nil, retrieveLimit) {
		if a.holdsAllOwn(c, terms, own) {
			return c, a.textFollowUp(c, terms, own)
		}
	}
	return candidate{}, false
}

// holdsAllOwn reports whether c, a match of terms, has every one of own
// in some field.
func (a *GraphAgent) holdsAllOwn(c candidate, terms, own []string) bool {
	uniq, _, _, _ := a.lex.queryTerms(terms)
	for i, t := range uniq {
		if slices.Contains(own, t) && c.matched&(1<<i) == 0 {
			return false
		}
	}
	return len(own) > 0
}

// textFollowUp reports whether c, the best match of a follow-up's words
// (own) joined with the topic's (terms) that holds all of own, answers
// the follow-up though no heading has its words: it matches well enough,
// and some of the topic's words besides, so the follow-up's words are
// said of what is discussed, not of anything ("how often" alone is on
// many pages).
func (a *GraphAgent) textFollowUp(c candidate, terms, own []string) bool {
	if !a.good(c) {
		return false
	}
	uniq, _, _, _ := a.lex.queryTerms(terms)
	for i, t := range uniq {
		if !slices.Contains(own, t) && c.matched&(1<<i) != 0 {
			return true
		}
	}
	return false
}

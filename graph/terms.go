package graph

import "github.com/helpgraph/helpgraph/internal/lexical"

// MaxSearchTerms caps how many words of a query a store searches for, so a
// pasted essay cannot turn into a huge full-text query.
const MaxSearchTerms = 16

// SearchTerms splits a user's query into the lower-case words a store should
// search intents for, in query order and without duplicates. Every store uses
// it so that all backends agree on what a query means: the words are the
// project's words (lexical.Words: plain letters and digits), so no user text
// can ever be read as full-text query syntax. Stop words (lexical.IsStopWord,
// which holds and, or and not) and the operator word NEAR are dropped: they
// would otherwise match almost every intent and drown the words that say
// what the customer wants. A query with no other words yields no terms.
func SearchTerms(query string) []string {
	var terms []string
	seen := make(map[string]bool)
	for _, w := range lexical.Words(query) {
		if seen[w] || w == "near" || !lexical.IsTerm(w) {
			continue
		}
		seen[w] = true
		terms = append(terms, w)
		if len(terms) == MaxSearchTerms {
			break
		}
	}
	return terms
}

package graph

import (
	"strings"
	"unicode"
)

// MaxSearchTerms caps how many words of a query a store searches for, so a
// pasted essay cannot turn into a huge full-text query.
const MaxSearchTerms = 16

// SearchTerms splits a user's query into the lower-case words a store should
// search intents for, in query order and without duplicates. Every store uses
// it so that all backends agree on what a query means: the words are plain
// letters and digits, so no user text can ever be read as full-text query
// syntax. Stop words and the operator words AND, OR, NOT and NEAR are dropped:
// they would otherwise match almost every intent and drown the words that say
// what the customer wants. A query with no other words yields no terms.
func SearchTerms(query string) []string {
	words := strings.FieldsFunc(query, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r)
	})
	var terms []string
	seen := make(map[string]bool)
	for _, w := range words {
		w = strings.ToLower(w)
		if !hasLetterOrDigit(w) || seen[w] || stopWords[w] {
			continue
		}
		// Single letters are leftovers of contractions ("can't" -> "can", "t").
		if len([]rune(w)) == 1 && !unicode.IsDigit([]rune(w)[0]) {
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

func hasLetterOrDigit(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// stopWords are words that carry no meaning for matching a support intent,
// plus the full-text operator words. It includes every word of Lucene's
// English stop set, so that no term analyses to nothing in the Neo4j index.
var stopWords = func() map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(`
		and or not near
		a an the i me my mine myself we us our you your yours he him his she her
		it its they them their this that these those there here
		is are was were be been being am do does did doing done have has had
		having can could would should will shall may might must
		to of in on at by for with from into onto about as if then so than too
		very just also but nor
		how what when where why which who whom whose
		no such please hi hello hey thanks thank`) {
		m[w] = true
	}
	return m
}()

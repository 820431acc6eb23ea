// Package lexical is the word-level text analysis the evaluation tools share:
// the RAG baseline's BM25 retrieval, the simulated user's option matching and
// the evaluator's core-fact coverage all compare texts as bags of lightly
// stemmed content words, and must agree on what a word is.
package lexical

import (
	"strings"
	"unicode"

	"github.com/kljensen/snowball/english"
)

// Words lowercases s and splits it into runs of letters and digits.
func Words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// Terms returns the stemmed content words of s, in order, duplicates kept.
func Terms(s string) []string {
	words := Words(s)
	out := words[:0]
	for _, w := range words {
		if stopWords[w] {
			continue
		}
		out = append(out, Stem(w))
	}
	return out
}

// TermSet returns the distinct terms of s.
func TermSet(s string) map[string]bool {
	set := make(map[string]bool)
	for _, t := range Terms(s) {
		set[t] = true
	}
	return set
}

// Overlap returns the share of a's distinct terms that occur in b (0 when a
// has none).
func Overlap(a, b map[string]bool) float64 {
	if len(a) == 0 {
		return 0
	}
	hit := 0
	for t := range a {
		if b[t] {
			hit++
		}
	}
	return float64(hit) / float64(len(a))
}

// Common returns how many tokens a and b share, counting a repeated token
// as often as both have it (the multiset intersection's size).
func Common(a, b []string) int {
	counts := make(map[string]int, len(b))
	for _, t := range b {
		counts[t]++
	}
	common := 0
	for _, t := range a {
		if counts[t] > 0 {
			counts[t]--
			common++
		}
	}
	return common
}

// Normalize folds s for substring comparison: lowercase words separated by
// single spaces, punctuation dropped.
func Normalize(s string) string { return strings.Join(Words(s), " ") }

// IsStopWord reports whether the lowercase word w carries no content.
func IsStopWord(w string) bool { return stopWords[w] }

// Stem reduces an English word to its Snowball (Porter2) stem, so that
// "booked", "booking" and "bookings" meet, and so do "approved" and
// "approval". Digit runs are kept as they are.
func Stem(w string) string {
	if len(w) <= 2 || IsDigits(w) {
		return w
	}
	return english.Stem(w, true)
}

// IsDigits reports whether s is a non-empty run of ASCII digits.
func IsDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// stopWords are function words and the filler of support requests.
var stopWords = func() map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(`
a about above after again against all am an and any are as at be because been before being
below between both but by could did do does doing down during each few for from further had
has have having he her here hers herself him himself his how i if in into is it its itself
just me more most my myself no nor of off on once only or other our ours ourselves out over own
same she should so some such than that the their theirs them themselves then there these they
this those through to too under until up very was we were what when where which while who whom
why will with would you your yours yourself yourselves s t d ll m re ve
can may might must shall also still even please thanks thank hi hello hey help need want
wanted trying try tried get getting got like know let make sure really ok okay
im ive dont doesnt didnt isnt`) {
		m[w] = true
	}
	return m
}()

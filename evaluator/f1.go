package evaluator

import (
	"strings"
	"unicode"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// TokenF1 is the token-level F1 of a reply against a gold text after
// SQuAD-style normalisation (AnswerTokens), the measure doc2dial and
// MultiDoc2Dial report: the harmonic mean of the share of the reply's
// tokens found in the gold and of the gold's tokens found in the reply,
// counting repeated tokens as often as both have them.
func TokenF1(reply, gold string) float64 {
	p, g := AnswerTokens(reply), AnswerTokens(gold)
	if len(p) == 0 || len(g) == 0 {
		if len(p) == len(g) {
			return 1
		}
		return 0
	}
	common := lexical.Common(p, g)
	if common == 0 {
		return 0
	}
	precision := float64(common) / float64(len(p))
	recall := float64(common) / float64(len(g))
	return 2 * precision * recall / (precision + recall)
}

// AnswerTokens normalises s as the SQuAD evaluation script does: lower case,
// ASCII punctuation removed (not turned into spaces: "1-800" is "1800"), the
// articles a, an and the dropped, split on white space.
func AnswerTokens(s string) []string {
	s = strings.Map(func(r rune) rune {
		if r <= unicode.MaxASCII && (unicode.IsPunct(r) || unicode.IsSymbol(r)) { // Python's string.punctuation
			return -1
		}
		return r
	}, strings.ToLower(s))
	fields := strings.Fields(s)
	out := fields[:0]
	for _, w := range fields {
		if w != "a" && w != "an" && w != "the" {
			out = append(out, w)
		}
	}
	return out
}

package dialogue

import (
	"strings"
	"unicode"
)

// pointsToHeading reports whether text's first sentence points back to the
// heading above it with a demonstrative among its first words ("If you
// tap this option, …", "Wenn Sie auf diese Option tippen, …", "この機能を
// 有効にするには"): without the heading, the customer cannot tell which
// option. A demonstrative ending the sentence ("… like this.") points at
// what follows, not back.
func pointsToHeading(text string) bool {
	text = strings.TrimSpace(text)
	if end := strings.IndexAny(text, ".!?:\n。！？："); end >= 0 {
		text = text[:end]
	}
	for _, p := range kanaDemonstratives {
		if strings.HasPrefix(text, p) {
			return true
		}
	}
	i, found := 0, false
	for w := range strings.FieldsFuncSeq(text, func(r rune) bool { return !unicode.IsLetter(r) }) {
		if found {
			return true // a word follows the demonstrative
		}
		if i >= demonstrativeReach {
			return false
		}
		found = isDemonstrative(w)
		i++
	}
	return false
}

// isDemonstrative reports whether w is one of demonstratives, in any case
// (a turn's answer is read without copying it in lower case).
func isDemonstrative(w string) bool {
	for _, d := range demonstratives {
		if strings.EqualFold(w, d) {
			return true
		}
	}
	return false
}

// demonstrativeReach is how many of a sentence's first words may hold the
// demonstrative: a clause's opening ("If you tap this option").
const demonstrativeReach = 6

// demonstratives are the determiners "this"/"these" in the catalog's
// languages written with spaces (French "ce" left out: it is also "ce
// que", "c'est").
var demonstratives = []string{
	"this", "these",
	"diese", "dieser", "dieses", "diesen", "diesem",
	"cet", "cette", "ces",
	"este", "esta", "estos", "estas",
}

// kanaDemonstratives open a Japanese sentence that points back ("この",
// "this"; "これ", "this one").
var kanaDemonstratives = []string{"この", "これ"}

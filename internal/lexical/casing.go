package lexical

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// UpperFirst capitalises the first letter of s (rune-safe: "été" is "Été"),
// unless its first word is a name written with a capital inside ("iPhone",
// "macOS", "eBay"): "IPhone" is no word.
func UpperFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || unicode.IsUpper(r) || capitalInside(s) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// LowerFirst lowercases the first letter of s, to run a sentence on ("If
// you booked ..."), unless its first word is a name: "I", an acronym
// ("FAQ"), or the start of a capitalised phrase ("Social Security").
func LowerFirst(s string) string {
	first, rest, _ := strings.Cut(s, " ")
	if isI(first) {
		return s
	}
	if capitalInside(first) {
		return s // "FAQ", "iPhone"-like
	}
	// "Can I ..." is a question, not a name: "I" capitalises itself.
	next, _, _ := strings.Cut(rest, " ")
	if r, _ := utf8.DecodeRuneInString(next); unicode.IsUpper(r) && !isI(next) {
		return s
	}
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return string(unicode.ToLower(r)) + s[size:]
}

// isI reports whether w is the pronoun "I", alone or contracted ("I'm").
func isI(w string) bool {
	return w == "I" || strings.HasPrefix(w, "I'") || strings.HasPrefix(w, "I’")
}

// capitalInside reports whether the first word of s has a capital letter
// after its first letter: an acronym ("FAQ") or a name ("iPhone").
func capitalInside(s string) bool {
	first, _, _ := strings.Cut(s, " ")
	for i, r := range first {
		if i > 0 && unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

package lexical

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// UpperFirst capitalises the first letter of s (rune-safe: "été" is "Été").
func UpperFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// LowerFirst lowercases the first letter of s, to run a sentence on ("If
// you booked ..."), unless its first word is a name: "I", an acronym
// ("FAQ"), or the start of a capitalised phrase ("Social Security").
func LowerFirst(s string) string {
	first, rest, _ := strings.Cut(s, " ")
	if first == "I" || strings.HasPrefix(first, "I'") || strings.HasPrefix(first, "I’") {
		return s
	}
	for i, r := range first {
		if i > 0 && unicode.IsUpper(r) {
			return s // "FAQ", "iPhone"-like
		}
	}
	if r, _ := utf8.DecodeRuneInString(rest); unicode.IsUpper(r) {
		return s
	}
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return string(unicode.ToLower(r)) + s[size:]
}

package lexical

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// UpperFirst capitalises the first letter of s (rune-safe: "été" is "Été"),
// unless its first word is a name written with a capital inside ("iPhone",
// "macOS", "eBay"): "IPhone" is no word; or a name from code, with an
// underscore ("db_column", a Django option offered as "Db_column").
func UpperFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || unicode.IsUpper(r) || capitalInside(s) || codeName(s) {
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

// codeName reports whether the first word of s has an underscore: a name
// from code, spelt as the code spells it.
func codeName(s string) bool {
	first, _, _ := strings.Cut(s, " ")
	return strings.Contains(first, "_")
}

// CamelHeads calls f with each word of s written as a name of run-together
// capitalised words ("NestPoints", "OneDrive", "iCloud") and its head, both
// lowercased ("nestpoints", "points"). The head is the last capitalised
// part, as in any English compound: a NestPoint is a kind of point, so a
// request for "points" may mean it, while "AdGuard" is no kind of ad and
// "ads" should not find it. Only a part that starts a capital after a small
// letter and runs on in three small letters or more is a head: an acronym
// ("iOS", "DNSCrypt") is one word. A name starts with a capital or with one
// small letter before a capital ("iCloud", "eReader"): a word that starts in
// two small letters is a program's identifier ("getValue", "setInterval"),
// quoted code, not a name of the product.
func CamelHeads(s string, f func(whole, head string)) {
	for i := 0; i < len(s); {
		if !isASCIILetter(s[i]) {
			i++
			continue
		}
		start := i
		for i < len(s) && isASCIILetter(s[i]) {
			i++
		}
		if i < len(s) && s[i] >= utf8.RuneSelf || i < len(s) && s[i] >= '0' && s[i] <= '9' {
			for i < len(s) && s[i] != ' ' { // part of a longer word: skip it
				i++
			}
			continue
		}
		if start > 0 && (s[start-1] >= utf8.RuneSelf || s[start-1] >= '0' && s[start-1] <= '9') {
			continue
		}
		if word := s[start:i]; len(word) > 1 && word[1] >= 'a' && word[0] >= 'a' {
			continue // "getValue"
		}
		if head := camelHead(s[start:i]); head != "" {
			f(strings.ToLower(s[start:i]), strings.ToLower(head))
		}
	}
}

// camelHead returns the last part of word, all ASCII letters, when it is a
// capital after a small letter followed by three small letters or more and
// ends the word; "" otherwise.
func camelHead(word string) string {
	j := len(word)
	for j > 0 && word[j-1] >= 'a' && word[j-1] <= 'z' {
		j--
	}
	if len(word)-j < 3 || j < 2 || word[j-1] < 'A' || word[j-1] > 'Z' || word[j-2] < 'a' || word[j-2] > 'z' {
		return ""
	}
	return word[j-1:]
}

func isASCIILetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

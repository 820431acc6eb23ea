// Package lexical is the project's one word model: what a word is (Words,
// EachWord), which words carry no content (IsStopWord), how words meet
// (Stem), what a user's specifics look like and how they are masked (Mask,
// PhoneNumber, URL, MarkdownLink), negation (Negated) and sentence casing
// (UpperFirst, LowerFirst). The graph agent, the RAG baseline, the graph
// stores' search terms, the extractor, the simulated user and the evaluator
// all use it, so that they agree on what a text says.
package lexical

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
)

// Words lowercases s and splits it into runs of letters, digits and
// combining marks. Negative contractions are folded first ("won't" and
// "won’t" are "wont"), so a user who skips the apostrophe matches like one
// who types it; any other apostrophe splits ("it's" is "it", "s").
func Words(s string) []string {
	// The words are cut from one string: two allocations, not one a word.
	var (
		text   []byte
		endArr [32]int
		ends   = endArr[:0]
		bufArr [64]byte
	)
	EachWord(s, bufArr[:0], func(w []byte) {
		text = append(text, w...)
		ends = append(ends, len(text))
	})
	if len(ends) == 0 {
		return nil
	}
	all := string(text)
	out := make([]string, len(ends))
	start := 0
	for i, end := range ends {
		out[i] = all[start:end]
		start = end
	}
	return out
}

// EachWord calls f with each word of s (see Words), lowercased, in a buffer
// that is reused: f must copy what it keeps. buf is scratch space, returned
// for reuse.
func EachWord(s string, buf []byte, f func(w []byte)) []byte {
	buf = buf[:0]
	var last rune // the last rune put in buf
	for i, r := range s {
		var word bool
		if r < utf8.RuneSelf {
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			word = 'a' <= r && r <= 'z' || '0' <= r && r <= '9'
		} else {
			r = unicode.ToLower(r)
			if r >= 0x600 && r <= 0x6FF {
				r = arabicScriptFold(r)
			}
			word = unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
		}
		if word {
			buf = utf8.AppendRune(buf, r)
			last = r
			continue
		}
		if (r == '\'' || r == '’') && last == 'n' && len(buf) > 0 && nextIsT(s[i+utf8.RuneLen(r):]) {
			continue // "n't": the word goes on
		}
		if r == '.' && '0' <= last && last <= '9' && i+1 < len(s) && '0' <= s[i+1] && s[i+1] <= '9' {
			// A version or a decimal ("3.11", "1.10.4", "0.5") is one
			// word: as its digits, "Django 1.10" and "Django 2.2" named
			// the same release notes.
			buf = append(buf, '.')
			last = r
			continue
		}
		if len(buf) > 0 {
			f(buf)
			buf = buf[:0]
		}
		last = 0
	}
	if len(buf) > 0 {
		f(buf)
	}
	return buf
}

// nextIsT reports whether rest starts with a "t" that ends a word.
func nextIsT(rest string) bool {
	if rest == "" || rest[0] != 't' && rest[0] != 'T' {
		return false
	}
	r, _ := utf8.DecodeRuneInString(rest[1:])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// Terms returns the stemmed content words of s, in order, duplicates kept:
// stop words and one-letter words (leftovers such as the "s" of "it's") are
// dropped, digit runs kept.
func Terms(s string) []string {
	var out []string
	EachWord(s, nil, func(w []byte) {
		if IsTerm(string(w)) {
			out = append(out, Stem(string(w)))
		}
	})
	return out
}

// IsTerm reports whether the lowercase word w counts as a term: not a stop
// word, and a digit run or at least two letters long.
func IsTerm(w string) bool {
	return !stopWords[w] && (utf8.RuneCountInString(w) >= 2 || IsDigits(w))
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

// stopWords are function words (every word of Lucene's English stop set
// among them, so no term analyses to nothing in a full-text index) and the
// filler of support requests ("hi, I need help with...", "I was wondering",
// "what does that mean?").
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
wanted trying try tried get getting got like know let make sure really exactly ok okay
im ive dont doesnt didnt isnt doesn didn isn don won couldn wasn aren not cant wont arent wasnt
werent havent hasnt hadnt couldnt shouldnt wouldnt pls plz thx ty hiya
whats thats theres wheres hows whos whys heres youre theyre weve youve theyve
keep keeps kept keeping happen happens happened happening
info information guidance assistance advice regarding concerning wondering wonder curious oh
mean means meant sorry instead`) {
		m[w] = true
	}
	return m
}()

// arabicScriptFold returns r as the languages written in the Arabic script
// share it: Persian's yeh and keheh as Arabic's (a Persian keyboard and
// Persian pages write "ی", "ک"; an Arabic keyboard, and Savoy's Persian
// stop list, "ي", "ك"), alef maksura as yeh, and Persian and
// Arabic-Indic digits as ASCII ones ("ساعت ۳" is "3").
func arabicScriptFold(r rune) rune {
	switch {
	case r == '\u06cc' || r == '\u0649':
		return '\u064a'
	case r == '\u06a9':
		return '\u0643'
	case r >= '\u06f0' && r <= '\u06f9':
		return '0' + r - '\u06f0'
	case r >= '\u0660' && r <= '\u0669':
		return '0' + r - '\u0660'
	}
	return r
}

package lexical

import (
	"strings"

	snowball "github.com/blevesearch/snowballstem"
)

// indonesianStem stems an Indonesian word by the light stemmer of Tala's
// "A Study of Stemming Effects on Information Retrieval in Bahasa
// Indonesia" (2003), the one Lucene uses, with the first letter a nasal
// prefix replaced put back (Nazief and Adriani's rule): Indonesian
// inflects by affixes on both ends, so "menampilkan" (to show) and
// "tampil", "dipasangkan" and "pasang", "pembaruan" and "baru" met
// nowhere. In order, each only while the word has more than two
// syllables: a particle (-kah, -lah, -pun), a possessive (-ku, -mu,
// -nya), then a first-order prefix (meng-, meny-, men-, mem-, me-, peng-,
// peny-, pen-, pem-, di-, ter-, ke-) followed by a derivational suffix
// (-kan, -an, -i) and, after one, a second-order prefix (ber-, bel-, be-,
// per-, pel-, pe-); a word with no first-order prefix loses a
// second-order one, then a suffix. A prefix and a suffix that do not
// combine (di-…-an, ber-…-i, ke-…-kan) leave the suffix.
func indonesianStem(env *snowball.Env) bool {
	w := env.Current()
	before := w
	w = trimSuffixOf(w, "kah", "lah", "pun")
	w = trimSuffixOf(w, "ku", "mu", "nya")
	if rest, prefix := firstOrderPrefix(w); prefix != "" {
		w = rest
		if rest, suffix := derivationalSuffix(w, prefix); suffix != "" {
			w = rest
			w, _ = secondOrderPrefix(w)
		}
	} else {
		var second string
		w, second = secondOrderPrefix(w)
		w, _ = derivationalSuffix(w, second)
	}
	if w == before {
		return false
	}
	env.SetCurrent(w)
	return true
}

// vowels are the letters that count an Indonesian word's syllables.
const vowels = "aeiou"

// syllables counts an Indonesian word's syllables as its vowels.
func syllables(w string) int {
	n := 0
	for _, r := range w {
		if strings.ContainsRune(vowels, r) {
			n++
		}
	}
	return n
}

// trimSuffixOf removes the first of suffixes w ends with, while w has more
// than two syllables.
func trimSuffixOf(w string, suffixes ...string) string {
	if syllables(w) <= 2 {
		return w
	}
	for _, s := range suffixes {
		if rest, ok := strings.CutSuffix(w, s); ok {
			return rest
		}
	}
	return w
}

// firstOrderPrefixes are the first-order prefixes, longest first, and
// the stem's first letter each replaced: always (meny- and peny- replaced
// "s": "menyapu" is "sapu"), or before a vowel (mem- and pem- replaced
// "p", men- and pen- "t": "memukul" is "pukul", "menulis" "tulis"). meng-
// may have replaced "k" or nothing ("mengirim", "mengambil") and is left
// bare.
var firstOrderPrefixes = []struct{ prefix, restore, beforeVowel string }{
	{"meng", "", ""}, {"meny", "s", "s"}, {"men", "", "t"}, {"mem", "", "p"}, {"me", "", ""},
	{"peng", "", ""}, {"peny", "s", "s"}, {"pen", "", "t"}, {"pem", "", "p"},
	{"di", "", ""}, {"ter", "", ""}, {"ke", "", ""},
}

// firstOrderPrefix removes w's first-order prefix and returns what is left
// and the prefix, or w and "".
func firstOrderPrefix(w string) (string, string) {
	if syllables(w) <= 2 {
		return w, ""
	}
	for _, p := range firstOrderPrefixes {
		rest, ok := strings.CutPrefix(w, p.prefix)
		if !ok || rest == "" {
			continue
		}
		if strings.IndexByte(vowels, rest[0]) >= 0 {
			return p.beforeVowel + rest, p.prefix
		}
		return p.restore + rest, p.prefix
	}
	return w, ""
}

// secondOrderPrefix removes w's second-order prefix: ber-, per- and pe-
// (be- before an "-er-" syllable, as "bekerja"; bel- and pel- only in
// "belajar" and "pelajar").
func secondOrderPrefix(w string) (string, string) {
	if syllables(w) <= 2 {
		return w, ""
	}
	switch {
	case w == "belajar" || w == "pelajar":
		return w[3:], w[:3]
	case strings.HasPrefix(w, "ber"), strings.HasPrefix(w, "per"):
		return w[3:], w[:3]
	case strings.HasPrefix(w, "be") && len(w) > 4 && w[3:5] == "er":
		return w[2:], "be"
	case strings.HasPrefix(w, "pe"):
		return w[2:], "pe"
	}
	return w, ""
}

// derivationalSuffix removes w's suffix -kan, -an or -i, unless it does not
// combine with prefix (the prefix removed before it, "" for none).
func derivationalSuffix(w, prefix string) (string, string) {
	if syllables(w) <= 2 {
		return w, ""
	}
	for _, s := range []string{"kan", "an", "i"} {
		rest, ok := strings.CutSuffix(w, s)
		if !ok || !affixesCombine(prefix, s) {
			continue
		}
		return rest, s
	}
	return w, ""
}

// affixesCombine reports whether an Indonesian word may carry both prefix
// and suffix: not di-…-an, ter-…-an, ke-…-i, ke-…-kan, ber-…-i, be-…-i,
// me(ng)-…-an.
func affixesCombine(prefix, suffix string) bool {
	switch prefix {
	case "di", "ter":
		return suffix != "an"
	case "ke":
		return suffix == "an"
	case "ber", "be":
		return suffix != "i"
	case "meng", "meny", "men", "mem", "me":
		return suffix != "an"
	}
	return true
}

package dialogue

import (
	"strings"
	"unicode"
)

// A Japanese customer writes a product or platform name in katakana
// ("アンドロイド", "ウィンドウズ") where the pages and the options write it
// in Latin letters ("Android", "Windows"). Read as sounds, the two agree
// in their consonants: loanwordKey reduces both to them, so a reply to a
// clarification can name an option either way (optionByLoanword).

// kanaConsonant is the consonant of each katakana syllable, as a
// romanisation writes it ("" for a vowel, a small kana, ッ and ー).
var kanaConsonant = func() map[rune]string {
	m := map[rune]string{}
	rows := []struct{ kana, consonant string }{
		{"カキクケコ", "k"}, {"ガギグゲゴ", "g"}, {"サシスセソ", "s"}, {"ザジズゼゾ", "z"},
		{"タチテト", "t"}, {"ツ", "ts"}, {"ダヂヅデド", "d"}, {"ナニヌネノン", "n"}, {"ハヒヘホ", "h"},
		{"フ", "f"}, {"バビブベボヴ", "b"}, {"パピプペポ", "p"}, {"マミムメモ", "m"}, {"ヤユヨ", "y"},
		{"ラリルレロ", "r"}, {"ワヲ", "w"},
	}
	for _, row := range rows {
		for _, k := range row.kana {
			m[k] = row.consonant
		}
	}
	return m
}()

// latinSounds folds Latin spellings to the consonant a katakana
// rendering has for them.
var latinSounds = strings.NewReplacer("ph", "f", "ch", "k", "sh", "s", "th", "s", "ck", "k", "x", "ks", "c", "k", "q", "k", "l", "r", "v", "b", "j", "z")

// loanwordKey returns word's consonants as a katakana rendering and a
// Latin spelling of one name share them: vowels, y, w and h dropped (a
// katakana rendering adds or drops them), z read as s, doubled letters
// once. word is katakana or Latin letters; "" for anything else.
func loanwordKey(word string) string {
	var b strings.Builder
	kana := strings.ContainsFunc(word, func(r rune) bool { return unicode.Is(unicode.Katakana, r) })
	if kana {
		for _, r := range word {
			c, ok := kanaConsonant[r]
			if !ok && !unicode.Is(unicode.Katakana, r) && r != 'ー' {
				return ""
			}
			b.WriteString(c)
		}
	} else {
		for _, r := range strings.ToLower(word) {
			if r > unicode.MaxASCII || !unicode.IsLetter(r) {
				return ""
			}
		}
		b.WriteString(latinSounds.Replace(strings.ToLower(word)))
	}
	var out []rune
	for _, r := range b.String() {
		switch r {
		case 'a', 'e', 'i', 'o', 'u', 'y', 'w', 'h':
			continue
		case 'z':
			r = 's'
		}
		if len(out) > 0 && out[len(out)-1] == r {
			continue
		}
		out = append(out, r)
	}
	return string(out)
}

// minLoanwordKey is the fewest consonants a key has to name a word: one
// ("iOS", "アイオーエス": "s") is shared by too many.
const minLoanwordKey = 2

// katakanaRuns returns the runs of katakana (with ー) in text.
func katakanaRuns(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return !unicode.Is(unicode.Katakana, r) && r != 'ー' })
}

// optionByLoanword returns the one option whose label has a Latin word
// that a katakana run of text renders ("アンドロイドです" and "Android"),
// or -1 when none or several do.
func optionByLoanword(text string, labels []string) int {
	picked := -1
	for _, run := range katakanaRuns(text) {
		key := loanwordKey(run)
		if len([]rune(run)) < 3 || len(key) < minLoanwordKey {
			continue
		}
		for i, l := range labels {
			for _, w := range strings.FieldsFunc(l, func(r rune) bool { return !unicode.IsLetter(r) }) {
				if loanwordKey(w) != key {
					continue
				}
				if picked >= 0 && picked != i {
					return -1
				}
				picked = i
			}
		}
	}
	return picked
}

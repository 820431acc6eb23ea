package dialogue

import "unicode"

// requestLength is how many words a message of text, read as terms
// terms, has for telling a short follow-up from a request of its own
// (leanOf). In text without spaces (Japanese, Chinese) the terms are
// overlapping character pairs, several a word ("それってどうやればいいですか",
// "how do I do that", is 14): there each run of one script is a word (its
// kanji, a katakana loanword, "iPhone", a hiragana ending or phrase), and
// the message has as many as it has runs. Text with spaces: its terms.
func requestLength(text string, terms int) int {
	if terms == 0 {
		return 0
	}
	runs, unspaced, last := 0, false, 0
	for _, r := range text {
		sc := unspacedScript(r)
		switch {
		case sc > 0:
			unspaced = true
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			sc = 4
		}
		if sc != 0 && sc != last {
			runs++
		}
		last = sc // a space or mark (0) ends a run
	}
	if !unspaced {
		return terms
	}
	return min(runs, terms)
}

// unspacedScript is r's script among those written without spaces: 1 Han,
// 2 katakana, 3 hiragana; 0 another.
func unspacedScript(r rune) int {
	switch {
	case r == '々' || unicode.Is(unicode.Han, r):
		return 1
	case r == 'ー' || unicode.Is(unicode.Katakana, r):
		return 2
	case unicode.Is(unicode.Hiragana, r):
		return 3
	}
	return 0
}

// onlyKana reports whether text's letters are all hiragana: in Japanese
// such a message is grammar alone, endings and pronouns ("それってどうやれば
// いいですか", how do I do that; "どういうこと", what does that mean), as an
// English message of stop words is; its character pairs match any page.
func onlyKana(text string) bool {
	kana := false
	for _, r := range text {
		switch {
		case unspacedScript(r) == 3:
			kana = true
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			return false
		}
	}
	return kana
}

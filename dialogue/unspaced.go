package dialogue

import "unicode"

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

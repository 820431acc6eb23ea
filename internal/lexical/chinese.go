package lexical

import (
	_ "embed"
	"log/slog"
	"sync"
	"unicode"

	"github.com/go-ego/gse"
)

// chineseWords calls f with the words of w, a word of Chinese text as
// EachWord cuts it (no spaces: often a whole clause), as gse segments it
// with its Simplified and Traditional dictionaries in search mode: each
// word and the dictionary words within a longer one ("文字大小" is 文字, 大小
// and 文字大小).
// Character pairs (eachBigram), the dictionary-free reading, cut as many
// pairs across two words as within one ("时区怎么改": 区怎, 么改), and those
// weighed as words no page has. ok is false when the dictionary did not
// load: w is then read as pairs.
func chineseWords(w []byte, f func([]byte)) (ok bool) {
	seg := chineseSegmenter()
	if seg == nil {
		return false
	}
	for _, word := range seg.CutSearch(string(w), true) {
		if hasLetter(word) {
			f([]byte(word))
		}
	}
	return true
}

func hasLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// The Simplified and Traditional Chinese dictionaries: a help center in
// Taiwan or Hong Kong writes "變更密碼", which the Simplified one alone
// read as single characters, left out as words ("變", "更").
var (
	//go:embed chinese/dict_s.txt
	simplifiedDict string
	//go:embed chinese/dict_t.txt
	traditionalDict string
)

// chineseSegmenter is gse's segmenter with the two dictionaries, loaded
// once, when Chinese text is first read (1.6 s and 205 MB; nil, logged, if
// they do not load).
var chineseSegmenter = sync.OnceValue(func() *gse.Segmenter {
	var seg gse.Segmenter
	seg.SkipLog = true
	if err := seg.LoadDictStr(simplifiedDict + traditionalDict); err != nil {
		slog.Error("Chinese dictionary", "err", err)
		return nil
	}
	return &seg
})

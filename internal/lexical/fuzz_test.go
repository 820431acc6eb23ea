package lexical

import (
	"testing"
	"unicode/utf8"
)

// FuzzModelTerms: any text, valid UTF-8 or not, is read into terms in
// every way the models read it (Chinese segmented by its dictionary,
// Korean and Japanese in pairs, Polish by Stempel, Czech cut short) without
// a panic, and each term is valid UTF-8.
func FuzzModelTerms(f *testing.F) {
	for _, s := range []string{"怎么双面打印", "프린터에 종이가 걸렸어요", "広告ブロックが動作しない", "wifi się rozłącza", "zobrazují", "menampilkannya bérjalan", "\xff\xfe时区", "ＶＰＮ", "به\u200cروزرسانی\u200cهای ۳ کامپیوترهای", "เปลี่ยนรหัสผ่าน 3.11", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, lang := range []string{"en", "zh", "ko", "ja", "pl", "cs", "de", "id", "fa", "th"} {
			for _, term := range For(lang).Terms(s) {
				if !utf8.ValidString(term) {
					t.Fatalf("For(%q).Terms(%q): term %q is not valid UTF-8", lang, s, term)
				}
			}
		}
	})
}

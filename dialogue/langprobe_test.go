package dialogue

import "testing"

// TestSpokenActsProbedInJapaneseAndGerman: acts customers said on
// adguard-ja and adguard-de that were read as requests.
// "ありがとうございます、できました" (thanks, it worked) was answered from a
// license page; "それは違います" (that's not it) got the same answer again;
// "das hilft nicht" got "please rephrase".
func TestSpokenActsProbedInJapaneseAndGerman(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		msg  string
		want Act
	}{
		{"ありがとうございます、できました", ActThanks},
		{"できました！ありがとう", ActThanks},
		{"直りました", ActThanks},
		{"それは違います", ActNoneOfThese},
		{"いいえ、違います", ActNo},
		{"そうじゃないです", ActNoneOfThese},
		{"だめでした", ActNotSolved},
		{"das hilft nicht", ActNotSolved},
		{"das hilft mir nicht", ActNotSolved},
		{"das stimmt nicht", ActNoneOfThese},
		{"どういうこと？", ActUnclear},
		{"できないアプリがあります", ActNone},
	} {
		if got := classifyAct(an, tc.msg); got != tc.want {
			t.Errorf("classifyAct(%q) = %s, want %s", tc.msg, got, tc.want)
		}
	}
}

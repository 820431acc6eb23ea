package dialogue

import "testing"

// TestTwoPhrases: two act phrases in one message say one act when they
// agree, or are both a no ("das stimmt nicht, das hilft nicht", seen
// chatting on AdGuard's German pages, was matched against the pages and
// got "please rephrase"); phrases that disagree, or of two languages, say
// nothing together.
func TestTwoPhrases(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want Act
	}{
		{"das stimmt nicht, das hilft nicht", ActNotSolved},
		{"c'est pas ça, ça marche pas", ActNotSolved},
		{"danke, danke", ActThanks},
		{"gracias muchas gracias", ActThanks},
		{"nein, ja", ActNone},
		{"das stimmt nicht c'est pas ça", ActNone},
		{"das stimmt nicht, wie lösche ich mein konto", ActNone},
	} {
		if got := ClassifyAct(tc.msg); got != tc.want {
			t.Errorf("ClassifyAct(%q) = %s, want %s", tc.msg, got, tc.want)
		}
	}
}

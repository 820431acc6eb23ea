package lexical

import "testing"

// TestWordsThatAskNothing: "what does that mean?" and "was kann ich tun?"
// name no topic; as terms they matched a page on plural forms and one on
// what an account can do (seen on the AdGuard help center).
func TestWordsThatAskNothing(t *testing.T) {
	for _, c := range []struct {
		lang, word string
	}{
		{"en", "mean"}, {"en", "means"}, {"en", "meant"},
		{"de", "tun"}, {"de", "machen"}, {"de", "macht"},
	} {
		if !For(c.lang).IsStopWord(c.word) {
			t.Errorf("%s %q is no stop word", c.lang, c.word)
		}
	}
}

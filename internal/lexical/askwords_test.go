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

// TestContractionsTypedWithoutApostrophe: "whats the right way to…" is
// "what's", whose parts are stop words; typed solid it was stemmed to
// "what", a term no page has, weighing as the rarest of the request. And
// "instead" says what the request is not about ("log in with a key
// instead of a password"): as a term it drew the request to a section
// whose text says "instead of" (seen on the Debian Administrator's
// Handbook).
func TestContractionsTypedWithoutApostrophe(t *testing.T) {
	for _, w := range []string{"whats", "thats", "theres", "wheres", "hows", "whos", "whys", "heres", "youre", "theyre", "weve", "youve", "theyve", "instead"} {
		if !For("en").IsStopWord(w) {
			t.Errorf("%q is no stop word", w)
		}
	}
}

package dialogue

import "testing"

// TestNotItInOtherLanguages: "nein, das ist es nicht", "non c'est pas ça",
// "no, no es eso" say what "no, that's not it" says (ActNoneOfThese); on adguard-de the
// German one, after "please rephrase", was matched as a request on its
// "nein" and answered from an installer page that quotes a "Nein" button.
func TestNotItInOtherLanguages(t *testing.T) {
	an := newAnalyzer(nil)
	for _, msg := range []string{"nein das ist es nicht", "Nein, das ist es nicht.", "das ist es auch nicht",
		"non c'est pas ça", "Non, ce n'est pas ça", "no, no es eso", "No es eso"} {
		if got := classifyAct(an, msg); got != ActNoneOfThese {
			t.Errorf("classifyAct(%q) = %s, want %s", msg, got, ActNoneOfThese)
		}
	}
}

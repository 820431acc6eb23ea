package dialogue

import "testing"

// TestSpokenNotSolved: the spoken forms of "that didn't work" (French
// drops its "ne": "ça marche pas"; "geht nicht"; "no sirve") say the
// answer did not work; "ça marche pas" after an answer on adguard-fr was
// matched as a request and got another page.
func TestSpokenNotSolved(t *testing.T) {
	an := newAnalyzer(nil)
	for _, msg := range []string{"ça marche pas", "ca marche pas", "Ça marche toujours pas !", "ça fonctionne pas",
		"geht nicht", "klappt immer noch nicht", "no sirve", "todavía no funciona"} {
		if got := classifyAct(an, msg); got != ActNotSolved {
			t.Errorf("classifyAct(%q) = %s, want %s", msg, got, ActNotSolved)
		}
	}
	for _, msg := range []string{"ça marche pas sur mon iPhone, comment faire ?", "warum geht nicht die Synchronisierung"} {
		if got := classifyAct(an, msg); got == ActNotSolved {
			t.Errorf("classifyAct(%q) = %s: a request of its own", msg, got)
		}
	}
}

package page

import (
	"strings"
	"testing"
)

// TestAdmonitionKindInPageLanguage: a note's kind is named in the page's
// language; on the AdGuard help center an English "Note:" and "Warning:"
// led German, French and Spanish answers.
func TestAdmonitionKindInPageLanguage(t *testing.T) {
	src := []byte("Text.\n\n:::note\n\nIm App Store gekaufte Abonnements.\n\n:::\n")
	for _, tc := range []struct{ lang, want string }{
		{"de", "Hinweis:"},
		{"de-AT", "Hinweis:"},
		{"fr", "Remarque:"},
		{"es", "Nota:"},
		{"en", "Note:"},
		{"", "Note:"},
		{"nl", "Note:"}, // a language with no names: the kind as written
	} {
		out := string(renderDialects(src, &renderEnv{lang: tc.lang}))
		if !strings.Contains(out, tc.want) {
			t.Errorf("lang %q: %q, want %q in it", tc.lang, out, tc.want)
		}
	}
	if got := admonitionLabel("warning", "Achtung", "de"); got != "Achtung:" {
		t.Errorf("a titled note: %q, want its title", got)
	}
}

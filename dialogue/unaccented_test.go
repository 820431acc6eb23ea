package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// TestActPhrasesWithoutAccents: act phrases typed without their accents
// are the same acts ("je veux parler a quelqu'un" was matched against the
// pages, seen chatting on GNOME's French help), and no two phrases of
// different acts become one without their accents.
func TestActPhrasesWithoutAccents(t *testing.T) {
	tests := []struct {
		msg  string
		want Act
	}{
		{"je veux parler a quelqu'un", ActHuman},
		{"parler a un conseiller", ActHuman},
		{"ca n'a pas marche", ActNotSolved},
		{"tres bien merci", ActThanks},
		{"olvidalo", ActWithdraw},
		{"si", ActYes},
	}
	for _, tt := range tests {
		if got := ClassifyAct(tt.msg); got != tt.want {
			t.Errorf("ClassifyAct(%q) = %v, want %v", tt.msg, got, tt.want)
		}
	}
	// No two phrases of one language, nor of any language (""), become
	// one without their accents; across languages a phrase may say two
	// acts, read in the pages' language (actInLanguage).
	acts := map[string]Act{}
	for _, p := range actPhrases {
		k := p.lang + " " + phraseKey(p.phrase)
		if had, ok := acts[k]; ok && had != p.act {
			t.Errorf("act phrases %q: %v and %v without accents", k, had, p.act)
		}
		acts[k] = p.act
	}
	for _, tt := range []struct {
		lang, msg string
		want      Act
	}{
		{"pl", "tak", ActYes},
		{"da", "tak", ActThanks},
		{"pl", "Tak!", ActYes},
	} {
		an := newModelAnalyzer(lexical.For(tt.lang), nil)
		if got := classifyAct(an, tt.msg); got != tt.want {
			t.Errorf("classifyAct(%s, %q) = %v, want %v", tt.lang, tt.msg, got, tt.want)
		}
	}
}

// TestThanksBesidePhrases: thanks beside another act phrase say that
// phrase's act, as an acknowledgement does ("danke hat geklappt" was
// matched against the pages and answered from the window switcher's, seen
// chatting on GNOME's German help).
func TestThanksBesidePhrases(t *testing.T) {
	tests := []struct {
		msg  string
		want Act
	}{
		{"danke hat geklappt", ActThanks},
		{"danke, hat geklappt!", ActThanks},
		{"gracias, ya funciona", ActThanks},
		{"merci ça marche", ActThanks},
		{"merci, ca marche", ActThanks},
		{"danke danke", ActThanks},
		{"hat nicht geklappt, danke", ActNotSolved},
		{"ja danke", ActYes},
		{"danke, aber wie kündige ich mein Abo?", ActNone},
		{"merci de m'aider avec mon mot de passe", ActNone},
	}
	for _, tt := range tests {
		if got := ClassifyAct(tt.msg); got != tt.want {
			t.Errorf("ClassifyAct(%q) = %v, want %v", tt.msg, got, tt.want)
		}
	}
}

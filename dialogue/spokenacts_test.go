package dialogue

import "testing"

// TestSpokenActsInOtherLanguages: "danke, hat geklappt" closes as "thanks,
// that worked" does, and "est-ce que vous êtes un robot" asks who answers;
// on adguard-de the first got "please rephrase", on adguard-fr the second a
// page on which widgets a filter blocks.
func TestSpokenActsInOtherLanguages(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		msg  string
		want Act
	}{
		{"danke, hat geklappt", ActThanks},
		{"hat geklappt", ActThanks},
		{"ok ça marche", ActThanks},
		{"ça marche, merci", ActThanks},
		{"ya funciona, gracias", ActThanks},
		{"c'est bon", ActThanks},
		{"ya funciona", ActThanks},
		{"est-ce que vous êtes un robot", ActBotQuestion},
		{"Vous êtes un robot ?", ActBotQuestion},
		{"ist das ein Bot?", ActBotQuestion},
		{"¿hablo con un robot?", ActBotQuestion},
		{"ça marche comment le filtrage HTTPS ?", ActNone},
		// "Not always": it works at times, so what was said did not solve it
		// (gnome-fr: "ça marche pas toujours" after a wifi answer went to
		// "Mise en marche de l'ordinateur impossible").
		{"ça marche pas toujours", ActNotSolved},
		{"funktioniert nicht immer", ActNotSolved},
		{"no siempre funciona", ActNotSolved},
	} {
		if got := classifyAct(an, tc.msg); got != tc.want {
			t.Errorf("classifyAct(%q) = %s, want %s", tc.msg, got, tc.want)
		}
	}
}

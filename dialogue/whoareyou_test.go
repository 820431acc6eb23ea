package dialogue

import "testing"

// TestWhoAreYouIsABotQuestion: "who are you?" asks who answers, as "are
// you a bot?" does, in each catalog language; seen on adguard-en, where
// "who are you" got "Of course. What can I help you with?".
func TestWhoAreYouIsABotQuestion(t *testing.T) {
	an := newAnalyzer(nil)
	for _, tc := range []struct {
		msg  string
		want Act
	}{
		{"who are you", ActBotQuestion},
		{"Who are you?", ActBotQuestion},
		{"hi, what are you", ActBotQuestion},
		{"who am i talking to?", ActBotQuestion},
		{"Wer bist du?", ActBotQuestion},
		{"Qui êtes-vous ?", ActBotQuestion},
		{"¿Quién eres?", ActBotQuestion},
		{"who are you sending my data to?", ActNone},
		{"what are your prices", ActNone},
	} {
		if got := classifyAct(an, tc.msg); got != tc.want {
			t.Errorf("classifyAct(%q) = %s, want %s", tc.msg, got, tc.want)
		}
	}
}

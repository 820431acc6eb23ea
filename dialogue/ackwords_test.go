package dialogue

import "testing"

// TestClosingPhrasesInOtherLanguages: the praise, thanks and "that was
// not it" customers close with in German, French, Spanish and Japanese are
// acts, not requests. Each was searched as a request after an answer,
// seen chatting on AdGuard's help: "super danke" and "nickel merci" got
// "please rephrase", "perfekt" an Android 7 paragraph, "muchas gracias, ya
// lo solucione" an error page, "hat leider nicht funktioniert" and "まだ直
// りません" another section as if they asked for it.
func TestClosingPhrasesInOtherLanguages(t *testing.T) {
	tests := []struct {
		msg  string
		want Act
	}{
		{"super danke", ActThanks},
		{"perfekt", ActAck},
		{"Vielen Dank für die schnelle Hilfe!", ActThanks},
		{"das war es nicht", ActNoneOfThese},
		{"nein, das war es nicht", ActNoneOfThese},
		{"hat leider nicht funktioniert", ActNotSolved},
		{"super merci", ActThanks},
		{"nickel merci", ActThanks},
		{"merci pour votre aide", ActThanks},
		{"muchas gracias, ya lo solucione", ActThanks},
		{"genial, gracias por la ayuda", ActThanks},
		{"まだ直りません", ActNotSolved},
		{"それでもだめです", ActNotSolved},
		// Still requests of their own.
		{"super schnell ist adguard nicht", ActNone},
		{"top 10 filter", ActNone},
	}
	for _, tt := range tests {
		if got := ClassifyAct(tt.msg); got != tt.want {
			t.Errorf("ClassifyAct(%q) = %v, want %v", tt.msg, got, tt.want)
		}
	}
}

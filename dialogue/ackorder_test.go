package dialogue

import "testing"

// TestAckPhrasesLongestFirst: thanks before a phrase that ends with a
// shorter one ("danke das hat geklappt": "das hat geklappt" ends with "hat
// geklappt") is that phrase's act; taking the shorter off first left
// "das", and the message was searched as a request ("Das habe ich in
// unseren Hilfeseiten leider nicht gefunden", seen chatting on adguard-de;
// so were "danke schön, jetzt geht es" and "merci beaucoup ça a marché").
func TestAckPhrasesLongestFirst(t *testing.T) {
	tests := []struct {
		msg  string
		want Act
	}{
		{"danke das hat geklappt", ActThanks},
		{"danke schön, jetzt geht es", ActThanks},
		{"merci beaucoup ça a marché", ActThanks},
		{"muchas gracias, ya funciona", ActThanks},
		{"danke, das hat geklappt", ActThanks},
		{"danke das hat geklappt, wie kündige ich?", ActNone},
	}
	for _, tt := range tests {
		if got := ClassifyAct(tt.msg); got != tt.want {
			t.Errorf("ClassifyAct(%q) = %v, want %v", tt.msg, got, tt.want)
		}
	}
}

package langid

import "testing"

// TestTiedOnTwoIsSlight: trigrams deciding between languages tied on two
// function words each are slight evidence, not sure: they read a short
// French message as Spanish (seen chatting on GNOME's French help).
func TestTiedOnTwoIsSlight(t *testing.T) {
	d := New()
	tests := []struct {
		text string
		tied []string
	}{
		{"la batterie se vide trop vite", []string{"es", "fr", "it"}}, // la, se
	}
	for _, tt := range tests {
		if _, ev := d.Tell(tt.text); ev == Sure {
			t.Errorf("Tell(%q) is sure; want slight at most", tt.text)
		}
		if got := d.Tied(tt.text); len(got) != len(tt.tied) {
			t.Errorf("Tied(%q) = %v; want %v", tt.text, got, tt.tied)
		}
	}
}

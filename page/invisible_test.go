package page

import "testing"

// TestInvisibleDropped: page text loses its zero-width and bidirectional
// control characters, but for the non-joiner and joiner inside a word of
// a script that writes them.
func TestInvisibleDropped(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"Persian non-joiners", "می\u200cتواند به\u200cروزرسانی\u200cها", "می\u200cتواند به\u200cروزرسانی\u200cها"},
		{"an emoji sequence", "family 👨\u200d👩\u200d👧", "family 👨\u200d👩\u200d👧"},
		{"between Latin letters", "pass\u200cword", "password"},
		{"at a word's edge", "\u200cمی تواند\u200c", "می تواند"},
		{"zero-width space", "pass\u200bword", "password"},
		{"bidirectional override", "file\u202egnp.exe", "filegnp.exe"},
		{"Persian beside an override", "می\u200c\u202eتواند", "میتواند"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := collapse(tt.in); got != tt.want {
				t.Errorf("collapse(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

package lexical

import (
	"slices"
	"testing"
)

func TestTerms(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"I booked the rooms", []string{"book", "room"}},
		{"Cancelling bookings!", []string{"cancel", "book"}},
		{"Call 0570-000-123", []string{"call", "0570", "000", "123"}},
		{"", nil},
	}
	for _, tt := range tests {
		if got := Terms(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Terms(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestStem(t *testing.T) {
	tests := []struct{ in, want string }{
		{"booking", "book"},
		{"booked", "book"},
		{"bookings", "book"},
		{"cancelling", "cancel"},
		{"stopped", "stop"},
		{"policies", "policy"},
		{"goes", "go"},
		{"does", "do"},
		// Words ending in -ly keep it: stripping it breaks "family" and "apply".
		{"family", "family"},
		{"apply", "apply"},
		{"2024", "2024"},
	}
	for _, tt := range tests {
		if got := Stem(tt.in); got != tt.want {
			t.Errorf("Stem(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestOverlap(t *testing.T) {
	a, b := TermSet("booked by phone"), TermSet("If you booked by telephone or phone")
	if got := Overlap(a, b); got != 1 {
		t.Errorf("Overlap = %v, want 1", got)
	}
	if got := Overlap(TermSet("online guest"), b); got != 0 {
		t.Errorf("Overlap = %v, want 0", got)
	}
	if got := Overlap(nil, b); got != 0 {
		t.Errorf("Overlap(nil) = %v, want 0", got)
	}
}

func TestNormalize(t *testing.T) {
	if got := Normalize("  Call US, now!  "); got != "call us now" {
		t.Errorf("Normalize = %q", got)
	}
}

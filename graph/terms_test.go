package graph

import (
	"slices"
	"testing"
)

func TestSearchTerms(t *testing.T) {
	tests := []struct {
		query string
		want  []string
	}{
		{"", nil},
		{"   ", nil},
		{"?!.,;:", nil},
		{`"*-^:()`, nil},
		{"OR AND NOT NEAR", nil},
		{"near(reset password)", []string{"reset", "password"}},
		{"How do I RESET my Password?", []string{"reset", "password"}},
		{"password password reset", []string{"password", "reset"}},
		{"can't log-in", []string{"log"}},
		{"2fa code", []string{"2fa", "code"}},
		{"error 404", []string{"error", "404"}},
		{"Rechnung ändern", []string{"rechnung", "ändern"}},
		{"\"reset\" OR -password*", []string{"reset", "password"}},
		{"🔥🔥", nil},
	}
	for _, tt := range tests {
		if got := SearchTerms(tt.query); !slices.Equal(got, tt.want) {
			t.Errorf("SearchTerms(%q) = %q, want %q", tt.query, got, tt.want)
		}
	}
}

func TestSearchTermsCap(t *testing.T) {
	q := ""
	for i := range 40 {
		q += string(rune('a'+i%26)) + string(rune('a'+i/26)) + "x "
	}
	if got := len(SearchTerms(q)); got != MaxSearchTerms {
		t.Errorf("len(SearchTerms(40 words)) = %d, want %d", got, MaxSearchTerms)
	}
}

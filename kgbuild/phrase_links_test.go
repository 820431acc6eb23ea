package kgbuild

import (
	"math/rand/v2"
	"testing"
)

// TestLinkTexts checks linkTexts against the regexp it stands in for, on
// chosen cases and on random strings of link syntax.
func TestLinkTexts(t *testing.T) {
	cases := []string{
		"", "plain", "[a](b)", "see [the form](https://x.example/f?a=1) now", "[a [b](u)", "[a](b c)", "[a] (b)",
		"[a](b", "[a](b)[c](d)", "[](x)", "[a]()", "][a](b)", "[[a](b)](c)", "[a\nb](c)", "[a](b\tc)",
		"[a](b)) tail", "[x", "[x]", "[x](", "a [b](c) and [d](e f) and [g](h)",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "[]() \tab\n"
	for range 20000 {
		b := make([]byte, rng.IntN(14))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		if got, want := linkTexts(s), mdLink.ReplaceAllString(s, "$1"); got != want {
			t.Errorf("linkTexts(%q) = %q, want %q", s, got, want)
		}
	}
}

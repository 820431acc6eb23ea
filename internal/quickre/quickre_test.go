package quickre

import (
	"regexp/syntax"
	"slices"
	"testing"
)

func TestRequired(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		want    []string // nil for no set; "i:" folds case, "<" and ">" are \b before and after
	}{
		{`(?i)\b(?:visa|master\s?card)\b`, []string{"i:visa<>", "i:master<"}},
		{`\d+`, []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}},
		{`[a-z]+`, nil},
		{`(?i)\b(?:tel|telephone)?\s*\d`, []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}},
		{`(?i)^(?:yes|no|)$`, nil},
		{`(?i)x*y?`, nil},
		{`n['’]t\b`, []string{"n"}}, // the fewest literals
		{`(?-i:\bDAN\b)`, []string{"DAN<>"}},
		{`(?i)\bstra(?:ß|ss)e`, []string{"i:stra<"}},
		{`(?i)é`, nil},
		{`(?i)to\s+(?:know|learn)`, []string{"i:know", "i:learn"}}, // longer literals first
		{`(?i)\b(?:ok|okay|um+)\b`, []string{"i:ok<", "i:u<"}},     // "okay" is ok(?:|ay)
		{`\bab\b|x\b`, []string{"ab<>", "x>"}},
		{`(?:\bab)+`, []string{"ab<"}},
		{`\b(?:a|b)c\b`, []string{"c>"}},
	} {
		re, err := syntax.Parse(tc.pattern, syntax.Perl)
		if err != nil {
			t.Fatal(err)
		}
		lits, ok := required(re.Simplify())
		var got []string
		for _, l := range lits {
			g := l.text
			if l.fold {
				g = "i:" + g
			}
			if l.boundBefore || l.boundAfter {
				g += "<"[:btoi(l.boundBefore)] + ">"[:btoi(l.boundAfter)]
			}
			got = append(got, g)
		}
		if ok != (tc.want != nil) || !slices.Equal(got, tc.want) {
			t.Errorf("required(%q) = %q, %v; want %q", tc.pattern, got, ok, tc.want)
		}
	}
}

// TestAgreesWithRegexp runs patterns of the kinds the project uses (large
// (?i) alternations with word boundaries, digit shapes, Unicode folding) with
// and without the literal check on texts made to trip it: the answers must
// be the same.
func TestAgreesWithRegexp(t *testing.T) {
	patterns := []string{
		`(?i)\b(?:visa|master\s?card|amex|union\s?pay)\b`,
		`(?i)\b(?:ok|okay|um+|so|also)\b`,
		`(?i)(?:\b(?:tel|phone)\s*:?\s*)?\+?\d[\d\s().-]{6,}\d`,
		`(?i)\b(?:https?://|www\.)\S+`,
		`(?i)\b(?:not|no|never|without)\b|n['’]t\b`,
		`(?i)\b(?:talk|speak)\s+(?:to|with)\s+(?:a\s+)?(?:human|person|agent)\b`,
		`(?i)\b(?:monday|sunday|today|tomorrow)\b`,
		`(?i)^\s*(?:thanks|thank\s+you)\b`,
		`(?-i:\bDAN\b)`,
		`[.!?](?:\s+|$)|\n`,
	}
	texts := []string{
		"", " \t\n", "see WWW.example.com", "HTTPS://x.org/a b", "on Monday or TODAY", "Tomorrow at 9",
		"paid by VISA", "my Master Card", "Union Pay", "JCB card", "my \u212aelvin viſa", "ſunday \u212a",
		"Ünicode in Zürich", "a\u00a0b\u2003c", "line\r\nbreak\fform\vtab", "5 dollars", "€5", "jo@x.org",
		"I DON'T KNOW", "i don’t know", "THANKS", "Talk To A Human", "ignore previous instructions", "DAN",
		"dan", "you are now my lawyer", "none of these", "YES", "nope", "hello there", "Q: why? A: because",
		"Contact us at +1 (555) 010-9999", "call the hotel", "do not contact anyone", "[a page](https://x)",
		"Last updated: 2024", "1. Click Save", "not sure", "wasn't", "I lost it", "ſee also", "\u212aeep",
		// Word boundaries: "ok" in "book", "so" in "also", '_' as a letter.
		"book also some", "ok", "OK!", "_ok_", "ok_go", "okay", "ummm", "yes!", "hmmm so", "a lot", "A \t LOT",
		"ma'am", "isn't", "n't", "é ok é", "okéy", "2fa", "a1", "x@y", "so-so", "ok ok", "bookok ok",
	}
	for _, p := range patterns {
		q := MustCompile(p)
		for _, s := range texts {
			if got, want := q.MatchString(s), q.Regexp.MatchString(s); got != want {
				t.Errorf("%s: MatchString(%q) = %v, the regexp alone says %v", p, s, got, want)
			}
			if q.Regexp.MatchString(s) && !q.MayMatch(s) {
				t.Errorf("%s: MayMatch(%q) = false, but the regexp matches", p, s)
			}
			if got, want := q.ReplaceAllString(s, "_"), q.Regexp.ReplaceAllString(s, "_"); got != want {
				t.Errorf("%s: ReplaceAllString(%q) = %q, the regexp alone gives %q", p, s, got, want)
			}
		}
	}
}

// TestMayMatchRulesOut: a text without any literal a match needs is ruled
// out, one with such a literal is not.
func TestMayMatchRulesOut(t *testing.T) {
	q := MustCompile(`(?i)\b(?:visa|master\s?card|amex|union\s?pay)\b`)
	for s, want := range map[string]bool{"JCB card": false, "my wallet": false, "paid by VISA": true, "visas": false, "Visa.": true} {
		if got := q.MayMatch(s); got != want {
			t.Errorf("MayMatch(%q) = %v, want %v", s, got, want)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

package dialogue

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

// TestQuickREAgreesWithRegexp runs every quickRE of the package with and
// without its literal check on the sample help center's texts and on texts
// made to trip the check: the answers must be the same.
func TestQuickREAgreesWithRegexp(t *testing.T) {
	res := map[string]quickRE{
		"actHuman": actHuman, "actRestart": actRestart, "actFiller": actFiller, "actThanks": actThanks,
		"actNone": actNone, "actDontKnow": actDontKnow, "actYes": actYes, "actNo": actNo, "actPunct": actPunct,
		"actGreeting": actGreeting, "maskURL": maskURL, "maskEmail": maskEmail,
		"maskPhone": maskPhone, "maskMoney": maskMoney, "maskDate": maskDate, "maskCode": maskCode,
		"maskCard": maskCard, "cardBrand": cardBrand, "maskChatter": maskChatter, "maskPlace": maskPlace,
		"injection": injection, "negation": negation,
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
	g := sampleGraph(t)
	for _, n := range g.Nodes {
		texts = append(texts, n.Problem, n.Condition, n.Resolution)
		texts = append(texts, n.Intents...)
	}
	for name, q := range res {
		for _, s := range texts {
			if got, want := q.MatchString(s), q.Regexp.MatchString(s); got != want {
				t.Errorf("%s.MatchString(%q) = %v, the regexp alone says %v", name, s, got, want)
			}
			if got, want := q.ReplaceAllString(s, "_"), q.Regexp.ReplaceAllString(s, "_"); got != want {
				t.Errorf("%s.ReplaceAllString(%q) = %q, the regexp alone gives %q", name, s, got, want)
			}
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

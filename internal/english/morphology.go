package english

import (
	"strings"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// Morphology.

// verbs is a small general lexicon of verbs help pages are about. It is used
// to recognise verb-first titles and to undo -ing forms whose stem is
// ambiguous ("cancelling" → "cancel", "changing" → "change").
var verbs = toSet(`access activate add apply appeal book calculate call cancel change check choose
claim close complete confirm connect contact create deactivate delete disable download earn edit
enable enroll enrol estimate file find fix get install issue join keep leave link log make manage
modify move open order pay plan prepare print protect qualify receive recover redeem refund
register reinstate remove renew replace report request reserve reset restore retrieve return
review save schedule see select send set share sign start stop submit suspend switch track
transfer unlock update upgrade upload use verify view withdraw sync import export travel
understand learn appoint turn try allow wait follow gather help look collect convert reactivate reapply repay report restart buy sell
exchange extend reduce increase close reopen correct write become`)

func toSet(s string) map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// Nouns of action, for "Cancellation of X" → "cancel X" and "Account
// deletion" → "delete account": a noun is its verb ("change"), or one of
// English's suffixes of action turns a verb of the lexicon into it
// ("cancellation", "deletion", "payment", "removal", "recovery"), or it is
// one of the few irregular ones.

// verbNouns are nouns of action spelt like their verb.
var verbNouns = toSet(`change update transfer reset appeal upgrade exchange`)

// irregularNouns are nouns of action whose verb no suffix rule finds, or
// that read with a particle.
var irregularNouns = map[string]string{
	"registration": "register", "application": "apply for", "redemption": "redeem",
	"submission": "submit", "extension": "extend", "refund": "get a refund for",
	"login": "log in to", "log-in": "log in to", "sign-in": "sign in to",
	"signup": "sign up for", "sign-up": "sign up for",
}

// actionSuffixes turn a verb into a noun of action: the suffix, and what
// replaces it to give the verb back.
var actionSuffixes = []struct{ suffix, verb string }{
	{"ication", "y"}, {"ation", ""}, {"ation", "e"}, {"ion", ""}, {"ion", "e"},
	{"ment", ""}, {"al", ""}, {"al", "e"}, {"ery", "er"},
}

// nominalVerb returns the verb of a lower-case noun of action.
func nominalVerb(noun string) (string, bool) {
	if v, ok := irregularNouns[noun]; ok {
		return v, true
	}
	if verbNouns[noun] {
		return noun, true
	}
	if sing, ok := strings.CutSuffix(noun, "s"); ok && len(sing) > 3 {
		if v, ok := nominalVerb(sing); ok {
			return v, true
		}
	}
	for _, r := range actionSuffixes {
		stem, ok := strings.CutSuffix(noun, r.suffix)
		if !ok || len(stem) < 2 {
			continue
		}
		v := stem + r.verb
		if verbs[v] {
			return v, true
		}
		// "cancellation" → "cancel".
		if n := len(v); r.verb == "" && n > 2 && v[n-1] == v[n-2] && verbs[v[:n-1]] {
			return v[:n-1], true
		}
	}
	return "", false
}

// endsInVowelConsonant reports whether v ends in a consonant other than w,
// x or y after a single vowel ("set", "reset"; not "sign", "need").
func endsInVowelConsonant(v string) bool {
	n := len(v)
	if n < 3 || strings.ContainsRune("aeiouwxy", rune(v[n-1])) || !isLetter(v[n-1]) {
		return false
	}
	return strings.ContainsRune("aeiou", rune(v[n-2])) && !strings.ContainsRune("aeiou", rune(v[n-3]))
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' }

// notGerunds end in -ing but are not verb forms.
var notGerunds = toSet(`thing nothing something anything everything morning evening during string
king ring wing spring ceiling sibling pudding awning`)

// gerund returns the -ing form of a base verb ("change" → "changing").
// A final consonant after one vowel doubles where the syllable is
// stressed ("set" → "setting", "reset" → "resetting", "submit" →
// "submitting"), not where it is not ("open" → "opening", "edit" →
// "editing"): the dictionary knows which.
func gerund(v string) string {
	if doubled := v + v[len(v)-1:] + "ing"; endsInVowelConsonant(v) && lexical.For("en").IsWord(doubled) {
		return doubled
	}
	switch {
	case strings.HasSuffix(v, "ie"):
		return v[:len(v)-2] + "ying"
	case strings.HasSuffix(v, "ee"), strings.HasSuffix(v, "ye"), strings.HasSuffix(v, "oe"):
		return v + "ing"
	case strings.HasSuffix(v, "e") && len(v) > 2:
		return v[:len(v)-1] + "ing"
	}
	return v + "ing"
}

// BaseVerb undoes an -ing form: "changing" → "change", "cancelling" →
// "cancel", "logging" → "log". ok is false when w is not an -ing form.
func BaseVerb(w string) (string, bool) {
	w = strings.ToLower(w)
	if !strings.HasSuffix(w, "ing") || len(w) < 5 {
		return "", false
	}
	stem := w[:len(w)-3]
	if notGerunds[w] || !strings.ContainsAny(stem, "aeiouy") {
		return "", false
	}
	switch {
	case verbs[stem]:
		return stem, true
	case verbs[stem+"e"]:
		return stem + "e", true
	case len(stem) > 2 && stem[len(stem)-1] == stem[len(stem)-2] && verbs[stem[:len(stem)-1]]:
		return stem[:len(stem)-1], true
	case strings.HasSuffix(stem, "y") && verbs[stem[:len(stem)-1]+"ie"]:
		return stem[:len(stem)-1] + "ie", true
	}
	// Unknown verbs: doubled final consonants are undone, and stems that
	// cannot end an English word get their e back.
	n := len(stem)
	if n > 2 && stem[n-1] == stem[n-2] && !strings.ContainsRune("lsfz", rune(stem[n-1])) && !isVowel(stem[n-1]) {
		return stem[:n-1], true
	}
	for _, suf := range []string{"v", "c", "g", "z", "at", "iz", "ur", "as", "us", "os", "bl", "pl", "dl", "tl", "gl"} {
		if strings.HasSuffix(stem, suf) && !strings.HasSuffix(stem, "ng") {
			return stem + "e", true
		}
	}
	if n > 3 && strings.HasSuffix(stem, "ut") && !isVowel(stem[n-3]) {
		// "contribut", "execut", "comput" → +e; "shout" (a vowel
		// before) stays.
		return stem + "e", true
	}
	if strings.HasSuffix(stem, "ng") && n > 3 && !isVowel(stem[n-3]) {
		// "chang" → "change"; "bring" stays.
		return stem + "e", true
	}
	return stem, true
}

func isVowel(b byte) bool { return strings.IndexByte("aeiou", b) >= 0 }

package lexical

import (
	"embed"
	"strings"
	"unicode/utf8"
)

// A Vocabulary is the words a text is matched against (a help center's):
// their stems, and their stems by the words' spellings without accents.
type Vocabulary interface {
	HasStem(stem string) bool
	// FoldedStem returns the stem of the vocabulary's word that is f with
	// its accents.
	FoldedStem(f string) (stem string, ok bool)
}

// Known returns what a word w of a message (as EachWord gives it) is in
// words of v: its own stem when v has it, else the first of these that v
// has, else nil:
//
//   - the stem of v's word that w is without its accents ("aplicacion" is
//     "aplicación": the stemmers' suffix rules want the accents);
//   - in German and Dutch, the verb a participle is made from ("gekündigt"
//     and "kündigen", "geblokkeerd" and "blokkeren"), which the stemmers
//     leave apart;
//   - in the languages that write compounds as one word (German, Dutch,
//     the Nordic languages), the words it is made of, each in v: the
//     message's "Schadsoftware" meets the pages' "Software" (parts of
//     minPart letters at least, at most maxCompoundParts; the stemmers
//     take off the linking letters, "Verbindung-s-fehler");
//   - in Persian, which has no stemmer, the word without its ending
//     (inflections: "ویندوزی" is "ویندوز").
//
// The parts are returned as words (substrings of w) and their stems.
// English is left as it is (nil): its results were measured without.
func (m *Model) Known(w string, v Vocabulary) (words, stems []string) {
	if !m.multi || v == nil {
		return nil, nil
	}
	stem := m.Stem(w)
	if v.HasStem(stem) {
		return []string{w}, []string{stem}
	}
	if isASCII([]byte(w)) { // typed without accents: perhaps left out
		if s, ok := v.FoldedStem(w); ok {
			return []string{w}, []string{s}
		}
	}
	if s, ok := m.Participle(w, v); ok {
		return []string{w}, []string{s}
	}
	if s, ok := m.Unsuffixed(w, v); ok {
		return []string{w}, []string{s}
	}
	return m.Parts(w, v)
}

// inflections are, for the languages without a stemmer whose words take
// their endings as suffixes, those endings, longest first: Persian's
// plural (ها, ان, ات), its ezafe and adjective "ی" ("ویندوزی", of
// Windows), its possessives ("سرورم", my server; "کردنش"), written as
// the words are folded (arabicScriptFold: yeh as Arabic's). Written
// apart with a zero-width non-joiner, an ending is a word of its own.
var inflections = map[string][]string{
	"fa": {"هايي", "هاي", "شان", "تان", "مان", "ها", "اي", "ان", "ات", "ي", "م", "ت", "ش"},
}

// minUnsuffixed is the fewest letters a word keeps without its ending:
// shorter remainders are too often another word.
const minUnsuffixed = 3

// Unsuffixed returns the stem of the word w is with an ending off (see
// inflections), when v has it and w's language has no stemmer to take
// the ending off: "کامپیوترهای" (computers of) meets the pages'
// "کامپیوتر".
func (m *Model) Unsuffixed(w string, v Vocabulary) (string, bool) {
	for _, end := range inflections[m.lang] {
		rest, ok := strings.CutSuffix(w, end)
		if !ok || utf8.RuneCountInString(rest) < minUnsuffixed {
			continue
		}
		if s := m.Stem(rest); v.HasStem(s) {
			return s, true
		}
	}
	return "", false
}

// Parts returns the words compound w is made of and their stems, each in
// v, in a language that writes compounds as one word (see Known); nil
// when w is none.
func (m *Model) Parts(w string, v Vocabulary) (words, stems []string) {
	if !m.multi || !compounding[m.lang] {
		return nil, nil
	}
	parts := m.compound(w, v, maxCompoundParts)
	if parts == nil {
		return nil, nil
	}
	words = make([]string, len(parts))
	stems = make([]string, len(parts))
	for i, p := range parts {
		words[i], stems[i] = p.word, p.stem
	}
	return words, stems
}

// participleEnds are, for the languages whose past participles are the
// verb's stem between "ge" and an ending ("ge-lösch-t", "ge-öffn-et",
// "ge-blokkeer-d"), those endings. The strong verbs' "-en" is left out:
// so end too many nouns ("Geräten", "Gedanken").
var participleEnds = map[string][]string{
	"de": {"t", "et"},
	"nl": {"d", "t"},
}

// Participle returns the stem of the verb w is the past participle of
// (see Known), when v has it. It reads w's stem, so the participle's own
// endings are off ("gesperrten" is "gesperrt").
func (m *Model) Participle(w string, v Vocabulary) (string, bool) {
	if !m.multi || participleEnds[m.lang] == nil {
		return "", false
	}
	rest, ok := strings.CutPrefix(m.Stem(w), "ge")
	if !ok {
		return "", false
	}
	for _, end := range participleEnds[m.lang] {
		verb, ok := strings.CutSuffix(rest, end)
		if !ok || utf8.RuneCountInString(verb) < minPart {
			continue
		}
		if v.HasStem(verb) {
			return verb, true
		}
		if s := m.Stem(verb + "en"); v.HasStem(s) { // the infinitive's stem, where the stemmer shortens it
			return s, true
		}
	}
	return "", false
}

// compounding are the languages that write compounds as one word
// (Hungarian's "egérgomb", mouse button, measured on GNOME's help in it:
// gnome-page-hu 53.3% → 56.7%).
var compounding = map[string]bool{"de": true, "nl": true, "sv": true, "da": true, "no": true, "nb": true, "nn": true, "hu": true}

// Bounds of compound splitting: shorter parts (and participles' verb
// stems) are too often chance ("ab", "ver", "gesamt" as "ge-sam-t"), and
// a word of more parts is rare.
const (
	minPart          = 4
	maxCompoundParts = 3
)

type compoundPart struct{ word, stem string }

// compound splits w into at most maxParts parts each of whose stems v has, the
// fewest parts, and of splits into as many, the one with the longest last
// part (the head of a Germanic compound); nil when there is none.
func (m *Model) compound(w string, v Vocabulary, maxParts int) []compoundPart {
	if maxParts < 2 || utf8.RuneCountInString(w) < 2*minPart {
		return nil
	}
	var best []compoundPart
	for i := range w {
		if i == 0 {
			continue
		}
		head, tail := w[:i], w[i:]
		if utf8.RuneCountInString(head) < minPart {
			continue
		}
		if utf8.RuneCountInString(tail) < minPart {
			break
		}
		hs := m.Stem(head)
		if !v.HasStem(hs) {
			continue
		}
		var parts []compoundPart
		if ts := m.Stem(tail); v.HasStem(ts) {
			parts = []compoundPart{{head, hs}, {tail, ts}}
		} else if rest := m.compound(tail, v, maxParts-1); rest != nil {
			parts = append([]compoundPart{{head, hs}}, rest...)
		}
		if parts != nil && (best == nil || len(parts) < len(best)) {
			best = parts
			if len(best) == 2 {
				break // the longest tail of two parts: none is better
			}
		}
	}
	return best
}

// separableParticles are, for the languages whose verbs leave their
// particle at the clause's end ("gebe … ein" is "eingeben", "zet … aan"
// is "aanzetten"), those particles: particles/LANG.txt.
var separableParticles = wordListsByLang(particleFiles, "particles")

//go:embed particles/*.txt
var particleFiles embed.FS

// JoinParticle returns, for a separable particle words[i] of a message's
// words, the earlier word it belongs to and the stem of the two joined,
// when v has that stem: in "wo gebe ich den Schlüssel ein", "ein" and
// "gebe" are "eingeben". The nearest such word counts; ok is false when
// words[i] is no particle or none joins it. A particle closes its clause:
// one followed by a content word opens a phrase, an article or a
// preposition ("wie tippe ich ein è": "ein" is the article of "è").
func (m *Model) JoinParticle(words []string, i int, v Vocabulary) (verb int, stem string, ok bool) {
	if !m.multi || !separableParticles[m.lang][words[i]] {
		return 0, "", false
	}
	if i+1 < len(words) && !m.IsStopWord(words[i+1]) && !separableParticles[m.lang][words[i+1]] {
		return 0, "", false
	}
	for j := i - 1; j >= 0; j-- {
		if separableParticles[m.lang][words[j]] || m.IsStopWord(words[j]) {
			continue
		}
		if s := m.Stem(words[i] + words[j]); v.HasStem(s) {
			return j, s, true
		}
	}
	return 0, "", false
}

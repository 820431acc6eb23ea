// Package langid tells the language of a customer's message or a page's
// text, among the languages a help center serves.
//
// Three passes, the first that tells wins:
//
//  1. Script: text with kana is Japanese, with Hangul Korean, mostly
//     Cyrillic the one Cyrillic language allowed, with Han alone
//     Chinese (or Japanese where the help center has no Chinese); text
//     with an inverted question or exclamation mark is Spanish.
//  2. Function words: a message with two or more of one language's stop
//     words (internal/lexical's lists), and more than twice any other's,
//     is in that language. Short questions are mostly function words
//     ("how do I renew my license"), where trigrams are weakest.
//  3. Else the language with the most function words; where languages tie
//     on two or more (French and Spanish share "de", "la", "en"), trigrams
//     (whatlanggo: profiles of 84 languages, a few hundred KB) decide
//     among them; on one word each, only where they are confident.
//  4. A text without any language's function words is told by trigrams
//     only for a language without a stop list, where they are confident:
//     whatlanggo reads "account deletion request pending" as French.
//
// Otherwise the language is unknown, and the caller's prior (the
// conversation's language) stands.
//
// Tell also says how surely it told the language (Evidence): one function
// word is faint evidence, a majority without a clear margin slight.
// English has homographs of other languages' function words ("battery
// dies fast", "man page missing", "pour over settings page"), which a
// caller weighs against what it knows (the languages its pages are in).
//
// lingua-go is more accurate on short text alone but needs ~80 MB and ~75 µs
// a message for five languages (see the README's language section).
package langid

import (
	"slices"
	"strings"
	"unicode"

	"github.com/abadojack/whatlanggo"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// Detector tells languages apart among a fixed set. It is immutable and
// safe for concurrent use.
type Detector struct {
	opts  whatlanggo.Options
	codes map[whatlanggo.Lang]string
	langs map[string]whatlanggo.Lang // the inverse of codes
	allow map[string]bool
	// stops are the word models of the languages with a stop list.
	stops []*lexical.Model
}

// maxLang bounds whatlanggo's language numbers (it has 84).
const maxLang = 256

// MinLetters is the fewest letters of an alphabetic script a message needs
// for its trigrams to tell its language: "vpn dns" tells nothing.
const MinLetters = 12

// Evidence is how surely Tell told a text's language.
type Evidence int

const (
	// None: the language is unknown.
	None Evidence = iota
	// Faint: one function word (alone, or tied with another language's
	// and trigrams deciding), or trigrams alone.
	Faint
	// Slight: a majority of function words without a clear margin,
	// fewer than MinSureWords, or trigrams among languages tied on
	// fewer than MinSureWords each.
	Slight
	// Sure: script, a clear majority of function words or MinSureWords,
	// or trigrams among languages tied on MinSureWords or more.
	Sure
)

// MinSureWords is the fewest function words that tell a language surely
// when another language has more than half as many.
const MinSureWords = 3

// MinTieConfidence is the trigram detector's confidence that decides
// between languages with as many function words in the text.
const MinTieConfidence = 0.05

// MinConfidence is the trigram detector's confidence (0-1, the margin of
// its best language over the next) below which a text's language is left
// unknown: below it whatlanggo reads "can I talk to a real person?" as
// Spanish.
const MinConfidence = 0.5

// New returns a detector choosing among langs (ISO 639-1 codes such as
// "de"; region subtags are dropped); none: every language whatlanggo knows.
func New(langs ...string) *Detector {
	d := &Detector{codes: map[whatlanggo.Lang]string{}, langs: map[string]whatlanggo.Lang{}, allow: map[string]bool{}}
	for l := whatlanggo.Lang(0); l < maxLang; l++ {
		code := whatlanggo.LangToStringShort(l)
		if code == "" {
			code = individualLanguages[l.Iso6393()]
		}
		if code != "" {
			d.codes[l] = code
			d.langs[code] = l
		}
	}
	for _, l := range langs {
		d.allow[base(l)] = true
	}
	for _, l := range lexical.StopListLanguages() {
		if d.allows(l) {
			d.stops = append(d.stops, lexical.For(l))
		}
	}
	if len(d.allow) > 0 {
		d.opts.Whitelist = map[whatlanggo.Lang]bool{}
		for l, code := range d.codes {
			if d.allow[code] {
				d.opts.Whitelist[l] = true
			}
		}
	}
	return d
}

// individualLanguages are the ISO 639-1 codes of languages whatlanggo
// knows by an ISO 639-3 code alone, an individual language of the macro
// language the short code names: without it a Persian help center's
// "fa" had no trigram language (its zero value, Afrikaans, stood in), and
// every Persian message was read as Arabic.
var individualLanguages = map[string]string{"pes": "fa", "ydd": "yi"}

// allows reports whether lang is among the detector's languages.
func (d *Detector) allows(lang string) bool { return len(d.allow) == 0 || d.allow[lang] }

// cyrillicLanguages are the languages whatlanggo knows that are written in
// Cyrillic.
var cyrillicLanguages = []string{"ru", "uk", "be", "bg", "mk", "sr", "kk", "ky", "mn", "tg", "tt", "az", "uz"}

// cyrillicLetters are, for Cyrillic languages that have them, letters the
// other common ones do not write: Ukrainian's і, ї, є, ґ; Russian's ы, э,
// ъ, ё; Belarusian's ў.
var cyrillicLetters = map[string]string{"uk": "іїєґ", "ru": "ыэъё", "be": "ў"}

// cyrillic returns the language of mostly Cyrillic text among those the
// detector allows that write it: the one whose own letters it has most of
// (cyrillicLetters); else, as script tells, the one allowed or the one
// trigrams prefer among them; "" when none is allowed.
func (d *Detector) cyrillic(text string) string {
	lower := strings.ToLower(text)
	best, most, tied := "", 0, false
	for l, letters := range cyrillicLetters {
		if !d.allows(l) {
			continue
		}
		n := 0
		for _, r := range lower {
			if strings.ContainsRune(letters, r) {
				n++
			}
		}
		switch {
		case n > most:
			best, most, tied = l, n, false
		case n == most && n > 0:
			tied = true
		}
	}
	if best != "" && !tied {
		return best
	}
	return d.script(cyrillicLanguages, text)
}

// arabicLanguages are the languages whatlanggo knows that are written in
// the Arabic script.
var arabicLanguages = []string{"ar", "fa", "ur"}

// script returns the language of text, written in the script of langs,
// among those of langs the detector allows: the one allowed, else the one
// trigrams prefer among them; "" when none is allowed.
func (d *Detector) script(langs []string, text string) string {
	if l := d.only(langs); l != "" {
		return l
	}
	opts := whatlanggo.Options{Whitelist: map[whatlanggo.Lang]bool{}}
	for _, l := range langs {
		if wl, known := d.langs[l]; known && d.allows(l) {
			opts.Whitelist[wl] = true
		}
	}
	if len(opts.Whitelist) == 0 {
		return ""
	}
	return d.codes[whatlanggo.DetectWithOptions(text, opts).Lang]
}

// only returns the one language of langs the detector allows, or "" when
// it allows none or several.
func (d *Detector) only(langs []string) string {
	var found string
	for _, l := range langs {
		if d.allows(l) {
			if found != "" {
				return ""
			}
			found = l
		}
	}
	return found
}

// Detect returns the language of text (an ISO 639-1 code), or "" when text
// is too short to tell or the detector is unsure.
func (d *Detector) Detect(text string) string {
	lang, _ := d.Tell(text)
	return lang
}

// Tell is Detect, also reporting how surely it told the language (see the
// package comment); None when lang is "".
func (d *Detector) Tell(text string) (lang string, evidence Evidence) {
	var kana, hangul, han, cyrillic, arabic, alpha int
	for _, r := range text {
		switch {
		case unicode.Is(unicode.Cyrillic, r):
			cyrillic++
			alpha++
		case unicode.Is(unicode.Arabic, r):
			arabic++
			alpha++
		case r == 'ー' || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r):
			kana++
		case unicode.Is(unicode.Hangul, r):
			hangul++
		case unicode.Is(unicode.Han, r):
			han++
		case unicode.IsLetter(r):
			alpha++
		}
	}
	switch {
	case kana > 0 && d.allows("ja"):
		return "ja", Sure
	case hangul > 0 && d.allows("ko"):
		return "ko", Sure
	case han > 0 && d.allows("zh"):
		return "zh", Sure
	case han > 0 && d.allows("ja"):
		return "ja", Sure
	case cyrillic > alpha/2:
		// Mostly Cyrillic: the one language among those allowed that
		// writes it, as sure as a script (a Russian customer on a help
		// center without Russian pages, the bot speaking Russian).
		if l := d.cyrillic(text); l != "" {
			return l, Sure
		}
	case arabic > alpha/2:
		// Mostly Arabic script: as with Cyrillic, the one language
		// allowed that writes it, else trigrams among those allowed.
		if l := d.script(arabicLanguages, text); l != "" {
			return l, Sure
		}
	case strings.ContainsAny(text, "¿¡") && d.allows("es"):
		// Of the languages with a stop list, only Spanish opens a
		// question or an exclamation with its mark turned over: as
		// sure as a script, however few its words ("¿y en el iPhone?").
		return "es", Sure
	case alpha < MinLetters:
		return "", None
	}
	hits := d.stopHits(text)
	best, second := "", 0
	for l, n := range hits {
		if n > hits[best] || n == hits[best] && l < best {
			best = l
		}
	}
	for l, n := range hits {
		if l != best {
			second = max(second, n)
		}
	}
	switch {
	case hits[best] >= 2 && hits[best] > 2*second:
		return best, Sure
	case hits[best] > 0 && hits[best] == second:
		// Related languages share function words ("de", "la", "en"):
		// among those with the most, trigrams decide; on one word each,
		// only when they are sure ("Okay, mi employer, some time ago").
		tied := whatlanggo.Options{Whitelist: map[whatlanggo.Lang]bool{}}
		for l, n := range hits {
			if n == hits[best] {
				tied.Whitelist[d.langs[l]] = true
			}
		}
		need := MinTieConfidence
		if hits[best] == 1 {
			need = MinConfidence
		}
		if info := whatlanggo.DetectWithOptions(text, tied); info.Confidence >= need {
			switch {
			case hits[best] == 1:
				return d.codes[info.Lang], Faint
			case hits[best] < MinSureWords:
				// Trigrams of a short message are weak evidence:
				// they read "la batterie se vide trop vite" (es, fr
				// and it 2 each) as Spanish. Slight lets a caller
				// that has no pages in it choose among the tied.
				return d.codes[info.Lang], Slight
			}
			return d.codes[info.Lang], Sure
		}
		return "", None
	case hits[best] > 0:
		// One word is faint; a majority without a clear margin is
		// slight, and sure on three words or more ("donde introduzco la
		// clave de licencia": Spanish 3, French 2), not on two ("pour
		// water on keyboard": French 2, English 1). Trigrams cannot tell
		// these: they read the second as French, confidence 0.76.
		switch {
		case hits[best] >= MinSureWords:
			return best, Sure
		case hits[best] >= 2:
			return best, Slight
		}
		return best, Faint
	}
	// No function words of a language with a stop list: trigrams, for the
	// languages without one.
	info := whatlanggo.DetectWithOptions(text, d.opts)
	if code := d.codes[info.Lang]; code != "" && d.allows(code) && !d.hasStopList(code) && info.Confidence >= MinConfidence {
		return code, Faint
	}
	return "", None
}

// MinTiedWords is the fewest function words each of the languages Tied
// returns has in a text: one shared word ("de", "en") is too faint to
// weigh other evidence against.
const MinTiedWords = 2

// Tied returns the languages (sorted) that share the most function words
// of text, MinTiedWords or more each, when two or more do: what is left
// when Tell cannot tell between them ("fuga de dns en windows": Spanish
// and French 2 each, trigrams unsure). A caller that knows more (the
// words of its pages in each) may choose among them; nil otherwise.
func (d *Detector) Tied(text string) []string {
	hits := d.stopHits(text)
	most := 0
	for _, n := range hits {
		most = max(most, n)
	}
	if most < MinTiedWords {
		return nil
	}
	var tied []string
	for l, n := range hits {
		if n == most {
			tied = append(tied, l)
		}
	}
	if len(tied) < 2 {
		return nil
	}
	slices.Sort(tied)
	return tied
}

// stopHits counts text's words that are stop words, by language.
func (d *Detector) stopHits(text string) map[string]int {
	hits := make(map[string]int, len(d.stops)+1)
	lexical.EachWord(text, nil, func(w []byte) {
		for _, m := range d.stops {
			if m.IsFunctionWord(string(w)) {
				hits[m.Lang()]++
			}
		}
	})
	return hits
}

// base is the lowercase language subtag of a BCP 47 tag.
func base(tag string) string {
	tag = strings.ToLower(strings.TrimSpace(tag))
	if i := strings.IndexAny(tag, "-_"); i >= 0 {
		tag = tag[:i]
	}
	return tag
}

// hasStopList reports whether lang's function words are counted.
func (d *Detector) hasStopList(lang string) bool {
	for _, m := range d.stops {
		if m.Lang() == lang {
			return true
		}
	}
	return false
}

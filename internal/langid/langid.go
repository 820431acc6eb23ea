// Package langid tells the language of a customer's message or a page's
// text, among the languages a help center serves.
//
// It is whatlanggo (trigram profiles of 84 languages, a few hundred KB,
// tens of microseconds a message) behind a script pass: text with kana is
// Japanese, with Hangul Korean, with Han alone Chinese (or Japanese where
// the help center has no Chinese), which trigrams get wrong on the short,
// mixed messages customers write ("YouTubeで広告が消えない"). lingua-go is
// more accurate on short Latin text but needs ~80 MB and ~75 µs for five
// languages (see the README's language section for the measurements).
package langid

import (
	"strings"
	"unicode"

	"github.com/abadojack/whatlanggo"
)

// Detector tells languages apart among a fixed set. It is immutable and
// safe for concurrent use.
type Detector struct {
	opts  whatlanggo.Options
	codes map[whatlanggo.Lang]string
	allow map[string]bool
}

// maxLang bounds whatlanggo's language numbers (it has 84).
const maxLang = 256

// MinLetters is the fewest letters of an alphabetic script a message needs
// for its trigrams to tell its language: "vpn dns" tells nothing.
const MinLetters = 12

// MinConfidence is the trigram detector's confidence (0-1, the margin of
// its best language over the next) below which a text's language is left
// unknown.
const MinConfidence = 0.1

// New returns a detector choosing among langs (ISO 639-1 codes such as
// "de"; region subtags are dropped); none: every language whatlanggo knows.
func New(langs ...string) *Detector {
	d := &Detector{codes: map[whatlanggo.Lang]string{}, allow: map[string]bool{}}
	for l := whatlanggo.Lang(0); l < maxLang; l++ {
		if code := whatlanggo.LangToStringShort(l); code != "" {
			d.codes[l] = code
		}
	}
	for _, l := range langs {
		d.allow[base(l)] = true
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

// allows reports whether lang is among the detector's languages.
func (d *Detector) allows(lang string) bool { return len(d.allow) == 0 || d.allow[lang] }

// Detect returns the language of text (an ISO 639-1 code), or "" when text
// is too short to tell or the detector is unsure.
func (d *Detector) Detect(text string) string {
	var kana, hangul, han, alpha int
	for _, r := range text {
		switch {
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
		return "ja"
	case hangul > 0 && d.allows("ko"):
		return "ko"
	case han > 0 && d.allows("zh"):
		return "zh"
	case han > 0 && d.allows("ja"):
		return "ja"
	case alpha < MinLetters:
		return ""
	}
	info := whatlanggo.DetectWithOptions(text, d.opts)
	code := d.codes[info.Lang]
	if info.Confidence < MinConfidence || code == "" || !d.allows(code) {
		return ""
	}
	return code
}

// base is the lowercase language subtag of a BCP 47 tag.
func base(tag string) string {
	tag = strings.ToLower(strings.TrimSpace(tag))
	if i := strings.IndexAny(tag, "-_"); i >= 0 {
		tag = tag[:i]
	}
	return tag
}

package dialogue

import (
	"slices"
	"unicode"

	"github.com/helpgraph/helpgraph/internal/langid"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/messages"
)

// pageLanguages is what toldLanguage weighs a message's language against:
// the languages a help center has pages in and the pages' words.
type pageLanguages interface {
	hasPagesIn(lang string) bool
	// pageWords counts msg's words that are words of the pages in lang
	// (their function words aside); -1 when not known.
	pageWords(lang, msg string) int
	// defaultLanguage is the language of the pages that answer a
	// customer whose language has none.
	defaultLanguage() string
}

// detectors tell a message's language among the pages' and the bot's
// catalog's languages (all: a customer may write in a language the bot
// speaks though no page is in it), and, on a help center with pages in
// several languages, among the pages' alone (pages, else nil), which
// tells what all could not: a function word a page language shares with
// a language of the catalog alone is no tie on that help center ("usar
// icloud private relay junto con adguard": "con" is Spanish and Italian;
// the help center has Spanish pages, no Italian). With one page
// language, what all cannot tell is left to the conversation's language,
// else the pages'.
type detectors struct{ all, pages *langid.Detector }

// newDetectors returns the detectors of a help center with pages in
// pageLangs whose bot speaks catalog's languages.
func newDetectors(pageLangs, catalog []string) detectors {
	d := detectors{all: langid.New(slices.Concat(pageLangs, catalog)...)}
	if len(pageLangs) > 1 {
		d.pages = langid.New(pageLangs...)
	}
	return d
}

// chooseLanguage returns the language msg is in, in session s: that of
// the act phrases it is made of ("d'accord, merci"), else told by detect
// (toldLanguage) or among tied languages (tiedLanguage), among all
// languages and then among the pages' alone, else (too short to tell) the
// conversation's, else what the customer's browser or the widget asked
// for, else the pages' default language.
func chooseLanguage(detect detectors, pages pageLanguages, s *Session, msg string) string {
	client := messages.Base(s.ClientLang)
	if l := phraseLanguage(msg); l != "" {
		return l
	}
	for _, d := range [...]*langid.Detector{detect.all, detect.pages} {
		if d == nil {
			continue
		}
		if l := toldLanguage(d, msg, client, pages); l != "" {
			// A message whose function words are as much the
			// conversation's language as another's stays in it, however
			// trigrams lean: Danish and Norwegian share most of theirs
			// ("hvordan ændrer jeg leveringsadressen for min ordre").
			if s.Lang != "" && l != s.Lang && slices.Contains(d.Tied(msg), s.Lang) {
				return s.Lang
			}
			return l
		}
		if l := tiedLanguage(d.Tied(msg), msg, s.Lang, client, pages); l != "" {
			return l
		}
	}
	if s.Lang != "" {
		return s.Lang
	}
	if client != "" {
		return client
	}
	return pages.defaultLanguage()
}

// toldLanguage returns the language detect tells msg is in, or "" (left to
// the conversation's, then to the one the customer's browser or widget
// asks for, client). English has homographs of other languages' function
// words ("battery dies fast", "man page missing", "pour over settings
// page"), so evidence short of sure (langid.Faint, langid.Slight) names a
// language only
//
//   - where the help center has pages in it: on an English-only help
//     center one such word would switch the whole conversation to a
//     language no page answers in;
//   - where client asks for no other language the help center has pages
//     in;
//   - on one function word (faint), where the default language's pages
//     have no more of the message's words than that language's ("bin
//     folder deleted": one help center's English pages have 3, its
//     German 1). Not on two: "wie lange dauert die reset e-mail?" has
//     more words of the English pages (reset, e, mail) than of the
//     German.
//
// On a help center with Spanish pages a Spanish request that is mostly
// product names ("usar <product> junto con <app>") stays Spanish: the
// Spanish pages have more of its words.
func toldLanguage(detect *langid.Detector, msg, client string, pages pageLanguages) string {
	l, evidence := detect.Tell(msg)
	switch {
	case l == "":
		return l
	case evidence == langid.Sure:
		// Trigrams chose between languages tied on function words: one
		// the help center has no pages in gives way to a tied one it has
		// (tiedLanguage), as the pages' language is the likelier
		// ("cambiare la password del mio utente" ties Italian and
		// Spanish on "la", "del", "mio", and whatlanggo says Spanish).
		if !pages.hasPagesIn(l) && slices.ContainsFunc(detect.Tied(msg), pages.hasPagesIn) {
			return ""
		}
		return l
	case !pages.hasPagesIn(l):
		// English writes no accents: with two function words of the
		// language, not tied with English's, a word that has one is that
		// language's too ("comment désinstaller un paquet avec pip", not
		// "café au lait stains on my screen"), unless it ties with a
		// language the help center has pages in, whose accent it likelier
		// is ("cómo instalar adguard en mi tele android": Spanish's "en"
		// and "mi" are also Norwegian function words).
		tied := detect.Tied(msg)
		if evidence == langid.Slight && pages.defaultLanguage() == "en" && hasAccentedLetter(msg) && !slices.Contains(tied, "en") && !slices.ContainsFunc(tied, pages.hasPagesIn) {
			return l
		}
		return ""
	case client != "" && client != l && pages.hasPagesIn(client):
		return ""
	}
	if def := pages.defaultLanguage(); evidence == langid.Faint && def != l && pages.pageWords(def, msg) > pages.pageWords(l, msg) {
		return ""
	}
	return l
}

// tiedLanguage chooses among the languages tied on a message's function
// words where toldLanguage could not tell ("fuga de dns en windows":
// Spanish "de", "en", French "de", "en"; tied, from langid's Tied): the
// conversation's language when it is one of them, else the browser's, else
// the one whose pages have strictly the most of the message's words ("fuga"
// is a word of a Spanish help center's pages, not of its French ones); ""
// when none is chosen (left to the conversation's, as before).
func tiedLanguage(tied []string, msg, conversation, client string, pages pageLanguages) string {
	for _, l := range []string{conversation, client} {
		if l != "" && slices.Contains(tied, l) {
			return l
		}
	}
	best, most, ties := "", 0, false
	for _, l := range tied {
		if !pages.hasPagesIn(l) {
			continue
		}
		switch n := pages.pageWords(l, msg); {
		case n > most:
			best, most, ties = l, n, false
		case n == most:
			ties = true
		}
	}
	if ties {
		return ""
	}
	return best
}

// hasPagesIn implements pageLanguages.
func (a *GraphAgent) hasPagesIn(lang string) bool {
	if a.langs.parts == nil {
		return lang == a.langs.lang
	}
	return a.langs.parts[lang] != nil
}

// pageWords implements pageLanguages.
func (a *GraphAgent) pageWords(lang, msg string) int {
	p := a.langs.parts[lang]
	if a.langs.parts == nil && lang == a.langs.lang {
		p = a
	}
	if p == nil || p.an.known == nil {
		return -1
	}
	return countPageWords(msg, p.an.model, func(w string) bool { _, ok := p.an.known.ids[w]; return ok })
}

// countPageWords counts msg's words that are words of the pages (has) and
// no function words of their language's model.
func countPageWords(msg string, model *lexical.Model, has func(w string) bool) int {
	n := 0
	lexical.EachWord(msg, nil, func(w []byte) {
		if has(string(w)) && !model.IsFunctionWord(string(w)) {
			n++
		}
	})
	return n
}

// defaultLanguage implements pageLanguages.
func (a *GraphAgent) defaultLanguage() string { return a.langs.lang }

// hasAccentedLetter reports whether s has a Latin letter with a diacritic
// ("é", "ñ", "ü", "ß"): one English does not write.
func hasAccentedLetter(s string) bool {
	for _, r := range s {
		if r > unicode.MaxASCII && unicode.Is(unicode.Latin, r) {
			return true
		}
	}
	return false
}

package dialogue

import (
	"context"
	"slices"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/messages"
)

// A LanguagePart is one language's agent of a ByLanguage agent, over that
// language's pages with that language's word model. The catalog speaks the
// session's language (Session.Lang, set before each turn).
type LanguagePart func(pages []graph.Page, words *lexical.Model, catalog *messages.Catalog) Agent

// A PageAnswerer is a language's agent that can answer a message from one
// of its pages, named: a ByLanguage answers from the translation of the
// default language's page that its search found.
type PageAnswerer interface {
	RespondFrom(ctx context.Context, s *Session, message, page string) (Reply, error)
}

// ByLanguage is an agent made of one agent per page language, choosing
// as the graph agent does: a message is answered from the pages in the
// customer's language; when there are none, or none matches, from the
// default language's, saying so in the customer's language. It lets the
// baselines be compared with the graph agent language by language.
type ByLanguage struct {
	parts    map[string]Agent
	def      string // the default language, one of parts'
	detect   detectors
	catalog  *messages.Catalog
	pageLang map[string]string // page URL -> language
	// translations are each page's translations by language.
	translations map[string]map[string]string
	// vocab is each language's page words (titles and text), so that a
	// baseline settles a language tie on the pages' words as the graph
	// agent does (tiedLanguage, toldLanguage): the comparison is then of
	// ranking, not of language routing.
	vocab map[string]map[string]bool
}

var _ Agent = (*ByLanguage)(nil)

// NewByLanguage splits pages by language (PageLanguages) and makes each
// language's agent with newPart. catalog nil is the embedded catalog;
// defaultLang "" is English.
func NewByLanguage(pages []graph.Page, defaultLang string, catalog *messages.Catalog, newPart LanguagePart) *ByLanguage {
	if catalog == nil {
		catalog = messages.Embedded()
	}
	if defaultLang = messages.Base(defaultLang); defaultLang == "" {
		defaultLang = messages.Default
	}
	pageLang := PageLanguages(&graph.Graph{Pages: pages}, defaultLang)
	byLang := map[string][]graph.Page{}
	for _, p := range pages {
		l := pageLang[p.URL]
		byLang[l] = append(byLang[l], p)
	}
	var langs []string
	for l := range byLang {
		langs = append(langs, l)
	}
	slices.Sort(langs)
	b := &ByLanguage{
		parts:    make(map[string]Agent, len(langs)),
		def:      defaultLang,
		detect:   newDetectors(langs, catalog.Languages()),
		catalog:  catalog,
		pageLang: pageLang,
	}
	b.translations = Translations(pages, pageLang)
	b.vocab = pageVocabularies(pages, pageLang)
	if len(langs) == 0 {
		langs = []string{defaultLang}
	}
	for _, l := range langs {
		b.parts[l] = newPart(byLang[l], lexical.For(l), catalog)
	}
	b.def = mainLanguage(b.def, langs, func(l string) int { return len(byLang[l]) })
	return b
}

// Respond implements Agent.
func (b *ByLanguage) Respond(ctx context.Context, s *Session, message string) (Reply, error) {
	s.Lang = b.messageLanguage(s, message)
	first, firstLang := b.parts[s.Lang], s.Lang
	if l := b.optionLanguage(s); l != "" {
		first, firstLang = b.parts[l], l
	}
	if first == nil {
		first, firstLang = b.parts[b.def], b.def
	}
	if firstLang == b.def {
		r, err := first.Respond(ctx, s, message)
		if err == nil && firstLang != s.Lang && answered(r) {
			b.noteOtherLanguage(s, &r, firstLang)
		}
		return r, err
	}
	try := cloneSession(*s)
	r, err := first.Respond(ctx, &try, message)
	if err != nil || answered(r) {
		*s = try
		return r, err
	}
	other := cloneSession(*s)
	r2, err := b.parts[b.def].Respond(ctx, &other, message)
	if err != nil || !answered(r2) {
		*s = try
		return r, nil
	}
	// The customer's language may have the translation of the page found.
	if pa, ok := first.(PageAnswerer); ok && firstLang == s.Lang && len(r2.Sources) > 0 {
		if t := b.translations[r2.Sources[0]][s.Lang]; t != "" {
			mine := cloneSession(*s)
			if r3, err := pa.RespondFrom(ctx, &mine, message, t); err == nil && answered(r3) {
				*s = mine
				return r3, nil
			}
		}
	}
	*s = other
	b.noteOtherLanguage(s, &r2, b.def)
	return r2, nil
}

// messageLanguage is GraphAgent.messageLanguage: chooseLanguage.
func (b *ByLanguage) messageLanguage(s *Session, msg string) string {
	return chooseLanguage(b.detect, b, s, msg)
}

// hasPagesIn implements pageLanguages.
func (b *ByLanguage) hasPagesIn(lang string) bool { return b.parts[lang] != nil }

// pageWords implements pageLanguages.
func (b *ByLanguage) pageWords(lang, msg string) int {
	vocab := b.vocab[lang]
	if vocab == nil {
		return -1
	}
	return countPageWords(msg, lexical.For(lang), func(w string) bool { return vocab[w] })
}

// pageVocabularies returns the words of each language's pages' titles and
// texts.
func pageVocabularies(pages []graph.Page, pageLang map[string]string) map[string]map[string]bool {
	vocab := make(map[string]map[string]bool)
	var buf []byte
	for _, p := range pages {
		l := pageLang[p.URL]
		if vocab[l] == nil {
			vocab[l] = make(map[string]bool)
		}
		for _, s := range []string{p.Title, p.Text} {
			buf = lexical.EachWord(s, buf, func(w []byte) { vocab[l][string(w)] = true })
		}
	}
	return vocab
}

// defaultLanguage implements pageLanguages.
func (b *ByLanguage) defaultLanguage() string { return b.def }

// optionLanguage returns the language of the pages the pending options are
// on (their sources), or "": a pick is answered by the part that offered it.
func (b *ByLanguage) optionLanguage(s *Session) string {
	n := len(s.History)
	if len(s.PendingOptions) == 0 || n == 0 {
		return ""
	}
	for _, o := range s.PendingOptions {
		for u, l := range b.pageLang {
			if o.NodeID != "" && containsURL(o.NodeID, u) {
				return l
			}
		}
	}
	return ""
}

// containsURL reports whether a node or passage id names page url ("url",
// "url#3", "passage:url#3").
func containsURL(id, url string) bool {
	for _, prefix := range []string{"", "passage:"} {
		if len(id) >= len(prefix)+len(url) && id[:len(prefix)] == prefix && id[len(prefix):len(prefix)+len(url)] == url {
			rest := id[len(prefix)+len(url):]
			if rest == "" || rest[0] == '#' {
				return true
			}
		}
	}
	return false
}

// answered reports whether r answers from the pages: found, or any reply
// with sources (a search result, a contact page).
func answered(r Reply) bool { return found(r) || len(r.Sources) > 0 }

// noteOtherLanguage leads r, an answer from pages in lang, with a word that
// they are not in the customer's language.
func (b *ByLanguage) noteOtherLanguage(s *Session, r *Reply, lang string) {
	note := b.catalog.Text(s.Lang, "OtherLanguage",
		"Language", messages.LanguageName(s.Lang, s.Lang),
		"Default", messages.LanguageName(lang, s.Lang))
	r.Text = note + "\n\n" + r.Text
	if n := len(s.History); n > 0 && s.History[n-1].Role == "agent" {
		s.History[n-1].Text = r.Text
	}
}

// Package messages is the catalog of the bot's own words: every fixed text
// the dialogue and the chat say (clarification prompts, not-found, handoff,
// the chat page's labels), in the languages of locales/ (English, the
// reference, and eighteen more), embedded, with CLDR plural rules (go-i18n).
// A help center overrides any text, or adds a language, with its own
// message files.
package messages

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

//go:embed locales/*.toml
var locales embed.FS

// Default is the language whose text stands in for a missing one.
const Default = "en"

// Catalog looks texts up by message id and language. It is immutable once
// made and safe for concurrent use.
type Catalog struct {
	bundle  *i18n.Bundle
	langs   []string // the catalog's languages, base subtags, sorted
	matcher language.Matcher
	local   map[string]*i18n.Localizer
}

// New returns the embedded catalog with the message files at paths laid
// over it, in order: a file named like "de.toml", "messages.de.json" or
// "help.pt-BR.yaml"... names its language (go-i18n's convention), and each
// of its texts replaces the catalog's (or adds a language).
func New(paths ...string) (*Catalog, error) {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	files, err := fs.Glob(locales, "locales/*.toml")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if _, err := b.LoadMessageFileFS(locales, f); err != nil {
			return nil, fmt.Errorf("embedded messages %s: %w", f, err)
		}
	}
	for _, p := range paths {
		if _, err := b.LoadMessageFile(p); err != nil {
			return nil, fmt.Errorf("messages file %s (name it like de.toml or messages.de.json): %w", p, err)
		}
	}
	c := &Catalog{bundle: b, local: map[string]*i18n.Localizer{}}
	tags := b.LanguageTags()
	// The matcher's first tag is the one it falls back to.
	sort.SliceStable(tags, func(i, j int) bool { return tags[i] == language.English && tags[j] != language.English })
	for _, t := range tags {
		base := Base(t.String())
		c.langs = append(c.langs, base)
		c.local[base] = i18n.NewLocalizer(b, t.String(), Default)
	}
	sort.Strings(c.langs)
	c.matcher = language.NewMatcher(tags)
	return c, nil
}

// Embedded returns the catalog of the embedded texts alone (made once).
func Embedded() *Catalog { return embedded() }

var embedded = sync.OnceValue(func() *Catalog {
	c, err := New()
	if err != nil {
		panic(err) // the embedded files are part of the program
	}
	return c
})

// Languages returns the catalog's languages (base subtags such as "de").
func (c *Catalog) Languages() []string { return c.langs }

// Has reports whether the catalog speaks lang (a BCP 47 tag).
func (c *Catalog) Has(lang string) bool { return c.local[Base(lang)] != nil }

// Text returns message id in lang, its template filled from data (pairs of
// name and value: "Ref", "AB12"). A language the catalog lacks, or a text
// missing from it, falls back to English; an unknown id is returned as it
// is, so a mistake shows instead of breaking the reply.
func (c *Catalog) Text(lang, id string, data ...any) string {
	return c.localize(lang, &i18n.LocalizeConfig{MessageID: id, TemplateData: pairs(data)})
}

// Plural returns message id in lang in the plural form for count (the
// template sees it as .Count).
func (c *Catalog) Plural(lang, id string, count int, data ...any) string {
	d := pairs(data)
	d["Count"] = count
	return c.localize(lang, &i18n.LocalizeConfig{MessageID: id, TemplateData: d, PluralCount: count})
}

func (c *Catalog) localize(lang string, cfg *i18n.LocalizeConfig) string {
	l := c.local[Base(lang)]
	if l == nil {
		l = c.local[Default]
	}
	s, err := l.Localize(cfg)
	if err != nil && s == "" {
		return cfg.MessageID
	}
	return s
}

// Match returns the catalog language that best serves the preferences in
// tags, each a tag or an Accept-Language header ("de-CH, de;q=0.9, en;q=0.8"),
// or "" when none is a language of the catalog.
func (c *Catalog) Match(tags ...string) string {
	for _, t := range tags {
		prefs, _, err := language.ParseAcceptLanguage(t)
		if err != nil || len(prefs) == 0 {
			continue
		}
		_, i, conf := c.matcher.Match(prefs...)
		if conf >= language.High {
			return Base(c.bundle.LanguageTags()[i].String())
		}
	}
	return ""
}

// LanguageName names language lang in language in ("Englisch" for "en" in
// "de"), lowercase where in's language writes it so mid-sentence.
func LanguageName(lang, in string) string {
	t, err := language.Parse(lang)
	if err != nil {
		return lang
	}
	tin, err := language.Parse(in)
	if err != nil {
		tin = language.English
	}
	name := display.Tags(tin).Name(t)
	if name == "" {
		return lang
	}
	return name
}

// Base returns the language subtag of a BCP 47 tag, lowercase: "de" for
// "de-CH", "pt" for "pt_BR"; "" for "".
func Base(tag string) string {
	tag = strings.ToLower(strings.TrimSpace(tag))
	if i := strings.IndexAny(tag, "-_"); i >= 0 {
		tag = tag[:i]
	}
	return tag
}

// pairs makes template data of name/value pairs.
func pairs(kv []any) map[string]any {
	m := make(map[string]any, len(kv)/2+1)
	for i := 0; i+1 < len(kv); i += 2 {
		if k, ok := kv[i].(string); ok {
			m[k] = kv[i+1]
		}
	}
	return m
}

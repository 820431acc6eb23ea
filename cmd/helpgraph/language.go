package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"golang.org/x/text/language"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/internal/messages"
)

// languageFlags are the flags of the languages a help center speaks.
type languageFlags struct {
	messages    []string
	defaultLang string
	// clientLang is evaluate's --client-lang.
	clientLang string
}

// addLanguageFlags adds --messages FILE (repeatable) and --default-language.
func addLanguageFlags(fs *flag.FlagSet) *languageFlags {
	lf := &languageFlags{}
	if env := os.Getenv("HELPGRAPH_MESSAGES"); env != "" {
		lf.messages = strings.Split(env, ",")
	}
	fs.Func("messages", "a file of the bot's own words overriding the built-in ones, named for its language (de.toml, messages.fr.json; repeatable; env HELPGRAPH_MESSAGES, comma-separated)",
		func(path string) error { lf.messages = append(lf.messages, path); return nil })
	def := os.Getenv("HELPGRAPH_DEFAULT_LANGUAGE")
	if def == "" {
		def = messages.Default
	}
	fs.StringVar(&lf.defaultLang, "default-language", def, "language of the pages that answer a customer whose language has none, unless it has fewer than half as many pages as the largest (BCP 47; env HELPGRAPH_DEFAULT_LANGUAGE)")
	return lf
}

// apply sets opts' catalog and default language from the flags.
func (lf *languageFlags) apply(opts dialogue.Options) (dialogue.Options, error) {
	cat, err := lf.catalog()
	if err != nil {
		return opts, err
	}
	opts.Messages = cat
	opts.DefaultLanguage = lf.defaultLang
	return opts, nil
}

// catalog returns the built-in catalog with the flags' files laid over it,
// once the flags are checked.
func (lf *languageFlags) catalog() (*messages.Catalog, error) {
	if _, err := language.Parse(lf.defaultLang); err != nil {
		return nil, fmt.Errorf("--default-language %q: not a language tag (like en or de-CH)", lf.defaultLang)
	}
	if lf.clientLang != "" {
		if _, err := language.Parse(lf.clientLang); err != nil {
			return nil, fmt.Errorf("--client-lang %q: not a language tag (like es or pt-BR)", lf.clientLang)
		}
	}
	return messages.New(lf.messages...)
}

package english

import (
	"embed"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// Intents in the other languages of a help center. The English intents
// (Intents) rewrite a problem with English rules and English templates; a
// German, French or Spanish node gets its own language's templates, each
// a small data file, intents/LANG.txt, in sections:
//
//	[question] templates for a problem that is a question ({q}, {c})
//	[topic]    templates for any other problem ({t}, {c})
//	[numbered] the last resort when all collide on the page ({t}, {k})
//	[and]      the word joining two conditions
//	[grammar]  "keep case": nouns keep their capital (German)
//
// A language without a file gets no templates: its intents are the node's
// own problem and condition, not English sentences around them.
//
// Grammar only: no word of a help center's topic.

//go:embed intents/*.txt
var intentFiles embed.FS

// IntentTemplates phrase a node's intents in one language.
type IntentTemplates struct {
	lang      string
	question  []string
	topic     []string
	numbered  string
	and       string
	keepCase  bool
	words     *lexical.Model
	situation *Situations
}

// EnglishIntents are the English intents (Intents, NumberedIntent).
var EnglishIntents = &IntentTemplates{lang: "en", and: "and"}

var intentsByLang = lexical.ByLanguage(intentFiles, "intents", parseIntentTemplates)

// IntentsFor returns the intent templates of language lang (a BCP 47
// tag): English for English and an empty tag, the language's own where it
// has a data file, else none (the node's own words only).
func IntentsFor(lang string) *IntentTemplates {
	base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(lang)), "-")
	if base == "" || base == "en" {
		return EnglishIntents
	}
	if t := intentsByLang[base]; t != nil {
		return t
	}
	return &IntentTemplates{lang: base, words: lexical.For(base), situation: SituationsFor(base)}
}

func parseIntentTemplates(lang, text string) *IntentTemplates {
	t := &IntentTemplates{lang: lang, words: lexical.For(lang), situation: SituationsFor(lang)}
	for section, line := range lexical.Sections(text) {
		switch section {
		case "question":
			t.question = append(t.question, line)
		case "topic":
			t.topic = append(t.topic, line)
		case "numbered":
			t.numbered = line
		case "and":
			t.and = line
		case "grammar":
			t.keepCase = t.keepCase || line == "keep case"
		}
	}
	return t
}

// Lang is the templates' language ("en" for English).
func (t *IntentTemplates) Lang() string { return t.lang }

// of returns the templates for problem: the English ones where it reads as
// English, as untranslated headings of a translated page do ("Rules for
// which there is no priority weight" on a German page).
func (t *IntentTemplates) of(problem string) *IntentTemplates {
	if t.words == nil || readsEnglish(problem, t.words) {
		return EnglishIntents
	}
	return t
}

// readsEnglish reports whether text has more English function words than
// function words of the language of m.
func readsEnglish(text string, m *lexical.Model) bool {
	en, own := 0, 0
	for _, w := range lexical.Words(text) {
		if lexical.IsStopWord(w) {
			en++
		}
		if m.IsFunctionWord(w) {
			own++
		}
	}
	return en > own
}

// JoinConditions joins a node's conditions into one.
func (t *IntentTemplates) JoinConditions(conds []string) string {
	if t.and == "" {
		return strings.Join(conds, "; ")
	}
	return strings.Join(conds, " "+t.and+" ")
}

// Intents returns candidate intents for a problem under a condition, best
// first (see the package's Intents, which English uses).
func (t *IntentTemplates) Intents(problem, condition string) []string {
	if t = t.of(problem); t.words == nil {
		return Intents(problem, condition)
	}
	p := strings.Join(strings.Fields(Plain(problem)), " ")
	c := strings.Join(strings.Fields(Plain(condition)), " ")
	if len(t.topic) == 0 {
		// No templates: the node's own words.
		if c == "" {
			return []string{p}
		}
		return []string{p + " (" + c + ")", p}
	}
	tail := t.conditionTail(c)
	var out []string
	if q, ok := t.questionBody(p); ok {
		for _, tpl := range t.question {
			out = append(out, fill(tpl, "{q}", q, "{c}", tail))
		}
	} else {
		topic := p
		first, _, _ := strings.Cut(p, " ")
		switch {
		case !t.keepCase:
			topic = lexical.LowerFirst(topic)
		case t.words.IsFunctionWord(strings.ToLower(first)):
			// German nouns keep their capital; an article loses its
			// ("über die App").
			r, size := utf8.DecodeRuneInString(p)
			topic = string(unicode.ToLower(r)) + p[size:]
		}
		for _, tpl := range t.topic {
			out = append(out, fill(tpl, "{t}", topic, "{c}", tail))
		}
	}
	for i, s := range out {
		out[i] = lexical.UpperFirst(strings.Join(strings.Fields(s), " "))
	}
	return out
}

// questionBody returns a problem that is a question without its question
// marks (Spanish opens one too).
func (t *IntentTemplates) questionBody(p string) (string, bool) {
	if !strings.HasSuffix(p, "?") {
		return "", false
	}
	q := strings.TrimSpace(strings.TrimRight(p, "? "))
	q = strings.TrimSpace(strings.TrimPrefix(q, "¿"))
	return q, q != ""
}

// conditionTail is a condition ready to follow a problem: after a comma
// where it is a clause ("wenn Sie ein Konto haben"), directly where it
// opens with a preposition of the situations data ("in einem Browser"),
// else in parentheses ("Administratoren").
func (t *IntentTemplates) conditionTail(c string) string {
	switch {
	case c == "":
		return ""
	case t.situation.opensClause(c):
		return ", " + c
	case t.situation.opensWithPreposition(c):
		return " " + c
	}
	return " (" + c + ")"
}

// Part names a problem within the parent's section, for two sections
// with the same heading: "Examples in Filter rules", "Beispiele
// (Filterregeln)".
func (t *IntentTemplates) Part(problem, parent string) string {
	if t.of(problem).words == nil {
		return problem + " in " + lexical.LowerFirst(parent)
	}
	return problem + " (" + parent + ")"
}

// Numbered is the k-th last-resort intent for a problem whose phrasings
// all collide with other intents on its page (see NumberedIntent).
func (t *IntentTemplates) Numbered(problem string, k int) string {
	switch t = t.of(problem); {
	case t.words == nil:
		return NumberedIntent(problem, k)
	case t.numbered == "":
		return problem + " (" + strconv.Itoa(k) + ")"
	}
	return fill(t.numbered, "{t}", problem, "{k}", strconv.Itoa(k))
}

// IntentLanguages are the languages with intent templates of their own.
func IntentLanguages() []string {
	var out []string
	for l := range intentsByLang {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

func fill(tpl string, oldnew ...string) string {
	return strings.NewReplacer(oldnew...).Replace(tpl)
}

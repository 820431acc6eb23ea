package dialogue

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/quickre"
)

// synonymFiles hold the groups of words that mean the same in any help
// center (see synonyms.txt): English's in synonyms.txt, another language's
// in synonyms.LANG.txt. Domain vocabulary is learnt from the graph.
//
//go:embed synonyms.txt synonyms.*.txt
var synonymFiles embed.FS

// ParseSynonyms reads groups of words that mean the same thing: one
// comma-separated group a line, the first word the one its group is
// matched as; blank lines and lines starting with "#" are skipped. A help
// center may ship such a file beside its pages (see Options.Synonyms).
func ParseSynonyms(text string) ([][]string, error) {
	var groups [][]string
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var group []string
		for _, w := range strings.Split(line, ",") {
			if w = strings.TrimSpace(w); w != "" {
				group = append(group, w)
			}
		}
		if len(group) < 2 {
			return nil, fmt.Errorf("synonyms line %d: want two or more comma-separated words, got %q", i+1, line)
		}
		groups = append(groups, group)
	}
	return groups, nil
}

// genericSynonyms are the English groups (synonyms.txt).
var genericSynonyms = languageSynonyms["en"]

// languageSynonyms are the generic groups of each language that has a
// synonyms file, by language ("en" for synonyms.txt).
var languageSynonyms = func() map[string][][]string {
	out := map[string][][]string{}
	names, _ := fs.Glob(synonymFiles, "synonyms*.txt")
	for _, name := range names {
		lang := strings.TrimPrefix(strings.TrimSuffix(strings.TrimPrefix(name, "synonyms"), ".txt"), ".")
		if lang == "" {
			lang = "en"
		}
		b, err := synonymFiles.ReadFile(name)
		if err != nil {
			panic(err) // the embedded files are part of the program
		}
		groups, err := ParseSynonyms(string(b))
		if err != nil {
			panic(fmt.Errorf("%s: %w", name, err))
		}
		out[lang] = groups
	}
	return out
}()

// analyzer turns text into the terms the lexical index and the condition
// matcher compare: lowercased words, stemmed, synonyms folded, stop words out.
type analyzer struct {
	model   *lexical.Model      // the language's words, stop words and stems
	words   map[string]string   // stemmed word -> canonical term
	phrases map[string][]phrase // first stemmed word -> phrases starting with it, longest first
	// known are the served graph's words, stemmed once: a message's words
	// are mostly the pages' own (set once the agent is built).
	known *vocab
	// forms reads a message's word the graph lacks as the graph's words
	// it is a form of (lexical.Known); nil in English.
	forms *knownWords
	// solid are the served graph's words an English verb and its particle
	// join as ("shut … down" as "shutdown"; lexical.JoinPhrasal); nil
	// outside English.
	solid lexical.SolidWords
	// filler is the chat that asks for nothing (see fillerSet.has).
	filler fillerSet
	// pointer holds the terms of the language's pointerWords.
	pointer map[string]bool
	// onRead, if set, is called with each text the analyzer cuts into
	// words: tests count how often a turn reads its message.
	onRead func(text string)
}

// phrase is a multi-word synonym entry, stemmed.
type phrase struct {
	parts []string
	canon string
}

// newAnalyzer returns an English analyzer folding the generic synonyms and
// extra, the help center's own (which win where they overlap).
func newAnalyzer(extra [][]string) *analyzer { return newModelAnalyzer(lexical.English, extra) }

// newModelAnalyzer returns an analyzer of model's language, folding that
// language's generic synonyms (languageSynonyms; none for a language
// without a file) and extra, the help center's own.
func newModelAnalyzer(model *lexical.Model, extra [][]string) *analyzer {
	a := &analyzer{model: model, words: map[string]string{}, phrases: map[string][]phrase{}}
	groups := slices.Concat(languageSynonyms[model.Lang()], extra)
	for _, group := range groups {
		head := model.Stem(group[0])
		for _, entry := range group {
			parts := model.Words(entry)
			for i := range parts {
				parts[i] = model.Stem(parts[i])
			}
			if len(parts) == 1 {
				a.words[parts[0]] = head
				continue
			}
			a.phrases[parts[0]] = append(a.phrases[parts[0]], phrase{parts: parts, canon: head})
		}
	}
	for _, ps := range a.phrases {
		// Longest first, so "log in to" wins over "log in".
		slices.SortStableFunc(ps, func(x, y phrase) int { return len(y.parts) - len(x.parts) })
	}
	a.pointer = map[string]bool{}
	for _, w := range strings.Fields(pointerWords[model.Lang()]) {
		for _, t := range a.terms(w) {
			a.pointer[t] = true
		}
	}
	a.filler = fillerSet{}
	for w := range languageFillers[model.Lang()] {
		for _, t := range a.terms(w) {
			a.filler[t] = true
		}
	}
	return a
}

// fillerSet holds the terms of chat words ("actually", "great"; see
// fillerWords and languageFillers), in the analyzer's language.
type fillerSet map[string]bool

// has reports whether term t is chat that asks for nothing: a filler
// word's term in the analyzer's language (languageFillers), or, in every
// language, an English filler word as written or a hesitation ("umm"; see
// isFiller).
func (f fillerSet) has(t string) bool { return f[t] || isFiller(t) }

// stem is the model's stem of w, looked up for the graph's words.
func (a *analyzer) stem(w string) string {
	if a.known != nil {
		if id, ok := a.known.ids[w]; ok {
			return a.known.words[id].stem
		}
	}
	return a.model.Stem(w)
}

// terms returns the matching terms of s, in order, duplicates kept.
func (a *analyzer) terms(s string) []string {
	w := a.split(s)
	return a.termsOf(w, w.raw[:0]) // reuse: out never overtakes the word being read
}

// textWords is a text cut into words, lowercased, and their stems: what
// the analyzer reads before it matches phrases and drops stop words. Two
// texts' words joined are the words of the two joined by a full stop.
type textWords struct {
	raw, stems []string
}

// join returns w followed by more (new slices: w is kept as it was).
func (w textWords) join(more textWords) textWords {
	return textWords{raw: slices.Concat(w.raw, more.raw), stems: slices.Concat(w.stems, more.stems)}
}

// split cuts s into words and stems them, each word the graph lacks read
// as the graph's words (asGraphWords) once the graph's words are known.
// From then on, too, a run of hiragana is grammar unless a heading writes
// it as a word (lexical.Model.ContentWords): the texts read then are
// messages and the texts compared with them, which so agree.
func (a *analyzer) split(s string) textWords {
	if a.onRead != nil {
		a.onRead(s)
	}
	var raw []string
	if a.known != nil {
		raw = a.model.ContentWords(s, a.known.isKanaWord)
	} else {
		raw = a.model.Words(s)
	}
	stems := make([]string, len(raw))
	for i, w := range raw {
		stems[i] = a.stem(w)
	}
	if a.known == nil {
		return textWords{raw: raw, stems: stems}
	}
	return a.asGraphWords(textWords{raw: raw, stems: stems})
}

// asGraphWords returns w with each word the graph never uses read as the
// graph's words, by the first of these that applies (the graph's own words
// are never split, so its texts read as before):
//
//   - a word its texts write hyphenated is the hyphenated word's two parts
//     ("antivirus" where the pages write "anti-virus", "wifi" for
//     "Wi-Fi"), each read as the next case says;
//   - in a language whose words have forms (a.forms; not English), a word
//     other than a stop word is the graph's words it is a form of
//     (lexical.Known): a compound becomes its parts, a participle its
//     verb, a word without its accents the word with them;
//
// and then, with forms, each separable particle joins its verb
// (joinParticles). w is returned as it is when no word is read otherwise.
//
// A word typed run together with the next ("canI") is not split here: the
// speller splits it in the message's text (speller.runTogether), before
// the message's acts, negation and masked text are read from that text.
func (a *analyzer) asGraphWords(w textWords) textWords {
	var out textWords // made on the first word read otherwise
	for i, word := range w.raw {
		if parts, ok := a.hyphenParts(word); ok {
			out = readFrom(out, w, i)
			for _, p := range parts {
				out = a.appendForms(out, p, a.stem(p))
			}
			continue
		}
		if words, stems, ok := a.formsOf(word, w.stems[i]); ok {
			out = readFrom(out, w, i)
			out.raw, out.stems = append(out.raw, words...), append(out.stems, stems...)
			continue
		}
		if out.raw != nil {
			out.raw, out.stems = append(out.raw, word), append(out.stems, w.stems[i])
		}
	}
	if out.raw == nil {
		out = w
	}
	if a.forms == nil {
		return a.joinPhrasals(out)
	}
	return a.joinParticles(out)
}

// readFrom returns out, or, when it is not made yet, w's first i words (the
// words before the first one read otherwise), copied.
func readFrom(out, w textWords, i int) textWords {
	if out.raw == nil {
		out.raw, out.stems = slices.Clone(w.raw[:i]), slices.Clone(w.stems[:i])
	}
	return out
}

// hyphenParts returns the two parts of word when the graph never uses it
// but its texts write it hyphenated (see asGraphWords).
func (a *analyzer) hyphenParts(word string) ([2]string, bool) {
	parts, ok := a.known.compounds[word]
	if !ok {
		return parts, false
	}
	_, used := a.known.ids[word]
	return parts, !used
}

// formsOf returns the graph's words that word, which stems to stem, is a
// form of (lexical.Known) and their stems, when the language's words have
// forms and word is neither the graph's nor a stop word; ok is false when
// it reads as itself.
func (a *analyzer) formsOf(word, stem string) (words, stems []string, ok bool) {
	if a.forms == nil || a.model.IsStopWord(word) {
		return nil, nil, false
	}
	if _, used := a.known.ids[word]; used {
		return nil, nil, false
	}
	words, stems = a.model.Known(word, a.forms)
	if words == nil || (len(words) == 1 && stems[0] == stem) {
		return nil, nil, false
	}
	return words, stems, true
}

// appendForms appends word, which stems to stem, to out as the graph's
// words it is a form of (formsOf), or as itself.
func (a *analyzer) appendForms(out textWords, word, stem string) textWords {
	if words, stems, ok := a.formsOf(word, stem); ok {
		out.raw, out.stems = append(out.raw, words...), append(out.stems, stems...)
		return out
	}
	out.raw, out.stems = append(out.raw, word), append(out.stems, stem)
	return out
}

// joinParticles returns w with each separable particle joined to its verb
// (lexical.JoinParticle): the verb's stem is the two joined, the particle
// is gone.
func (a *analyzer) joinParticles(w textWords) textWords {
	for i := len(w.raw) - 1; i > 0; i-- {
		verb, stem, ok := a.model.JoinParticle(w.raw, i, a.forms)
		if !ok {
			continue
		}
		w = textWords{raw: slices.Delete(slices.Clone(w.raw), i, i+1), stems: slices.Delete(slices.Clone(w.stems), i, i+1)}
		w.stems[verb] = stem
	}
	return w
}

// joinPhrasals returns w with each English verb and its particle that the
// graph writes as one word read as that word (lexical.JoinPhrasal), as
// the graph's texts are indexed (vocab.phrasalJoins): "shut the thing
// down" is about the pages' "shutdown", "back up" their "backup". The
// verb's stem is the two joined, the particle is gone.
func (a *analyzer) joinPhrasals(w textWords) textWords {
	if a.solid == nil {
		return w
	}
	cloned := false
	for i := len(w.raw) - 1; i > 0; i-- {
		verb, stem, ok := a.model.JoinPhrasal(w.raw, w.stems, i, a.solid)
		if !ok {
			continue
		}
		if _, phrase := a.phraseAt(w.stems, verb); phrase {
			continue
		}
		if !cloned {
			w, cloned = textWords{raw: slices.Clone(w.raw), stems: slices.Clone(w.stems)}, true
		}
		w = textWords{raw: slices.Delete(w.raw, i, i+1), stems: slices.Delete(w.stems, i, i+1)}
		w.stems[verb] = stem
		i = verb // the words between are its object: none joins them
	}
	return w
}

// phraseAt returns the analyzer's phrase (a synonym group's "show up",
// "log in") that starts at stems[i], if one does: it is read as its
// group's word, not as its words, nor joined to a particle.
func (a *analyzer) phraseAt(stems []string, i int) (phrase, bool) {
	for _, p := range a.phrases[stems[i]] {
		if i+len(p.parts) <= len(stems) && slices.Equal(stems[i:i+len(p.parts)], p.parts) {
			return p, true
		}
	}
	return phrase{}, false
}

// canonical returns the term stem t is matched as: its synonym group's
// first word's stem, or itself.
func (a *analyzer) canonical(t string) string {
	if c, ok := a.words[t]; ok {
		return c
	}
	return t
}

// termsOf appends the matching terms of w to out and returns it: phrases
// matched, synonyms folded, stop words and one-letter words out.
func (a *analyzer) termsOf(w textWords, out []string) []string {
	raw, stems := w.raw, w.stems
	for i := 0; i < len(stems); i++ {
		if p, ok := a.phraseAt(stems, i); ok {
			out = append(out, p.canon)
			i += len(p.parts) - 1
			continue
		}
		if a.model.IsStopWord(raw[i]) {
			continue
		}
		t := a.canonical(stems[i])
		if utf8.RuneCountInString(t) < 2 && !lexical.IsDigits(t) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// injection recognises attempts to give the agent instructions. Such a message
// is handled like any other request the graph has no answer for: the agent
// follows no instructions found in user text.
var injection = quickre.MustCompile(`(?i)\b(?:ignore|disregard|forget|override|bypass)\b.{0,40}\b(?:instructions?|rules?|prompts?|guidelines|polic(?:y|ies)|previous|above)\b|\byou\s+are\s+now\b|\bpretend\s+(?:to\s+be|you(?:'re|\s+are))\b|\bact\s+as\s+(?:a|an|my|the)\b|\b(?:system|developer)\s+(?:prompt|message|mode)\b|\bjailbreak\b|(?-i:\bDAN\b)|\bdo\s+anything\s+now\b|\broleplay\b`)

func isInjection(s string) bool { return injection.MatchString(s) }

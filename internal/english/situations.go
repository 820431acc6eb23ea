package english

import (
	"embed"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// Situations in the other languages of a help center. The English rules
// (situation.go) read English words; a German, French or Spanish page
// states its situations with its own ("Wenn Sie ...", "Si vous ...",
// "Para administradores"). Each language's words are a small data file,
// situations/LANG.txt, in sections:
//
//	[lead]       conjunctions opening a situation ("wenn", "si", "cuando")
//	[have]       "you have", "you are" ("Sie haben", "vous avez", "tienes")
//	[short]      prepositions opening one in a short label only ("für", "pour")
//	[colon]      ... in a label ending in a colon only ("nach", "après")
//	[drop]       leads left out of the condition ("si vous avez" → "vous avez")
//	[not]        phrases opening with a lead that state none ("für weitere")
//	[infinitive] infinitive endings: "pour modifier" is a purpose
//	[pronoun]    pronouns before an infinitive ("pour vous connecter")
//	[verb]       common finite verbs: a preposition's label with one is a sentence
//	[variant]    prepositions naming one variant of a heading ("Unter Android")
//	[grammar]    "verb last": headings end in their verb (German)
//
// Grammar only: no word of a help center's topic.

//go:embed situations/*.txt
var situationFiles embed.FS

// leadKind is what a lead needs to open a situation.
type leadKind int

const (
	anyLabel   leadKind = iota // any label with words after the lead
	shortLabel                 // a label of at most maxShortLabel words
	colonLabel                 // a colon-terminated label of at most maxShortLabel words
	plainLabel                 // a label not ending in a colon: "Tienes tres formas de ...:" introduces a list
)

// maxShortLabel bounds the labels a preposition opens a situation in, as
// for English "for" and "after".
const maxShortLabel = 10

// lead is one phrase that opens a situation.
type lead struct {
	phrase string
	kind   leadKind
	strong bool // opens a situation in running text too (StartsWithLead)
}

// Situations are the rules of one language for labels that state a
// situation. English and a language without a data file use the English
// rules (IsSituation, Condition, ...), unchanged; so does a label in
// English on a page in another language.
type Situations struct {
	lang       string
	leads      []lead // longest phrase first
	drop, not  []string
	infinitive []string
	pronoun    map[string]bool
	verb       map[string]bool
	variant    map[string]bool
	verbLast   bool   // headings end in their verb ("Die App für Android aktivieren")
	ifWord     string // the conjunction Condition leaves out ("si"), put back by Lead
	words      *lexical.Model
}

// English are the English rules.
var English = &Situations{lang: "en"}

var situationsByLang = lexical.ByLanguage(situationFiles, "situations", parseSituations)

// SituationsFor returns the rules of language lang (a BCP 47 tag): its
// own where it has a data file, else the English ones.
func SituationsFor(lang string) *Situations {
	base, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(lang)), "-")
	if s := situationsByLang[base]; s != nil {
		return s
	}
	return English
}

// SituationLanguages are the languages with rules of their own.
func SituationLanguages() []string {
	var out []string
	for l := range situationsByLang {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

func parseSituations(lang, text string) *Situations {
	s := &Situations{lang: lang, pronoun: map[string]bool{}, verb: map[string]bool{}, variant: map[string]bool{}, words: lexical.For(lang)}
	for section, line := range lexical.Sections(text) {
		p := normalizeLabel(line)
		switch section {
		case "lead":
			s.leads = append(s.leads, lead{phrase: p, kind: anyLabel, strong: true})
		case "have":
			s.leads = append(s.leads, lead{phrase: p, kind: plainLabel})
		case "short":
			s.leads = append(s.leads, lead{phrase: p, kind: shortLabel, strong: true})
		case "colon":
			s.leads = append(s.leads, lead{phrase: p, kind: colonLabel})
		case "drop":
			s.drop = append(s.drop, p)
		case "not":
			s.not = append(s.not, p)
		case "infinitive":
			s.infinitive = append(s.infinitive, p)
		case "verb":
			s.verb[p] = true
		case "pronoun":
			s.pronoun[p] = true
		case "variant":
			s.variant[p] = true
		case "grammar":
			s.verbLast = s.verbLast || p == "verb last"
		}
	}
	// The language's "if": the first conjunction of [drop], in the file's
	// order; none where only prepositions are dropped (German keeps its
	// "wenn", whose clause ends in its verb).
	for _, p := range s.drop {
		if ld, ok := s.leadOf(p); ok && ld.phrase == p && ld.kind == anyLabel && s.ifWord == "" {
			s.ifWord = p
		}
	}
	sort.SliceStable(s.leads, func(i, j int) bool { return len(s.leads[i].phrase) > len(s.leads[j].phrase) })
	sort.SliceStable(s.drop, func(i, j int) bool { return len(s.drop[i]) > len(s.drop[j]) })
	return s
}

// Lang is the rules' language ("en" for English).
func (s *Situations) Lang() string { return s.lang }

func (s *Situations) english() bool { return s.words == nil }

// of returns the rules that read label: the English ones where the label
// is in English, as untranslated parts of a translated page are ("For
// Microsoft Windows 7:" on a French page), telling by function words, as
// moreEnglish does.
func (s *Situations) of(label string) *Situations {
	if s.english() || readsEnglish(label, s.words) {
		return English
	}
	return s
}

// normalizeLabel is a label in lower case with its typographic
// apostrophes plain, as the data files write it.
func normalizeLabel(l string) string {
	return strings.ReplaceAll(strings.ToLower(l), "’", "'")
}

// hasPhrase reports whether lower-case l opens with phrase p as whole
// words; a phrase ending in an apostrophe ("lorsqu'") is elided onto the
// next word.
func hasPhrase(l, p string) bool {
	if strings.HasSuffix(p, "'") {
		return len(l) > len(p) && strings.HasPrefix(l, p)
	}
	return l == p || strings.HasPrefix(l, p+" ")
}

// leadOf returns the lead that l (normalized) opens with.
func (s *Situations) leadOf(l string) (lead, bool) {
	for _, ld := range s.leads {
		if hasPhrase(l, ld.phrase) {
			return ld, true
		}
	}
	return lead{}, false
}

// IsSituation reports whether a label states when something applies (see
// the package's IsSituation, which English uses). In the other languages
// a situation opens with a lead of the data file: a conjunction, a "you
// have", or a preposition in a short label (not before an infinitive);
// a question, an instruction or a phrase of [not] is none.
func (s *Situations) IsSituation(label string, colon bool) bool {
	if s = s.of(label); s.english() {
		return IsSituation(label, colon)
	}
	raw := strings.TrimSpace(Plain(label))
	if strings.HasSuffix(raw, "?") {
		return false
	}
	l := strings.TrimRight(normalizeLabel(raw), ":.! ")
	words := strings.Fields(l)
	if len(words) == 0 || len(words) > 16 || foreignImperative(lexical.Words(l)) {
		return false
	}
	ld, ok := s.leadOf(l)
	if !ok {
		return false
	}
	after := strings.Fields(cutRunes(strings.TrimRight(raw, ":.! "), ld.phrase))
	if len(after) == 0 {
		return false
	}
	for _, p := range s.not {
		if hasPhrase(l, p) {
			return false
		}
	}
	switch {
	case s.purpose(after):
		return false
	case strings.Contains(l, ", "):
		// "Falls die Festplatte zu voll ist, sollten Sie:": a clause and
		// then the sentence's main one is a sentence, not a label.
		return false
	case (ld.kind == shortLabel || ld.kind == colonLabel) && s.hasVerb(after):
		// "Nach der Aktivierung können Sie ...": a preposition's phrase
		// and then a finite verb is a sentence.
		return false
	case ld.kind == shortLabel:
		return len(words) <= maxShortLabel
	case ld.kind == colonLabel:
		return colon && len(words) <= maxShortLabel
	case ld.kind == plainLabel:
		return !colon
	}
	return true
}

// hasVerb reports whether words have a common finite verb of the language.
func (s *Situations) hasVerb(words []string) bool {
	for _, w := range words {
		if s.verb[normalizeLabel(strings.Trim(w, ",.;:!?\"'()"))] {
			return true
		}
	}
	return false
}

// cutRunes returns s less as many letters as prefix has: lower case and
// plain apostrophes keep the count of letters, not always of bytes ("’").
func cutRunes(s, prefix string) string {
	for range utf8.RuneCountInString(prefix) {
		_, size := utf8.DecodeRuneInString(s)
		s = s[size:]
	}
	return s
}

// purpose reports whether the words after a lead are an infinitive, after
// the pronouns that may come first ("pour vous connecter"): "Pour modifier
// ...", "Para cambiarlo ..." say what a section is for, not whom; "Quand
// signaler un bogue", "Cuándo usar ..." ask when to.
func (s *Situations) purpose(after []string) bool {
	for len(after) > 1 && s.pronoun[normalizeLabel(after[0])] {
		after = after[1:]
	}
	w := normalizeLabel(after[0])
	if strings.ToLower(after[0]) != after[0] || s.words.IsFunctionWord(w) {
		return false // a name ("Twitter"), a determiner ("votre")
	}
	if i := strings.LastIndexByte(w, '\''); i >= 0 {
		w = w[i+1:] // "s'inscrire"
	}
	for _, e := range s.infinitive {
		if len(w) > len(e) && strings.HasSuffix(w, e) {
			return true
		}
	}
	return false
}

// opensClause reports whether a condition opens with a conjunction of the
// data file's [lead] ("wenn Sie ...", "si vous ..."): a clause.
func (s *Situations) opensClause(c string) bool {
	if s.english() {
		return false
	}
	ld, ok := s.leadOf(normalizeLabel(c))
	return ok && ld.kind == anyLabel
}

// opensWithPreposition reports whether a condition opens with a
// preposition of the data file's [short], [colon] or [variant] ("in
// einem Browser", "pour les administrateurs").
func (s *Situations) opensWithPreposition(c string) bool {
	if s.english() {
		return false
	}
	l := normalizeLabel(c)
	if ld, ok := s.leadOf(l); ok && (ld.kind == shortLabel || ld.kind == colonLabel) {
		return true
	}
	first, _, _ := strings.Cut(l, " ")
	return s.variant[first]
}

// StartsWithLead reports whether text opens with a lead that makes a
// situation in running text too: a conjunction or a short-label
// preposition, not a "you have" (see the package's StartsWithLead).
func (s *Situations) StartsWithLead(text string) bool {
	if s = s.of(text); s.english() {
		return StartsWithLead(text)
	}
	ld, ok := s.leadOf(normalizeLabel(strings.TrimSpace(text)))
	return ok && ld.strong
}

// Condition turns a situation label into a condition (see the package's
// Condition): the lead is left out where the clause reads on without it
// ("Si vous avez un compte" → "vous avez un compte", "Für Administratoren"
// → "Administratoren"), else lower-cased ("wenn Sie ... haben"). The rest
// keeps its case: German nouns keep their capitals.
func (s *Situations) Condition(label string) string {
	if s = s.of(label); s.english() {
		return Condition(label)
	}
	c := strings.TrimRight(Plain(label), ":,;!?–— ")
	if last := c[strings.LastIndex(c, " ")+1:]; strings.HasSuffix(c, ".") && strings.Count(last, ".") == 1 {
		c = strings.TrimRight(c, ". ")
	}
	l := normalizeLabel(c)
	for _, p := range s.drop {
		if !hasPhrase(l, p) {
			continue
		}
		if rest := strings.TrimLeft(cutRunes(c, p), ", "); rest != "" {
			return rest
		}
	}
	first, _, _ := strings.Cut(l, " ")
	if _, ok := s.leadOf(l); ok || s.variant[first] || s.words.IsFunctionWord(first) {
		r, size := utf8.DecodeRuneInString(c)
		return strings.ToLower(string(r)) + c[size:]
	}
	return c
}

// Lead returns condition c (see Condition) worded to open a reply in the
// rules' language: a clause whose conjunction Condition left out gets it
// back ("If you booked by phone", "Si vous avez un compte"); a condition
// that opens with a conjunction of its own ("Wenn Sie … haben", "To
// apply") and a label ("With Tor", "Other companies", "Android") stay as
// the page wrote them. A label of one or two words ("members") is no
// clause, whatever its language.
func (s *Situations) Lead(c string) string {
	c = strings.TrimRight(strings.TrimSpace(c), ".:;, ")
	if c == "" {
		return ""
	}
	if s = s.of(c); s.english() {
		return englishLead(c)
	}
	l := normalizeLabel(c)
	first, _, _ := strings.Cut(l, " ")
	if ld, ok := s.leadOf(l); ok && ld.kind == anyLabel || s.IsVariantLead(first) || len(strings.Fields(l)) <= 2 || s.ifWord == "" {
		return lexical.UpperFirst(c)
	}
	return lexical.UpperFirst(s.ifWord) + " " + c
}

// ClauseEnd returns the index of the comma that ends text's opening
// clause ("Wenn Sie … haben, klicken Sie …"), or -1 when it has no comma:
// the first comma, but in a language whose clauses end in their verb
// (German) the first comma before a finite verb, the main clause's after
// a subordinate one: a comma before that lists ("Falls Sie von einer
// Festplatte, einem USB-Laufwerk oder einem Rechner wiederherstellen
// wollen, können Sie …").
func (s *Situations) ClauseEnd(text string) int {
	first := strings.IndexByte(text, ',')
	if first < 0 || !s.verbLast {
		return first
	}
	for i := first; ; {
		w, _, _ := strings.Cut(strings.TrimLeft(text[i+1:], " "), " ")
		if s.verb[normalizeLabel(strings.Trim(w, ",.;:!?"))] {
			return i
		}
		j := strings.IndexByte(text[i+1:], ',')
		if j < 0 {
			return first
		}
		i += 1 + j
	}
}

// IsClause reports whether a short line is a clause (see the package's
// IsClause); the other languages' finite verbs are not known here, so
// their lines are none.
func (s *Situations) IsClause(l string) bool {
	return s.of(l).english() && IsClause(l)
}

// ItemsEndSections reports whether a list item that states a situation
// may end its section's text: in English it may, as it always has; in the
// other languages an item with more of its section after it is one step
// of several ("1. Quand le système a fini d'installer l'imprimante, un
// message s'affiche"), not an alternative, and stays in the section.
func (s *Situations) ItemsEndSections() bool { return s.english() }

// IsInstruction reports whether a label is a clause then an instruction
// ("When you call, tell them:", "Wenn Sie anrufen, sagen Sie:"), which is
// no situation.
func (s *Situations) IsInstruction(label string) bool {
	_, after, ok := strings.Cut(label, ", ")
	if !ok {
		return false
	}
	if s = s.of(label); s.english() {
		return StartsWithImperative(after)
	}
	return foreignImperative(lexical.Words(after))
}

// CutAtImperative ends a lead clause where a run-together instruction
// starts (see the package's CutAtImperative); English only.
func (s *Situations) CutAtImperative(clause string) string {
	if s = s.of(clause); s.english() {
		return CutAtImperative(clause)
	}
	return clause
}

// VerbLast reports whether the language's headings end in their verb
// ("Die App für Android aktivieren"), so that words closing every variant
// heading of a group belong to the problem, not to the variant.
func (s *Situations) VerbLast() bool { return s.verbLast }

// IsVariantLead reports whether lower-case w is a preposition that opens
// the part of a heading naming a variant: "on" of "On Android". The
// English ones count on every page, for its untranslated headings ("At
// login" / "At system startup").
func (s *Situations) IsVariantLead(w string) bool {
	return variantLead[w] || s.variant[w]
}

// variantLead are the English prepositions that open the part of a
// heading naming one of several places or ways a section applies to: "On
// Android" / "On iOS", "In Safari" / "In Firefox", "Via the app" / "Via
// the website", "Credits needed for retirement" / "... for disability",
// "Start at login" / "... at system startup".
var variantLead = toSet(`on in via with without through from using by for at`)

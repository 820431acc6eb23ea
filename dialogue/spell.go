package dialogue

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// speller corrects misspelt words against the vocabulary of the graph being
// served ("cancell my resevation" -> "cancel my reservation"), so a typo
// costs no match. It knows only the help center's own words: a word it
// has never seen and cannot reach by one edit is left alone.
//
// Lookup is by single deletions (the SymSpell scheme): two words within one
// insertion, deletion or substitution of each other share a deletion.
type speller struct {
	freq    map[string]int      // word -> occurrences in the graph
	deletes map[string][]string // a word less one letter -> the words it came from
	// accented is, for each graph word with accents, its letters without
	// them -> the most frequent such word ("configuracion" ->
	// "configuración"): customers often type no accents, and the
	// stemmers' rules are written for the accented suffixes, so
	// "configuracion" and "configuración" had no stem in common.
	accented map[string]string
	isWord   func(string) bool // a real word of the language, though not the graph's
	isStop   func(string) bool // a stop word of the graph's language
	// guesses is whether a word the graph lacks is read as another: a
	// graph word one edit away, or two stop words run together. Only
	// with the language's dictionary, which tells a real word from a
	// typo: without one, an inflected language's word the pages lack is
	// mostly a real word one edit from another ("bricht" is no "bericht",
	// "gasta" no "gusta", "appli" no "appui", "tele" no "te le": of 201
	// German, French and Spanish development messages, 10 lost a content
	// word so, none was mended).
	guesses bool
}

// minSpellLen is the shortest word corrected: short words are too close to
// too many others for one edit to say which was meant.
const minSpellLen = 5

// newSpeller learns the words of a graph, and those of synonyms (words
// customers use that the pages may not). isWord tells a real word of the
// language (a dictionary's), which is no typo even where the graph lacks
// it; nil knows none.
func newSpeller(gw *graphWords, synonyms [][]string, isWord func(string) bool) *speller {
	if isWord == nil {
		isWord = func(string) bool { return false }
	}
	sp := &speller{freq: map[string]int{}, deletes: map[string][]string{}, accented: map[string]string{}, isWord: isWord, isStop: gw.v.an.model.IsStopWord,
		guesses: gw.v.an.model.HasDictionary()}
	isWord("") // reads the dictionary now, not on the first turn
	add := func(words []string) {
		for _, w := range words {
			sp.freq[w]++
		}
	}
	for _, group := range synonyms {
		for _, entry := range group {
			add(lexical.Words(entry))
		}
	}
	// By index: the lexical index numbers the words' terms meanwhile (a
	// copy of the whole word would read those).
	for i := range gw.v.words {
		w := &gw.v.words[i]
		sp.freq[w.text] += w.count
	}
	for w, n := range sp.freq {
		// A word with a letter of the language's own ("zählen", "año")
		// is another word without it ("zahlen", "ano"), not a spelling.
		if bare := lexical.Fold(w); bare != w && !gw.v.an.model.HasOwnLetter(w) {
			if c, ok := sp.accented[bare]; !ok || n > sp.freq[c] || n == sp.freq[c] && w < c {
				sp.accented[bare] = w
			}
		}
		if utf8.RuneCountInString(w) < minSpellLen-1 {
			continue
		}
		for _, d := range deletions(w) {
			sp.deletes[d] = append(sp.deletes[d], w)
		}
	}
	return sp
}

// deletions returns w with each one of its letters left out.
func deletions(w string) []string {
	rs := []rune(w)
	out := make([]string, 0, len(rs))
	for i := range rs {
		out = append(out, string(rs[:i])+string(rs[i+1:]))
	}
	return out
}

// letterRun is a word as the speller sees it.
var letterRun = regexp.MustCompile(`\pL+`)

// correct returns text with each unknown word of minSpellLen letters or
// more replaced by the most frequent graph word one edit away, if any. The
// rest of the text (numbers, e-mails, punctuation) is left as it is.
//
// A capitalised word inside a sentence is a name ("the Apple store", "a
// flight to Paris", "my iPhone"): one edit from a graph word, it is still
// not that word. A message in title case says nothing by its capitals.
func (sp *speller) correct(text string) string {
	titleCase := isTitleCase(text)
	return replaceWords(text, func(w string, sentenceStart bool) string {
		if a, b, ok := sp.runTogether(w); ok {
			return a + " " + b
		}
		if !titleCase && !sentenceStart && hasUpper(w) {
			return w
		}
		if fixed := sp.word(strings.ToLower(w)); fixed != strings.ToLower(w) {
			return fixed
		}
		return w
	})
}

// runTogether splits w into the two words typed without the space
// between them ("canI", "doif", "DoI"): each a stop word of the graph's
// language, the two no word of the graph or the language. Read whole,
// such a word is one no page has, and weighs as the rarest
// (distinctive.go); split, it asks nothing. A content word is never
// split (a name or a product's, "Norton", may part into a stop word and
// a graph word by chance), nor a word into a single letter other than
// "I" (the "d" of "I'd" makes "Dover" "d over"), nor a name.
func (sp *speller) runTogether(w string) (a, b string, ok bool) {
	lw := strings.ToLower(w)
	if !sp.guesses || len(lw) != len(w) || sp.freq[lw] > 0 || sp.isStop(lw) || sp.isWord(lw) {
		return "", "", false
	}
	part := func(p string) bool { return sp.isStop(p) && (len(p) > 1 || p == "i") }
	// A capitalised word is split only where a capital opens the second
	// word too ("DoI"): "Ian" is a name.
	capital := opensUpper(w)
	for i := range w {
		if i > 0 && part(lw[:i]) && part(lw[i:]) && (!capital || opensUpper(w[i:])) {
			return w[:i], w[i:], true
		}
	}
	return "", "", false
}

// replaceWords replaces each letter run w of text by f(w, sentenceStart),
// where sentenceStart is whether w opens the text or follows a full stop,
// question or exclamation mark.
func replaceWords(text string, f func(w string, sentenceStart bool) string) string {
	var b strings.Builder
	last := 0
	for _, loc := range letterRun.FindAllStringIndex(text, -1) {
		start := strings.TrimRight(text[:loc[0]], " \t\n\"'“‘(")
		b.WriteString(text[last:loc[0]])
		b.WriteString(f(text[loc[0]:loc[1]], start == "" || strings.ContainsAny(start[len(start)-1:], ".?!")))
		last = loc[1]
	}
	b.WriteString(text[last:])
	return b.String()
}

// opensUpper reports whether w opens with an upper-case letter.
func opensUpper(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// hasUpper reports whether w has an upper-case letter.
func hasUpper(w string) bool {
	return strings.ToLower(w) != w
}

// isTitleCase reports whether text's words of four letters or more, two at
// least, all start with a capital ("How To Apply Online For Medicare").
func isTitleCase(text string) bool {
	long, upper := 0, 0
	for _, w := range letterRun.FindAllString(text, -1) {
		if utf8.RuneCountInString(w) < 4 {
			continue
		}
		long++
		if r, _ := utf8.DecodeRuneInString(w); unicode.IsUpper(r) {
			upper++
		}
	}
	return long >= 2 && upper == long
}

func (sp *speller) word(w string) string {
	if sp.freq[w] > 0 || lexical.IsStopWord(w) {
		return w
	}
	// A graph word typed without its accents is that word, in any
	// language: no guess, the same letters.
	if c, ok := sp.accented[lexical.Fold(w)]; ok && !sp.isStop(w) {
		return c
	}
	if !sp.guesses {
		return w
	}
	if n := utf8.RuneCountInString(w); n < minSpellLen {
		// A short word is too close to too many others to correct, but
		// for the commonest typo of all: two letters of a function word
		// swapped ("how do i chnage teh wallpaper"). Read as a word no
		// page has, it weighs as the rarest and the request's own words
		// no longer cover it.
		if n >= 3 && !sp.isWord(w) {
			if c := sp.swappedStopWord(w); c != "" {
				return c
			}
		}
		return w
	}
	// A real word the pages lack is what the customer meant ("plane" is
	// no "plan", "charger" no "charged"), unless a graph word is it with
	// a letter doubled: a double letter typed single is the commonest
	// typo, and the real word it makes is mostly a rare one ("planing").
	real := sp.isWord(w)
	best, bestFreq := w, 0
	// A typo rarely changes a word's first letter; an English word the
	// graph lacks is often one letter from a graph word there ("water",
	// "later").
	consider := func(c string) {
		if real && !doublesALetter(w, c) {
			return
		}
		if c != w && sp.freq[c] > bestFreq && c[0] == w[0] && oneEdit(w, c) {
			best, bestFreq = c, sp.freq[c]
		}
	}
	// w less a letter is a graph word (an extra letter typed) ...
	for _, d := range deletions(w) {
		consider(d)
		// ... or shares a deletion with one (a letter swapped for another).
		for _, c := range sp.deletes[d] {
			consider(c)
		}
	}
	// A graph word less a letter is w (a letter left out).
	for _, c := range sp.deletes[w] {
		consider(c)
	}
	return best
}

// swappedStopWord returns the stop word of the graph's language that w is
// with two adjacent letters swapped ("teh", "adn", "waht"), or "".
func (sp *speller) swappedStopWord(w string) string {
	rs := []rune(w)
	for i := 0; i+1 < len(rs); i++ {
		if rs[i] == rs[i+1] {
			continue
		}
		rs[i], rs[i+1] = rs[i+1], rs[i]
		c := string(rs)
		rs[i], rs[i+1] = rs[i+1], rs[i]
		if sp.isStop(c) {
			return c
		}
	}
	return ""
}

// doublesALetter reports whether long is short with one of its letters
// doubled ("planning", "planing").
func doublesALetter(short, long string) bool {
	rs, rl := []rune(short), []rune(long)
	if len(rl) != len(rs)+1 {
		return false
	}
	i := 0
	for i < len(rs) && rs[i] == rl[i] {
		i++
	}
	return i > 0 && rl[i] == rl[i-1] && string(rs[i:]) == string(rl[i+1:])
}

// oneEdit reports whether a and b are one insertion, deletion, substitution
// or transposition of adjacent letters apart.
func oneEdit(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > len(rb) {
		ra, rb = rb, ra
	}
	switch len(rb) - len(ra) {
	case 0:
		var diff []int
		for i := range ra {
			if ra[i] != rb[i] {
				diff = append(diff, i)
			}
		}
		return len(diff) == 1 || (len(diff) == 2 && diff[1] == diff[0]+1 && ra[diff[0]] == rb[diff[1]] && ra[diff[1]] == rb[diff[0]])
	case 1:
		i := 0
		for i < len(ra) && ra[i] == rb[i] {
			i++
		}
		return string(ra[i:]) == string(rb[i+1:])
	}
	return false
}

package dialogue

import (
	"regexp"
	"strings"
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
}

// minSpellLen is the shortest word corrected: short words are too close to
// too many others for one edit to say which was meant.
const minSpellLen = 5

// newSpeller learns the words of a graph, and those of synonyms (words
// customers use that the pages may not).
func newSpeller(gw *graphWords, synonyms [][]string) *speller {
	sp := &speller{freq: map[string]int{}, deletes: map[string][]string{}}
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
	for w := range sp.freq {
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
func (sp *speller) correct(text string) string {
	return letterRun.ReplaceAllStringFunc(text, func(w string) string {
		if fixed := sp.word(strings.ToLower(w)); fixed != strings.ToLower(w) {
			return fixed
		}
		return w
	})
}

func (sp *speller) word(w string) string {
	if sp.freq[w] > 0 || utf8.RuneCountInString(w) < minSpellLen || lexical.IsStopWord(w) {
		return w
	}
	best, bestFreq := w, 0
	consider := func(c string) {
		if c != w && sp.freq[c] > bestFreq && oneEdit(w, c) {
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

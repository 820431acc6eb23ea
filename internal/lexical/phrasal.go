package lexical

import "strings"

// A SolidWords is a text's words: SolidStem returns the stem of w when the
// text writes w (lowercased) as a word.
type SolidWords interface {
	SolidStem(w string) (stem string, ok bool)
}

// phrasalParticles are the adverbs an English verb takes as its particle
// ("shut down", "back up", "log in", "roll back"): grammar, one closed
// class, the words help pages also write joined to the verb as a noun
// ("shutdown", "backup", "login", "rollback").
var phrasalParticles = map[string]bool{
	"up": true, "down": true, "off": true, "out": true, "in": true, "on": true, "over": true, "back": true,
}

// determiners open a noun phrase: a particle before one may be its
// preposition ("add a row in the table"), not the verb's.
var determiners = map[string]bool{
	"a": true, "an": true, "the": true, "my": true, "your": true, "his": true, "her": true, "its": true,
	"our": true, "their": true, "this": true, "that": true, "these": true, "those": true, "some": true,
	"any": true, "each": true, "every": true, "all": true, "no": true,
}

// MaxPhrasalGap is how many words may stand between an English verb and
// its particle ("shut the thing down", "turn my laptop screen off"): an
// object of a few words; farther apart, the particle is likelier another
// verb's or a preposition.
const MaxPhrasalGap = 3

// IsPhrasalParticle reports whether the lowercase word w is an English
// verb particle (see JoinPhrasal).
func IsPhrasalParticle(w string) bool { return phrasalParticles[w] }

// JoinPhrasal returns, for an English particle words[i] of a text's words
// (stems their stems), the verb it belongs to and the stem of the two
// written as one word, when v has that word: "back up" is "backup",
// "backed up" too (the verb's stem joined), "shut the thing down" is
// "shutdown". Pages write a phrasal verb's noun joined ("Shutdown",
// "Backups", "Setup") where a customer writes the verb and its particle,
// which alone is a stop word. The verb is the word before the particle or,
// when the particle closes its clause (the text's end, or a function word
// or an "-ly" adverb after it, not a determiner), the nearest word that
// joins it at most MaxPhrasalGap words before. A particle followed by a
// noun phrase that stands apart from its verb is its preposition: "add a
// row in the table" is no "addin". ok is false when none joins, and in
// every language but English.
func (m *Model) JoinPhrasal(words, stems []string, i int, v SolidWords) (verb int, stem string, ok bool) {
	if m.multi || !phrasalParticles[words[i]] || i == 0 {
		return 0, "", false
	}
	if s, ok := m.joined(words, stems, i-1, i, v); ok {
		return i - 1, s, true
	}
	if i+1 < len(words) {
		next := words[i+1]
		closes := !determiners[next] && (m.IsStopWord(next) || strings.HasSuffix(next, "ly"))
		if !closes {
			return 0, "", false
		}
	}
	for j := i - 2; j >= 0 && j >= i-1-MaxPhrasalGap; j-- {
		if s, ok := m.joined(words, stems, j, i, v); ok {
			return j, s, true
		}
		if phrasalParticles[words[j]] {
			return 0, "", false // the words between hold another particle
		}
	}
	return 0, "", false
}

// joined returns the stem of words[j] and the particle words[i] written as
// one word, the verb as written or, a past or a gerund, as its stem
// ("backed" as "back"), when v writes that word and words[j] may be a verb
// (no stop word, no number). Other words' stems are no verb's: "protection"
// stems as "protect", "logs" may be the noun.
func (m *Model) joined(words, stems []string, j, i int, v SolidWords) (string, bool) {
	w := words[j]
	if m.IsStopWord(w) || IsDigits(w) || len(w) < 2 {
		return "", false
	}
	for _, form := range PhrasalVerbForms(w, stems[j]) {
		if s, ok := v.SolidStem(form + words[i]); ok {
			return s, true
		}
	}
	return "", false
}

// PhrasalVerbForms returns the forms of the verb w (stem its stem) that
// join a particle, in the order tried: as written and, a past or a gerund,
// its stem ("backed" as "back"). A noun's stem is no verb's ("protection"
// is no "protect").
func PhrasalVerbForms(w, stem string) []string {
	if stem != w && (strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "ing")) {
		return []string{w, stem}
	}
	return []string{w}
}

package dialogue

import (
	"maps"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// How a reply to a clarification names an option: by its form alone (the
// option said again, its number, its place: optionByForm), or by the
// words that tell the options apart (optionsByWords).

var (
	optionNumber = regexp.MustCompile(`(?i)^\s*(?:option|number|no\.?|#)?\s*(\d{1,2})\s*[.)]?\s*$`)
	// ordinals name an option by its place; a negative one counts from
	// the end.
	ordinals = map[string]int{
		"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
		"fifth": 5, "5th": 5, "sixth": 6, "6th": 6, "former": 1, "last": -1, "latter": -1,
	}
)

// maxOrdinalWords is the most words a reply naming an option by its place
// has ("the second one please"): in a longer message an ordinal is part of
// a request of its own.
const maxOrdinalWords = 4

// namesOption reports whether msg is one of opts, as a click sends it
// (optionNamed).
func namesOption(msg string, opts []Option) bool { return optionNamed(msg, opts) >= 0 }

// optionNamed returns the index of the option of opts whose value or
// label msg says again (case and end punctuation aside), or whose node's
// id it is; -1 for none.
func optionNamed(msg string, opts []Option) int {
	norm := strings.ToLower(strings.Trim(strings.TrimSpace(msg), ".!?\"' "))
	for i, o := range opts {
		if norm == strings.ToLower(o.Value) || norm == strings.ToLower(o.Label) || (o.NodeID != "" && msg == o.NodeID) {
			return i
		}
	}
	return -1
}

// optionByForm picks the option reply r names by its form: the option's
// value or label said again (or its node's id), its number ("2", "option
// 2") or its place ("the second one", "the last"). answered is false when
// the form names none and the words decide; a number no option has is an
// answer that picks none.
func optionByForm(r *reading, opts []Option) (picked []int, answered bool) {
	msg := r.text
	if i := optionNamed(msg, opts); i >= 0 {
		return []int{i}, true
	}
	if m := optionNumber.FindStringSubmatch(msg); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil && n >= 1 && n <= len(opts) {
			return []int{n - 1}, true
		}
		return nil, true
	}
	if words := r.plainWords(); len(words) <= maxOrdinalWords {
		for _, w := range words {
			n, ok := ordinals[w]
			if n < 0 {
				n += len(opts) + 1
			}
			if ok && n >= 1 && n <= len(opts) {
				return []int{n - 1}, true
			}
		}
	}
	return nil, false
}

// matchOptions matches a reply to a clarification against its pending
// options: by its form (optionByForm), or by the words that tell the
// options apart ("by phone"), or by a name in katakana (optionByLoanword).
// It returns the indices of the matching
// options (several on a tie), or nil when the message is not an answer to
// the question.
func (a *GraphAgent) matchOptions(s *Session, r *reading) []int {
	if picked, answered := optionByForm(r, s.PendingOptions); answered {
		return picked
	}
	if picked := a.optionsByWords(s, r); len(picked) > 0 {
		return picked
	}
	// "アンドロイドです" to Windows / Mac / Android: the option's name in
	// katakana, which no word of the label matches.
	if i := optionByLoanword(r.text, optionLabels(s.PendingOptions)); i >= 0 {
		return []int{i}
	}
	if i := optionByPrefix(r.text, optionLabels(s.PendingOptions)); i >= 0 {
		return []int{i}
	}
	return nil
}

// minOptionPrefix is the fewest letters a reply shortening an option's
// name has: "mac", "win".
const minOptionPrefix = 3

// optionByPrefix returns the option one of whose label's words the reply
// text, one word, shortens ("mac" for "macOS", "win" for "Windows",
// "andro" for "Android"), when only one option's label has such a word;
// -1 otherwise. Its stem is no word of the label's ("mac" is not
// "macos"), so the words found none.
func optionByPrefix(text string, labels []string) int {
	reply := strings.ToLower(strings.Trim(strings.TrimSpace(text), ".!?,;:\"' "))
	if len([]rune(reply)) < minOptionPrefix || strings.ContainsFunc(reply, notWordRune) {
		return -1
	}
	picked := -1
	for i, l := range labels {
		for _, w := range strings.FieldsFunc(strings.ToLower(l), notWordRune) {
			if len(w) <= len(reply) || !strings.HasPrefix(w, reply) {
				continue
			}
			if picked >= 0 && picked != i {
				return -1
			}
			picked = i
		}
	}
	return picked
}

// notWordRune reports whether r is neither a letter nor a digit: what
// stands between words.
func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// optionLabels returns the labels of opts.
func optionLabels(opts []Option) []string {
	labels := make([]string, len(opts))
	for i, o := range opts {
		labels[i] = o.Label
	}
	return labels
}

// optionsByWords matches reply r against the pending options by the words
// that tell them apart (see matchOptions).
func (a *GraphAgent) optionsByWords(s *Session, r *reading) []int {
	opts := s.PendingOptions
	known := map[string]bool{}
	labels := make([]string, len(opts))
	inLabels := map[string]int{} // term -> how many options' labels have it
	var whole []string           // the labels of one term
	for i, o := range opts {
		labels[i] = o.Label
		if n := a.ix.Node(o.NodeID); n != nil {
			labels[i] += " . " + n.Condition
		}
		terms := uniqueTerms(a.an.terms(labels[i]))
		for _, t := range terms {
			known[t] = true
			inLabels[t]++
		}
		if len(terms) == 1 {
			whole = append(whole, terms[0])
		}
	}
	problem := a.problemTerms(s.CurrentNode)
	for t := range problem {
		known[t] = true
	}
	problem = optionWordsApart(problem, whole, inLabels, len(opts))
	// A message saying more than the options do is a new request, not an
	// answer: leave it to intent identification. An answer in the user's
	// own words ("I lost my job" for "you are unemployed") may say a little
	// more, as long as it names one option with at least as many words as
	// it adds.
	unknown, terms := 0, r.terms
	for _, t := range terms {
		if !known[t] {
			unknown++
		}
	}
	picked := a.discriminate(labels, r, problem)
	if unknown == 0 || (len(picked) == 1 && 2*unknown < len(terms)) {
		return picked
	}
	return nil
}

// optionWordsApart returns the words of the problem being discussed that
// name no one option: the problem says what all of them are about, and
// its words in a reply choose none ("back up and restore" again); but a
// word of it that is an option's whole label, and not every option's
// (whole: the labels of one word; inLabels: how many of the n options'
// labels have each word), names that option: after the answer on "Back up
// and restore" offering "Backing up" and "Restoring", "how do I restore
// it?" asks for the part on restoring, and was answered with the page's
// opening again. A word that is only part of a label is still the
// problem's ("it's a Visa", a card, names no "the card details were
// entered wrongly").
func optionWordsApart(problem map[string]bool, whole []string, inLabels map[string]int, n int) map[string]bool {
	var out map[string]bool
	for _, t := range whole {
		if problem[t] && inLabels[t] < n {
			if out == nil {
				out = maps.Clone(problem)
			}
			delete(out, t)
		}
	}
	if out == nil {
		return problem
	}
	return out
}

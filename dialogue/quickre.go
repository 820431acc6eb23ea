package dialogue

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// quickRE is a regexp that first checks, with strings.Contains, that a text
// holds one of the literals every match of it must hold, and runs the
// regexp only then. The patterns of this package are large (?i)
// alternations, which Go's regexp scans the whole message with even when a
// word they all need is missing; a turn runs dozens of them.
type quickRE struct {
	*regexp.Regexp
	// need are the literals of which a match holds at least one; nil when
	// the pattern has no such set (then the regexp always runs).
	need []need
}

type need struct {
	text string // lower case when fold
	fold bool   // matched case-insensitively
}

func mustQuick(pattern string) quickRE {
	q := quickRE{Regexp: regexp.MustCompile(pattern)}
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		panic(err) // MustCompile has parsed it already
	}
	if lits, ok := required(re.Simplify()); ok {
		q.need = lits
	}
	return q
}

// may reports whether the regexp may match s: false only when s holds none
// of the needed literals.
func (q quickRE) may(s string) bool {
	if q.need == nil {
		return true
	}
	var lower string
	for _, n := range q.need {
		if !n.fold {
			if strings.Contains(s, n.text) {
				return true
			}
			continue
		}
		if lower == "" {
			// Case folding pairs some ASCII letters with other letters
			// (k with the Kelvin sign, s with the long s): a text with
			// other than ASCII may match a folded literal in its own way.
			for i := 0; i < len(s); i++ {
				if s[i] >= utf8.RuneSelf {
					return true
				}
			}
			lower = strings.ToLower(s)
		}
		if strings.Contains(lower, n.text) {
			return true
		}
	}
	return false
}

func (q quickRE) MatchString(s string) bool { return q.may(s) && q.Regexp.MatchString(s) }

func (q quickRE) ReplaceAllString(s, repl string) string {
	if !q.may(s) {
		return s
	}
	return q.Regexp.ReplaceAllString(s, repl)
}

func (q quickRE) ReplaceAllStringFunc(s string, repl func(string) string) string {
	if !q.may(s) {
		return s
	}
	return q.Regexp.ReplaceAllStringFunc(s, repl)
}

// maxClassNeeds bounds the characters a class may stand for to count as
// needed literals ([0-9] or white space and punctuation count; [a-z] is no
// help).
const maxClassNeeds = 16

// required returns literals of which every match of re holds one, and
// whether there is such a set.
func required(re *syntax.Regexp) ([]need, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		fold := re.Flags&syntax.FoldCase != 0
		text := string(re.Rune)
		if fold {
			for _, r := range re.Rune {
				if r >= utf8.RuneSelf {
					return nil, false // folding outside ASCII: not worth it
				}
			}
			text = strings.ToLower(text)
		}
		return []need{{text: text, fold: fold}}, true
	case syntax.OpCharClass:
		var lits []need
		for i := 0; i < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if len(lits) == maxClassNeeds {
					return nil, false
				}
				lits = append(lits, need{text: string(r)})
			}
		}
		return lits, len(lits) > 0
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
	case syntax.OpConcat:
		// Any part that needs something will do; the one with the fewest
		// and longest literals tells most texts apart.
		var best []need
		found := false
		for _, sub := range re.Sub {
			lits, ok := required(sub)
			if ok && (!found || moreSelective(lits, best)) {
				best, found = lits, true
			}
		}
		return best, found
	case syntax.OpAlternate:
		var all []need
		for _, sub := range re.Sub {
			lits, ok := required(sub)
			if !ok {
				return nil, false
			}
			all = append(all, lits...)
		}
		return all, true
	}
	return nil, false
}

// moreSelective reports whether literal set a is likely to rule out more
// texts than b: its shortest literal is longer ("know" or "learn" before
// "to"), or as long with fewer literals.
func moreSelective(a, b []need) bool {
	if sa, sb := shortest(a), shortest(b); sa != sb {
		return sa > sb
	}
	return len(a) < len(b)
}

func shortest(lits []need) int {
	n := -1
	for _, l := range lits {
		if n < 0 || len(l.text) < n {
			n = len(l.text)
		}
	}
	return n
}

// Package quickre wraps a regexp with a cheap check: a text must hold one of
// the literals every match needs before the regexp scans it.
package quickre

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// Regexp is a regexp that first checks, with strings.Contains, that a text
// holds one of the literals every match of it must hold, and runs the
// regexp only then. Large (?i) alternations (masking, dialogue acts) are
// scanned over the whole message by Go's regexp even when a word they all
// need is missing, and a chat turn runs dozens of them.
type Regexp struct {
	*regexp.Regexp
	// need are the literals of which a match holds at least one; nil when
	// the pattern has no such set (then the regexp always runs).
	need []need
}

type need struct {
	text string // lower case when fold
	fold bool   // matched case-insensitively
	// boundBefore and boundAfter: the pattern puts a \b right before or
	// after the literal ("ok" in \b(?:ok|so)\b is not the one in "book").
	boundBefore, boundAfter bool
	// first and last: the literal starts or ends the match of the
	// sub-pattern it was found in (while required works upwards).
	first, last bool
}

// in reports whether text holds n, with the word boundaries it needs.
func (n need) in(text string) bool {
	for off := 0; ; {
		i := strings.Index(text[off:], n.text)
		if i < 0 {
			return false
		}
		i += off
		j := i + len(n.text)
		if (!n.boundBefore || isWordAt(text, i-1) != isWordAt(text, i)) &&
			(!n.boundAfter || isWordAt(text, j-1) != isWordAt(text, j)) {
			return true
		}
		off = i + 1
	}
}

// isWordAt reports whether text[i] is a word character as \b sees it
// (ASCII letters, digits and '_'; nothing outside text).
func isWordAt(text string, i int) bool {
	if i < 0 || i >= len(text) {
		return false
	}
	c := text[i]
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// MustCompile compiles pattern and works out its literals; it panics on a
// bad pattern, like regexp.MustCompile (patterns are program constants).
func MustCompile(pattern string) Regexp {
	q := Regexp{Regexp: regexp.MustCompile(pattern)}
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
func (q Regexp) may(s string) bool {
	if q.need == nil {
		return true
	}
	var lower string
	for _, n := range q.need {
		if !n.fold {
			if n.in(s) {
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
		if n.in(lower) {
			return true
		}
	}
	return false
}

// MayMatch reports whether s holds one of the literals every match needs:
// false only when the regexp cannot match s, nor any part of s cut at
// characters that are no word characters (a literal's word boundaries are
// the same there as in s). It lets a caller that would run the regexp on
// many pieces of s skip cutting s at all.
func (q Regexp) MayMatch(s string) bool { return q.may(s) }

// MatchString is regexp.MatchString, skipped when s cannot match.
func (q Regexp) MatchString(s string) bool { return q.may(s) && q.Regexp.MatchString(s) }

// ReplaceAllString is regexp.ReplaceAllString, skipped when s cannot match.
func (q Regexp) ReplaceAllString(s, repl string) string {
	if !q.may(s) {
		return s
	}
	return q.Regexp.ReplaceAllString(s, repl)
}

// ReplaceAllStringFunc is regexp.ReplaceAllStringFunc, skipped when s
// cannot match.
func (q Regexp) ReplaceAllStringFunc(s string, repl func(string) string) string {
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
		return []need{{text: text, fold: fold, first: true, last: true}}, true
	case syntax.OpCharClass:
		var lits []need
		for i := 0; i < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if len(lits) == maxClassNeeds {
					return nil, false
				}
				lits = append(lits, need{text: string(r), first: true, last: true})
			}
		}
		return lits, len(lits) > 0
	case syntax.OpCapture:
		return required(re.Sub[0])
	case syntax.OpPlus:
		// The first repeat starts the match, the last ends it: no one
		// literal need do both.
		lits, ok := required(re.Sub[0])
		return notAtEdges(lits), ok
	case syntax.OpRepeat:
		if re.Min >= 1 {
			lits, ok := required(re.Sub[0])
			return notAtEdges(lits), ok
		}
	case syntax.OpConcat:
		// Any part that needs something will do; the one with the fewest
		// and longest literals tells most texts apart.
		var best []need
		at := -1
		for i, sub := range re.Sub {
			lits, ok := required(sub)
			if ok && (at < 0 || moreSelective(lits, best)) {
				best, at = lits, i
			}
		}
		if at < 0 {
			return nil, false
		}
		out := make([]need, len(best))
		for k, n := range best {
			if n.first && at > 0 && re.Sub[at-1].Op == syntax.OpWordBoundary {
				n.boundBefore = true
			}
			if n.last && at+1 < len(re.Sub) && re.Sub[at+1].Op == syntax.OpWordBoundary {
				n.boundAfter = true
			}
			n.first = n.first && allZeroWidth(re.Sub[:at])
			n.last = n.last && allZeroWidth(re.Sub[at+1:])
			out[k] = n
		}
		return out, true
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

func notAtEdges(lits []need) []need {
	out := make([]need, len(lits))
	for i, n := range lits {
		n.first, n.last = false, false
		out[i] = n
	}
	return out
}

// allZeroWidth reports whether res match only the empty string (anchors
// and word boundaries).
func allZeroWidth(res []*syntax.Regexp) bool {
	for _, re := range res {
		switch re.Op {
		case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText,
			syntax.OpEndText, syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		default:
			return false
		}
	}
	return true
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

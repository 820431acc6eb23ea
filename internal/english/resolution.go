package english

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// What a resolution says: the sentences of substance in it, whether one
// sends the user to someone else, and the text a reply shows.

var (
	// seeAlso is a sentence that only points elsewhere, a page that has
	// moved among them ("This section has been moved to [Requirements
	// File Format]").
	seeAlso = regexp.MustCompile(`(?i)^(?:a\.\s*)?(?:please\s+)?(?:see(?:\s+also)?|for\s+details,?\s+see|read|go\s+to|(?:this\s+(?:section|page|article|topic|content|document|information)\s+)?(?:has\s+(?:been\s+)?|was\s+|is\s+now\s+)?moved\s+to)\b[^a-z]*\[`)
	// qaMarker is the "Q."/"A." of an FAQ.
	qaMarker = regexp.MustCompile(`^(?:A|Q)\.\s+`)
	// lastUpdated is page furniture.
	lastUpdated = regexp.MustCompile(`(?i)^(?:last\s+updated|updated)\b`)
	// handOff is a sentence sending the user to someone else.
	handOff = regexp.MustCompile(`(?i)\b(?:contact|get\s+in\s+touch|reach\s+out|check\s+with|speak\s+(?:to|with)|talk\s+to|call\s+(?:us|the|your)|ask\s+(?:the|your)|(?:handled|decided|managed|dealt\s+with)\s+by)\b`)
	// negatedHandOff is "if you do not contact anyone": no hand-off.
	negatedHandOff = regexp.MustCompile(`(?i)\b(?:not|never|nt|n't|without)\s+(?:\w+\s+)?(?:contact|call|ask)\b`)
	// contractions folds "won't", "won’t" and "wont" into one word.
	contractions = strings.NewReplacer("n't", "nt", "n’t", "nt", "N'T", "NT", "N’T", "NT")
)

// HandsOff reports whether sentence s sends the user to someone else
// ("please contact the accommodation directly"), and does not say not to.
func HandsOff(s string) bool {
	return handOff.MatchString(s) && !negatedHandOff.MatchString(s)
}

// NamesWhoToAsk reports whether one of sentences, with no link in it,
// sends the user to someone: then that is what the user is to do.
func NamesWhoToAsk(sentences []string) bool {
	for _, s := range sentences {
		if !lexical.MarkdownLink.MatchString(s) && HandsOff(s) {
			return true
		}
	}
	return false
}

// GivesSteps reports whether one of sentences is an instruction (IsStep).
func GivesSteps(sentences []string) bool {
	for _, s := range sentences {
		if IsStep(s) {
			return true
		}
	}
	return false
}

// Substance returns the sentences of a resolution that say something: not
// heading markers, page furniture, a restated condition or problem, or "see
// [another page]".
func Substance(resolution, problem, condition string) []string {
	_, sub := ReadResolution(resolution, problem, condition)
	return sub
}

// ReadResolution returns a resolution as a reply shows it (CleanResolution)
// and its sentences of substance (Substance), reading it once.
func ReadResolution(resolution, problem, condition string) (string, []string) {
	text := CleanResolution(resolution, problem, condition)
	restated := []string{strings.Join(plainWords(problem), " "), strings.Join(plainWords(condition), " ")}
	var out []string
	for _, line := range strings.Split(text, "\n") {
		line = StripListMarker(strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "-*>|")))
		line = qaMarker.ReplaceAllString(line, "")
		if line == "" || lastUpdated.MatchString(line) || titleRun(line) {
			continue
		}
		for _, s := range sentences(line) {
			// A question answers nothing: a section of questions alone
			// lists other pages' FAQs.
			if s == "" || strings.HasSuffix(s, "?") || seeAlso.MatchString(s) {
				continue
			}
			if strings.IndexByte(s, '[') >= 0 {
				if len(plainWords(lexical.MarkdownLink.ReplaceAllString(s, "$1"))) == 0 {
					continue
				}
			}
			ws := strings.Join(plainWords(s), " ")
			if ws == "" || ws == restated[0] || ws == restated[1] || titleRun(s) {
				continue
			}
			out = append(out, s)
		}
	}
	// A lead-in with nothing after it ("If you would like to apply for :",
	// its list having become other sections) introduces nothing: it is
	// no substance.
	if n := len(out); n > 0 && strings.HasSuffix(out[n-1], ":") && strings.HasSuffix(strings.TrimSpace(text), ":") {
		out = out[:n-1]
	}
	return text, out
}

// titleRun reports whether s is a run of titles rather than a sentence:
// every word capitalised, small words included ("Estimate Your Benefits
// What Is An Account?"), as a page's link labels read once flattened into
// its text. Prose writes its small words in lower case.
func titleRun(s string) bool {
	words := strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' })
	if len(words) < 4 {
		return false
	}
	smallCapitalised := false
	for i, w := range words {
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsLower(r) {
			return false
		}
		if i > 0 && unicode.IsUpper(r) && titleSmallWords[strings.ToLower(w)] {
			smallCapitalised = true
		}
	}
	return smallCapitalised
}

// titleSmallWords are the words a title capitalises and a sentence does
// not, but to begin it.
var titleSmallWords = map[string]bool{
	"a": true, "an": true, "the": true, "and": true, "or": true, "but": true, "nor": true,
	"of": true, "for": true, "to": true, "in": true, "on": true, "at": true, "by": true,
	"with": true, "from": true, "as": true, "is": true, "are": true, "your": true,
	"our": true, "you": true, "what": true, "how": true, "do": true, "does": true,
}

// sentences splits a line after each ".", "!" or "?" followed by a space or
// the end, trimming each sentence; a "?" is kept, the other stops dropped.
func sentences(line string) []string {
	var out []string
	start := 0
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c != '.' && c != '!' && c != '?' {
			continue
		}
		if i+1 < len(line) && line[i+1] != ' ' && line[i+1] != '\t' && line[i+1] != '\r' && line[i+1] != '\f' && line[i+1] != '\v' {
			continue
		}
		end := i
		if c == '?' {
			end++
		}
		out = append(out, strings.TrimSpace(line[start:end]))
		start = i + 1
	}
	return append(out, strings.TrimSpace(line[start:]))
}

// CleanResolution is a resolution as a reply shows it: Markdown heading
// markers, "Last updated" lines and FAQ "Q."/"A." markers dropped, and an
// opening line that only restates the condition or problem removed ("You
// were logged out" under "If you were logged out"), or its restating prefix
// cut ("- If you want X: cancel ..." -> "Cancel ..."), unless that is all
// it says.
func CleanResolution(resolution, problem, condition string) string {
	lines := strings.Split(strings.TrimSpace(resolution), "\n")
	kept := lines[:0]
	for _, l := range lines {
		t := strings.TrimLeft(l, " \t")
		if lastUpdated.MatchString(t) {
			continue // page furniture
		}
		if strings.HasPrefix(t, "#") {
			l = strings.TrimSpace(strings.TrimLeft(t, "#"))
		}
		// An FAQ's "Q. ..." restates the question the node is about, and
		// "A. " only marks the answer.
		if strings.HasPrefix(t, "Q. ") {
			continue
		}
		l = strings.TrimPrefix(l, "A. ")
		kept = append(kept, l)
	}
	lines = kept
	whole := strings.TrimSpace(strings.Join(lines, "\n"))
	for len(lines) > 0 {
		rest, restated := cutRestatement(lines[0], condition, problem)
		if !restated {
			break
		}
		if rest == "" {
			lines = lines[1:]
			continue
		}
		lines[0] = rest
		break
	}
	if len(lines) == 0 {
		// All restatement: say it once rather than nothing.
		return whole
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// cutRestatement checks whether line opens by restating one of phrases. It
// returns what follows the restatement, and whether there was one.
func cutRestatement(line string, phrases ...string) (string, bool) {
	body := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "-*>"))
	body = stripLead(body)
	for _, p := range phrases {
		p = strings.TrimRight(stripLead(strings.TrimSpace(p)), ".:;, ")
		if len(p) < 3 || len(body) < len(p) || !strings.EqualFold(body[:len(p)], p) {
			continue
		}
		rest := body[len(p):]
		// "If it did not appear – turn off …": a dash sets the clause off.
		if r := strings.TrimLeft(rest, " "); strings.HasPrefix(r, "–") || strings.HasPrefix(r, "—") {
			rest = ":" + strings.TrimLeft(r, "–— ")
		}
		if rest != "" && !strings.ContainsRune(":.;,", rune(rest[0])) {
			// "You booked by phone" does not restate "You booked", but
			// "If it did not appear Turn off ..." does: a new sentence.
			if next := strings.TrimSpace(rest); rest[0] != ' ' || next == "" || next[0] < 'A' || next[0] > 'Z' {
				continue
			}
		}
		rest = strings.TrimSpace(strings.TrimLeft(rest, ":.;, "))
		return lexical.UpperFirst(rest), true
	}
	return line, false
}

// stripLead drops a leading "If "/"When "/"For ".
func stripLead(s string) string {
	for _, p := range []string{"if ", "when ", "for "} {
		if len(s) > len(p) && strings.EqualFold(s[:len(p)], p) {
			return strings.TrimSpace(s[len(p):])
		}
	}
	return s
}

// SameText reports whether a and b say the same words, ignoring case,
// punctuation and Markdown.
func SameText(a, b string) bool {
	return strings.Join(plainWords(a), " ") == strings.Join(plainWords(b), " ")
}

// plainWords lowercases s, folds contractions and splits it into runs of
// letters and digits.
func plainWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(contractions.Replace(s)), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

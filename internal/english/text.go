package english

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// Plain text, titles and casing.

var (
	titleNoise    = regexp.MustCompile(`(?i)^(faqs?|q|question|help|article|kb|support|how-to|guide)\s*[:\-–—]\s*`)
	trailingFAQ   = regexp.MustCompile(`(?i)(\s+(faqs?|-\s*faqs?)|\s*[:\-–—]\s*(frequently asked questions|faqs?))$`)
	siteSuffixSep = []string{" | ", " :: ", " — ", " – ", " « ", " » "}
)

// Plain drops Markdown link targets, keeping link text, and tidies spaces.
func Plain(s string) string {
	// Fast paths first: this runs on every block and label.
	if strings.IndexByte(s, '[') >= 0 {
		s = lexical.MarkdownLink.ReplaceAllString(s, "$1")
	}
	if strings.ContainsAny(s, "*_`\u00a0") {
		s = emphasis.Replace(s)
	}
	s = strings.Join(strings.Fields(s), " ")
	if spaceBeforePunct(s) {
		s = dropSpaceBeforePunct(s)
	}
	return s
}

// dropSpaceBeforePunct turns "benefits , you" into "benefits, you"; s has
// single spaces. A mark that opens a word is no punctuation: "all those
// .deb archive files" keeps its space (it had read "those.deb").
func dropSpaceBeforePunct(s string) string {
	var sb strings.Builder
	sb.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' && punctAt(s, i+1) {
			continue
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// punctAt reports whether s[i] is a punctuation mark that ends what is
// before it: one of ,.;:!? not followed by a letter or digit.
func punctAt(s string, i int) bool {
	if i >= len(s) || strings.IndexByte(",.;:!?", s[i]) < 0 {
		return false
	}
	if i+1 == len(s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[i+1:])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

var emphasis = strings.NewReplacer("**", "", "__", "", "`", "", "\u00a0", " ")

func spaceBeforePunct(s string) bool {
	for i := 1; i < len(s); i++ {
		if s[i-1] == ' ' && punctAt(s, i) {
			return true
		}
	}
	return false
}

// CleanTitle turns a page title into a problem: the site-name suffix and
// "FAQ:"-style noise are dropped, a title-cased title is put in sentence-ish
// case, and "How do I X?" becomes the noun phrase "X-ing".
func CleanTitle(title string) string {
	t := Plain(title)
	for _, sep := range siteSuffixSep {
		if i := strings.Index(t, sep); i > 0 {
			t = t[:i]
		}
	}
	// " - Site Help" only when the tail names a help site: a bare hyphen is
	// too common inside real titles.
	if i := strings.LastIndex(t, " - "); i > 0 {
		tail := strings.ToLower(t[i+3:])
		for _, w := range []string{"help", "support", "faq", "docs", "documentation", "knowledge base"} {
			if strings.Contains(tail, w) {
				t = t[:i]
				break
			}
		}
	}
	t = titleNoise.ReplaceAllString(t, "")
	t = trailingFAQ.ReplaceAllString(t, "")
	t = strings.TrimSpace(strings.TrimRight(t, ":;,. "))
	t = QuestionToNounPhrase(t)
	t = SentenceCase(t)
	return t
}

var howQuestion = regexp.MustCompile(`(?i)^(how (do|can|should|would) (i|we|you)|how to)\s+(.+?)\??$`)
var whatQuestion = regexp.MustCompile(`(?i)^what (is|are) (an? |the )?(.+?)\??$`)

// QuestionToNounPhrase rewrites "How do I change my booking?" as "Changing my
// booking" and "What is a reconsideration?" as "Reconsideration": a problem is
// a noun phrase. Other questions ("What is meant by Pre-Depends?") are kept
// as they are.
func QuestionToNounPhrase(t string) string {
	if m := howQuestion.FindStringSubmatch(t); m != nil {
		words := strings.Fields(m[4])
		if len(words) > 0 {
			verb := 0
			if len(words) > 1 && isMannerAdverb(strings.ToLower(words[0])) {
				verb = 1 // "How do I automatically set…": "Automatically setting…"
			}
			words[verb] = gerund(strings.ToLower(words[verb]))
			words[0] = lexical.UpperFirst(words[0])
			return strings.Join(words, " ")
		}
	}
	if m := whatQuestion.FindStringSubmatch(t); m != nil && !meantBy.MatchString(m[3]) {
		return lexical.UpperFirst(m[3])
	}
	return t
}

// meantBy opens what "What is meant by …?" asks about: no noun phrase
// the question names ("Meant by Pre-Depends" was the Debian FAQ's).
var meantBy = regexp.MustCompile(`(?i)^meant\b`)

// isMannerAdverb reports whether w, a question's word before its verb, is
// an adverb made from an adjective ("automatically", "quickly",
// "permanently"), not a verb ending in -ly: those are short ("fly",
// "rely", "rally") or end in -ply ("apply", "reply", "multiply").
func isMannerAdverb(w string) bool {
	return len(w) >= 6 && strings.HasSuffix(w, "ly") && !strings.HasSuffix(w, "ply")
}

// smallWords stay lower case when a Title Cased Title is put in sentence case.
var smallWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "for": true, "to": true, "in": true,
	"on": true, "and": true, "or": true, "your": true, "with": true, "by": true, "at": true,
	"from": true, "as": true, "is": true, "are": true, "my": true, "if": true, "you": true,
}

// SentenceCase lowercases function words in a Title Cased Title ("Appeal A
// Decision" → "Appeal a Decision"); content words keep their capitals since
// they may be names.
func SentenceCase(t string) string {
	words := strings.Fields(t)
	if len(words) < 3 {
		return t
	}
	upper := 0
	for _, w := range words {
		if r := []rune(w); len(r) > 0 && unicode.IsUpper(r[0]) {
			upper++
		}
	}
	if upper*10 < len(words)*8 {
		return t
	}
	for i := 1; i < len(words); i++ {
		if smallWords[strings.ToLower(words[i])] {
			words[i] = strings.ToLower(words[i])
		}
	}
	return strings.Join(words, " ")
}

// noFactWords are long function words (and words any support text uses) a
// paraphrase may add without adding a fact. Grammar only: no help-center
// vocabulary.
var noFactWords = toSet(`along already although among another anyone anything around behind
beyond cannot either every everything first given however instead never others otherwise perhaps
rather since thing things though unless using whatever whenever whether within without whose
someone something sometimes apply applies applied applying issue issues problem problems question
questions request requests situation case cases option options general specific certain customer
customers user users`)

// AddsNoFact reports whether w, a lower-case word of five letters or more,
// is one a paraphrase may add without adding a fact ("because", "whether",
// "situation").
// The stop words (lexical.IsStopWord) are such words; noFactWords are the
// longer ones a paraphrase adds besides.
func AddsNoFact(w string) bool { return lexical.IsStopWord(w) || noFactWords[w] }

// chromeHeadings are page chrome that survives cleaning on some sites.
var chromeHeadings = map[string]bool{
	"related articles": true, "related topics": true, "related links": true, "see also": true,
	"was this article helpful?": true, "was this helpful?": true, "was this page helpful?": true,
	"related": true, "share this page": true, "in this article": true, "on this page": true,
	"table of contents": true, "contents": true, "popular articles": true, "recently viewed articles": true,
}

// IsChromeHeading reports whether heading h is page chrome ("Related
// articles:", "Was this article helpful?"), not content.
func IsChromeHeading(h string) bool {
	return chromeHeadings[strings.ToLower(strings.TrimRight(strings.TrimSpace(h), ": "))]
}

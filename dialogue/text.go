package dialogue

import (
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// synonymsFile holds the groups of words that mean the same in any help
// center (see the file). Domain vocabulary is learnt from the graph.
//
//go:embed synonyms.txt
var synonymsFile string

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

// genericSynonyms are the groups of synonymsFile.
var genericSynonyms = func() [][]string {
	groups, err := ParseSynonyms(synonymsFile)
	if err != nil {
		panic(err) // the embedded file is part of the program
	}
	return groups
}()

// stopWords are dropped before matching: function words and the filler of
// support requests ("hi, I need help with...").
var stopWords = toSet(strings.Fields(`
a about above after again against all am an and any are as at be because been before being
below between both but by could did do does doing down during each few for from further had
has have having he her here hers herself him himself his how i if in into is it its itself
just me more most my myself no nor of off on once only or other our ours ourselves out over own
same she should so some such than that the their theirs them themselves then there these they
this those through to too under until up very was we were what when where which while who whom
why will with would you your yours yourself yourselves s t d ll m re ve
can may might must shall also still even please thanks thank hi hello hey help need want
wanted trying try tried get getting got would like know let make sure really just ok okay
im ive dont doesnt didnt isnt doesn didn isn don won couldn wasn aren not cant wont arent wasnt
werent havent hasnt hadnt couldnt shouldnt wouldnt pls plz thx ty hiya
keep keeps kept keeping happen happens happened happening
info information guidance assistance advice regarding concerning wondering wonder curious oh
`))

func toSet(words []string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// analyzer turns text into the terms the lexical index and the condition
// matcher compare: lowercased words, stemmed, synonyms folded, stop words out.
type analyzer struct {
	words   map[string]string   // stemmed word -> canonical term
	phrases map[string][]phrase // first stemmed word -> phrases starting with it, longest first
}

// phrase is a multi-word synonym entry, stemmed.
type phrase struct {
	parts []string
	canon string
}

// newAnalyzer returns an analyzer folding the generic synonyms and extra,
// the help center's own (which win where they overlap).
func newAnalyzer(extra [][]string) *analyzer {
	a := &analyzer{words: map[string]string{}, phrases: map[string][]phrase{}}
	for _, group := range slices.Concat(genericSynonyms, extra) {
		head := lexical.Stem(group[0])
		for _, entry := range group {
			parts := splitWords(entry)
			for i := range parts {
				parts[i] = lexical.Stem(parts[i])
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
	return a
}

// contractions folds "won't", "won’t" and "wont" into one word, so that a
// user who skips the apostrophe matches like one who types it.
var contractions = strings.NewReplacer("n't", "nt", "n’t", "nt", "N'T", "NT", "N’T", "NT")

// splitWords lowercases s and splits it into runs of letters and digits.
func splitWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(contractions.Replace(s)), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// terms returns the matching terms of s, in order, duplicates kept.
func (a *analyzer) terms(s string) []string {
	raw := splitWords(s)
	stems := make([]string, len(raw))
	for i, w := range raw {
		stems[i] = lexical.Stem(w)
	}
	out := raw[:0] // reuse: out never overtakes the word being read
	for i := 0; i < len(stems); i++ {
		matched := 0
		for _, p := range a.phrases[stems[i]] {
			if i+len(p.parts) <= len(stems) && slices.Equal(stems[i:i+len(p.parts)], p.parts) {
				out = append(out, p.canon)
				matched = len(p.parts)
				break
			}
		}
		if matched > 0 {
			i += matched - 1
			continue
		}
		if stopWords[raw[i]] {
			continue
		}
		t := stems[i]
		if c, ok := a.words[t]; ok {
			t = c
		}
		if utf8.RuneCountInString(t) < 2 && !lexical.IsDigits(t) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// Masking: what the user's specifics look like. They are replaced by nothing
// before matching, so "booking 48213 at Hotel Sunrise" matches like "booking".
var (
	maskURL = mustQuick(`(?i)\b(?:https?://|www\.)\S+`)
	// A label right before an e-mail or phone number ("email: jo@x.org",
	// "tel +44...") goes with it.
	maskEmail = mustQuick(`(?i)(?:\be-?mail(?:\s+address)?\s*(?:is\s+|:\s*)?)?\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b`)
	maskPhone = mustQuick(`(?i)(?:\b(?:tel|telephone|phone|mobile|cell)(?:\s+(?:number|no\.?))?\s*(?:is\s+|:\s*)?)?\+?\(?\d[\d\s().-]{6,}\d`)
	maskMoney = mustQuick(`(?i)(?:[$€£¥]\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:usd|eur|gbp|jpy|chf|cad|aud|dollars?|euros?|pounds?|yen)\b)`)
	maskDate  = mustQuick(`(?i)\b(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?(?:\s+\d{4})?|(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|yesterday))\b`)
	maskCode  = mustQuick(`\b(?:[A-Za-z]*\d[A-Za-z0-9-]*)\b`)
	maskCard  = mustQuick(`(?i)(?:\b(?:paid|paying|pay)\s+(?:with|by|using|via)\s+(?:a\s+|an\s+|my\s+)?)?\b(?:visa|master\s?card|amex|american\s+express|discover|diners(?:\s+club)?|jcb|maestro|union\s?pay)\b`)
	// "my Mastercard" is my card: the brand is the detail, the card is not.
	cardBrand = mustQuick(`(?i)\b(my|the|a|your|our)\s+(?:visa|master\s?card|amex|american\s+express|discover|diners(?:\s+club)?|jcb|maestro|union\s?pay)(?:\s+card)?\b`)
	// maskChatter is the small talk and request framing around a support
	// request ("Hi, good morning. I was wondering if you could tell me a
	// little bit about ..."): words no help page answers, which only dilute
	// a match.
	maskChatter = mustQuick(`(?i)\b(?:good\s+(?:morning|afternoon|evening|day)|how\s+(?:is\s+it\s+going|are\s+you(?:\s+doing)?)|hi\s+there|(?:a\s+)?little\s+bit|yes|yeah|maybe|perhaps|(?:(?:can|could|would)\s+you|if\s+you\s+(?:can|could))\s+(?:please\s+)?(?:tell|explain\s+to|help)\s+me(?:\s+with\s+(?:that|this))?|(?:i(?:\s+am|['’]m)\s+)?interested\s+in(?:to)?(?:\s+knowing)?|i(?:\s+was|\s+am|['’]m)\s+(?:wondering|looking\s+(?:for|to\s+(?:do|find|get))|here\s+to\s+learn(?:\s+more)?)|(?:i\s+)?(?:want|wanted|would\s+like|['’]d\s+like)\s+to\s+(?:know|learn)(?:\s+more)?|(?:i\s+have\s+)?(?:some\s+)?questions?\s+(?:about|regarding|on))\b`)
	maskPlace   = mustQuick(`\b(?:at|in|from|near)\s+([A-Z][\w'&-]*(?:\s+(?:[A-Z][\w'&-]*|of|de|la|the))*)`)
	spaceRunRE  = regexp.MustCompile(`\s+`)
)

// mask removes the user's specifics from s: URLs, e-mails, phone numbers,
// amounts, dates, booking and confirmation numbers, card brands (a card
// named by its brand stays a card) and
// capitalised names after "at"/"in" (hotel and city names), and small talk.
func mask(s string) string {
	s = cardBrand.ReplaceAllString(s, "$1 card")
	for _, re := range []quickRE{maskURL, maskEmail, maskMoney, maskDate, maskPhone, maskCard, maskChatter} {
		s = re.ReplaceAllString(s, " ")
	}
	s = maskPlace.ReplaceAllStringFunc(s, func(m string) string {
		prep, _, _ := strings.Cut(m, " ")
		return prep + " "
	})
	s = maskCode.ReplaceAllString(s, " ")
	return strings.TrimSpace(spaceRunRE.ReplaceAllString(s, " "))
}

// injection recognises attempts to give the agent instructions. Such a message
// is handled like any other request the graph has no answer for: the agent
// follows no instructions found in user text.
var injection = mustQuick(`(?i)\b(?:ignore|disregard|forget|override|bypass)\b.{0,40}\b(?:instructions?|rules?|prompts?|guidelines|polic(?:y|ies)|previous|above)\b|\byou\s+are\s+now\b|\bpretend\s+(?:to\s+be|you(?:'re|\s+are))\b|\bact\s+as\s+(?:a|an|my|the)\b|\b(?:system|developer)\s+(?:prompt|message|mode)\b|\bjailbreak\b|(?-i:\bDAN\b)|\bdo\s+anything\s+now\b|\broleplay\b`)

func isInjection(s string) bool { return injection.MatchString(s) }

// negation spots a negated condition ("if you don't have your code", "I lost
// it"), which words alone cannot tell from its positive sibling.
var negation = mustQuick(`(?i)\b(?:not|no|none|never|without|cannot|cant|dont|doesnt|didnt|isnt|arent|wasnt|werent|havent|hasnt|wont|couldnt|lost|forgot|forgotten|missing)\b|n['’]t\b`)

func negated(s string) bool { return negation.MatchString(s) }

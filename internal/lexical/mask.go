package lexical

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/internal/quickre"
)

// The shapes of things in a text that are not words.
var (
	// URL is a web address; a closing bracket or quote after it is not part
	// of it ("[here](https://x.org/a)").
	URL = regexp.MustCompile(`(?i)\b(?:https?://|www\.)[^\s)\]>"']+`)
	// Email is an e-mail address.
	Email = regexp.MustCompile(emailPattern)
	// PhoneNumber is a phone number: an optional country code, then three
	// groups of digits apart ("+1 (800) 772-1213", "0570-000-123", "+44 20
	// 7946 0958"); a bracket after it is not part of it ("0570-000-123
	// (9:00-20:00)").
	PhoneNumber = regexp.MustCompile(phonePattern)
	// MarkdownLink is [text](url), as page cleaning writes links; group 1
	// is the text, group 2 the address.
	MarkdownLink = regexp.MustCompile(`\[([^\]\n]+)\]\(([^)\s]+)\)`)
)

const (
	phonePattern = `(?:\+?\d{1,3}[\s.-]?)?(?:\(\d{2,5}\)\s?|\b\d{2,5}[\s.-])\d{2,4}[\s.-]\d{3,4}\b`
	emailPattern = `\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b`
)

// hexNumber is a number written in hexadecimal, as programs print codes.
var hexNumber = regexp.MustCompile(`^0[xX][0-9a-fA-F]+$`)

// token is a run of letters and digits, hyphens inside it.
var token = regexp.MustCompile(`[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*`)

// HasRecordNumber reports whether s quotes a booking, order or case number:
// six or more letters and digits, mixed ("SN4P7L2K9J", "3008XK21") or with
// five digits or more ("ST-55120"). A word with a digit in it ("3d",
// "14th") is shorter, a form's name ("SSA-1099", "COVID-19") is a prefix
// and a short number, and a number written in hexadecimal ("0x80072efd")
// is a program's error or status code, which help pages explain and no
// one looks up in a customer's records.
func HasRecordNumber(s string) bool {
	for _, t := range token.FindAllString(s, -1) {
		if hexNumber.MatchString(t) {
			continue
		}
		letters, digits, switches := 0, 0, 0
		prevDigit := false
		for i, r := range strings.ReplaceAll(t, "-", "") {
			isDigit := r >= '0' && r <= '9'
			if isDigit {
				digits++
			} else {
				letters++
			}
			if i > 0 && isDigit != prevDigit {
				switches++
			}
			prevDigit = isDigit
		}
		if letters > 0 && digits > 0 && letters+digits >= 6 && (switches >= 2 || digits >= 5) {
			return true
		}
	}
	return false
}

// StripLinks replaces each markdown link in s by its text.
func StripLinks(s string) string { return MarkdownLink.ReplaceAllString(s, "$1") }

// linkScheme is the scheme an address a reader can follow starts with.
var linkScheme = regexp.MustCompile(`(?i)^(?:https?://|mailto:|tel:)`)

// FollowableLinks replaces each markdown link in s whose address a reader
// cannot follow (a folder path such as "install.md" or "#section", as a
// build without a site's address writes links between its pages) by its
// text; web, e-mail and phone links stay links.
func FollowableLinks(s string) string {
	if !strings.Contains(s, "](") {
		return s
	}
	return MarkdownLink.ReplaceAllStringFunc(s, func(link string) string {
		m := MarkdownLink.FindStringSubmatch(link)
		if linkScheme.MatchString(m[2]) {
			return link
		}
		return m[1]
	})
}

// monthName is a month, written out or cut short ("Sept."); a word that
// only opens like one is none ("married 20 years", "decent 5"). Before a
// day, "may" is the verb ("I may 2x the order"): monthFirst leaves it out.
const (
	monthName  = `(?:may\b\.?|` + monthFirst + `)`
	monthFirst = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?`
)

// Masking: what a user's specifics look like. They are replaced by nothing
// before matching, so "booking 48213 at Hotel Sunrise" matches like "booking".
var (
	// A label right before an e-mail or phone number ("email: jo@x.org",
	// "tel +44...") goes with it.
	maskEmail = quickre.MustCompile(`(?i)(?:\be-?mail(?:\s+address)?\s*(?:is\s+|:\s*)?)?` + emailPattern)
	maskPhone = quickre.MustCompile(`(?i)(?:\b(?:tel|telephone|phone|mobile|cell)(?:\s+(?:number|no\.?))?\s*(?:is\s+|:\s*)?)?` + phonePattern)
	maskMoney = quickre.MustCompile(`(?i)(?:[$€£¥]\s?\d[\d,.]*|\b\d[\d,.]*\s?(?:usd|eur|gbp|jpy|chf|cad|aud|dollars?|euros?|pounds?|yen)\b)`)
	maskDate  = quickre.MustCompile(`(?i)\b(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{1,2}\.\d{1,2}\.\d{4}|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?` + monthName + `(?:\s+\d{4})?|` + monthFirst + `\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|yesterday))\b`)
	// maskTime is a time of day ("12:03:11", "9:30 pm", "3pm"; "14.30 Uhr"
	// and "12.03." are a version's shape and go as codes the pages do not
	// name, see MaskKeeping): when something happened
	// to the user, whose numbers are no page's version or code ("at
	// 12:03:11" matched "Monterey 12, Big Sur 11").
	maskTime = quickre.MustCompile(`(?i)\b\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d{1,6})?)?(?:\s?[ap]\.?m\b\.?)?|\b\d{1,2}\s?[ap]\.?m\b\.?`)
	maskCode = quickre.MustCompile(`\b(?:[A-Za-z]*\d[A-Za-z0-9-]*(?:\.\d+)*)\b`)
	maskCard = quickre.MustCompile(`(?i)(?:\b(?:paid|paying|pay)\s+(?:with|by|using|via)\s+(?:a\s+|an\s+|my\s+)?)?\b(?:visa|master\s?card|amex|american\s+express|discover|diners(?:\s+club)?|jcb|maestro|union\s?pay)\b`)
	// "my Mastercard" is my card: the brand is the detail, the card is not.
	cardBrand = quickre.MustCompile(`(?i)\b(my|the|a|your|our)\s+(?:visa|master\s?card|amex|american\s+express|discover|diners(?:\s+club)?|jcb|maestro|union\s?pay)(?:\s+card)?\b`)
	// maskChatter is the small talk and request framing around a support
	// request ("Hi, good morning. I was wondering if you could tell me a
	// little bit about ..."): words no help page answers, which only dilute
	// a match.
	maskChatter = quickre.MustCompile(`(?i)\b(?:` + strings.Join([]string{
		`good\s+(?:morning|afternoon|evening|day)`,
		`how\s+(?:is\s+it\s+going|are\s+you(?:\s+doing)?)`,
		`hi\s+there`, `(?:a\s+)?little\s+bit`, `yes`, `yeah`, `maybe`, `perhaps`,
		`(?:(?:can|could|would|will)\s+you|if\s+you\s+(?:can|could))\s+(?:please\s+)?(?:tell|explain\s+to|help|give|send|show|provide)\s+me(?:\s+(?:out|with\s+(?:that|this)))?`,
		`(?:tell|give|show)\s+me\s+(?:(?:some|more|any|a\s+few)\s+)?(?:(?:info|information|details)\s+)?(?:about|on|regarding)`,
		`tell\s+me(?:\s+(?:more|something))?`,
		`(?:kinds?|sorts?)\s+of`,
		`is\s+it\s+possible\s+(?:to|for\s+me\s+to)`,
		`help(?:ing)?\s+(?:me\s+)?(?:to\s+)?understand(?:ing)?`,
		`(?:find|found)\s+out(?:\s+(?:about|if|whether))?`,
		`(?:obtain|acquire)\s+(?:some\s+|more\s+)?(?:info|information|data|details)`,
		`(?:something|anything)\s+(?:about|on|regarding)`,
		`(?:i(?:\s+have|['’]ve)\s+)?heard\s+(?:about|of)`,
		`i(?:\s+am|['’]m|\s+was|['’]ve|\s+have)?(?:\s+been)?\s+thinking\s+(?:about|of)`,
		`(?:i(?:\s+am|['’]m|\s+was|['’]ve\s+been|\s+have\s+been)\s+)?(?:looking|searching)\s+for`,
		`(?:i(?:\s+am|['’]m)\s+)?interested\s+in(?:to)?(?:\s+knowing)?`,
		`i(?:\s+was|\s+am|['’]m)\s+(?:wondering|looking\s+to\s+(?:do|find|get)|here\s+to\s+learn(?:\s+more)?)`,
		`(?:i\s+)?(?:want|wanted|would\s+like|['’]d\s+like)\s+to\s+(?:know|learn)(?:\s+more)?`,
		// "not sure if I can apply": a doubt, no negation of the request
		`(?:i(?:\s+am|['’]m)\s+)?not\s+(?:sure|certain)(?:\s+(?:if|whether))?`,
		`(?:i\s+have\s+)?(?:some\s+)?questions?\s+(?:about|regarding|on)`,
	}, "|") + `)\b`)
	maskPlace  = quickre.MustCompile(`\b(?:at|in|from|near)\s+([A-Z][\w'&-]*(?:\s+(?:[A-Z][\w'&-]*|of|de|la|the))*)`)
	spaceRunRE = regexp.MustCompile(`\s+`)
	// maskURL is URL with the literal check: every message is masked.
	maskURL = quickre.MustCompile(URL.String())
)

// Mask removes a user's specifics from s: URLs, e-mails, phone numbers,
// amounts, dates, times of day, booking and confirmation numbers, card
// brands (a card named by its brand stays a card), capitalised names after
// "at"/"in" (hotel and city names), and small talk.
func Mask(s string) string { return MaskKeeping(s, nil) }

// MaskKeeping is Mask, but keeps the words with a digit that keep reports
// true for (nil: none), given the word before each (prev, "" if none): a
// help center's own codes and numbers ("Error 1603", "Android 7", "under
// age 18") name a topic, where a booking number names the user's record.
func MaskKeeping(s string, keep func(prev, code string) bool) string {
	s = cardBrand.ReplaceAllString(s, "$1 card")
	for _, re := range []quickre.Regexp{maskURL, maskEmail, maskMoney, maskDate, maskTime, maskPhone, maskCard, maskChatter} {
		s = re.ReplaceAllString(s, " ")
	}
	s = maskPlace.ReplaceAllStringFunc(s, func(m string) string {
		prep, _, _ := strings.Cut(m, " ")
		return prep + " "
	})
	if keep == nil {
		s = maskCode.ReplaceAllString(s, " ")
	} else {
		s = keepCodes(s, keep)
	}
	return strings.TrimSpace(spaceRunRE.ReplaceAllString(s, " "))
}

// keepCodes returns s with each code (maskCode) that keep, given the
// word before it, reports false for blanked out.
func keepCodes(s string, keep func(prev, code string) bool) string {
	if !maskCode.MayMatch(s) {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range maskCode.FindAllStringIndex(s, -1) {
		b.WriteString(s[last:m[0]])
		if code := s[m[0]:m[1]]; keep(WordBefore(s[:m[0]]), code) {
			b.WriteString(code)
		} else {
			b.WriteByte(' ')
		}
		last = m[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

// WordBefore returns the word of letters s ends with, past the spaces or
// hyphen after it ("Pi " gives "Pi"), or "" when s ends otherwise.
func WordBefore(s string) string {
	s = strings.TrimRight(s, " \t-")
	i := strings.LastIndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
	if i < 0 {
		return s
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	return s[i+n:]
}

// negation spots a negated statement ("if you don't have your code", "I
// lost it"), which words alone cannot tell from its positive sibling.
// Negated reads it word by word; the regexp is its definition, and what
// reads a text with letters it cannot.
var negation = regexp.MustCompile(`(?i)\b(?:` + strings.Join(negationWords, "|") + `)\b|n['’]t\b`)

var negationWords = []string{"not", "no", "none", "never", "without", "cannot", "cant", "dont", "doesnt", "didnt", "isnt",
	"arent", "wasnt", "werent", "havent", "hasnt", "wont", "couldnt", "lost", "forgot", "forgotten", "missing"}

var isNegationWord = func() map[string]bool {
	m := make(map[string]bool, len(negationWords))
	for _, w := range negationWords {
		m[w] = true
	}
	return m
}()

// Negated reports whether s is negated (matches negation). Every message
// and option label is read for it, so it scans words rather than run the
// regexp: the regexp's \b sees ASCII letters, digits and '_' as word
// characters, and its (?i) folds only the Kelvin sign and the long s from
// beyond ASCII onto the words' letters (texts with those go to the regexp).
func Negated(s string) bool {
	if strings.ContainsAny(s, "\u212a\u017f") {
		return negation.MatchString(s)
	}
	var lower [16]byte
	for i := 0; i < len(s); {
		if !IsWordAt(s, i) {
			i++
			continue
		}
		j := i
		for j < len(s) && IsWordAt(s, j) {
			j++
		}
		if w := s[i:j]; len(w) <= len(lower) {
			for k := range len(w) {
				lower[k] = w[k] | 0x20 // ASCII letters to lower case; digits and '_' never match
			}
			if isNegationWord[string(lower[:len(w)])] { // no allocation: a map lookup
				return true
			}
		}
		if c := s[j-1]; c == 'n' || c == 'N' {
			rest := s[j:]
			switch {
			case strings.HasPrefix(rest, "'"):
				rest = rest[1:]
			case strings.HasPrefix(rest, "’"):
				rest = rest[len("’"):]
			default:
				rest = ""
			}
			if rest != "" && (rest[0] == 't' || rest[0] == 'T') && !IsWordAt(rest, 1) {
				return true
			}
		}
		i = j
	}
	return false
}

// IsWordAt reports whether s[i] is a word character as the regexp's \b
// sees it (nothing outside s is).
func IsWordAt(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return false
	}
	c := s[i]
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

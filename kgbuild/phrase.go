package kgbuild

import (
	"regexp"
	"strings"
	"unicode"
)

// This file holds the small, domain-independent English rules the structural
// extractor uses: cleaning titles into problems, recognising and phrasing
// situations (conditions), a little verb morphology, and intent templates.

var (
	mdLink        = regexp.MustCompile(`\[([^\]]*)\]\(([^)\s]*)\)`)
	titleNoise    = regexp.MustCompile(`(?i)^(faqs?|q|question|help|article|kb|support|how-to|guide)\s*[:\-–—]\s*`)
	trailingFAQ   = regexp.MustCompile(`(?i)(\s+(faqs?|-\s*faqs?)|\s*[:\-–—]\s*(frequently asked questions|faqs?))$`)
	siteSuffixSep = []string{" | ", " :: ", " — ", " – ", " « ", " » "}
)

// plainText drops Markdown link targets, keeping link text, and tidies spaces.
func plainText(s string) string {
	// Fast paths first: this runs on every block and label.
	if strings.IndexByte(s, '[') >= 0 {
		s = linkTexts(s)
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

// linkTexts is mdLink.ReplaceAllString(s, "$1") without the regexp
// machinery, which took a tenth of a build's extraction time: each
// [text](target) becomes text.
func linkTexts(s string) string {
	var sb strings.Builder
	last := 0 // s[last:] is not yet written
	for i := 0; i < len(s); i++ {
		if s[i] != '[' {
			continue
		}
		// The text runs to the first ']'; the target, of no spaces, to ')'.
		j := strings.IndexByte(s[i+1:], ']')
		if j < 0 {
			break // no later '[' can start a link either
		}
		j += i + 1
		if j+1 >= len(s) || s[j+1] != '(' {
			continue
		}
		k := j + 2
		for k < len(s) && s[k] != ')' && !isLinkSpace(s[k]) {
			k++
		}
		if k >= len(s) || s[k] != ')' {
			continue
		}
		if sb.Len() == 0 {
			sb.Grow(len(s))
		}
		sb.WriteString(s[last:i])
		sb.WriteString(s[i+1 : j])
		last = k + 1
		i = k
	}
	if last == 0 {
		return s
	}
	sb.WriteString(s[last:])
	return sb.String()
}

// isLinkSpace is the white space RE2's \s matches.
func isLinkSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// dropSpaceBeforePunct turns "benefits , you" into "benefits, you"; s has
// single spaces.
func dropSpaceBeforePunct(s string) string {
	var sb strings.Builder
	sb.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' && i+1 < len(s) && strings.IndexByte(",.;:!?", s[i+1]) >= 0 {
			continue
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

var emphasis = strings.NewReplacer("**", "", "__", "", "`", "", "\u00a0", " ")

func spaceBeforePunct(s string) bool {
	for i := 1; i < len(s); i++ {
		if s[i-1] == ' ' && strings.IndexByte(",.;:!?", s[i]) >= 0 {
			return true
		}
	}
	return false
}

// cleanTitle turns a page title into a problem: the site-name suffix and
// "FAQ:"-style noise are dropped, a title-cased title is put in sentence-ish
// case, and "How do I X?" becomes the noun phrase "X-ing".
func cleanTitle(title string) string {
	t := plainText(title)
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
	t = questionToNounPhrase(t)
	t = sentenceCase(t)
	return t
}

var howQuestion = regexp.MustCompile(`(?i)^(how (do|can|should|would) (i|we|you)|how to)\s+(.+?)\??$`)
var whatQuestion = regexp.MustCompile(`(?i)^what (is|are) (an? |the )?(.+?)\??$`)

// questionToNounPhrase rewrites "How do I change my booking?" as "Changing my
// booking" and "What is a reconsideration?" as "Reconsideration": a problem is
// a noun phrase. Other questions are kept as they are.
func questionToNounPhrase(t string) string {
	if m := howQuestion.FindStringSubmatch(t); m != nil {
		words := strings.Fields(m[4])
		if len(words) > 0 {
			words[0] = upperFirst(gerund(strings.ToLower(words[0])))
			return strings.Join(words, " ")
		}
	}
	if m := whatQuestion.FindStringSubmatch(t); m != nil {
		return upperFirst(m[3])
	}
	return t
}

// smallWords stay lower case when a Title Cased Title is put in sentence case.
var smallWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "for": true, "to": true, "in": true,
	"on": true, "and": true, "or": true, "your": true, "with": true, "by": true, "at": true,
	"from": true, "as": true, "is": true, "are": true, "my": true, "if": true, "you": true,
}

// sentenceCase lowercases function words in a Title Cased Title ("Appeal A
// Decision" → "Appeal a Decision"); content words keep their capitals since
// they may be names.
func sentenceCase(t string) string {
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

func upperFirst(s string) string {
	r := []rune(s)
	if len(r) == 0 {
		return s
	}
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// lowerFirst lowercases the first letter unless the first word is an acronym
// or "I".
func lowerFirst(s string) string {
	first, _, _ := strings.Cut(s, " ")
	if first == "I" || first == "I'm" || capitals(first) >= 2 {
		return s
	}
	r := []rune(s)
	if len(r) == 0 {
		return s
	}
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

// Situations.

// situationLead are the words that open a clause stating when something applies.
var situationLead = []string{
	"if", "when", "whenever", "in case", "in the event that", "in the event of", "only if",
	"unless", "once", "for", "as a", "as an", "as", "after", "before", "while", "during",
	"you are", "you have", "you're", "you've", "those who", "anyone who", "customers who",
	"users who", "people who",
}

// droppedLead are leads removed when a situation becomes a condition: they
// only say "this is a condition".
var droppedLead = []string{"in the event that", "in case", "only if", "whenever", "if", "when", "for"}

// pastPrep are words that, after a past participle, mark a situation like
// "Booked by phone" or "Paid online".
var pastPrep = map[string]bool{
	"by": true, "as": true, "through": true, "via": true, "online": true, "with": true,
	"at": true, "in": true, "on": true, "from": true, "before": true, "after": true,
	"within": true, "using": true, "offline": true, "over": true, "outside": true,
}

// irregularPast are common irregular past forms (and participles) for the
// "Booked by phone" and "you booked ..." rules.
var irregularPast = map[string]bool{
	"made": true, "paid": true, "bought": true, "got": true, "forgot": true, "forgotten": true,
	"lost": true, "had": true, "did": true, "sent": true, "received": true, "been": true,
	"taken": true, "took": true, "left": true, "gave": true, "given": true, "chose": true,
	"chosen": true, "set": true, "put": true, "made,": true, "found": true, "brought": true,
}

// labelStop are one-word labels that introduce content, not a situation
// ("Note:", "Steps:").
var labelStop = map[string]bool{
	"note": true, "notes": true, "steps": true, "tips": true, "tip": true, "details": true,
	"requirements": true, "documents": true, "examples": true, "example": true, "options": true,
	"instructions": true, "exceptions": true, "fees": true, "benefits": true, "contents": true,
	"important": true, "warning": true, "caution": true, "summary": true, "overview": true,
	"answer": true, "question": true, "q": true, "a": true, "hours": true, "address": true,
	"phone": true, "email": true, "e-mail": true, "see also": true, "related": true,
	"reminder": true, "attention": true, "remarks": true, "caveats": true, "prerequisites": true,
	"contact": true, "resources": true, "links": true, "faq": true, "faqs": true, "more": true,
	"why": true, "how": true, "what": true, "where": true, "who": true, "cost": true,
	"costs": true, "price": true, "prices": true, "time": true, "deadline": true,
	"deadlines": true, "tel": true, "fax": true, "open": true, "closed": true, "status": true, "message": true, "messages": true, "error": true, "errors": true, "last updated": true,
}

// channelWords mark a colon label as a situation ("Online reservation as
// guest user:", "Reservations via partner sites:").
var channelWords = map[string]bool{
	"as": true, "by": true, "via": true, "through": true, "without": true, "online": true,
	"offline": true, "with": true, "using": true,
}

func startsWithPhrase(lower string, phrases []string) (string, bool) {
	for _, p := range phrases {
		if lower == p || strings.HasPrefix(lower, p+" ") {
			return p, true
		}
	}
	return "", false
}

// isSituation reports whether a label (a heading, a list item's lead, a
// colon-terminated line; given without the colon) states when something
// applies. colon says the label was colon-terminated, which admits the
// weaker channel and role-noun rules.
func isSituation(label string, colon bool) bool {
	raw := strings.TrimSpace(plainText(label))
	if strings.HasSuffix(raw, "?") {
		return false // a question is a section, not a situation
	}
	l := strings.ToLower(raw)
	l = strings.TrimRight(l, ":.! ")
	words := strings.Fields(l)
	if len(words) == 0 || len(words) > 16 || strings.Contains(l, "note") {
		return false
	}
	if !strings.HasPrefix(l, "if ") && imperativeLead.MatchString(l) && !isPast(words[0]) {
		return false // "Follow these steps to apply online:" is an instruction
	}
	if lead, ok := startsWithPhrase(l, situationLead); ok {
		// "For more information", "As soon as", "Before you begin" read as
		// situations only loosely; require something after the lead.
		if len(strings.Fields(lead)) >= len(words) {
			return false
		}
		switch {
		case strings.HasPrefix(l, "for more"), strings.HasPrefix(l, "for further"),
			strings.HasPrefix(l, "for example"), strings.HasPrefix(l, "for details"),
			strings.HasPrefix(l, "for information"), strings.HasPrefix(l, "for help"),
			strings.HasPrefix(l, "as soon as"), strings.HasPrefix(l, "as well"),
			strings.HasPrefix(l, "before you begin"), strings.HasPrefix(l, "before you start"),
			strings.HasPrefix(l, "in case of questions"):
			return false
		}
		// Leads that are also ordinary prepositions ("for", "as", "after",
		// "before", "during", "while") make a situation only in a short label.
		switch lead {
		case "for":
			return len(words) <= 10
		case "as", "after", "before", "during", "while", "once":
			// "After the change" is a section heading; "After check-in:" a label.
			return colon && len(words) <= 10
		}
		return true
	}
	// "Booked by phone", "Paid online".
	if len(words) >= 2 && len(words) <= 10 && isPast(words[0]) && pastPrep[words[1]] {
		return true
	}
	if !colon || len(words) > 10 {
		return false
	}
	if labelStop[l] {
		return false
	}
	if isClause(l) {
		// "Some dates can't be changed online:" introduces content; a
		// situation label is a noun phrase.
		return false
	}
	for _, w := range words {
		if channelWords[w] {
			return true
		}
	}
	// "Members:", "Guest users:": a short plural noun label names who it is for.
	if len(words) <= 3 && unicode.IsUpper([]rune(raw)[0]) && strings.HasSuffix(words[len(words)-1], "s") && !strings.HasSuffix(words[len(words)-1], "ss") {
		return true
	}
	return false
}

// finiteVerbs mark a line as a clause rather than a noun phrase.
var finiteVerbs = toSet(`is are was were does doesn't do don't did didn't has hasn't have haven't
can can't cannot won't isn't aren't wasn't weren't not will must may should shows appears
occurs happens keeps`)

// isClause reports whether a short line has a finite verb ("The plan does
// not allow changes"), or a subject pronoun before a past form ("You were
// logged out").
func isClause(l string) bool {
	words := strings.Fields(strings.ToLower(l))
	for i, w := range words {
		w = strings.Trim(w, ",.;:!?\"'()")
		if finiteVerbs[w] {
			return true
		}
		if i > 0 && isPast(w) && (words[i-1] == "was" || words[i-1] == "were" || i == 1 || words[i-1] == "been") {
			return true
		}
	}
	return false
}

func isPast(w string) bool {
	if irregularPast[w] {
		return true
	}
	return len(w) > 4 && strings.HasSuffix(w, "ed") && w != "need" && w != "feed" && w != "related" && w != "featured" && w != "selected" && w != "limited" && w != "detailed" && w != "advanced" && w != "red" && w != "speed"
}

// conditionOf turns a situation label into a condition: "If you booked by
// phone" → "you booked by phone", "For members" → "members", "Online
// reservation as guest user:" → "online reservation as guest user".
func conditionOf(label string) string {
	c := strings.TrimRight(plainText(label), ":,;!? ")
	if last := c[strings.LastIndex(c, " ")+1:]; strings.HasSuffix(c, ".") && strings.Count(last, ".") == 1 {
		c = strings.TrimRight(c, ". ") // a full stop, not an abbreviation like "U.S."
	}
	c = untitle(c)
	l := strings.ToLower(c)
	if lead, ok := startsWithPhrase(l, droppedLead); ok {
		c = strings.TrimSpace(c[len(lead):])
		c = strings.TrimLeft(c, ", ")
	}
	return lowerFirst(c)
}

// untitle puts a Title Cased Label in lower case, keeping acronyms and the
// first letter: conditions and intents are read inside a sentence. Small
// words do not count when deciding whether the label is title-cased.
func untitle(s string) string {
	words := strings.Fields(s)
	upper, content := 0, 0
	for _, w := range words {
		r := []rune(w)
		if !unicode.IsLetter(r[0]) || smallWords[strings.ToLower(w)] {
			continue
		}
		content++
		if unicode.IsUpper(r[0]) {
			upper++
		}
	}
	if content < 2 || upper*10 < content*8 {
		return s
	}
	for i, w := range words {
		if i > 0 && w != "I" && !strings.HasPrefix(w, "I'") && capitals(w) < 2 {
			words[i] = strings.ToLower(w)
		}
	}
	return strings.Join(words, " ")
}

func capitals(w string) int {
	n := 0
	for _, r := range w {
		if unicode.IsUpper(r) {
			n++
		}
	}
	return n
}

// conditionForProblem shortens a condition for use in a problem's
// parentheses: "you booked by phone" → "booked by phone".
func conditionForProblem(c string) string {
	words := strings.Fields(c)
	if len(words) >= 2 && strings.EqualFold(words[0], "you") && isPast(strings.ToLower(words[1])) {
		return strings.Join(words[1:], " ")
	}
	return c
}

// firstPerson rewrites a condition from the help page's "you" to the
// customer's "I": "you booked by phone" → "I booked by phone".
func firstPerson(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		core := strings.TrimRight(w, ",.;:!?")
		tail := w[len(core):]
		var rep string
		switch strings.ToLower(core) {
		case "you":
			rep = "I"
			if i > 0 {
				// "you" after a verb or preposition is an object: "me".
				prev := strings.ToLower(words[i-1])
				if pastPrep[prev] || prev == "to" || prev == "for" || prev == "sent" || prev == "gave" {
					rep = "me"
				}
			}
		case "your":
			rep = "my"
		case "yours":
			rep = "mine"
		case "yourself":
			rep = "myself"
		case "you're":
			rep = "I'm"
		case "you've":
			rep = "I've"
		case "you'll":
			rep = "I'll"
		case "you'd":
			rep = "I'd"
		default:
			continue
		}
		words[i] = rep + tail
	}
	// "I are" / "I were" after the pronoun swap.
	out := strings.Join(words, " ")
	out = strings.NewReplacer(" I are ", " I am ", " I were ", " I was ", " I have been ", " I have been ").Replace(" " + out + " ")
	return strings.TrimSpace(out)
}

// Morphology.

// verbs is a small general lexicon of verbs help pages are about. It is used
// to recognise verb-first titles and to undo -ing forms whose stem is
// ambiguous ("cancelling" → "cancel", "changing" → "change").
var verbs = toSet(`access activate add apply appeal book calculate call cancel change check choose
claim close complete confirm connect contact create deactivate delete disable download earn edit
enable enroll enrol estimate file find fix get install issue join keep leave link log make manage
modify move open order pay plan prepare print protect qualify receive recover redeem refund
register reinstate remove renew replace report request reserve reset restore retrieve return
review save schedule see select send set share sign start stop submit suspend switch track
transfer unlock update upgrade upload use verify view withdraw sync import export travel
understand learn appoint turn try allow wait follow gather help look collect convert reactivate reapply repay report restart buy sell
exchange extend reduce increase close reopen`)

func toSet(s string) map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// nominalisations maps nouns of action to their verbs, for "Cancellation of
// X" → "cancel X" and "Account deletion" → "delete account".
var nominalisations = map[string]string{
	"cancellation": "cancel", "cancelation": "cancel", "registration": "register",
	"confirmation": "confirm", "modification": "modify", "verification": "verify",
	"application": "apply for", "reservation": "reserve", "deletion": "delete",
	"creation": "create", "activation": "activate", "deactivation": "deactivate",
	"installation": "install", "payment": "pay", "renewal": "renew", "removal": "remove",
	"replacement": "replace", "cancellations": "cancel", "change": "change", "changes": "change",
	"update": "update", "transfer": "transfer", "reset": "reset", "recovery": "recover",
	"redemption": "redeem", "enrollment": "enroll", "enrolment": "enrol", "withdrawal": "withdraw",
	"refund": "get a refund for", "appeal": "appeal", "reinstatement": "reinstate",
	"login": "log in to", "log-in": "log in to", "sign-in": "sign in to", "signup": "sign up for",
	"sign-up": "sign up for", "upgrade": "upgrade", "extension": "extend", "exchange": "exchange",
	"submission": "submit", "selection": "select", "retrieval": "retrieve", "correction": "correct",
}

// notGerunds end in -ing but are not verb forms.
var notGerunds = toSet(`thing nothing something anything everything morning evening during string
king ring wing spring ceiling sibling pudding awning`)

// gerund returns the -ing form of a base verb ("change" → "changing").
func gerund(v string) string {
	switch {
	case v == "log", v == "sign", v == "set", v == "get", v == "stop", v == "plan", v == "ship":
		if v == "sign" {
			return "signing"
		}
		return v + v[len(v)-1:] + "ing"
	case strings.HasSuffix(v, "ie"):
		return v[:len(v)-2] + "ying"
	case strings.HasSuffix(v, "ee"), strings.HasSuffix(v, "ye"), strings.HasSuffix(v, "oe"):
		return v + "ing"
	case strings.HasSuffix(v, "e") && len(v) > 2:
		return v[:len(v)-1] + "ing"
	}
	return v + "ing"
}

// baseVerb undoes an -ing form: "changing" → "change", "cancelling" →
// "cancel", "logging" → "log". ok is false when w is not an -ing form.
func baseVerb(w string) (string, bool) {
	w = strings.ToLower(w)
	if !strings.HasSuffix(w, "ing") || len(w) < 5 {
		return "", false
	}
	stem := w[:len(w)-3]
	if notGerunds[w] || !strings.ContainsAny(stem, "aeiouy") {
		return "", false
	}
	switch {
	case verbs[stem]:
		return stem, true
	case verbs[stem+"e"]:
		return stem + "e", true
	case len(stem) > 2 && stem[len(stem)-1] == stem[len(stem)-2] && verbs[stem[:len(stem)-1]]:
		return stem[:len(stem)-1], true
	case strings.HasSuffix(stem, "y") && verbs[stem[:len(stem)-1]+"ie"]:
		return stem[:len(stem)-1] + "ie", true
	}
	// Unknown verbs: doubled final consonants are undone, and stems that
	// cannot end an English word get their e back.
	n := len(stem)
	if n > 2 && stem[n-1] == stem[n-2] && !strings.ContainsRune("lsfz", rune(stem[n-1])) && !isVowel(stem[n-1]) {
		return stem[:n-1], true
	}
	for _, suf := range []string{"v", "c", "g", "z", "at", "iz", "ur", "as", "us", "os", "bl", "pl", "dl", "tl", "gl"} {
		if strings.HasSuffix(stem, suf) && !strings.HasSuffix(stem, "ng") {
			return stem + "e", true
		}
	}
	if strings.HasSuffix(stem, "ng") && n > 3 && !isVowel(stem[n-3]) {
		// "chang" → "change"; "bring" stays.
		return stem + "e", true
	}
	return stem, true
}

func isVowel(b byte) bool { return strings.IndexByte("aeiou", b) >= 0 }

// Problem analysis for intents.

var whWords = toSet(`how what where when why which who whom whose`)

// problemKind says how a problem is phrased.
type problemKind int

const (
	kindTopic    problemKind = iota // a noun phrase: "Cancellation fees"
	kindAction                      // something to do: "Changing a reservation"
	kindError                       // something going wrong: "An error occurs when..."
	kindQuestion                    // a FAQ question: "How early can I apply?"
)

// analysis is a problem rewritten for intents.
type analysis struct {
	kind problemKind
	// verbPhrase is the action in the customer's words ("change my
	// reservation"), for kindAction, and for kindError when the error is a
	// failed action ("Can't log in").
	verbPhrase string
	// complaint is the first-person statement of an error ("I get an error
	// when I try to change my reservation"), for kindError.
	complaint string
	// topic is the lower-cased noun phrase, for kindTopic.
	topic string
}

var (
	errorOccurs = regexp.MustCompile(`(?i)^(an? )?(error|errors|problem|problems|issue|issues|message) (occurs?|appears?|shows?|is shown|happens?|comes up)( up)? (when|while|if|after) (.+)$`)
	errorWhen   = regexp.MustCompile(`(?i)^(an? )?(error|errors|problem|problems|trouble|issues?) (when|while|with|after) (.+)$`)
	cannotDo    = regexp.MustCompile(`(?i)^(i )?(can't|cannot|can not|unable to|not able to|could not|couldn't|i can't) (.+)$`)
	notDone     = regexp.MustCompile(`(?i)^(my |your |the )?(.+?) (is |are |was |were )?(not|isn't|aren't|wasn't|weren't|never) (\w+ed|received|sent|working|shown|showing|arriving|loading|found|credited|accepted|recognized|recognised)( .*)?$`)
	brokenState = regexp.MustCompile(`(?i)^(my |your |the )?(.+?) (is |are |was |were |has been |have been |gets |got )?(declined|locked|rejected|failed|blocked|denied|suspended|expired|disabled|missing|lost|stolen|frozen|invalid|incorrect|wrong|closed|deactivated)( .*)?$`)
	toAction    = regexp.MustCompile(`(?i)^(to|steps to|how to|ways to|where to|when to)\s+(.+)$`)
	forgotThing = regexp.MustCompile(`(?i)^(i )?(forgot|forgotten|lost) (my |your |the |a )?(.+)$`)
)

// analyse classifies a problem (without its condition) and rewrites it in
// the customer's words.
func analyse(problem string) analysis {
	raw := strings.TrimSpace(plainText(problem))
	p := strings.TrimRight(raw, ".?! ")
	if p == "" {
		return analysis{kind: kindTopic, topic: "this"}
	}
	if strings.HasSuffix(raw, "?") {
		return analysis{kind: kindQuestion, topic: upperFirst(raw)}
	}
	// "To apply for a child", "Steps to apply": the action after "to".
	if m := toAction.FindStringSubmatch(p); m != nil {
		if vp, ok := verbPhraseOf(m[2]); ok {
			return analysis{kind: kindAction, verbPhrase: vp}
		}
	}
	if m := errorOccurs.FindStringSubmatch(p); m != nil {
		what := firstPerson(m[6])
		return analysis{kind: kindError, complaint: "I get an error " + strings.ToLower(m[5]) + " " + ensureSubject(what)}
	}
	if m := errorWhen.FindStringSubmatch(p); m != nil {
		rest := m[4]
		if vp, ok := verbPhraseOf(rest); ok {
			return analysis{kind: kindError, verbPhrase: vp, complaint: "I get an error when I try to " + vp}
		}
		return analysis{kind: kindError, complaint: "I have a problem " + strings.ToLower(m[3]) + " " + firstPerson(possessive(rest))}
	}
	if m := cannotDo.FindStringSubmatch(p); m != nil {
		vp := firstPerson(possessive(m[3]))
		return analysis{kind: kindError, verbPhrase: vp, complaint: "I can't " + vp}
	}
	if m := forgotThing.FindStringSubmatch(p); m != nil {
		return analysis{kind: kindError, complaint: "I " + strings.ToLower(m[2]) + " my " + lowerFirst(m[4])}
	}
	if m := notDone.FindStringSubmatch(p); m != nil && len(strings.Fields(m[2])) <= 5 {
		subj := lowerFirst(m[2])
		return analysis{kind: kindError, complaint: "My " + subj + " " + beForm(subj, m[3]) + " not " + strings.ToLower(m[5]) + m[6]}
	}
	if m := brokenState.FindStringSubmatch(p); m != nil && len(strings.Fields(m[2])) <= 4 && !strings.Contains(strings.ToLower(m[2]), " of ") {
		subj := lowerFirst(m[2])
		state := strings.ToLower(m[4])
		verb := beForm(subj, m[3])
		switch {
		case m[3] != "":
		case state == "failed" || state == "expired":
			verb = "" // "My payment failed", not "was failed"
		case state == "declined" || state == "locked" || state == "rejected" || state == "blocked" ||
			state == "denied" || state == "suspended" || state == "disabled" || state == "deactivated" || state == "stolen":
			verb = pastBe(subj)
		}
		return analysis{kind: kindError, complaint: strings.Join(strings.Fields("My "+subj+" "+verb+" "+state+m[5]), " ")}
	}
	// A situation told by the customer ("I was charged twice", "Your
	// account is locked", "Login doesn't work") is a complaint as it stands.
	first := strings.ToLower(strings.Fields(p)[0])
	if first == "i" || first == "my" || first == "you" || first == "your" || isClause(p) && !whWords[first] {
		return analysis{kind: kindError, complaint: upperFirst(firstPerson(p))}
	}
	if vp, ok := verbPhraseOf(p); ok {
		return analysis{kind: kindAction, verbPhrase: firstPerson(vp)}
	}
	return analysis{kind: kindTopic, topic: lowerFirst(p)}
}

// ensureSubject adds "I" to a clause that starts with a verb: "changing my
// reservation" → "I try changing my reservation" is awkward, so -ing clauses
// become "I try to change my reservation".
func ensureSubject(clause string) string {
	words := strings.Fields(clause)
	if len(words) == 0 {
		return clause
	}
	if v, ok := baseVerb(words[0]); ok {
		return "I try to " + v + " " + firstPerson(possessive(strings.Join(words[1:], " ")))
	}
	return clause
}

func beForm(subj, given string) string {
	given = strings.TrimSpace(strings.ToLower(given))
	if given != "" {
		return given
	}
	if plural(subj) {
		return "are"
	}
	return "is"
}

func pastBe(subj string) string {
	if plural(subj) {
		return "were"
	}
	return "was"
}

func plural(np string) bool {
	words := strings.Fields(np)
	if len(words) == 0 {
		return false
	}
	last := strings.ToLower(words[len(words)-1])
	return strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ss") && !strings.HasSuffix(last, "us")
}

// verbPhraseOf finds the action in a problem: a gerund ("Changing a
// reservation"), a verb ("Apply for benefits"), a nominalisation with "of"
// ("Cancellation of a booking"), or a short compound ending in one ("Account
// deletion", "Password reset"). The object gets "my" for the customer.
func verbPhraseOf(p string) (string, bool) {
	words := strings.Fields(p)
	if len(words) == 0 {
		return "", false
	}
	first := strings.ToLower(words[0])
	rest := strings.Join(words[1:], " ")
	if v, ok := baseVerb(first); ok && (verbs[v] || len(words) > 1) {
		// Phrasal verbs keep their particle: "Logging in" → "log in".
		return join(v, possessive(rest)), true
	}
	if verbs[first] {
		return join(first, possessive(rest)), true
	}
	if v, ok := nominalisations[first]; ok && len(words) > 2 && strings.EqualFold(words[1], "of") {
		return join(v, possessive(strings.Join(words[2:], " "))), true
	}
	if len(words) >= 2 && len(words) <= 3 && !smallWords[first] && !prepLead[first] {
		last := strings.ToLower(words[len(words)-1])
		if v, ok := nominalisations[last]; ok {
			obj := lowerFirst(strings.Join(words[:len(words)-1], " "))
			return join(v, "my "+obj), true
		}
	}
	return "", false
}

func join(a, b string) string {
	if b == "" {
		return a
	}
	return a + " " + b
}

// possessive gives an object to the customer: "a reservation" → "my
// reservation", "your account" → "my account".
func possessive(obj string) string {
	words := strings.Fields(obj)
	if len(words) == 0 {
		return obj
	}
	switch strings.ToLower(words[0]) {
	case "a", "an", "your", "one's":
		if len(words) > 1 {
			words[0] = "my"
		}
	}
	for i := 1; i < len(words); i++ {
		if strings.EqualFold(words[i], "your") {
			words[i] = "my"
		}
	}
	return strings.Join(words, " ")
}

// intentsFor returns candidate intents for a problem under a condition, best
// first: a question, a complaint and a request, then extra phrasings used
// when the first ones collide with other intents on the page.
func intentsFor(problem, condition string) []string {
	problem = untitle(plainText(problem))
	condition = untitle(condition)
	a := analyse(problem)
	cond := conditionClause(condition)
	var out []string
	switch a.kind {
	case kindQuestion:
		q := a.topic
		body := lowerFirst(strings.TrimRight(q, "?"))
		if cond != "" {
			body += " " + cond.tail()
			q = upperFirst(body) + "?"
		}
		out = append(out,
			q,
			"I'd like to know: "+body,
			"Please tell me: "+body,
			"Question: "+body+"?",
			"Can you help? "+q,
		)
	case kindAction:
		vp := a.verbPhrase
		if cond == "" {
			out = append(out,
				"How do I "+vp+"?",
				"I can't "+vp,
				"I want to "+vp,
				"Can you help me "+vp+"?",
				"I need to "+vp,
			)
		} else {
			out = append(out,
				"What should I do if "+cond.ifClause()+" and want to "+vp+"?",
				"I can't "+vp+" "+cond.tail(),
				"I want to "+vp+" "+cond.tail(),
				"How do I "+vp+" "+cond.tail()+"?",
				"I need to "+vp+" "+cond.tail(),
			)
		}
	case kindError:
		c := a.complaint
		if cond != "" {
			c += " " + cond.tail()
		}
		out = append(out, c)
		if a.verbPhrase != "" {
			if cond == "" {
				out = append(out, "Why can't I "+a.verbPhrase+"?", "I want to "+a.verbPhrase, "How do I "+a.verbPhrase+"?")
			} else {
				out = append(out, "Why can't I "+a.verbPhrase+" "+cond.tail()+"?", "I want to "+a.verbPhrase+" "+cond.tail(), "What should I do if "+cond.ifClause()+" and can't "+a.verbPhrase+"?")
			}
		}
		body := lowerFirst(c)
		out = append(out,
			"What should I do? "+c,
			"Please help, "+body,
			"How do I fix this: "+body+"?",
			"Why is this happening: "+body+"?",
		)
	default:
		t := a.topic
		if cond == "" {
			out = append(out,
				"What should I know about "+t+"?",
				"I have a problem with "+t,
				"I need help with "+t,
				"Can you tell me about "+t+"?",
				"Question about "+t,
			)
		} else {
			out = append(out,
				"What should I know about "+t+" "+cond.tail()+"?",
				"I have a problem with "+t+" "+cond.tail(),
				"I need help with "+t+" "+cond.tail(),
				"What applies to "+t+" if "+cond.ifClause()+"?",
				"Question about "+t+" "+cond.tail(),
			)
		}
	}
	for i, s := range out {
		out[i] = upperFirst(strings.Join(strings.Fields(s), " "))
	}
	return out
}

// condClause is a condition ready to be put into an intent.
type condClause string

// conditionClause phrases a condition in the customer's words.
func conditionClause(c string) condClause {
	return condClause(firstPerson(strings.TrimSpace(c)))
}

// ifClause reads after "if": "I booked by phone", "I am a member",
// "it is about online reservation as guest user".
func (c condClause) ifClause() string {
	s := string(c)
	words := strings.Fields(strings.ToLower(s))
	if len(words) == 0 {
		return s
	}
	switch {
	case words[0] == "i" || words[0] == "my" || words[0] == "i'm" || words[0] == "i've":
		return s
	case isPast(words[0]):
		return "I " + s
	case isClause(s):
		return s
	case prepLead[words[0]]:
		return "I am here " + s
	}
	return "it is about " + s
}

// prepLead are words that let a condition follow a verb phrase directly.
var prepLead = toSet(`as by through via with without at in on from before after within using over
outside for during while unless once`)

// tail reads after a verb phrase: "if I booked by phone", "as a member",
// "(online reservation as guest user)".
func (c condClause) tail() string {
	s := string(c)
	words := strings.Fields(strings.ToLower(s))
	if len(words) == 0 {
		return ""
	}
	switch {
	case words[0] == "i" || words[0] == "my" || words[0] == "i'm" || words[0] == "i've":
		return "if " + s
	case isPast(words[0]):
		return "if I " + s
	case isClause(s):
		return "if " + s
	case prepLead[words[0]]:
		return s
	}
	return "(" + s + ")"
}

// normIntent folds an intent for comparisons: lower case, punctuation
// dropped, spaces collapsed.
func normIntent(s string) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' {
			sb.WriteRune(r)
		} else {
			sb.WriteRune(' ')
		}
	}
	return strings.Join(strings.Fields(sb.String()), " ")
}

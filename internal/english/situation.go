package english

import (
	"slices"
	"strings"
	"unicode"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

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
	"instructions": true, "exceptions": true, "fees": true, "contents": true,
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

// IsSituation reports whether a label (a heading, a list item's lead, a
// colon-terminated line; given without the colon) states when something
// applies. colon says the label was colon-terminated, which admits the
// weaker channel and role-noun rules.
func IsSituation(label string, colon bool) bool {
	raw := strings.TrimSpace(Plain(label))
	if strings.HasSuffix(raw, "?") {
		return false // a question is a section, not a situation
	}
	l := strings.ToLower(raw)
	l = strings.TrimRight(l, ":.! ")
	words := strings.Fields(l)
	if len(words) == 0 || len(words) > 16 || strings.Contains(l, "note") {
		return false
	}
	if !strings.HasPrefix(l, "if ") && StartsWithImperative(l) && !isPast(words[0]) {
		return false // "Follow these steps to apply online:" is an instruction
	}
	if lead, ok := startsWithPhrase(l, situationLead); ok {
		// "For more information", "As soon as", "Before you begin" read as
		// situations only loosely; require something after the lead.
		if n := len(strings.Fields(lead)); n >= len(words) || anaphoric(lead, words[n:], strings.Fields(raw)[n]) {
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
	// "Booked by phone", "Paid online"; "Grouped by" names nothing yet.
	if len(words) >= 2 && len(words) <= 10 && isPast(words[0]) && pastPrep[words[1]] && (len(words) > 2 || !needsObject(words[1])) {
		return true
	}
	if !colon || len(words) > 10 {
		return false
	}
	if labelStop[l] {
		return false
	}
	if IsClause(l) {
		// "Some dates can't be changed online:" introduces content; a
		// situation label is a noun phrase.
		return false
	}
	for i, w := range words {
		// "By phone:", "Paid online:"; a preposition with nothing after
		// it ("Grouped By:", a dialog's label) names no channel.
		if channelWords[w] && (i < len(words)-1 || !needsObject(w)) {
			return true
		}
	}
	// "Members:", "Guest users:": a short plural noun label names who it is for.
	if len(words) <= 3 && unicode.IsUpper([]rune(raw)[0]) && strings.HasSuffix(words[len(words)-1], "s") && !strings.HasSuffix(words[len(words)-1], "ss") {
		return true
	}
	return false
}

// anaphoric reports whether a situation's words after its lead (rest,
// lower case; first the first of them as written) name no situation of
// their own but point back to the text before: an elliptical condition, a lone
// word with no subject ("If so", "If not", "If needed", "When prompted",
// "If equal, prefer …"), a pronoun and its verb ("If this happens", "If
// that fails"), or a determiner that refers back ("For such DOM", "For
// whatever reason"). Offered as an option ("So", "This happens"), such a
// condition says nothing; a name stays one ("If Windows", "For members").
func anaphoric(lead string, rest []string, first string) bool {
	word := func(i int) string { return strings.Trim(rest[i], ",;:.") }
	switch lead {
	case "if", "when", "whenever", "unless", "only if":
		if len(rest) == 1 || strings.HasSuffix(rest[0], ",") {
			// a lone word, written in lower case: no name
			return !strings.ContainsFunc(first, func(r rune) bool { return unicode.IsUpper(r) || unicode.IsDigit(r) })
		}
		switch word(0) {
		case "this", "that", "it":
			return len(rest) == 2 || strings.HasSuffix(rest[1], ",")
		}
	case "for":
		switch word(0) {
		case "such", "whatever", "whichever":
			return true
		}
	}
	return false
}

// needsObject reports whether w, a word of pastPrep or channelWords, is a
// preposition that names nothing without the noun after it ("by", "with";
// not "online").
func needsObject(w string) bool { return w != "online" && w != "offline" && w != "outside" }

// finiteVerbs mark a line as a clause rather than a noun phrase.
var finiteVerbs = toSet(`is are was were does doesn't do don't did didn't has hasn't have haven't
can can't cannot won't isn't aren't wasn't weren't not will must may should shows appears
occurs happens keeps`)

// IsClause reports whether a short line has a finite verb ("The plan does
// not allow changes"), or a subject pronoun before a past form ("You were
// logged out").
func IsClause(l string) bool {
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

// englishLead is Situations.Lead in English: a clause (a finite verb, or
// a subject opening it) is led by "If", unless it opens with a lead of its
// own ("when", "to apply"); a label stays one ("With Tor", "Members").
func englishLead(c string) string {
	l := strings.ReplaceAll(strings.ToLower(c), "’", "'")
	first, _, _ := strings.Cut(l, " ")
	if _, ok := startsWithPhrase(l, conditionLeads); ok || variantLead[first] || len(strings.Fields(l)) <= 2 && !IsClause(c) ||
		!IsClause(c) && !clauseSubjects[first] {
		return lexical.UpperFirst(c)
	}
	return "If " + lexical.LowerFirst(c)
}

// conditionalWords open a condition ("if you paid by card").
var conditionalWords = []string{"if", "when", "whenever", "in case", "in the event", "only if", "unless"}

// conditionLeads open a condition that leads a sentence as it is: the
// conditional words and those of time or purpose ("once", "to apply").
var conditionLeads = slices.Concat(conditionalWords, []string{"once", "to", "after", "before", "while", "as long as"})

// situationOpeners open a situation in running text: the conditional
// words and those of a group ("for members", "as a guest").
var situationOpeners = slices.Concat(conditionalWords, []string{"for", "as a", "as an"})

// clauseSubjects open a clause whose verb finiteVerbs may not know ("you
// use a mobile carrier address").
var clauseSubjects = toSet(`you your i my we our they their it its he his she her this these those there someone somebody nobody no none more less all some the
you're you've you'd you'll i'm i've we're we've they're they've it's there's that's`)

// Condition turns a situation label into a condition: "If you booked by
// phone" → "you booked by phone", "For members" → "members", "Online
// reservation as guest user:" → "online reservation as guest user".
func Condition(label string) string {
	c := strings.TrimRight(Plain(label), ":,;!?–— ")
	if last := c[strings.LastIndex(c, " ")+1:]; strings.HasSuffix(c, ".") && strings.Count(last, ".") == 1 {
		c = strings.TrimRight(c, ". ") // a full stop, not an abbreviation like "U.S."
	}
	c = untitle(c)
	l := strings.ToLower(c)
	if lead, ok := startsWithPhrase(l, droppedLead); ok {
		c = strings.TrimSpace(c[len(lead):])
		c = strings.TrimLeft(c, ", ")
	}
	return lexical.LowerFirst(c)
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

// ShortCondition shortens a condition for use in a problem's
// parentheses: "you booked by phone" → "booked by phone".
func ShortCondition(c string) string {
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
	out = firstPersonVerbs.Replace(" " + out + " ")
	return strings.TrimSpace(out)
}

// firstPersonVerbs mends the verbs a pronoun swap leaves ("I are").
var firstPersonVerbs = strings.NewReplacer(" I are ", " I am ", " I were ", " I was ", " I have been ", " I have been ")

// StartsWithLead reports whether text opens with a conditional word, the
// strongest sign of a situation in running text.
func StartsWithLead(text string) bool {
	l := strings.ToLower(text)
	_, ok := startsWithPhrase(l, situationOpeners)
	return ok
}

package english

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

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
	raw := strings.TrimSpace(Plain(problem))
	p := strings.TrimRight(raw, ".?! ")
	if p == "" {
		return analysis{kind: kindTopic, topic: "this"}
	}
	if strings.HasSuffix(raw, "?") {
		return analysis{kind: kindQuestion, topic: lexical.UpperFirst(raw)}
	}
	// "To apply for a child", "Steps to apply": the action after "to".
	if m := toAction.FindStringSubmatch(p); m != nil {
		if vp, ok := VerbPhrase(m[2]); ok {
			return analysis{kind: kindAction, verbPhrase: vp}
		}
	}
	if m := errorOccurs.FindStringSubmatch(p); m != nil {
		what := firstPerson(m[6])
		return analysis{kind: kindError, complaint: "I get an error " + strings.ToLower(m[5]) + " " + ensureSubject(what)}
	}
	if m := errorWhen.FindStringSubmatch(p); m != nil {
		rest := m[4]
		if vp, ok := VerbPhrase(rest); ok {
			return analysis{kind: kindError, verbPhrase: vp, complaint: "I get an error when I try to " + vp}
		}
		return analysis{kind: kindError, complaint: "I have a problem " + strings.ToLower(m[3]) + " " + firstPerson(possessive(rest))}
	}
	if m := cannotDo.FindStringSubmatch(p); m != nil {
		vp := firstPerson(possessive(m[3]))
		return analysis{kind: kindError, verbPhrase: vp, complaint: "I can't " + vp}
	}
	if m := forgotThing.FindStringSubmatch(p); m != nil {
		return analysis{kind: kindError, complaint: "I " + strings.ToLower(m[2]) + " my " + lexical.LowerFirst(m[4])}
	}
	if m := notDone.FindStringSubmatch(p); m != nil && len(strings.Fields(m[2])) <= 5 {
		subj := lexical.LowerFirst(m[2])
		return analysis{kind: kindError, complaint: "My " + subj + " " + beForm(subj, m[3]) + " not " + strings.ToLower(m[5]) + m[6]}
	}
	if m := brokenState.FindStringSubmatch(p); m != nil && len(strings.Fields(m[2])) <= 4 && !strings.Contains(strings.ToLower(m[2]), " of ") {
		subj := lexical.LowerFirst(m[2])
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
	if first == "i" || first == "my" || first == "you" || first == "your" || IsClause(p) && !whWords[first] {
		return analysis{kind: kindError, complaint: lexical.UpperFirst(firstPerson(p))}
	}
	if vp, ok := VerbPhrase(p); ok {
		return analysis{kind: kindAction, verbPhrase: firstPerson(vp)}
	}
	return analysis{kind: kindTopic, topic: lexical.LowerFirst(p)}
}

// ensureSubject adds "I" to a clause that starts with a verb: "changing my
// reservation" → "I try changing my reservation" is awkward, so -ing clauses
// become "I try to change my reservation".
func ensureSubject(clause string) string {
	words := strings.Fields(clause)
	if len(words) == 0 {
		return clause
	}
	if v, ok := BaseVerb(words[0]); ok {
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

// VerbPhrase finds the action in a problem: a gerund ("Changing a
// reservation"), a verb ("Apply for benefits"), a nominalisation with "of"
// ("Cancellation of a booking"), or a short compound ending in one ("Account
// deletion", "Password reset"). The object gets "my" for the customer.
func VerbPhrase(p string) (string, bool) {
	words := strings.Fields(p)
	if len(words) == 0 {
		return "", false
	}
	first := strings.ToLower(words[0])
	rest := strings.Join(words[1:], " ")
	if v, ok := BaseVerb(first); ok && (verbs[v] || len(words) > 1) {
		// Phrasal verbs keep their particle: "Logging in" → "log in".
		return join(v, possessive(rest)), true
	}
	if verbs[first] {
		return join(first, possessive(rest)), true
	}
	if v, ok := nominalVerb(first); ok && len(words) > 2 && strings.EqualFold(words[1], "of") {
		return join(v, possessive(strings.Join(words[2:], " "))), true
	}
	if len(words) >= 2 && len(words) <= 3 && !smallWords[first] && !prepLead[first] {
		last := strings.ToLower(words[len(words)-1])
		if v, ok := nominalVerb(last); ok {
			obj := lexical.LowerFirst(strings.Join(words[:len(words)-1], " "))
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

// Intents returns candidate intents for a problem under a condition, best
// first: a question, a complaint and a request, then extra phrasings used
// when the first ones collide with other intents on the page.
func Intents(problem, condition string) []string {
	problem = untitle(Plain(problem))
	condition = untitle(condition)
	a := analyse(problem)
	cond := conditionClause(condition)
	var out []string
	switch a.kind {
	case kindQuestion:
		q := a.topic
		body := lexical.LowerFirst(strings.TrimRight(q, "?"))
		if cond != "" {
			body += " " + cond.tail()
			q = lexical.UpperFirst(body) + "?"
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
		body := lexical.LowerFirst(c)
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
		out[i] = lexical.UpperFirst(strings.Join(strings.Fields(s), " "))
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
	case IsClause(s):
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
	case IsClause(s):
		return "if " + s
	case prepLead[words[0]]:
		return s
	}
	return "(" + s + ")"
}

// FoldIntent folds an intent for comparisons: lower case, punctuation
// dropped, spaces collapsed.
func FoldIntent(s string) string {
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

// NumberedIntent is the k-th last-resort intent for a problem whose
// phrasings all collide with other intents on its page: "Tell me about
// changing my booking (2)".
func NumberedIntent(problem string, k int) string {
	return fmt.Sprintf("Tell me about %s (%d)", lexical.LowerFirst(problem), k)
}

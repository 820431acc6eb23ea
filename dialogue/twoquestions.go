package dialogue

import (
	"slices"
	"strings"

	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/quickre"
)

// questionOpeners are how a question opens, by language: a question word,
// or an auxiliary before its subject ("can I", "is there"; "kann ich",
// "gibt es"; "est-ce que", "puis-je"; "puedo", "hay"). Function words all.
// A word may end in a letter no ASCII \b knows ("où", "qué"), so each
// opener is followed by what ends a word.
var questionOpeners = map[string]quickre.Regexp{
	"en": quickre.MustCompile(`(?i)^(?:how|what|where|why|when|which|who|can\s+(?:i|you|we)|could\s+(?:i|you|we)|is\s+(?:there|it)|are\s+there|do\s+(?:i|you|we)|does|should\s+i)\b`),
	"de": quickre.MustCompile(`(?i)^(?:wie|was|wo|wohin|woher|warum|wieso|weshalb|wann|welche[rsmn]?|wer|kann\s+(?:ich|man)|können\s+(?:sie|wir)|gibt\s+es|muss\s+ich|soll\s+ich)(?:[\s,?!]|$)`),
	"fr": quickre.MustCompile(`(?i)^(?:comment|pourquoi|quand|où|quel(?:le)?s?|qui|que|qu['’]est|est-ce\s+que|puis-je|peut-on|pouvez-vous|y\s+a-t-il|dois-je)(?:[\s,?!]|$)`),
	"es": quickre.MustCompile(`(?i)^(?:cómo|como|qué|dónde|donde|por\s*qué|cuándo|cuando|cuál(?:es)?|cual(?:es)?|quién|quien|puedo|se\s+puede|hay|debo)(?:[\s,?!]|$)`),
	"pt": quickre.MustCompile(`(?i)^(?:como|o\s+que|onde|por\s*que|porque|quando|qual|quais|quem|posso|pode|dá\s+pra|da\s+pra|tem\s+como|há|devo)(?:[\s,?!]|$)`),
	"it": quickre.MustCompile(`(?i)^(?:come|cosa|che\s+cosa|dove|perché|perche|quando|quale|quali|qual|chi|posso|si\s+può|si\s+puo|c['’]è|devo)(?:[\s,?!]|$)`),
	"nl": quickre.MustCompile(`(?i)^(?:hoe|wat|waar|waarom|wanneer|welke?|wie|kan\s+ik|kunt\s+u|kun\s+je|is\s+er|zijn\s+er|moet\s+ik)(?:[\s,?!]|$)`),
}

// opensQuestion reports whether s opens as a question does in English or
// in one of langs (the conversation's language, the pages'); a Spanish
// question's opening mark aside.
func opensQuestion(s string, langs []string) bool {
	s = strings.TrimLeft(s, "¿¡ ")
	if questionOpeners["en"].MatchString(s) {
		return true
	}
	for _, l := range langs {
		if re, ok := questionOpeners[l]; ok && re.MatchString(s) {
			return true
		}
	}
	return false
}

// questionJoint is what may stand between two questions: a question mark,
// a comma or semicolon, or "and" ("and also"; "und", "et", "y").
var questionJoint = quickre.MustCompile(`(?i)\?\s*[¿¡]?(?:(?:and|und|et|y)\s+(?:also\s+)?)?|[,;]\s*(?:(?:and|und|et|y)\s+(?:also\s+)?)?|\s+(?:and|und|et|y)\s+(?:also\s+)?`)

// languageJoints are the "and" of languages whose word for it is another
// language's preposition (Dutch "en", Spanish and French "in"), read only
// in a conversation in that language.
var languageJoints = map[string]quickre.Regexp{
	"pt": quickre.MustCompile(`(?i)\s+e\s+`),
	"it": quickre.MustCompile(`(?i)\s+e\s+`),
	"nl": quickre.MustCompile(`(?i)\s+en\s+`),
}

// backReference is a pronoun that points back ("is it safe to press",
// "how do I make one", "can they be printed"): a question that leans on the one
// before it asks more of the same, and alone, as an option, it would say
// nothing.
var backReference = quickre.MustCompile(`(?i)\b(?:it|its|it's|they|them|their|theirs|one|ones|this|that|these|those|he|she|him|her|there)\b`)

// twoQuestions splits msg made of two questions, each opening as one ("how
// do i add a user and how do i change the wifi password?", "wie lege ich
// einen Benutzer an und wie ändere ich das WLAN-Passwort?"), into the
// first and the rest; ok is false for any other message. langs are the
// languages besides English whose openers count (opensQuestion). Read
// whole, the two requests' words are ranked together and one page wins
// silently: the other question is dropped with no word said. (Each ranked
// alone loses the words they share: measured, the ssa replay lost page
// accuracy.)
func twoQuestions(msg string, langs ...string) (first, rest string, ok bool) {
	msg = strings.TrimSpace(msg)
	if !opensQuestion(msg, langs) {
		return msg, "", false
	}
	joints := questionJoint.FindAllStringIndex(msg, -1)
	for _, l := range langs {
		if re, ok := languageJoints[l]; ok {
			joints = append(joints, re.FindAllStringIndex(msg, -1)...)
		}
	}
	slices.SortFunc(joints, func(a, b []int) int { return a[0] - b[0] })
	for _, loc := range joints {
		first, rest = strings.TrimSpace(msg[:loc[0]]), strings.TrimSpace(msg[loc[1]:])
		// Each question asks something beyond its opener ("how and
		// why?" is one).
		if opensQuestion(rest, langs) && len(strings.Fields(first)) >= 3 && len(strings.Fields(strings.Trim(rest, "¿¡?!. "))) >= 3 && !pointsBack(rest, langs) {
			return first, rest, true
		}
	}
	return msg, "", false
}

// pointsBack reports whether question q leans on the one before it by a
// pronoun (backReference; namesByPronoun in langs).
func pointsBack(q string, langs []string) bool {
	if backReference.MatchString(q) {
		return true
	}
	for _, l := range langs {
		if l != "en" && namesByPronoun(q, l) {
			return true
		}
	}
	return false
}

// unanswered returns which of two questions, first and second, a reply
// did not take up, its end punctuation cut: the one that no heading of
// the reply's nodes (ids: the node it is at, the options it offers)
// names a word of, while the other is named. ok is false when both are
// named (an answer and an option, or options for each) or neither is
// (the reply is about something else: which one was meant is unknown).
// A word both questions have names neither ("change" in "how do I change
// my wallpaper and how do I change the screen resolution", answered with
// the page on changing the resolution), unless it is all one of them has.
func (a *GraphAgent) unanswered(ids []string, first, second string) (other string, ok bool) {
	firstTerms, secondTerms := a.an.terms(lexical.Mask(first)), a.an.terms(lexical.Mask(second))
	own := func(terms, others []string) []string {
		if kept := slices.DeleteFunc(slices.Clone(terms), func(t string) bool { return slices.Contains(others, t) }); len(kept) > 0 {
			return kept
		}
		return terms
	}
	named := func(terms []string) bool {
		for _, id := range ids {
			heading := a.problemTerms(id)
			for _, t := range terms {
				if heading[t] {
					return true
				}
			}
		}
		return false
	}
	switch f, s := named(own(firstTerms, secondTerms)), named(own(secondTerms, firstTerms)); {
	case f && !s:
		other = second
	case s && !f:
		other = first
	default:
		return "", false
	}
	return strings.TrimLeft(strings.TrimRight(other, "?!. "), "¿¡"), true
}

// replyNodes returns the nodes reply r is at and offers.
func replyNodes(r Reply) []string {
	ids := []string{r.NodeID}
	for _, o := range r.Options {
		ids = append(ids, o.NodeID)
	}
	return ids
}

package dialogue

import (
	"strings"

	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/quickre"
)

// questionOpener is how an English question opens: a question word, or an
// auxiliary before its subject ("can I", "is there").
var questionOpener = quickre.MustCompile(`(?i)^(?:how|what|where|why|when|which|who|can\s+(?:i|you|we)|could\s+(?:i|you|we)|is\s+(?:there|it)|are\s+there|do\s+(?:i|you|we)|does|should\s+i)\b`)

// questionJoint is what may stand between two questions: a question mark,
// a comma or semicolon, or "and" ("and also").
var questionJoint = quickre.MustCompile(`(?i)\?\s*(?:and\s+(?:also\s+)?)?|[,;]\s*(?:and\s+(?:also\s+)?)?|\s+and\s+(?:also\s+)?`)

// backReference is a pronoun that points back ("is it safe to press",
// "how do I make one", "can they be printed"): a question that leans on the one
// before it asks more of the same, and alone, as an option, it would say
// nothing.
var backReference = quickre.MustCompile(`(?i)\b(?:it|its|it's|they|them|their|theirs|one|ones|this|that|these|those|he|she|him|her|there)\b`)

// twoQuestions splits msg made of two questions, each opening as one ("how
// do i add a user and how do i change the wifi password?"), into the first
// and the rest; ok is false for any other message. Read whole, the two
// requests' words are ranked together and one page wins silently: the
// other question is dropped with no word said. (Each ranked alone loses
// the words they share: measured, the ssa replay lost page accuracy.)
func twoQuestions(msg string) (first, rest string, ok bool) {
	msg = strings.TrimSpace(msg)
	if !questionOpener.MatchString(msg) {
		return msg, "", false
	}
	for _, loc := range questionJoint.FindAllStringIndex(msg, -1) {
		first, rest = strings.TrimSpace(msg[:loc[0]]), strings.TrimSpace(msg[loc[1]:])
		// Each question asks something beyond its opener ("how and
		// why?" is one).
		if questionOpener.MatchString(rest) && len(strings.Fields(first)) >= 3 && len(strings.Fields(strings.TrimRight(rest, "?!. "))) >= 3 && !backReference.MatchString(rest) {
			return first, rest, true
		}
	}
	return msg, "", false
}

// unanswered returns which of two questions, first and second, a reply
// did not take up, its end punctuation cut: the one that no heading of
// the reply's nodes (ids: the node it is at, the options it offers)
// names a word of, while the other is named. ok is false when both are
// named (an answer and an option, or options for each) or neither is
// (the reply is about something else: which one was meant is unknown).
func (a *GraphAgent) unanswered(ids []string, first, second string) (other string, ok bool) {
	named := func(q string) bool {
		terms := a.an.terms(lexical.Mask(q))
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
	switch f, s := named(first), named(second); {
	case f && !s:
		other = second
	case s && !f:
		other = first
	default:
		return "", false
	}
	return strings.TrimRight(other, "?!. "), true
}

// replyNodes returns the nodes reply r is at and offers.
func replyNodes(r Reply) []string {
	ids := []string{r.NodeID}
	for _, o := range r.Options {
		ids = append(ids, o.NodeID)
	}
	return ids
}

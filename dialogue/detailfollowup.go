package dialogue

import (
	"regexp"
	"slices"
	"strings"
)

// detailOpener opens a follow-up that adds a detail to the request before
// it ("what about on windows?", "and on android?", "und auf dem Mac?",
// "et sous Linux ?", "¿y en el iPhone?"): function words, in the
// catalog's languages.
var detailOpener = regexp.MustCompile(`(?i)^[\s¿¡]*(?:what about|how about|and|also|und was ist mit|was ist mit|und|et|y)(?:\s|,)+`)

// detailPhrase is the most words a detail after its opener has: a phrase
// ("on my tv box", "auf dem Mac"), not a request of its own ("and add a
// custom filter list?").
const detailPhrase = 4

// detailFollowUp reports whether msg, of terms terms, is a follow-up that
// names a detail of the request before it, not a request of its own: a
// detail opener, then a phrase of at most detailPhrase words with at most
// bareReply terms that asks nothing itself ("and how do I print?", "et
// comment imprimer ?": opensQuestion in any language). Read alone, its
// word ("windows") matches whatever page is about that word ("modal
// windows", "switch between windows"). A purpose ("et pour la mettre par
// défaut ?", and to make it the default) is a phrase longer than a detail.
func detailFollowUp(msg string, terms int) bool {
	loc := detailOpener.FindStringIndex(msg)
	if loc == nil || terms == 0 || terms > bareReply {
		return false
	}
	rest := strings.TrimRight(msg[loc[1]:], "?!.… \t\n？！。")
	n := len(strings.Fields(rest))
	return n > 0 && n <= detailPhrase && !opensQuestion(rest, detailLanguages)
}

// detailLanguages are the languages whose question openers a detail
// never opens with: a question word is no detail in any of them.
var detailLanguages = []string{"de", "fr", "es", "pt", "it", "nl"}

// detailsMiss reports whether a message, said at no node (atNode false)
// after a request (saidBefore), is a detail of that request's case ("on
// my iphone", "i'm on android": detail returns it, see caseDetailOf,
// read only when the state calls for it) told just after the request was
// missed: the last reply (last) asked, about no node, to rephrase or
// which of some topics. It details the request missed, not one of its
// own.
func detailsMiss(detail func() string, atNode, saidBefore bool, last Turn) bool {
	return !atNode && saidBefore && last.Action == Clarification && last.NodeID == "" && detail() != ""
}

// saidBefore returns the distinctive terms of what the conversation said
// before the message whose own terms are own: of the user's earlier words
// and the problem of node id (the one being discussed), less own, those
// weighing at least distinctiveShare of the weightiest. A word on every
// page of the help center ("block", "ads" on an ad blocker's) is held by
// pages about anything.
func (a *GraphAgent) saidBefore(s *Session, id string, own []string) []string {
	problem, _ := a.problemWords(id)
	said := slices.DeleteFunc(uniqueTerms(slices.Concat(a.topic(s), a.an.termsOf(problem, nil))), func(t string) bool {
		return slices.Contains(own, t) || a.an.filler.has(t) || a.an.model.IsStopWord(t) || a.lex.idf(t) == 0
	})
	return distinctiveTerms(said, a.lex.idf)
}

// distinctiveShare is the share of the weightiest term's weight a term
// needs to be one of distinctiveTerms.
const distinctiveShare = 0.8

// distinctiveTerms returns those of terms weighing (weight) at least
// distinctiveShare of the weightiest.
func distinctiveTerms(terms []string, weight func(string) float64) []string {
	most := 0.0
	for _, t := range terms {
		most = max(most, weight(t))
	}
	return slices.DeleteFunc(slices.Clone(terms), func(t string) bool { return weight(t) < distinctiveShare*most })
}

// nodeHoldsAny reports whether node id is about one of terms: has it in
// its own or context fields (its heading, condition, intents, page title
// or ancestors).
func (a *GraphAgent) nodeHoldsAny(id string, terms []string) bool {
	d, ok := a.doc[id]
	if !ok {
		return false
	}
	for _, t := range terms {
		tid, ok := a.lex.dict[t]
		if !ok {
			continue
		}
		if f := a.lex.nodeField(int32(d), tid); f == fieldOwn || f == fieldContext {
			return true
		}
	}
	return false
}

package dialogue

import (
	"slices"
	"strings"
	"sync"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// A resolution needs the request's distinctive words. The ranking matches
// a node on the words it shares with a request, however generic, so a
// node holding "how far ahead", "change" or "account" answers a request
// that is about something else ("how far ahead can I buy train
// tickets"), and mid-conversation the page being discussed keeps such a
// request. What a word tells of this help center is how few of its pages
// use it: a word on every page is generic here, one on a page or two
// names a topic, and a word no page has names what the help center never
// mentions (a product, a service, an institution). A node holds a word
// as the ranking's coverage counts it: in full in what it is about, less
// where its answer alone names it (heldShare). A node that holds too
// little of the request so weighed is not answered from: the user is
// asked whether it is what they mean (moveAskAbout).

// unknownRarity is the weight of a word no page has, as a share of the
// rarest word's: as rare as the rarest, since no page has it. (Half, as
// long as chat such as "actually" was weighed too, left 2 more of 120
// near-domain questions answered cold and 6 more mid-conversation.)
const unknownRarity = 1.0

// bodyShare is the share of its weight a word keeps when no node is about
// it (no problem, condition, intent or heading above has it), only in the
// pages' text: a word a page or two use in passing ("instead",
// "either") names no topic of theirs. A quarter: a half still doubted
// a request ending in "instead" on the sample help center (its pages
// use "instead" twice); make eval-questions and make eval-ssa move little
// between 1 and 0.25 (see the commit).
const bodyShare = 0.25

// repeatShare is the share of its weight a word keeps, on the page being
// discussed, when the user said it earlier in the conversation: the
// page's topic carried into a new request ("how do I add arrows to the
// screenshot" after "how do I take a screenshot") says little of
// what is asked now; the new words must be held. A message that opens as
// a follow-up ("and", "what if") continues the topic by its form, and
// keeps the whole weight. Half: 0.75 and 0.6 the same on the near sets,
// none lower replay page accuracy less (see the commit).
const repeatShare = 0.5

// heldRequest is what answersRequest reads: the request's term weights
// (their IDF over whole pages; 0 for a word no page has), the weight of
// the graph's rarest word, and, by position, the share of each term's
// weight the node holds (see heldShare).
type heldRequest struct {
	weights []float64
	rarest  float64
	held    []float64
}

// weight is the weight of the request's i-th word, a word no page has
// weighing unknownRarity of the rarest word's.
func (h heldRequest) weight(i int) float64 {
	if w := h.weights[i]; w > 0 {
		return w
	}
	return unknownRarity * h.rarest
}

// sums returns the request's weight that h holds, and its whole weight.
func (h heldRequest) sums() (got, total float64) {
	for i := range h.weights {
		w := h.weight(i)
		total += w
		got += w * h.held[i]
	}
	return got, total
}

// share is the share of the request's weight h holds.
func (h heldRequest) share() float64 {
	got, total := h.sums()
	if total == 0 {
		return 0
	}
	return got / total
}

// answersRequest reports whether a node holds minCoverage of a request's
// weight.
func answersRequest(h heldRequest, minCoverage float64) bool {
	got, total := h.sums()
	return total == 0 || got >= minCoverage*total
}

// A node that holds the request's generic half while a word the help
// center uses elsewhere is nowhere in it (not in what it is about, where
// it sits or its answer, nor on the page being discussed) is a chance
// match: "when will I get my tax refund from the IRS" has "tax" in a
// heading and "refund" nowhere; "my laptop won't turn on after the
// Windows update" holds "turn" and "Windows", not "laptop". Such a node
// must hold a clear majority of the request, clearShare of MinCoverage,
// to answer; a word weighing less than lackedWeight of the request's
// average word is not missed, and a word no page has is weighed by
// unknownRarity already (counted here too, a small help center's "see"
// or "page" doubted requests it answers). A clear majority whatever the
// node lacks, 1.1 or 1.2 of MinCoverage, turns many more answers of the
// ssa replay into questions (token F1 0.231 → 0.222 and 0.217).
const (
	clearShare   = 1.1
	lackedWeight = 0.5
)

// neededShare returns the share of the request's weight a node must hold
// to answer it: minCoverage, or clearShare of it when the node lacks a
// word of the request (lacksWord).
func neededShare(h heldRequest, minCoverage float64) float64 {
	if lacksWord(h) {
		return clearShare * minCoverage
	}
	return minCoverage
}

// lacksWord reports whether the node lacks outright (held 0) a word of
// the request the help center uses, weighing lackedWeight of the
// request's average word or more.
func lacksWord(h heldRequest) bool {
	if len(h.weights) == 0 {
		return false
	}
	var total float64
	for i := range h.weights {
		total += h.weight(i)
	}
	least := lackedWeight * total / float64(len(h.weights))
	for i := range h.weights {
		if h.weights[i] > 0 && h.held[i] == 0 && h.weights[i] >= least {
			return true
		}
	}
	return false
}

// quoteStands reports whether a quote of a node's text (see holdsRequest)
// answers the request whatever else it says. Asked first, or on the page
// being discussed, it does. Later in a conversation, a quote found on
// another page, whose node lacks a word of the request (lacksWord), does
// not: three words in a row of that page's text ("run it automatically
// every" beside a scheduler the node never names) are chance wording
// beside what is asked, and, unlike an error message read off the screen,
// no reason to leave the page being discussed (leaves) for a node that
// does not hold the request.
func quoteStands(h heldRequest, leaves bool) bool {
	return !leaves || !lacksWord(h)
}

// heldShare is the share of a request word's weight a node holds: what
// the ranking's coverage counts for the first of the node's fields that
// has it (fieldCoverageWeight: in full in what the node is about, half in
// its answer alone), and in full when the page being discussed has it (a
// follow-up asks about the page); none when neither has it. A node whose
// answer names a thing in passing ("bring your driver's license", "your
// Apple ID") is not about it: a request about that thing needs more of
// its words elsewhere in the node.
func heldShare(field int, onPage bool) float64 {
	switch {
	case onPage:
		return 1
	case field >= 0:
		return fieldCoverageWeight[field]
	}
	return 0
}

// holdsRequest reports whether node id, found for msg, answers it (see
// answersRequest), asked first or mid-conversation alike. The message's
// own words count, never the conversation's: earlier words do not carry
// a request ("and how do I pay my gym with it?"), and on the page being
// discussed the message's words that repeat them weigh less
// (repeatShare); chat ("actually") counts for nothing. On the page being discussed the page, not only the node,
// holds what a follow-up asks ("and for deaf callers?"). A message that
// answers the agent with the user's situation ("yes, I was abroad")
// passes, and so does a long one, whose words are mostly its story, and
// one that quotes the node (see quoteStands).
func (a *GraphAgent) holdsRequest(s *Session, id string, msg *reading) bool {
	n := a.ix.Node(id)
	if n == nil || msg.yesStatement || len(msg.terms) > 2*shortRequest {
		return true
	}
	cur := a.ix.Node(s.CurrentNode)
	onPage := cur != nil && cur.Page == n.Page
	var said []string
	if onPage && !msg.followUpForm {
		said = a.topic(s)
	}
	d := a.doc[id]
	h := a.requestHeld(msg, int32(d), onPage, said)
	if answersRequest(h, neededShare(h, a.opts.MinCoverage)) {
		return true
	}
	// A quote of the node's text (an error message read off the screen:
	// quotedRun words in a row) is about it whatever else the request
	// says, unless it leads off the page being discussed to a node that
	// lacks a word of the request (quoteStands).
	return hasRun(msg.terms, a.resolutionTerms(d), quotedRun) && quoteStands(h, cur != nil && !onPage)
}

// requestHeld weighs msg's words as holdsRequest does, with the share of
// each that node d holds (heldShare), or all of it where, with wholePage,
// its page has the word; the words of said weigh repeatShare.
func (a *GraphAgent) requestHeld(msg *reading, d int32, wholePage bool, said []string) heldRequest {
	uniq, ids, _, _ := a.lex.queryTerms(msg.terms)
	p := a.lex.pageOf[d]
	h := heldRequest{weights: make([]float64, 0, len(ids)), held: make([]float64, 0, len(ids)), rarest: a.rarest.of(a.lex.pages.IDF)}
	for i, t := range ids {
		if a.an.filler.has(uniq[i]) || a.an.model.IsStopWord(uniq[i]) {
			// "actually", "great", "umm": chat, not what is asked; and a
			// stop word's form ("others", "wants") stems to the stop
			// word, which no page indexes: it asks nothing either.
			continue
		}
		w, held := 0.0, 0.0
		if t >= 0 {
			w = a.lex.pages.IDF[t]
			if a.lex.fields[fieldOwn].IDF[t] == 0 && a.lex.fields[fieldContext].IDF[t] == 0 {
				w *= bodyShare
			}
			held = heldShare(a.lex.nodeField(d, t), wholePage && a.lex.pageHas(p, t))
		}
		if w > 0 && slices.Contains(said, uniq[i]) {
			w *= repeatShare
		}
		h.weights = append(h.weights, w)
		h.held = append(h.held, held)
	}
	return h
}

// pickHolds reports whether pending option i, which reply r was matched
// to, answers it. An option named by its form ("the third one", "yes") is
// picked; one matched on the words a request shares with it must hold
// the request as an answer found afresh would (holdsRequest): "how do I
// change the email on my iphone mail app" shares "change" and "email"
// with the option "E-mail address", and is another request.
func (a *GraphAgent) pickHolds(s *Session, r *reading, i int) bool {
	if a.embed != nil || a.opts.LLM != nil {
		return true // they judge meaning themselves
	}
	if s.doubtOpen() && len(ownWords(r.terms, a.an.terms(lexical.Mask(s.PendingOptions[i].Label)), a.asksNothing)) > 0 {
		return false
	}
	if _, byForm := optionByForm(r, s.PendingOptions); byForm {
		return true
	}
	if labels := optionLabels(s.PendingOptions); optionByLoanword(r.text, labels) == i || optionByPrefix(r.text, labels) == i {
		return true // its name in katakana, or shortened: named, as by its form
	}
	return a.holdsRequest(s, s.PendingOptions[i].NodeID, r)
}

// ownWords returns the words of terms that are not the option label's nor
// ask nothing (ordinals, fillers): a reply to "Is it about this?" made of
// the option's own words or its place names it ("the first rows", "the
// first one"); one with words of its own ("and the first column?") is a
// new request, not a yes to a node the customer never accepted.
func ownWords(terms, label []string, asksNothing func(string) bool) []string {
	var own []string
	for _, t := range terms {
		if !slices.Contains(label, t) && !asksNothing(t) {
			own = append(own, t)
		}
	}
	return own
}

// asksNothing reports whether term t says nothing a node could answer:
// an ordinal or number naming an option by its place ("the first one"),
// a yes or no, a filler or a stop word.
func (a *GraphAgent) asksNothing(t string) bool {
	_, ordinal := ordinals[t]
	return ordinal || t == "one" || strings.Trim(t, "0123456789") == "" || actYes.MatchString(t) || actNo.MatchString(t) ||
		a.an.filler.has(t) || a.an.model.IsStopWord(t)
}

// nodeField returns the first of node d's fields that has term t, or -1:
// a look-up in the term's postings, not a search.
func (lx *lexicalIndex) nodeField(d, t int32) int {
	for f := range lx.fields {
		if _, ok := slices.BinarySearch(lx.fields[f].Docs[t], d); ok {
			return f
		}
	}
	return -1
}

// pageHas reports whether page p has term t.
func (lx *lexicalIndex) pageHas(p, t int32) bool {
	_, ok := slices.BinarySearch(lx.pages.Docs[t], p)
	return ok
}

// rarestWeight holds the weight of a graph's rarest word, found on first use.
type rarestWeight struct {
	once sync.Once
	w    float64
}

func (r *rarestWeight) of(weights []float64) float64 {
	r.once.Do(func() {
		if len(weights) > 0 {
			r.w = slices.Max(weights)
		}
	})
	return r.w
}

// asksOnAnswer reports whether r, whose best match is the node whose
// answer was just given (onAnswer), asks more of that answer: a short
// question (pronounRequest terms at most) naming it by a pronoun ("how do
// I turn it back off" after the steps to turn it on), not one about the
// answer itself ("how long does it take?", see asksAboutAnswer). Its
// other words ("back") need not be the node's: the node is what "it" is,
// and the reply gives the part of it not said yet (focus), where the
// distinctive-words guard asked "Is it about this?" of the very node just
// answered. A short question opening as a follow-up does ("and the first
// column too?", "what about two rows" after the steps to freeze a row)
// asks more of the same answer as well when its best match is that node,
// as does one that names the answer's action by do and a pronoun ("can I
// do that for several sheets at once?": doesAnswer).
// A longer one says itself what it is about ("can I run it every
// morning with the task scheduler"), and the guard stands.
func asksOnAnswer(r *reading, onAnswer bool) bool {
	n := requestLength(r.text, len(r.terms))
	aboutItself := r.asksAboutAnswer() && !doesAnswer.MatchString(r.text)
	return onAnswer && r.question && (r.pronoun || r.followUpForm) && n > 0 && n <= pronounRequest && !aboutItself
}

// unknown returns how many of the request's words no page has.
func (h heldRequest) unknown() int {
	n := 0
	for _, w := range h.weights {
		if w == 0 {
			n++
		}
	}
	return n
}

package dialogue

import (
	"slices"
	"strings"
)

// A reply to "Is it about this?" that is not a bare yes: the customer
// answers with what their case is ("she was getting retirement
// benefits", "yes, it's on my phone", "it's the desktop app"), as people
// answer such a question. Ranked as a new request, its words ("benefits",
// "phone", "app") lead to another page; read as the answer it is, it
// assents, and the node asked about is shown (moveShowAsked), unless the
// message clearly asks about something else.

// askedState is what assentsToAsked reads of the conversation and of the
// message's own search.
type askedState struct {
	// open: the last reply asked whether the request is about its one
	// option, a node (actState.yesNo).
	open bool
	// namesAsked: the message names a word the node asked about is about
	// (its heading, condition, intents, page title or ancestors) that the
	// user had not said before.
	namesAsked bool
	// repeats: the message says an earlier request of the user's again
	// (nearly all of its words): the request restated, not an answer.
	repeats bool
	// pageWords: the message has a word of the pages (hasPageWords); one
	// with none tells a detail no page has, which the miss policy answers
	// (moveShowAsked for a doubted node, else moveOfferPerson).
	pageWords bool
	// detail: the message tells a detail of the customer's case by its
	// form ("it's a lenovo laptop", "c'est un portable lenovo":
	// caseDetailOf): their situation, whatever page its words find.
	detail bool
	// movesAway reports whether the message's own words find a node on
	// another page that is about them, whose page holds more of them than
	// the asked node's page (see GraphAgent.movesAwayFrom). It searches:
	// called only when nothing else decides.
	movesAway func() bool
}

// assentsToAsked reports whether r answers the open question "Is it about
// this?" with a yes: a statement in the pages' words (not a question, nor
// a request put as one: isQuestion), neither denying nor saying the
// request again, that
// names what the node asked about is about, tells a detail of the case
// by its form, or adds the customer's situation without clearly moving
// away (another page holds it better).
// A question is a request of its own, and is ranked as one.
func assentsToAsked(r *reading, st askedState) bool {
	if !st.open || !st.pageWords || r.act != ActNone || r.lead == ActNo || r.neg || st.repeats {
		return false
	}
	return !r.question && (st.namesAsked || st.detail || !st.movesAway())
}

// asksOfAsked reports whether r, said while "Is it about this?" is open
// (st), asks about the topic asked about, named by a pronoun: a short
// question (pronounRequest terms at most) naming it by it, that or this
// ("how can I change that?" after "Is it about this? The screen locks
// itself too quickly"), whose words do not clearly move away (as for
// assentsToAsked: "how does she accept or reject them" names another
// page's topic). It takes the topic for its own: read alone, its other
// words ("change") found any page that changes something.
func asksOfAsked(r *reading, st askedState) bool {
	n := requestLength(r.text, len(r.terms))
	if !st.open || !st.pageWords || !r.question || !(r.pronoun || r.refersBack) || r.act != ActNone || r.lead == ActNo || r.neg || n == 0 || n > pronounRequest {
		return false
	}
	return st.namesAsked || !st.movesAway()
}

// earlierRequests returns the terms of the user's messages before the one
// being answered, the latest first.
func (a *GraphAgent) earlierRequests(s *Session) [][]string {
	var earlier [][]string
	h := s.turns()
	for i := len(h) - 2; i >= 0; i-- {
		if t := h[i]; t.Role == "user" {
			earlier = append(earlier, a.earlier.get(t.Text, a.readEarlier).terms)
		}
	}
	return earlier
}

// restatedShare is the share of an earlier request's terms a message must
// hold to say that request again.
const restatedShare = 0.8

// restates reports whether msg (terms) holds restatedShare of the terms of
// one of the earlier messages.
func restates(msg []string, earlier [][]string) bool {
	for _, e := range earlier {
		e = uniqueTerms(e)
		if len(e) == 0 {
			continue
		}
		held := 0
		for _, t := range e {
			if slices.Contains(msg, t) {
				held++
			}
		}
		if float64(held) >= restatedShare*float64(len(e)) {
			return true
		}
	}
	return false
}

// isQuestion reports whether msg asks something rather than stating:
// it has a question mark, or one of its clauses opens (after a lead such
// as "and" or "so") with a question word ("how", "can", "is": "my
// battery is swollen, is it safe") or says what the customer wants ("I
// need to ...", "tell me ..."). The words are English; elsewhere the mark
// tells.
func isQuestion(msg string) bool {
	if strings.Contains(msg, "?") {
		return true
	}
	for _, clause := range strings.FieldsFunc(strings.ToLower(msg), func(r rune) bool { return strings.ContainsRune(",;.!:\n", r) }) {
		words := strings.Fields(dropFillers(clause))
		for len(words) > 0 && questionLeads[words[0]] {
			words = words[1:]
		}
		if len(words) == 0 {
			continue
		}
		if questionWords[words[0]] || requestLeads[words[0]] || (len(words) > 1 && wantsLeads[[2]string{words[0], words[1]}]) {
			return true
		}
	}
	return false
}

// wantsLeads and requestLeads open a clause that says what the customer
// wants: a request put as a statement ("I need ...", "help!").
var (
	wantsLeads = map[[2]string]bool{
		{"i", "want"}: true, {"i", "need"}: true, {"i", "would"}: true, {"i'd", "like"}: true, {"i", "wanna"}: true,
		{"i'm", "looking"}: true, {"im", "looking"}: true, {"tell", "me"}: true, {"show", "me"}: true, {"i", "wonder"}: true,
	}
	requestLeads = map[string]bool{"help": true}
)

// askedStateOf reads, for message r in session s, what assentsToAsked
// needs; only while the question "Is it about this?" is open does it
// search (the message's own words, once).
func (a *GraphAgent) askedStateOf(s *Session, r *reading) askedState {
	st := askedState{open: a.actState(s).yesNo}
	if st.pageWords = a.hasPageWords(r, false); !st.open || !st.pageWords {
		return st
	}
	asked := a.ix.Node(s.PendingOptions[0].NodeID)
	earlier := a.earlierRequests(s)
	st.repeats = restates(r.terms, earlier)
	st.detail = r.caseDetailIn(s.Lang, a.langs.lang) != ""
	st.namesAsked = a.namesNode(asked.ID, r, slices.Concat(earlier...))
	st.movesAway = func() bool { return a.movesAwayFrom(asked.Page, r) }
	return st
}

// namesNode reports whether r has a word, not among said, that node id
// is about (its own or its context fields), chat and stop words aside.
func (a *GraphAgent) namesNode(id string, r *reading, said []string) bool {
	d, ok := a.doc[id]
	if !ok {
		return false
	}
	uniq, ids, _, _ := a.lex.queryTerms(r.terms)
	for i, t := range ids {
		if t < 0 || a.an.filler.has(uniq[i]) || a.an.model.IsStopWord(uniq[i]) || slices.Contains(said, uniq[i]) {
			continue
		}
		if f := a.lex.nodeField(int32(d), t); f == fieldOwn || f == fieldContext {
			return true
		}
	}
	return false
}

// movesAwayFrom reports whether r's own words clearly lead away from the
// page at url: their best match that says something is on another page,
// is about them (MinCoverage of them in its own fields and context, not
// only in its answer: "the lights come on" is no request about a page
// whose steps end "the lights come on"), and its page holds more of r
// than the best match on url's page, or its title all of it (movesAway).
func (a *GraphAgent) movesAwayFrom(url string, r *reading) bool {
	// Chat asks for nothing: "im on android actually" is about Android
	// as much as "im on android" is (matched, "actually" halved its
	// coverage of the Android pages, and the iPhone section asked about
	// was shown).
	terms := slices.DeleteFunc(slices.Clone(r.terms), a.an.filler.has)
	if len(terms) == 0 {
		return false
	}
	q := query{terms: terms, neg: r.neg}
	var top candidate
	for _, c := range a.lexical(q, nil, 10) {
		if !a.isHollow(c.id) {
			top = c
			break
		}
	}
	if top.id == "" || a.ix.Node(top.id).Page == url || top.ownCoverage < a.opts.MinCoverage {
		return false
	}
	page := map[string]bool{}
	for _, id := range a.ix.PageNodes(url) {
		page[id] = true
	}
	var here candidate
	if near := a.lexical(q, page, 1); len(near) > 0 {
		here = near[0]
	}
	return a.movesAway(top, here, terms)
}

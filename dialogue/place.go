package dialogue

import (
	"math/bits"
	"slices"
)

// The conversation's place (the current node's neighbourhood and page) and
// what pages' titles say: where a request that matches weakly is answered,
// when a better match elsewhere is a change of topic, and which of tied
// candidates is on the page about the request.

// stayShare is the share of the usual coverage that a node in the
// conversation's place needs when nothing anywhere matches well enough.
const stayShare = 0.3

// answerShare is the share (IDF-weighted) of a follow-up's terms that a
// section of the conversation's place must hold to answer it though only
// its answer text has them: most of what the user said.
const answerShare = 0.5

// stayOnPage returns the best node in the conversation's place (the
// current node's neighbourhood and the rest of its page) for a request that
// matches nothing well enough anywhere, or "". Mid-conversation, a user
// tells their story around the topic in words no heading has ("my neighbour
// said the money comes back once the warehouse has the parcel"): a section
// of the page being discussed that shares some of them, even only in its
// answer, is a better reply than asking them to rephrase.
//
// A share above 0 is the share (IDF-weighted) of q's terms the node must
// hold.
func (a *GraphAgent) stayOnPage(s *Session, q query, share float64) string {
	hood := a.place(s)
	if hood == nil {
		return ""
	}
	for _, c := range a.lexical(q, hood, 3) {
		if a.isHollow(c.id) {
			continue
		}
		if share > 0 {
			if _, _, weight, total := a.lex.queryTerms(q.terms); maskShare(weight, total, c.matched) < share {
				continue
			}
		}
		if c.coverage >= a.opts.MinCoverage*stayShare {
			return c.id
		}
		break
	}
	return ""
}

// shortRequest is the most terms a request can have and still lean on the
// conversation as a follow-up, or be judged by its unknown words.
const shortRequest = 4

// mostlyUnknown reports whether most of terms are words no node has.
func (a *GraphAgent) mostlyUnknown(terms []string) bool {
	unknown := 0
	for _, t := range terms {
		if a.lex.idf(t) == 0 {
			unknown++
		}
	}
	return 2*unknown > len(terms)
}

// allUnknown reports whether no page has any of terms.
func (a *GraphAgent) allUnknown(terms []string) bool {
	for _, t := range terms {
		if a.lex.idf(t) != 0 {
			return false
		}
	}
	return true
}

// chanceMatch reports whether best, the best match for terms, shares one
// of them while another is a word no node has.
func (a *GraphAgent) chanceMatch(terms []string, best candidate) bool {
	if bits.OnesCount64(best.matched) != 1 {
		return false
	}
	for _, t := range terms {
		if a.lex.idf(t) == 0 {
			return true
		}
	}
	return false
}

// movesAway reports whether a message clearly moves away from the
// conversation's place, where here is its best match, to there, its best
// match elsewhere: there's page holds more of the message than here's, or
// there's page title has all of the message's terms and here's does not
// ("where do I find my confirmation code?" while changing a booking, whose
// page mentions the code too). A follow-up in generic words ("when can I
// start?") often matches a heading elsewhere better than any here, but the
// page being discussed has its words too: it stays. terms are the
// message's terms (with a follow-up's, the current problem's).
func (a *GraphAgent) movesAway(there, here candidate, terms []string) bool {
	if there.pageCoverage > here.pageCoverage+1e-9 {
		return true
	}
	return a.titleShare(there.id, terms) >= fullTitle && a.titleShare(here.id, terms) < fullTitle
}

// pageHolds reports whether a node of the pages being discussed (see
// discussed) is about one of terms, which m scored: has it in its
// heading, condition or intents, or in its page's title or its ancestors'
// headings. A word the pages' text only mentions in passing names no
// section of theirs to go on with.
func (a *GraphAgent) pageHolds(s *Session, m *lexicalMatch, terms []string) bool {
	pages := a.discussed(s)
	if pages == nil || len(terms) == 0 {
		return false
	}
	return slices.ContainsFunc(a.candidates(m, query{terms: terms}, pages, len(pages)), func(c candidate) bool { return c.own != 0 })
}

// pageLacks reports whether the page of node id lacks one of terms that
// some page has (stop words aside): the message names something the page
// being discussed never mentions.
func (a *GraphAgent) pageLacks(id string, terms []string) bool {
	uniq, ids, _, _ := a.lex.queryTerms(terms)
	p := a.lex.pageOf[a.doc[id]]
	for i, t := range ids {
		if t >= 0 && !a.an.model.IsStopWord(uniq[i]) && !a.lex.pageHas(p, t) {
			return true
		}
	}
	return false
}

// discussed is the nodes of the page being discussed, the current node's,
// and while the question whether the request is about a doubted node is
// open, that node's page: the conversation's place less the pages the
// current node links to. nil: no page is discussed yet.
func (a *GraphAgent) discussed(s *Session) map[string]bool {
	var nodes map[string]bool
	for _, n := range []string{s.CurrentNode, s.Doubted} {
		node := a.ix.Node(n)
		if node == nil || n == s.Doubted && !s.doubtOpen() {
			continue
		}
		if nodes == nil {
			nodes = map[string]bool{}
		}
		for _, id := range a.ix.PageNodes(node.Page) {
			nodes[id] = true
		}
	}
	return nodes
}

// place is the conversation's place: the current node's neighbourhood and
// the rest of its page, and while the question whether the request is
// about a doubted node is open (askAbout), that node's page too: the page
// the user was last shown, found on the request's words. nil: the
// conversation has no place yet.
func (a *GraphAgent) place(s *Session) map[string]bool {
	var hood map[string]bool
	if cur := a.ix.Node(s.CurrentNode); cur != nil {
		hood = a.ix.Neighbourhood(cur.ID, a.opts.Hops)
		for _, id := range a.ix.PageNodes(cur.Page) {
			hood[id] = true
		}
	}
	if d := a.ix.Node(s.Doubted); d != nil && s.doubtOpen() {
		if hood == nil {
			hood = map[string]bool{}
		}
		for _, id := range a.ix.PageNodes(d.Page) {
			hood[id] = true
		}
	}
	return hood
}

// titleWeight is how much a tied candidate's page title holding all of the
// request's terms adds to its fit: less than being near, more than the
// ancestor preferences.
const titleWeight = 0.1

// fullTitle is the title share from which a page's title counts as having
// all of the request's words.
const fullTitle = 0.99

// titleFit is what the title of a tied candidate's page, holding share
// (IDF-weighted) of the request's terms, adds to the candidate's fit: its
// share of titleWeight, and titleWeight again for a title with all of
// them. A title naming the whole request is the page about it (as for
// movesAway); one naming most of it, beside other words, is a page about
// something more specific ("apply for a refund": the page "Applying
// for a Refund", not a section of "Refunds: Who Qualifies" scoring a
// little higher).
func titleFit(share float64) float64 {
	fit := titleWeight * share
	if share >= fullTitle {
		fit += titleWeight
	}
	return fit
}

// titleShare is the share of terms' weight (as in coverage) that the title
// of node id's page has.
func (a *GraphAgent) titleShare(id string, terms []string) float64 {
	n := a.ix.Node(id)
	if n == nil {
		return 0
	}
	title := a.titleTerms(n.Page)
	if len(title) == 0 {
		return 0
	}
	return a.weightedShare(terms, func(t string) bool {
		_, ok := slices.BinarySearch(title, t)
		return ok
	})
}

// weightedShare is the share of the weight of terms, each counted once,
// that held says are there: a term weighs its IDF, a word no node uses
// unknownIDF. 0 for no terms.
func (a *GraphAgent) weightedShare(terms []string, held func(string) bool) float64 {
	var got, total float64
	for _, t := range uniqueTerms(terms) {
		w := a.lex.idf(t)
		if w == 0 {
			w = a.lex.unknownIDF
		}
		total += w
		if held(t) {
			got += w
		}
	}
	if total == 0 {
		return 0
	}
	return got / total
}

// titleTerms returns the sorted distinct terms of the title of the page at
// url, read once per page.
func (a *GraphAgent) titleTerms(url string) []string {
	if v, ok := a.titles.Load(url); ok {
		return v.([]string)
	}
	var terms []string
	if p := a.ix.Page(url); p != nil {
		terms = a.an.terms(p.Title)
		slices.Sort(terms)
		terms = slices.Compact(terms)
	}
	a.titles.Store(url, terms)
	return terms
}

// leavesTopic reports whether node id, the best match of a message's own
// words, is off the pages being discussed (see discussed) and its page
// holds less of what the conversation said before (the topic's terms,
// IDF-weighted) than the current node's page: the message's words lead
// away from what it is talking about.
func (a *GraphAgent) leavesTopic(s *Session, id string) bool {
	if a.discussed(s)[id] {
		return false
	}
	topic := a.topic(s)
	return a.topicShare(id, topic) < a.topicShare(s.CurrentNode, topic)
}

// topicShare is the share of terms' weight (as in coverage) that node
// id's whole page has.
func (a *GraphAgent) topicShare(id string, terms []string) float64 {
	d, ok := a.doc[id]
	if !ok {
		return 0
	}
	p := a.lex.pageOf[d]
	return a.weightedShare(terms, func(t string) bool {
		tid, ok := a.lex.dict[t]
		return ok && a.lex.pageHas(p, tid)
	})
}

// maxVia bounds how many of a node's words sameThingOnPage tries, each a
// look-up on the page being discussed: a node about one thing says what
// it is in its first words ("iPhone: Requires iOS 13 or later.").
const maxVia = 8

// headingIsReply reports whether a node's heading (its terms) is the
// bare reply's words and nothing more ("iPhone" for "on my iphone"): its
// text then says what the thing is. A heading that says more ("The card
// was declined for another reason" for "another reason") is about
// something else, and its text's words are that thing's.
func headingIsReply(heading, own []string) bool {
	if len(heading) == 0 {
		return false
	}
	for _, t := range heading {
		if !slices.Contains(own, t) {
			return false
		}
	}
	return true
}

// sameThingOnPage returns, for a bare reply whose own words no section of
// the page being discussed is about ("on my iphone" to a page whose
// sections say "iOS"), the words of the text of its best match elsewhere,
// a node whose heading is the reply (headingIsReply: "iPhone: Requires
// iOS 13 or later."), that a section of the page being discussed is
// about: the help center's own words for the thing named, read off its
// pages, not a list of synonyms. nil when there is none.
func (a *GraphAgent) sameThingOnPage(s *Session, m *lexicalMatch, own []string) []string {
	pages := a.discussed(s)
	if pages == nil || len(own) == 0 {
		return nil
	}
	best := a.candidates(m, query{terms: own}, nil, 1)
	if len(best) == 0 || pages[best[0].id] || best[0].ownCoverage < 1 {
		return nil
	}
	if problem, _ := a.problemWords(best[0].id); !headingIsReply(a.an.termsOf(problem, nil), own) {
		return nil
	}
	var via []string
	tried := 0
	for _, t := range uniqueTerms(a.resolutionTerms(a.doc[best[0].id])) {
		if slices.Contains(own, t) || a.an.filler.has(t) || a.an.model.IsStopWord(t) {
			continue
		}
		if tried++; tried > maxVia {
			break
		}
		wm := a.lex.match([]string{t}, nil)
		if a.pageHolds(s, wm, []string{t}) {
			via = append(via, t)
		}
		wm.release()
	}
	return via
}

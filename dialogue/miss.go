package dialogue

import (
	"cmp"
	"slices"
	"strings"
)

// What a message that matched nothing well gets: a choice of the nearest
// topics, the page that clearly leads on whole-page evidence (or the two
// near-tied there), or the not-found reply with its "Talk to a person" option (see missPolicy).

// sameNodes reports whether two lists of options offer the same nodes.
func sameNodes(a, b []Option) bool {
	return slices.EqualFunc(a, b, func(x, y Option) bool { return x.NodeID == y.NodeID })
}

// Suggestions on a miss: at most maxSuggestions nodes, each sharing at least
// suggestTerms terms of the request in its own fields (not just its
// resolution: one shared word is chance; see sharedForSuggestion) and
// covering at least suggestShare of the usual coverage.
const (
	maxSuggestions = 3
	suggestTerms   = 2
	suggestShare   = 0.5
)

// suggestions returns the nodes nearest a request that matched nothing well
// enough, as options: a long, chatty request often names its topic among
// words no page has, and a choice of topics is a question the user can
// answer where "please rephrase" is not. Several nodes from one page count
// once (the shallowest), so the choice is between topics.
func (a *GraphAgent) suggestions(s *Session, r *reading) []Option {
	// After suggestions the user may say more instead of picking one
	// ("she was 72"): what they said first still counts.
	if s.Rephrases > 0 {
		prev := a.readText(a.previousRequest(s))
		return a.suggestionsFor(a.an.termsOf(prev.words.join(r.words), nil), prev.neg || r.neg)
	}
	return a.suggestionsAmong(r.terms, a.requestHits(r))
}

// suggestionLimit is how many hits of a search for a missed request
// suggestions are drawn from.
const suggestionLimit = 10

// requestHits returns the best suggestionLimit hits of a search over r's
// own terms, run once a turn: the suggestions on a miss and the page that
// leads (leadingPageOption) are read from it. A copy of r with other
// terms searches anew.
func (a *GraphAgent) requestHits(r *reading) []candidate {
	if k := r.search; k == nil || k.neg != r.neg || !slices.Equal(k.terms, r.terms) {
		r.search = &termsSearch{terms: r.terms, neg: r.neg, hits: a.lexical(query{terms: r.terms, neg: r.neg}, nil, suggestionLimit)}
	}
	return r.search.hits
}

// suggestionsFor returns the nodes nearest a request of terms (see
// suggestions), as options.
func (a *GraphAgent) suggestionsFor(terms []string, neg bool) []Option {
	return a.suggestionsAmong(terms, a.lexical(query{terms: terms, neg: neg}, nil, suggestionLimit))
}

// suggestionsAmong returns the nodes nearest a request of terms, among
// cands (the best hits of a search for them), as options.
func (a *GraphAgent) suggestionsAmong(terms []string, cands []candidate) []Option {
	if len(terms) == 0 {
		return nil
	}
	var ids []string
	seen := map[string]bool{}
	lead := a.leadingPageOf(cands)
	need := sharedForSuggestion(len(terms), lead.url != "")
	for _, c := range cands {
		n := a.ix.Node(c.id)
		if c.terms < need || c.coverage < a.opts.MinCoverage*suggestShare || a.isHollow(c.id) {
			continue
		}
		key := strings.ToLower(n.Problem)
		if seen[key] || seen[n.Page] {
			continue
		}
		seen[key], seen[n.Page] = true, true
		ids = append(ids, c.id)
		if len(ids) == maxSuggestions {
			break
		}
	}
	// The page that clearly leads, and holds as a whole page what an
	// answer needs (MinCoverage) and the request's distinctive words
	// (leaderHolds), is not left out for topics sharing two of its words
	// in a heading (see withLeader).
	if len(cands) > 0 && cands[0].pageCoverage >= a.opts.MinCoverage && lead.id != "" && a.leaderHolds(&reading{terms: terms}, lead.id) {
		ids = withLeader(ids, lead, a.ix.Node(cands[0].id).Page, func(id string) string { return a.ix.Node(id).Page })
	}
	return a.topicOptions(a.ledBy(cands, ids, lead))
}

// withLeader returns suggestions ids with the best section of the page
// that clearly leads on whole-page evidence (lead) first, when that page
// also has the best-ranked candidate (first is its page) and no
// suggestion is on it: section and page evidence agree on the page,
// though its sections hold the request's words in their text, not their
// headings, which a suggestion needs (sharedForSuggestion), while other
// pages' headings share two of them ("how to print a booklet that i can
// fold in the middle": the page on printing a brochure, whose text says
// booklet, fold and middle, was left out for "Fold marks" of a letter
// wizard and a section on printing folded outlines). pageOf returns a
// node's page.
func withLeader(ids []string, lead pageLead, first string, pageOf func(string) string) []string {
	if lead.id == "" || lead.url != first || slices.ContainsFunc(ids, func(id string) bool { return pageOf(id) == lead.url }) {
		return ids
	}
	ids = append([]string{lead.id}, ids...)
	return ids[:min(len(ids), maxSuggestions)]
}

// sharedForSuggestion is how many of a request's n terms a node must have
// in its own fields to be suggested on a miss: suggestTerms, but no more
// than half of them (rounded down, at least one) when no page clearly
// leads on whole-page evidence. A request of two or three words, of which
// one only is in a heading ("how do I back up my stuff", "battery drains
// really fast"), shares at most one with any node; asking two would leave
// it only "please rephrase", where a choice of the topics its known word
// names is a question the user can answer. One shared word of four or
// more is still chance; and where a page clearly leads, it is asked about
// (moveSuggestPage), not diluted by topics sharing a word. (Rounded up,
// three words needed two: gnome-en 76.6% → 77.9% and no near-domain
// figure changed with rounding down; see the commit.)
func sharedForSuggestion(n int, pageLeads bool) int {
	if pageLeads {
		return suggestTerms
	}
	if n < 2 {
		return n
	}
	return min(suggestTerms, n/2)
}

// nearBarShare is how close to MinCoverage the best candidate must come
// for ledBy: within a tenth of the bar, it all but answers. (0.8 also
// narrows a question of the near sets to the wrong page of two near
// ones; 0.95 is the same as 0.9 on every set.)
const nearBarShare = 0.9

// ledBy narrows suggestions ids to the first when the request all but has
// an answer there: the best-ranked candidate of cands holds nearly the
// coverage an answer needs (nearBarShare), its page clearly leads on
// whole-page evidence (leadingPageOf), and the first suggestion is on
// it. A choice between that page and lesser topics is then one question,
// "Is it about this?": the others rank below on every count. Alone, each
// signal is weaker: the best section's page may be one of several
// near-tied pages, a leading page whose sections rank below another
// page's is no agreement, and a best candidate far under the bar (a
// vague request: "they told me to use this chat, can you help me?") is
// better offered beside the other topics, unless it is far ahead of them
// (farAhead). lead is leadingPageOf(cands).
func (a *GraphAgent) ledBy(cands []candidate, ids []string, lead pageLead) []string {
	if len(ids) < 2 || len(cands) == 0 {
		return ids
	}
	if farAhead(cands, ids) {
		return ids[:1]
	}
	if cands[0].coverage < nearBarShare*a.opts.MinCoverage {
		return ids
	}
	page := a.ix.Node(cands[0].id).Page
	if lead.url != page || a.ix.Node(ids[0]).Page != page {
		return ids
	}
	return ids[:1]
}

// farAhead reports whether the first of suggestions ids is the
// best-ranked of cands (best first) and every other suggestion scores
// under genericRatio of it, on the one ranking that fuses section and
// page evidence: the others are no alternatives but topics sharing a word
// ("i typed the right wifi password and it still won't connect": the
// section on that, far ahead of a page's "network protected by a
// password"), and the question is "Is it about this?".
func farAhead(cands []candidate, ids []string) bool {
	if len(ids) == 0 || len(cands) == 0 || ids[0] != cands[0].id {
		return false
	}
	for _, c := range cands[1:] {
		if c.score >= genericRatio*cands[0].score && slices.Contains(ids[1:], c.id) {
			return false
		}
	}
	return true
}

// leadMargin is how far a page must lead on whole-page evidence to be
// offered alone: its BM25 score is at least 1+leadMargin times any other
// page's.
const leadMargin = 0.2

// maxTiedPages is how many pages near-tied at the top of the whole-page
// evidence a miss may offer as a choice (tiedPages): more are no page
// standing out. (3 gained no first reply and cost ssa-eval follow-ups.)
const maxTiedPages = 2

// pageEvidence is what a whole page holds of a request: the share
// (IDF-weighted) of its terms and the page's BM25 score.
type pageEvidence struct {
	coverage, score float64
}

// leadingPage returns the position in pages of the page that clearly
// leads: it holds at least minCoverage of the request, and its score is
// at least 1+leadMargin times every other page's. -1: none does.
func leadingPage(pages []pageEvidence, minCoverage float64) int {
	best := -1
	for i, p := range pages {
		if best < 0 || p.score > pages[best].score {
			best = i
		}
	}
	if best < 0 || pages[best].coverage < minCoverage {
		return -1
	}
	for i, p := range pages {
		if i != best && pages[best].score < (1+leadMargin)*p.score {
			return -1
		}
	}
	return best
}

// pageLead is the page that clearly leads on whole-page evidence among
// ranked candidates (see leadingPage), and its best-ranked section that
// says something ("" when all its candidates are hollow); zero when no
// page leads.
type pageLead struct{ url, id string }

// leads is what the rules of a turn read of its ranked candidates'
// whole-page evidence, worked out once where they are ranked (leadsOf).
type leads struct {
	// all is the page that leads among all the candidates.
	all pageLead
	// saying is the page that leads among those that say something (not
	// hollow): the candidates selectCandidate picks from when one of them
	// will do.
	saying pageLead
}

// leadingPageOf returns the page of cands (best first) that clearly
// leads on whole-page evidence: leadsOf(cands).all.
func (a *GraphAgent) leadingPageOf(cands []candidate) pageLead { return a.leadsOf(cands).all }

// leadsOf returns the pages of cands (best first) that clearly lead on
// whole-page evidence (see leadingPage), among all of them and among
// those that say something, in one pass. The page must hold suggestShare
// of the coverage an answer needs, as the other suggestions on a miss: it
// is asked about, never answered from.
func (a *GraphAgent) leadsOf(cands []candidate) leads {
	// A turn ranks at most ten candidates: the buffers stay on the stack.
	var urlBuf [10]string
	var sayingBuf [10]pageLead
	var allPagesBuf, sayingPagesBuf [10]pageEvidence
	first := map[string]string{}
	urls, allPages := a.candidatePages(cands, urlBuf[:0], allPagesBuf[:0], first)
	// The pages that say something, in the order of their best section.
	saying, sayingPages := sayingBuf[:0], sayingPagesBuf[:0]
	for _, c := range cands {
		if u := a.ix.Node(c.id).Page; first[u] == c.id {
			saying, sayingPages = append(saying, pageLead{u, c.id}), append(sayingPages, pageEvidence{c.pageCoverage, c.pageScore})
		}
	}
	var l leads
	if i := leadingPage(allPages, a.opts.MinCoverage*suggestShare); i >= 0 {
		l.all = pageLead{urls[i], first[urls[i]]}
	}
	if i := leadingPage(sayingPages, a.opts.MinCoverage*suggestShare); i >= 0 {
		l.saying = saying[i]
	}
	return l
}

// candidatePages appends to urls and evidence the pages of cands (best
// first), each once, in the order its best candidate comes, with that
// candidate's whole-page evidence (a page's candidates share it), and sets
// first[url] to the page's best-ranked section that says something ("" when
// all its candidates are hollow).
func (a *GraphAgent) candidatePages(cands []candidate, urls []string, evidence []pageEvidence, first map[string]string) ([]string, []pageEvidence) {
	for _, c := range cands {
		u := a.ix.Node(c.id).Page
		if _, seen := first[u]; !seen {
			first[u] = ""
			urls, evidence = append(urls, u), append(evidence, pageEvidence{c.pageCoverage, c.pageScore})
		}
		if first[u] == "" && !a.isHollow(c.id) {
			first[u] = c.id
		}
	}
	return urls, evidence
}

// leadingPageOption returns, as the one option, the best-ranked section of
// the page that clearly leads on whole-page evidence for r; with no page
// leading, those of the pages near-tied at the top (tiedPageOptions); or
// nil. The page must also hold suggestShare of what an answer holds of the
// request's distinctive weight (requestHeld: a word of few pages weighs
// much, one no page has as much as the rarest): leading on the words
// every page shares ("photo", "change"), while the words that say what
// is asked are on no page or on others, is no evidence, and a page
// offered on it is far off; "I couldn't find this" is the honest reply.
//
// For a conversation's first request (first), a better-titled page among
// the best-ranked sections is offered before it (titledElsewhere).
func (a *GraphAgent) leadingPageOption(r *reading, first bool) []Option {
	if len(r.terms) == 0 || a.lex.pageWeight <= 0 {
		return nil
	}
	// Its own search (shared with the suggestions tried before it), not
	// identify's candidates, on purpose: identify ranks with the
	// conversation's topic words (retrieve's q.topic), joins a follow-up's
	// words to the current problem's, may keep only the conversation's
	// place and fuse embeddings, and runs no search at all for a short
	// request mostly of words no page has; whole-page leadership is read
	// over the request's own words alone, unfiltered.
	// The two coincide only for a conversation's first, plain request.
	hits := a.requestHits(r)
	id := a.leadingPageOf(hits).id
	if id == "" {
		return a.tiedPageOptions(r, hits)
	}
	if !a.leaderHolds(r, id) {
		return nil
	}
	if top := hits[0].id; first && a.titledElsewhere(r, top, id) {
		return a.topicOptions([]string{top, id})
	}
	return a.topicOptions([]string{id})
}

// titledElsewhere reports whether top, the best-ranked section for r, is
// on another page than lead's (the section of the page leading on
// whole-page evidence) whose title names more of r: two readings of the
// request disagree, and the page it names is asked about first. Fiber's
// "how can i limit requests per ip" was asked about the framework's long
// page of config fields, whose text says limit, request, per and IP
// oftener, not the Limiter middleware's, ranked first; FreedomBox's "how
// do i get a real https certificate for my domain so the warning goes
// away" about an IRC client's page, not "Let's Encrypt (Certificates)".
// For a first request only: later, its own words, read here without what
// the conversation was about, name a title by chance (GNOME's "ok got it
// working, how do i remove it again later" after pairing a Bluetooth
// device was asked about the page on administrator rights).
func (a *GraphAgent) titledElsewhere(r *reading, top, lead string) bool {
	return a.ix.Node(top).Page != a.ix.Node(lead).Page && !a.isHollow(top) && a.titleShare(top, r.terms) > a.titleShare(lead, r.terms)
}

// tiedPageOptions returns, as options, the best-ranked sections of the
// pages near-tied at the top of the whole-page evidence for r (tiedPages
// over hits, the request's own search), when each holds r as a leading
// page must (leaderHolds); else nil. No page leads, yet the request is
// spread over these pages as much as over any ("plugged the box into my
// router, now what address do i type in the browser": the quick start
// and the networks pages): a choice between them is a question the user
// can answer, where "please rephrase" gives nothing. One of them that
// holds too little of the request is a chance match, and a choice beside
// it no better evidence than the one page alone, which does not lead.
func (a *GraphAgent) tiedPageOptions(r *reading, hits []candidate) []Option {
	first := map[string]string{}
	urls, pages := a.candidatePages(hits, nil, nil, first)
	var ids []string
	for _, i := range tiedPages(pages, a.opts.MinCoverage*suggestShare) {
		id := first[urls[i]]
		if id == "" || !a.leaderHolds(r, id) {
			return nil
		}
		ids = append(ids, id)
	}
	return a.topicOptions(ids)
}

// tiedPages returns the positions in pages of the best page and of those
// within leadMargin of it (its score under 1+leadMargin times theirs),
// best first, when there are two to maxTiedPages of them and the best
// holds at least minCoverage of the request; else nil. One page is a lead
// (leadingPage); more are no page standing out.
func tiedPages(pages []pageEvidence, minCoverage float64) []int {
	order := make([]int, len(pages))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(pages[y].score, pages[x].score) })
	if len(order) < 2 || pages[order[0]].coverage < minCoverage {
		return nil
	}
	best := pages[order[0]].score
	n := 1
	for n < len(order) && best < (1+leadMargin)*pages[order[n]].score {
		n++
	}
	if n < 2 || n > maxTiedPages {
		return nil
	}
	return order[:n]
}

// leaderHolds reports whether the page of node id, the best section of a
// page that clearly leads on whole-page evidence for r, holds enough of
// r to be offered: suggestShare of what an answer holds of its
// distinctive weight, and all of a short request (pageSharesEnough).
//
// One word no page has weighs nothing here (an answer weighs it as the
// rarest, unknownRarity): the page is a question the user can decline,
// and one such word is as often the customer's own wording of what the
// page says ("sideways" for rotating, "dashboard" for a monitor,
// "películas" for videos) as a sign of a question the pages do not
// answer. Weighed, it left "please rephrase" where BM25's first page was
// right. Two or more such words ("the plug smells like burning plastic")
// are a request the pages do not hold, and weigh as in an answer.
func (a *GraphAgent) leaderHolds(r *reading, id string) bool {
	d := int32(a.doc[id])
	held := a.requestHeld(r, d, true, nil)
	if held.unknown() <= 1 {
		held.rarest = 0
	}
	return answersRequest(held, a.opts.MinCoverage*suggestShare) && pageSharesEnough(held, a.requestHeld(r, d, false, nil))
}

// pageSharesEnough reports whether a leading page holds enough of a
// short request to be asked about. A request of suggestTerms words or
// fewer is all what it asks: the page must have every one of them
// (onPage, read over the whole page), and the section offered must be
// about one of them, in its heading or context (atNode, read over the
// section: at least its context field's share). A page leads on one word
// as easily as on several, and a word shared by chance or used in passing
// says nothing of what it is about ("the weather is nice today" and a
// page whose text lists a weather widget, "may i bring my parrot" and a
// page on what to bring): "I couldn't find this", with a person to talk
// to, is the honest reply. A longer request is spread over a page in the
// page's words ("my external mic isn't picking up my voice"), and the
// whole page's lead on them is the evidence. Chat and stop words are not
// counted.
func pageSharesEnough(onPage, atNode heldRequest) bool {
	if len(onPage.held) > suggestTerms {
		return true
	}
	about := false
	for i, held := range onPage.held {
		if held < 1 {
			return false
		}
		if i < len(atNode.held) && atNode.held[i] >= fieldCoverageWeight[fieldContext] {
			about = true
		}
	}
	return about
}

// miss handles a message with no good-enough intent: ask to rephrase once,
// escalate on the second miss in a row.
func (a *GraphAgent) miss(s *Session) Reply {
	s.Rephrases++
	s.PendingOptions = nil
	if s.Rephrases >= 2 {
		s.Rephrases = 0
		return a.escalate(s, nil, nil)
	}
	return Reply{
		Action:  Clarification,
		Text:    a.say(s, "NotFound"),
		Options: []Option{a.talkToPerson(s)},
	}
}

// offerPerson answers a miss after a miss said in no page's words (see
// moveOfferPerson): the topics nearest what the customer said in the
// conversation (its earlier words, see topic), even those just offered,
// and "Talk to a person" after them; with no topic near, the not-found reply. The misses
// in a row stay counted as they were: the next request in the pages' words
// that finds nothing hands over.
func (a *GraphAgent) offerPerson(s *Session, r *reading) Reply {
	opts, key := a.suggestionsFor(slices.Concat(r.terms, a.topic(s)), r.neg), "Suggest"
	switch len(opts) {
	case 0:
		key = "NotFound"
	case 1:
		key = "SuggestOne"
	}
	s.CurrentNode, s.Doubted = "", ""
	s.PendingOptions = opts
	return Reply{Action: Clarification, Text: a.say(s, key), Options: append(slices.Clip(opts), a.talkToPerson(s)), Sources: a.optionSources(opts)}
}

// hasPageWords reports whether r has a word of the pages, chat and stop
// words aside; with about, a word some node is about (its own or its
// context fields: heading, condition, intents, page title, ancestors),
// not one the pages' text only uses in passing ("else", "try").
func (a *GraphAgent) hasPageWords(r *reading, about bool) bool {
	uniq, ids, _, _ := a.lex.queryTerms(r.terms)
	for i, t := range ids {
		if t < 0 || a.an.filler.has(uniq[i]) || a.an.model.IsStopWord(uniq[i]) {
			continue
		}
		if !about || a.lex.fields[fieldOwn].IDF[t] > 0 || a.lex.fields[fieldContext].IDF[t] > 0 {
			return true
		}
	}
	return false
}

// TalkToPersonValue is what the not-found reply's "Talk to a person"
// option sends back: a request for a person (ActHuman) in every language,
// since the act reader knows its English words. A chat showing the
// conversation again shows the option's label for it.
const TalkToPersonValue = "talk to a person"

// talkToPerson is the option a not-found reply offers, labelled in the
// customer's language.
func (a *GraphAgent) talkToPerson(s *Session) Option {
	return Option{Label: a.say(s, "TalkToPerson"), Value: TalkToPersonValue}
}

// askAbout asks whether the request is about node id, which was found for
// it but lacks its distinctive words (see holdsRequest): a question, not
// an answer, citing the page it asks about. It declines when id was just
// offered.
func (a *GraphAgent) askAbout(s *Session, id string) (Reply, bool) {
	// The conversation keeps its place (s.CurrentNode), and a near miss
	// is no miss (s.Rephrases): a "no" or another question goes on from
	// where it was.
	last := lastAgentTurn(s)
	if last.Action == Clarification && len(s.PendingOptions) == 1 && s.PendingOptions[0].NodeID == id {
		return Reply{}, false
	}
	opts := a.topicOptions([]string{id})
	s.PendingOptions, s.Doubted = opts, id
	return Reply{Action: Clarification, Text: a.say(s, "SuggestOne"), Options: opts, Sources: a.sourcesOf(id)}, true
}

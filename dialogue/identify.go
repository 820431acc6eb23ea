package dialogue

import (
	"context"
	"slices"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// candidate is a node retrieved for an utterance.
type candidate struct {
	id       string
	score    float64 // BM25, or the fused score with embeddings
	coverage float64 // share of the utterance's terms the node contains
	// ownCoverage is the share found in what the node is about (its own
	// fields and context), not only in its answer text.
	ownCoverage float64
	terms       int // how many of the utterance's terms the node's own fields contain
	// pageCoverage is the share of the utterance's terms its whole page has.
	pageCoverage float64
	pageScore    float64 // the BM25 score of its whole page
	cosine       float64 // embedding similarity, 0 without an Embedder
	near         bool    // within the current node's neighbourhood
	// matched and own are the query terms the node has, in any field and
	// in its own or context fields (bits by position; lexical only).
	matched, own uint64
}

// A long request carries words no node has (its story, its politeness): a
// node sharing longMatchTerms of its terms needs only longMatchShare of the
// usual coverage.
const (
	longMatchTerms = 3
	longMatchShare = 0.7
)

func (a *GraphAgent) good(c candidate) bool {
	return c.coverage >= a.opts.MinCoverage || (c.terms >= longMatchTerms && c.coverage >= a.opts.MinCoverage*longMatchShare) ||
		(a.embed != nil && c.cosine >= a.opts.MinCosine)
}

// identify finds the node the message is about (step 1) and returns its id,
// or "" when nothing matches well enough, and the text the user's conditions
// are read from: the LLM's self-contained rewrite, or else the message itself
// (never the current problem a follow-up was combined with, which may name
// the very branch the user is moving away from). detailed says r details
// the request just missed (detailsMiss, read once a turn by the caller).
func (a *GraphAgent) identify(ctx context.Context, s *Session, r *reading, detailed bool) (id string, text *reading, err error) {
	cur := a.ix.Node(s.CurrentNode)
	own := r.terms
	// The message's own terms are scored at most once, for the follow-up
	// test and for retrieval alike.
	var ownMatch *lexicalMatch
	defer func() {
		if ownMatch != nil {
			ownMatch.release()
		}
	}()
	matchOwn := func() *lexicalMatch {
		if ownMatch == nil {
			ownMatch = a.lex.match(own, nil)
		}
		return ownMatch
	}
	// A short request most of whose words no page has is about something
	// the help center never mentions ("is it going to rain this weekend?",
	// "how do I unlock my Verizon phone?"): the one word it shares with a
	// page ("go", "phone") is chance. Embeddings and an LLM can still find
	// what the words miss.
	if a.embed == nil && a.opts.LLM == nil && len(own) <= shortRequest && a.mostlyUnknown(own) {
		return "", r, nil
	}
	text = r
	// The search: the message, or with the texts it leans on joined to it.
	var required []string     // terms a follow-up's match must contain
	var place map[string]bool // where a bare reply's match must be (nil: anywhere)
	terms, neg, m := own, r.neg, (*lexicalMatch)(nil)
	search := func() string { return r.masked } // for embeddings
	prev := a.previousRequest(s)
	ownGood := func() bool {
		for _, c := range a.candidates(matchOwn(), query{terms: own, neg: r.neg}, nil, 1) {
			return a.good(c)
		}
		return false
	}
	var via []string // the page's words for what a bare reply names (sameThingOnPage)
	pageHolds := func() bool {
		if a.pageHolds(s, matchOwn(), own) {
			return true
		}
		via = a.sameThingOnPage(s, matchOwn(), own)
		return len(via) > 0
	}
	ownLeaves := func() bool {
		for _, c := range a.candidates(matchOwn(), query{terms: own, neg: r.neg}, nil, 1) {
			return a.leavesTopic(s, c.id)
		}
		return false
	}
	pageLacks := func() bool { return cur != nil && a.pageLacks(cur.ID, own) }
	lean := leanOf(r, cur != nil, prev != "", ownGood, pageHolds, ownLeaves, pageLacks)
	// holdsSaid, when set, is what a match of a detail of the earlier
	// request must do: hold a distinctive word of that request (see
	// detailFollowUp, detailsMiss).
	var holdsSaid func(id string) bool
	switch lean {
	case followsUp:
		problem, problemNeg := a.problemWords(cur.ID)
		terms, neg = a.joined(r, problem), r.neg || problemNeg
		required = own
		search = func() string { return r.masked + " . " + lexical.Mask(cur.Problem) }
	case repliesBare:
		terms = append(slices.Clone(own), a.topic(s)...)
		required = own
		if via != nil {
			// Read in the page's words for it: what it asks is
			// what the match must hold, and the answer's focus.
			terms = append(slices.Clone(via), a.topic(s)...)
			required = via
			inWords := *r
			inWords.terms = via
			text = &inWords
		}
		place = a.discussed(s)
	case statesSituation, refersToTopic:
		earlier := a.readText(prev)
		problem, problemNeg := a.problemWords(cur.ID)
		terms, neg = a.joined(r, earlier.words, problem), r.neg || earlier.neg || problemNeg
		search = func() string { return r.masked + " . " + earlier.masked + " . " + lexical.Mask(cur.Problem) }
		if lean == refersToTopic {
			// What is done to it must be said by the match; what it
			// is, by the words joined.
			neg, required = r.neg || problemNeg, own
		}
	default:
		if detailed {
			// "Please rephrase" "on my iPhone": the request missed,
			// on an iPhone; alone, the detail finds the page that
			// says which iPhones are supported.
			terms, required = append(slices.Clone(own), a.topic(s)...), own
			said := a.saidBefore(s, "", own)
			holdsSaid = func(id string) bool { return a.nodeHoldsAny(id, said) }
		} else if len(own) > 0 {
			m = matchOwn()
		}
	}
	if len(terms) == 0 {
		return "", text, nil
	}
	q := query{terms: terms, required: required, neg: neg}
	var cands []candidate
	if place != nil {
		// A bare reply stays on the pages being discussed.
		cands = a.lexical(q, place, retrieveLimit)
	} else if cands, err = a.retrieve(ctx, s, search, q, m); err != nil {
		return "", text, err
	}
	// "What about on Windows?": the earlier request on Windows. A match
	// that holds the detail alone ("Switch between windows") answers
	// another request.
	if lean == followsUp && detailFollowUp(r.text, len(own)) {
		said := a.saidBefore(s, cur.ID, own)
		holdsSaid = func(id string) bool { return a.ix.Node(id).Page == cur.Page || a.nodeHoldsAny(id, said) }
	}
	if holdsSaid != nil {
		cands = slices.DeleteFunc(cands, func(c candidate) bool { return !holdsSaid(c.id) })
	}
	// "That's not what I meant" to an answer: what they say next is
	// matched elsewhere (and not answered from it again: turn).
	if rejected := s.Rejected; rejected != "" {
		cands = slices.DeleteFunc(cands, func(c candidate) bool { return c.id == rejected })
	}
	if len(cands) == 0 && lean == refersToTopic {
		// Nothing said before holds what is done to it: the pronoun
		// was no more than a subject ("so it deducts if I am younger?").
		q = query{terms: own, neg: r.neg}
		if cands, err = a.retrieve(ctx, s, func() string { return r.masked }, q, matchOwn()); err != nil {
			return "", text, err
		}
	}
	// With no candidate, a follow-up still goes to the LLM for its rewrite.
	if a.opts.LLM != nil && (len(cands) > 0 || len(s.History) > 1) {
		if id, rewrite, ok := a.identifyLLM(ctx, s, r, cands); ok {
			return id, rewrite, nil
		}
	}
	if len(cands) == 0 {
		stay := a.stayAfterMiss(s, q, r, required != nil)
		if holdsSaid != nil {
			// Nor does a section's text elsewhere that says the
			// detail beside a common word of the request.
			if stay != "" && !holdsSaid(stay) {
				stay = ""
			}
			return stay, text, nil
		}
		if stay != "" || lean != followsUp {
			return stay, text, nil
		}
		// No heading has the follow-up's words, nor a section of the
		// page discussed: a section's text elsewhere may still say them
		// of the topic ("how often should I do it?" after a backup
		// answer, and the page whose text says how often to back up).
		// See textFollowUp.
		c, ok := a.followUpInText(terms, own, neg)
		if !ok {
			// Joined with the customer's own earlier words instead
			// of the problem's, which a situation's long condition
			// fills with words the follow-up is not about.
			c, ok = a.followUpInText(append(slices.Clone(own), a.topic(s)...), own, neg)
		}
		if !ok {
			return "", text, nil
		}
		cands, q = []candidate{c}, query{terms: terms, neg: neg}
	}
	// A short opening request with a word no page has, whose best match
	// shares one word with it, is about what the unknown word names ("may
	// I bring a parrot?" and the section "What to bring"). Later in a
	// conversation such a message leans on what was said before.
	if a.embed == nil && a.opts.LLM == nil && cur == nil && m != nil && len(own) <= shortRequest && a.chanceMatch(own, cands[0]) {
		return "", text, nil
	}
	// The rules below read the pages that lead on whole-page evidence,
	// worked out once for the ranking.
	ld := a.leadsOf(cands)
	if id := a.selectCandidate(s, cands, ld, q.terms); id != "" {
		if cur != nil && repeatsLastAnswer(s, id) {
			if other := a.sectionAbout(id, cands, own); other != "" {
				return other, text, nil
			}
			if other := a.otherSituation(id, r); other != "" {
				return other, text, nil
			}
		}
		return id, text, nil
	}
	// A quote of a node's text stands for what the rest of the request
	// does not match.
	if id := a.phraseMatch(own, cands); id != "" && !a.outscoredElsewhere(id, cands, ld.all) {
		return id, text, nil
	}
	if stay := a.stayAfterMiss(s, q, r, required != nil); stay != "" || lean != refersToTopic {
		return stay, text, nil
	}
	// "How do I save it as JPEG?" after cropping, and nothing in the
	// place discussed says it: joined with what "it" stands for, the
	// request's own words were too small a share of the search for any
	// match to hold; a match of them alone is what is done to it (as when
	// the words joined find nothing, above).
	alone, err := a.retrieve(ctx, s, func() string { return r.masked }, query{terms: own, neg: r.neg}, matchOwn())
	if err != nil || len(alone) == 0 {
		return "", text, err
	}
	return a.selectCandidate(s, alone, a.leadsOf(alone), own), text, nil
}

// sectionAbout returns the best-ranked of cands on id's page, not one of
// its ancestors, whose problem (its heading) names one of a follow-up's own
// words where id's, the answer just given, does not, or "": "and can I get a refund?"
// after the cancel section of a page titled "Cancel or refund" is its
// refund section, though the conversation's earlier words rank the cancel
// section first again (it has "refund" from its page's title).
func (a *GraphAgent) sectionAbout(id string, cands []candidate, followUp []string) string {
	about := func(node string) bool {
		problem, _ := a.problemWords(node)
		return slices.ContainsFunc(a.an.termsOf(problem, nil), func(t string) bool { return slices.Contains(followUp, t) })
	}
	if about(id) {
		return ""
	}
	page := a.ix.Node(id).Page
	for _, c := range cands {
		if c.id != id && a.ix.Node(c.id).Page == page && !a.isAncestor(c.id, id) && !a.isHollow(c.id) && about(c.id) {
			return c.id
		}
	}
	return ""
}

// otherSituation returns the sibling situation of node id, the answer
// just given for one situation, that message r picks by its words alone,
// or "": "and if I booked as a guest?" after the answer for members, which
// the ranking finds again ("booked" is in both headings, and the
// conversation's earlier words are the members').
func (a *GraphAgent) otherSituation(id string, r *reading) string {
	parent := a.ix.Parent(id)
	if parent == "" || a.ix.Node(id).Condition == "" {
		return ""
	}
	if picked := a.pickChildren(parent, a.conditionalChildren(parent), r, nil); len(picked) == 1 && picked[0] != id {
		return picked[0]
	}
	return ""
}

// outscoredElsewhere reports whether a section on another page than
// candidate id's outscores it by more than genericRatio allows, unless id's
// page clearly leads on whole-page evidence (lead is leadingPageOf(cands)):
// a quote far down the list is chance wording ("a new version" of another
// product; "the top row" in an import page that the conversation's earlier
// words brought into the list, below the sections on freezing rows), one
// close to the top is evidence.
func (a *GraphAgent) outscoredElsewhere(id string, cands []candidate, lead pageLead) bool {
	page := a.ix.Node(id).Page
	if lead.url == page {
		return false
	}
	var score, leadScore float64
	for _, c := range cands {
		switch {
		case c.id == id:
			score = c.score
		case a.ix.Node(c.id).Page != page:
			leadScore = max(leadScore, c.score)
		}
	}
	return score < leadScore*genericRatio
}

// stayAfterMiss returns the node in the conversation's place for a
// request, q, that matched nothing well enough, or "". r is the message;
// followUp says q is r combined with the current problem.
func (a *GraphAgent) stayAfterMiss(s *Session, q query, r *reading, followUp bool) string {
	if followUp {
		// A follow-up's words must be in what a node is about to match
		// anywhere; on the page being discussed, a section whose answer
		// has most of them will do ("and for deaf callers?" and a section
		// that gives the number for the deaf; not "may I bring a dog to
		// the office?" and one that has only the office).
		return a.stayOnPage(s, query{terms: r.terms, neg: r.neg}, answerShare)
	}
	return a.stayOnPage(s, q, 0)
}

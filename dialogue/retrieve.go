package dialogue

import (
	"context"
	"slices"
	"sync/atomic"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// Retrieval and selection: the searches a turn runs over the lexical index
// (with the conversation's earlier words and, when configured, embeddings),
// and the choice among near-tied candidates.

// standalone is the own coverage of a message's best match from which the
// message, said in several words, mostly stands on its own.
const standalone = 0.9

// retrieveLimit is how many candidates a search draws.
const retrieveLimit = 10

// retrieve ranks candidates for terms, preferring the current node's
// neighbourhood unless something elsewhere is clearly better (a topic change).
// m is q's terms and required terms already scored, or nil; text returns
// the request's text, which embeddings compare.
func (a *GraphAgent) retrieve(ctx context.Context, s *Session, text func() string, q query, m *lexicalMatch) ([]candidate, error) {
	const limit = retrieveLimit
	// The message's terms are scored once; the searches below differ only
	// in the topic added and the nodes allowed.
	if m == nil {
		m = a.lex.match(q.terms, q.required)
		defer m.release()
	}
	search := func(allow map[string]bool) []candidate {
		cands := a.candidates(m, q, allow, limit)
		if a.embed != nil {
			fused, err := a.fuse(ctx, text(), cands, allow, limit)
			if err != nil {
				a.opts.Logger.WarnContext(ctx, "dialogue: embeddings unavailable; lexical only", "err", err)
				return cands
			}
			return fused
		}
		return cands
	}
	// What the conversation was about ranks what a message matches, as
	// the RAG baseline ranks with it: a follow-up rarely repeats its topic
	// ("and if I'm blind?"), and one whose one word is all a node elsewhere
	// is about ("who do I contact?" and an address book's "Contacts") is
	// still part of the conversation. For a message that says in several
	// words all a node is about, which the earlier words seldom move, they
	// rerank the best hits found without them rather than score every
	// node it matched (walking their postings costs most of a turn on a
	// large graph).
	if q.topic = a.topic(s); len(q.topic) > 0 {
		// Whether the message stands alone is read from its best match
		// without the topic (lexical only: no embedding call for it).
		alone := q
		alone.topic = nil
		if best := a.candidates(m, alone, nil, 1); len(best) > 0 && best[0].ownCoverage >= standalone && best[0].terms >= 2 {
			m.topicRerank = true
		}
	}
	all := search(nil)
	// The conversation's place (see place). A follow-up rarely repeats the
	// page's topic words ("and if I'm blind?"), so a match there needs
	// less to count.
	hood := a.place(s)
	if hood == nil {
		return all, nil
	}
	for i := range all {
		all[i].near = hood[all[i].id]
	}
	near := search(hood)
	if len(near) == 0 || !a.goodNear(near[0]) {
		return all, nil
	}
	// The page being discussed is kept unless the message clearly moves
	// away: a better match elsewhere is not enough.
	if top := all[0]; !top.near && a.good(top) && top.score > near[0].score && a.movesAway(top, near[0], q.terms) {
		return all, nil
	}
	return near, nil
}

// accepts reports whether candidate c matches well enough: anywhere, or in
// the conversation's place.
func (a *GraphAgent) accepts(c candidate) bool { return a.good(c) || (c.near && a.goodNear(c)) }

// nearShare is the share of the usual coverage a match in the
// conversation's place needs.
const nearShare = 0.6

// goodNear reports whether c, in the conversation's place, matches well enough.
func (a *GraphAgent) goodNear(c candidate) bool {
	return a.good(c) || (c.terms > 0 && c.coverage >= a.opts.MinCoverage*nearShare)
}

// polarityPenalty scales the score of a node whose problem is negated when
// the request is not, or the other way round: "how do I earn points" is not
// about "reservations that don't earn points".
const polarityPenalty = 0.75

// query is what retrieval looks for: the message's terms, the terms one of
// which a follow-up's match must contain, the conversation's earlier terms
// (ranking only), and whether the request is negated.
type query struct {
	terms, required, topic []string
	neg                    bool
}

// lexical runs the BM25 search for q, keeping hits that allow accepts
// (when not nil).
func (a *GraphAgent) lexical(q query, allow map[string]bool, limit int) []candidate {
	m := a.lex.match(q.terms, q.required)
	defer m.release()
	return a.candidates(m, q, allow, limit)
}

// candidates draws the best limit hits of m (q's terms scored once) with
// q's topic, keeping hits that allow accepts (when not nil).
func (a *GraphAgent) candidates(m *lexicalMatch, q query, allow map[string]bool, limit int) []candidate {
	var docs []int32
	if allow != nil {
		docs = make([]int32, 0, len(allow))
		for id, ok := range allow {
			if d, found := a.doc[id]; ok && found {
				docs = append(docs, int32(d))
			}
		}
	}
	hits := m.top(q.topic, docs, limit)
	out := make([]candidate, len(hits))
	for i, h := range hits {
		out[i] = candidate{id: a.lex.ids[h.doc], score: h.score, coverage: h.coverage, ownCoverage: h.ownCoverage, terms: h.terms, matched: h.matched, own: h.own, near: allow != nil, pageCoverage: h.pageCoverage, pageScore: h.pageScore}
		if a.negatedProblem(h.doc) != q.neg {
			out[i].score *= polarityPenalty
		}
	}
	slices.SortStableFunc(out, func(x, y candidate) int { return cmpDesc(x.score, y.score) })
	return out
}

// selectCandidate is step 3: among the good candidates whose scores are
// within TieMargin of the best, pick the one that fits the conversation:
// near the current node, an ancestor of the other tied nodes, shallow.
//
// terms are the request's terms; ld is leadsOf(cands).
func (a *GraphAgent) selectCandidate(s *Session, cands []candidate, ld leads, terms []string) string {
	// A node that says nothing and leads nowhere (a heading with no text
	// under it) answers no one: while another node matches well enough,
	// matching its title is no reason to give up. Alone, it is the graph's
	// way of saying "ask a person".
	lead := ld.all
	if kept := slices.DeleteFunc(slices.Clone(cands), func(c candidate) bool { return a.isHollow(c.id) }); slices.ContainsFunc(kept, a.accepts) {
		cands, lead = kept, ld.saying
	}
	var tied []candidate
	for _, c := range cands {
		if a.accepts(c) && c.score >= cands[0].score*(1-a.opts.TieMargin) {
			tied = append(tied, c)
		}
	}
	if len(tied) == 0 {
		return ""
	}
	if tied = a.onLeadingPage(cands, tied, lead); len(tied) == 0 {
		return ""
	}
	best, bestFit := "", -1.0
	for _, c := range tied {
		fit := c.score / tied[0].score
		if c.near {
			fit += 0.5
		}
		// Of two sections with the request's words, the one on the page
		// whose title has them is on the page about it ("family benefits":
		// the page "Family Benefits", not "Maximum family benefits" on the
		// page about a spouse's benefits).
		fit += titleFit(a.titleShare(c.id, terms))
		for _, o := range tied {
			// A problem and its condition branches tie on the problem's
			// words: take the problem and let step 2 ask about the branch.
			// A sub-problem is more specific than its parent: take it.
			switch {
			case o.id == c.id:
			case a.isAncestor(c.id, o.id) && a.ix.Node(o.id).Condition != "":
				fit += 0.2
			case a.isAncestor(o.id, c.id) && a.ix.Node(c.id).Condition == "":
				fit += 0.05
			}
		}
		if fit > bestFit+1e-9 {
			best, bestFit = c.id, fit
		}
	}
	best = a.fullerOnPage(cands, best)
	if anc := a.generalise(cands, best); !a.namesSection(best, anc, terms) {
		return anc
	}
	return best
}

// onLeadingPage returns those of tied (near-tied candidates from cands)
// on the page that clearly leads on whole-page evidence, when that page has
// the best-scoring of them; else tied. Sections on two pages tie on the
// request's words, the page that holds the request as a whole decides:
// the tie is not broken against both the section and the page evidence
// by a finer preference (a title naming more of the words, a place).
// lead is leadingPageOf(cands).
func (a *GraphAgent) onLeadingPage(cands, tied []candidate, lead pageLead) []candidate {
	if lead.url == "" || a.ix.Node(cands[0].id).Page != lead.url {
		return tied
	}
	return slices.DeleteFunc(slices.Clone(tied), func(c candidate) bool { return a.ix.Node(c.id).Page != lead.url })
}

// genericRatio is how close (BM25 score ratio) an ancestor of the selected
// node must come to stand in for it.
const genericRatio = 0.6

// generalise prefers an ancestor of the selected node when the request says
// nothing the ancestor does not: "how do I cancel" is about the cancellation
// page, not about its "After you cancel" section, which merely scores higher
// for being short. The ancestor then answers or asks which situation applies.
func (a *GraphAgent) generalise(cands []candidate, id string) string {
	var sel candidate
	for _, c := range cands {
		if c.id == id {
			sel = c
		}
	}
	if sel.id == "" {
		return id
	}
	best, bestDepth := id, a.depth(id)
	for _, c := range cands {
		if c.id == id || !a.accepts(c) || c.coverage < sel.coverage-1e-9 || c.score < sel.score*genericRatio || !a.isAncestor(c.id, id) {
			continue
		}
		// Only an ancestor that answers, or asks about situations, serves:
		// a list of sub-problems would make the user pick the one they named.
		if !verdictOf(a.ix.Node(c.id)).Answers && len(a.conditionalChildren(c.id)) < 2 {
			continue
		}
		if d := a.depth(c.id); d < bestDepth {
			best, bestDepth = c.id, d
		}
	}
	return best
}

// depth is the number of parents above id.
func (a *GraphAgent) depth(id string) int {
	d := 0
	for range maxDescent {
		id = a.ix.Parent(id)
		if id == "" {
			break
		}
		d++
	}
	return d
}

func (a *GraphAgent) isAncestor(anc, id string) bool {
	for range maxDescent {
		id = a.ix.Parent(id)
		if id == "" {
			return false
		}
		if id == anc {
			return true
		}
	}
	return false
}

// isHollow reports whether node id has nothing to give: no text beyond its
// heading, no sub-problems and no references (or no such node).
func (a *GraphAgent) isHollow(id string) bool {
	n := a.ix.Node(id)
	return n == nil || verdictOf(n).Hollow && len(a.ix.Children(id)) == 0 && len(a.ix.References(id)) == 0
}

// negatedProblem reports whether node d's problem is negated.
func (a *GraphAgent) negatedProblem(d int) bool {
	return a.negProblem.get(d, func() bool { return lexical.Negated(a.ix.Graph.Nodes[d].Problem) })
}

// lazyFlags holds one yes/no fact per node, worked out on first use: per
// graph, but too costly to find for every node of a large graph up front.
// It is safe for concurrent use.
type lazyFlags []atomic.Uint32

const (
	flagUnknown = iota
	flagNo
	flagYes
)

func (f lazyFlags) get(d int, compute func() bool) bool {
	switch f[d].Load() {
	case flagYes:
		return true
	case flagNo:
		return false
	}
	v := compute()
	if v {
		f[d].Store(flagYes)
	} else {
		f[d].Store(flagNo)
	}
	return v
}

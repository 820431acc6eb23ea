package dialogue

import (
	"math/bits"
	"slices"
	"sync"
)

// A resolution needs the request's distinctive words. The ranking weighs a
// word no page has like a typical word (some are chat or a typo the
// speller left), so a node holding a request's generic words answers it
// whatever else it names: "how do I cancel my gym membership" and the
// help center's page on cancelling its own. Such a word names what the
// help center never mentions (a product, a service, an institution): this
// guard weighs it as the rare word it is.

// unknownRarity is the weight of a word no page has, as a share of the
// rarest word's: half, since some such words are still chat or typos.
const unknownRarity = 0.5

// heldRequest is what answersRequest reads: the request's term weights
// (their IDF; 0 for a word no page has), the weight of the graph's rarest
// word, and the request's terms (bits by position) that the node has in
// any field and in its own fields.
type heldRequest struct {
	weights   []float64
	rarest    float64
	node, own uint64
}

// answersRequest reports whether a node holds enough of a request to
// answer it, a word no page has weighing unknownRarity of the rarest
// word's: minCoverage of the request's weight (or, holding longMatchTerms
// of its words in its own fields, longMatchShare of that, as for any
// match). A request with no such word was weighed by the ranking as it
// is: it passes.
func answersRequest(h heldRequest, minCoverage float64) bool {
	if !slices.ContainsFunc(h.weights, func(w float64) bool { return w <= 0 }) {
		return true
	}
	share := func(held uint64) float64 {
		var got, total float64
		for i, w := range h.weights {
			if w <= 0 {
				w = unknownRarity * h.rarest
			}
			total += w
			if held&(1<<i) != 0 {
				got += w
			}
		}
		return got / total
	}
	held := share(h.node)
	return held >= minCoverage || (bits.OnesCount64(h.own) >= longMatchTerms && held >= minCoverage*longMatchShare)
}

// holdsRequest reports whether node id, found for msg, answers it (see
// answersRequest). The message's own words count, never the
// conversation's: earlier words do not carry a request ("and how do I
// pay my gym with it?"). A message that answers the agent with the
// user's situation ("yes, I was abroad") passes.
func (a *GraphAgent) holdsRequest(s *Session, id, msg string) bool {
	n := a.ix.Node(id)
	if n == nil || answersYes(msg) {
		return true
	}
	terms := a.an.terms(a.mask(msg))
	if len(terms) > 2*shortRequest {
		return true // a long message's unknown words are mostly its story
	}
	// On the page being discussed the page, not the node, holds what a
	// follow-up asks ("and for deaf callers?"), and only a short one,
	// which the conversation's words would carry, is weighed.
	cur := a.ix.Node(s.CurrentNode)
	onPage := cur != nil && cur.Page == n.Page
	if onPage && len(terms) > shortRequest {
		return true
	}
	if _, ids, _, _ := a.lex.queryTerms(terms); !slices.Contains(ids, -1) {
		return true // nothing to weigh again: no need to search
	}
	m := a.lex.match(terms, nil)
	defer m.release()
	d := a.doc[id]
	h := heldRequest{weights: make([]float64, len(m.termIDs)), rarest: a.rarest.of(a.lex.weight)}
	for i, t := range m.termIDs {
		if t >= 0 {
			h.weights[i] = a.lex.weight[t]
		}
	}
	h.node, h.own = m.sc.found[d].matched(), m.sc.found[d].own()
	if onPage && a.lex.pageWeight > 0 {
		h.node |= m.sc.pageFound[a.lex.pageOf[d]]
	}
	return answersRequest(h, a.opts.MinCoverage)
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

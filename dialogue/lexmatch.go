package dialogue

import (
	"math/bits"
	"slices"
)

// topicWeight is how much the conversation's earlier words count in the
// score of a node the message matches: they rank, never decide a match.
const topicWeight = 1.0

// lexicalMatch is a query scored once against every node, from which
// top lists (the best hits, best first) are drawn for several topics and
// neighbourhoods without walking the postings again. The topic's terms
// (the conversation's earlier words) add to the score of nodes the query
// matches, but not to their coverage. A hit must contain one of the
// required terms (when given) in its own or context fields. It must be
// released.
type lexicalMatch struct {
	lx           *lexicalIndex
	sc           *searchScratch
	uniq         []string
	termIDs      []int32
	weight       []float64
	queryWeight  float64
	sums         weightSums
	requiredMask uint64
	// wide: the query has more terms than a packed terms found holds
	// (see searchScratch.found).
	wide bool
	// topicIDs are the topic terms whose scores the nodes hold (addTopic).
	topicIDs []int32
	// pageTopicIDs are the topic terms whose scores the pages hold.
	pageTopicIDs []int32
	// topicRerank: the topic's words rerank the best hits found without
	// them, instead of scoring every node the query matched: for a
	// message that stands alone, which they seldom move (see
	// GraphAgent.retrieve).
	topicRerank bool
	// maxPage is maxPageScore's value for the page topic set, when
	// maxPageKnown.
	maxPage      float64
	maxPageKnown bool
	// last is the last search of every node's best hits (topHits with
	// no nodes to allow): a turn asks for its message's best match up to
	// three times.
	last topSearch
}

// topSearch is a search of every node's best limit hits for a topic
// (term numbers) and a page topic, and the hits found.
type topSearch struct {
	topicIDs, pageTopicIDs []int32
	limit                  int
	hits                   []lexicalHit
}

// match scores query's terms against every node (see search).
func (lx *lexicalIndex) match(query, required []string) *lexicalMatch {
	m := &lexicalMatch{lx: lx}
	m.uniq, m.termIDs, m.weight, m.queryWeight = lx.queryTerms(query)
	m.sums = newWeightSums(m.weight, m.queryWeight)
	for i, t := range m.uniq {
		if slices.Contains(required, t) {
			m.requiredMask |= 1 << i
		}
	}
	if m.queryWeight == 0 || len(lx.ids) == 0 {
		return m
	}
	sc := lx.scratch.Get().(*searchScratch)
	// With required terms, only the nodes having one in their own or
	// context fields can be hits: the walk skips the others (a follow-up's
	// words are few, the current problem's it is combined with common).
	var eligible []uint64
	if m.requiredMask != 0 {
		eligible = sc.eligible
		found := false
		for i, t := range m.termIDs {
			if t < 0 || m.requiredMask&(1<<i) == 0 {
				continue
			}
			for _, f := range []int{fieldOwn, fieldContext} {
				for _, d := range lx.fields[f].Docs[t] {
					eligible[d>>6] |= 1 << (d & 63)
					found = true
				}
			}
		}
		if !found { // no node can be a hit
			lx.scratch.Put(sc)
			return m
		}
		defer clear(eligible)
	}
	m.sc = sc
	if m.wide = len(m.termIDs) > packedTerms; m.wide && sc.wide == nil {
		sc.wide = make([]termsFound, len(sc.score))
	}
	for f := range lx.fields {
		fl := &lx.fields[f]
		for i, t := range m.termIDs {
			if t < 0 || fl.IDF[t] == 0 {
				continue
			}
			if m.wide {
				sc.addWide(f, uint64(1)<<i, fl.Docs[t], fl.Scores[t], eligible)
			} else {
				sc.add(packedBit(f, i), fl.Docs[t], fl.Scores[t], eligible)
			}
		}
	}
	if lx.pageWeight > 0 {
		for i, t := range m.termIDs {
			if t < 0 {
				continue
			}
			sc.pageTouched = addPages(sc.page, sc.pageTouched, lx.pages.Docs[t], lx.pages.Scores[t], 1)
			for _, p := range lx.pages.Docs[t] {
				sc.pageFound[p] |= 1 << i
			}
		}
		for _, t := range m.termIDs {
			if t >= 0 && int(t) < len(lx.titlePages) {
				for _, p := range lx.titlePages[t] {
					sc.titleNamed[p]++
				}
			}
		}
		for _, p := range sc.pageTouched {
			sc.page[p] *= m.sums.of(sc.pageFound[p]) * m.pageSpecificity(p)
		}
	}
	return m
}

// add adds the postings of one query term in a field (bit: its packed
// bit there) to the nodes' scores, skipping the nodes not eligible (when
// not nil). The fields are a cascade (see newLexicalIndex): no stronger
// field of these nodes has the term. Every posting's score is positive, so
// a zero score marks a node not yet touched, whose terms found are left
// from an earlier query.
//
// The loop is most of a search on a large graph, and whether a node is
// touched first is a coin toss the processor mispredicts: without
// eligible nodes it is written without that branch. Every node is written
// at the end of touched, which grows by one only for a node touched first
// (touched has room for every node and one more), and its terms found are
// kept or reset by a mask. The scratch's slices are held in locals.
func (sc *searchScratch) add(bit uint64, docs []int32, scores []float64, eligible []uint64) {
	if eligible != nil {
		sc.addEligible(bit, docs, scores, eligible)
		return
	}
	score, found := sc.score, sc.found
	n, touched := len(sc.touched), sc.touched[:cap(sc.touched)]
	scores = scores[:len(docs)]
	for k, d := range docs {
		first := 0
		if score[d] == 0 {
			first = 1
		}
		touched[n] = d
		n += first
		keep := uint64(first) - 1 // all ones, or none for a node touched first
		found[d] = found[d]&keep | bit
		score[d] += scores[k]
	}
	sc.touched = touched[:n]
}

// addEligible is add for the nodes eligible only.
func (sc *searchScratch) addEligible(bit uint64, docs []int32, scores []float64, eligible []uint64) {
	score, found, touched := sc.score, sc.found, sc.touched
	scores = scores[:len(docs)]
	for k, d := range docs {
		if eligible[d>>6]&(1<<(d&63)) == 0 {
			continue
		}
		if score[d] == 0 {
			touched = append(touched, d)
			found[d] = 0
		}
		found[d] |= bit
		score[d] += scores[k]
	}
	sc.touched = touched
}

// addWide is add for a query of more than packedTerms terms: bit is the
// term's (by position) in field f of sc.wide.
func (sc *searchScratch) addWide(f int, bit uint64, docs []int32, scores []float64, eligible []uint64) {
	score, wide, touched := sc.score, sc.wide, sc.touched
	scores = scores[:len(docs)]
	for k, d := range docs {
		if eligible != nil && eligible[d>>6]&(1<<(d&63)) == 0 {
			continue
		}
		if score[d] == 0 {
			touched = append(touched, d)
			wide[d] = termsFound{}
		}
		wide[d][f] |= bit
		score[d] += scores[k]
	}
	sc.touched = touched
}

// found is the query terms node d has by field; its score must not be 0.
func (m *lexicalMatch) found(d int32) termsFound {
	if m.wide {
		return m.sc.wide[d]
	}
	return unpackFound(m.sc.found[d])
}

// pageSpecificity is, as a node's specificity (see hit), the share of the
// score a page keeps when the request names few of its title's terms: of
// two pages with the request's words, the one whose title says little
// else is about it ("change a reservation" is "How to change a
// reservation", not "Errors when changing a reservation").
func (m *lexicalMatch) pageSpecificity(p int32) float64 {
	return specificity(pageSpecificityFloor, int(m.sc.titleNamed[p]), int(m.lx.titleTerms[p]))
}

// pageScore is the whole-page evidence for node d's page: the page's BM25
// score for the query times the share of the query it has and its title's
// specificity (as a node's), and the earlier words' score.
func (m *lexicalMatch) pageScore(d int32) float64 {
	p := m.lx.pageOf[d]
	return m.sc.page[p] + m.sc.pageTopic[p]
}

// setPageTopic sets sc.pageTopic to the topic terms' (term numbers) BM25
// score over each page, times earlierPageWeight: the conversation's earlier
// words say which page it is on, as they do in the RAG baseline's search.
// It walks the postings once for each new topic.
func (m *lexicalMatch) setPageTopic(topicIDs []int32) {
	sc := m.sc
	if m.lx.pageWeight <= 0 || slices.Equal(m.pageTopicIDs, topicIDs) {
		return
	}
	for _, p := range sc.pageTopicTouched {
		sc.pageTopic[p] = 0
	}
	sc.pageTopicTouched = sc.pageTopicTouched[:0]
	m.pageTopicIDs = slices.Clone(topicIDs)
	m.maxPageKnown = false
	for _, t := range topicIDs {
		sc.pageTopicTouched = addPages(sc.pageTopic, sc.pageTopicTouched, m.lx.pages.Docs[t], m.lx.pages.Scores[t], earlierPageWeight)
	}
}

// addPages adds weight times one term's page postings (docs, scores) to
// score, a page's score, and returns touched with the pages touched first
// appended. As searchScratch.add, without a branch on whether a page is
// touched first (a mispredicted coin toss on a large graph): every page is
// written at the end of touched, which has room for every page and one
// more, and kept only when its score was 0. Every posting's score is
// positive.
func addPages(score []float64, touched []int32, docs []int32, scores []float64, weight float64) []int32 {
	n, room := len(touched), touched[:cap(touched)]
	scores = scores[:len(docs)]
	for k, p := range docs {
		first := 0
		if score[p] == 0 {
			first = 1
		}
		room[n] = p
		n += first
		score[p] += weight * scores[k]
	}
	return room[:n]
}

// release returns m's scratch space; m must not be used afterwards.
func (m *lexicalMatch) release() {
	sc := m.sc
	if sc == nil {
		return
	}
	// The terms found are reset as a node is first touched (see match):
	// only the scores need clearing.
	if len(sc.touched) > len(sc.score)/8 {
		// Most nodes matched: clearing all in order beats jumping about.
		clear(sc.score)
	} else {
		for _, d := range sc.touched {
			sc.score[d] = 0
		}
	}
	sc.touched = sc.touched[:0]
	for _, p := range sc.pageTouched {
		sc.page[p], sc.pageFound[p], sc.titleNamed[p] = 0, 0, 0
	}
	sc.pageTouched = sc.pageTouched[:0]
	for _, p := range sc.pageTopicTouched {
		sc.pageTopic[p] = 0
	}
	sc.pageTopicTouched = sc.pageTopicTouched[:0]
	m.lx.scratch.Put(sc)
	m.sc = nil
}

// top returns the best limit hits of m with topic's terms added to the
// score, among allow (node positions) when not nil.
//
// Most matched nodes share only a common word with the query: rather than
// score them all, top bounds each node's score from above (its coverage is
// at most the weight of the terms it has, its specificity at most 1) and
// scores exactly only the nodes whose bound reaches the hits kept so far.
// The hits are those a full scoring gives.
func (m *lexicalMatch) top(topic []string, allow []int32, limit int) []lexicalHit {
	sc := m.sc
	if sc == nil || limit <= 0 {
		return nil
	}
	topicIDs := m.lx.topicTerms(m.uniq, topic)
	m.setPageTopic(topicIDs)
	if m.topicRerank && len(topicIDs) > 0 {
		hits := m.topHits(nil, allow, limit*topicRerankWidth)
		for i := range hits {
			h := &hits[i]
			d := int32(h.doc)
			// As the topic's score would have counted in hit.
			h.score += m.topicScore(d, topicIDs) * h.coverage * specificity(specificityFloor, h.terms, int(m.lx.headTerms[d]))
		}
		slices.SortFunc(hits, func(x, y lexicalHit) int {
			if better(x, y) {
				return -1
			}
			return 1
		})
		return hits[:min(limit, len(hits))]
	}
	return m.topHits(topicIDs, allow, limit)
}

// topicRerankWidth is how many times the hits asked for a topic reranks
// (see lexicalMatch.topicRerank).
const topicRerankWidth = 5

// topHits is top for the topic terms (term numbers) topicIDs, the pages'
// topic scores already set.
func (m *lexicalMatch) topHits(topicIDs []int32, allow []int32, limit int) []lexicalHit {
	sc := m.sc
	best := hitList{limit: limit}
	if allow != nil {
		for _, d := range allow {
			if sc.score[d] != 0 {
				best.add(m.hit(d, sc.score[d]+m.topicScore(d, topicIDs), m.found(d)))
			}
		}
		return best.hits
	}
	// The best hits are a total order's first ones (see hitList.add):
	// those of an earlier search for the same topics, cut to limit, are
	// this one's.
	if l := &m.last; l.hits != nil && limit <= l.limit && slices.Equal(l.topicIDs, topicIDs) && slices.Equal(l.pageTopicIDs, m.pageTopicIDs) {
		return slices.Clone(l.hits[:min(limit, len(l.hits))])
	}
	defer func() {
		m.last = topSearch{topicIDs: slices.Clone(topicIDs), pageTopicIDs: m.pageTopicIDs, limit: limit, hits: slices.Clone(best.hits)}
	}()
	m.addTopic(topicIDs)
	withTopic := len(topicIDs) > 0
	maxPage := m.maxPageScore()
	full, floor := false, 0.0 // best.full(), best.worst()
	// The loop reads the scratch's arrays through locals: through sc, each
	// read loads the slice header again.
	scores, topic := sc.score, sc.topic
	for _, d := range sc.touched {
		score := scores[d]
		if withTopic {
			score += topic[d]
		}
		// The score alone rules most nodes out, without reading their
		// terms found, and with the best page's score without reading
		// their page's; the margin absorbs rounding.
		if full {
			if (score+maxPage)*(1+1e-9) < floor {
				continue
			}
			page := 0.0
			if m.lx.pageWeight > 0 {
				page = m.lx.pageWeight * m.pageScore(d)
			}
			if (score+page)*(1+1e-9) < floor {
				continue
			}
			found := m.found(d)
			if (score*m.sums.of(found.matched())+page)*(1+1e-9) < floor {
				continue
			}
			// Where the page's evidence carries most nodes this far
			// (a request whose words are all over a few pages), their
			// headings' specificity still rules most out.
			if m.scoreBound(d, score, found, page)*(1+1e-9) < floor {
				continue
			}
		}
		best.add(m.hit(d, score, m.found(d)))
		if full = best.full(); full {
			floor = best.worst()
		}
	}
	return best.hits
}

// scoreBound is, but for rounding, the score hit gives node d, whose BM25
// score (with the topic's) is score, terms found found and weighted page
// evidence page: its coverage from the weight sums of the terms found in
// each field, and its specificity. It rules a node out without building
// its hit.
func (m *lexicalMatch) scoreBound(d int32, score float64, found termsFound, page float64) float64 {
	var coverage float64
	for f, mask := range found {
		coverage += fieldCoverageWeight[f] * m.sums.of(mask)
	}
	return score*coverage*specificity(specificityFloor, bits.OnesCount64(found.own()), int(m.lx.headTerms[d])) + page
}

// maxPageScore is the most a node's page adds to its score (see hit): the
// best page's score, with the topic's, times the page weight.
func (m *lexicalMatch) maxPageScore() float64 {
	sc := m.sc
	if m.lx.pageWeight <= 0 {
		return 0 // no page evidence (see hit)
	}
	if m.maxPageKnown {
		return m.maxPage
	}
	defer func() { m.maxPageKnown = true }()
	var best float64
	for _, p := range sc.pageTouched {
		best = max(best, sc.page[p]+sc.pageTopic[p])
	}
	for _, p := range sc.pageTopicTouched {
		best = max(best, sc.page[p]+sc.pageTopic[p])
	}
	m.maxPage = m.lx.pageWeight * best
	return m.maxPage
}

// addTopic sets sc.topic of every node the query matched to the BM25 score
// of the topic terms (term numbers) it has, walking their postings once for
// each new topic.
func (m *lexicalMatch) addTopic(topicIDs []int32) {
	if len(topicIDs) == 0 || slices.Equal(m.topicIDs, topicIDs) {
		return
	}
	sc := m.sc
	for _, d := range sc.touched {
		sc.topic[d] = 0
	}
	m.topicIDs = slices.Clone(topicIDs)
	for _, t := range topicIDs {
		for f := range m.lx.fields {
			fl := &m.lx.fields[f]
			totals := fl.Totals[t] // the node's score in every field
			for k, d := range fl.Docs[t] {
				if sc.score[d] != 0 {
					sc.topic[d] += topicWeight * totals[k]
				}
			}
		}
	}
}

// hit scores node d, whose BM25 score (with the topic's) is score and
// terms found found.
func (m *lexicalMatch) hit(d int32, score float64, found termsFound) lexicalHit {
	own := found.own()
	matched, first := found.matched(), found[fieldOwn]
	h := lexicalHit{doc: int(d), score: score, terms: bits.OnesCount64(own), matched: matched, own: own}
	for i := range m.termIDs {
		bit := uint64(1) << i
		if matched&bit == 0 {
			continue
		}
		f := fieldAnswer
		switch {
		case first&bit != 0:
			f = fieldOwn
		case own&bit != 0:
			f = fieldContext
		}
		h.coverage += fieldCoverageWeight[f] * m.weight[i]
		if f != fieldAnswer {
			h.ownCoverage += fieldCoverageWeight[f] * m.weight[i]
		}
	}
	h.coverage /= m.queryWeight
	h.ownCoverage /= m.queryWeight
	// Coordination: a node with all of the query's words beats one
	// that repeats a few of them (Lucene's classic coord factor).
	h.score *= h.coverage
	// Specificity: of two nodes holding the request's words, the one
	// whose heading says little else is what it asks about ("how do I
	// earn points" is "Earning points", not "Do I earn points if
	// someone else stays in the room?").
	// A heading of function words alone ("What you can do") says nothing
	// of what the node is about: it ranks as the least specific.
	h.score *= specificity(specificityFloor, h.terms, int(m.lx.headTerms[d]))
	// Page evidence: a section of the page the request is about outranks
	// a like section elsewhere, so the agent picks pages at least as well
	// as a search over whole pages.
	if m.lx.pageWeight > 0 {
		h.pageScore = m.pageScore(d)
		h.score += m.lx.pageWeight * h.pageScore
		h.pageCoverage = m.sums.of(m.sc.pageFound[m.lx.pageOf[d]])
	}
	return h
}

// topicScore is node d's topic score (see addTopic), found by binary
// search in the topic terms' postings: for a few nodes, cheaper than a walk.
func (m *lexicalMatch) topicScore(d int32, topicIDs []int32) float64 {
	var score float64
	for _, t := range topicIDs {
		for f := range m.lx.fields {
			fl := &m.lx.fields[f]
			// A node has a term in one field at most (the cascade), and
			// its total there counts every field.
			if k, ok := slices.BinarySearch(fl.Docs[t], d); ok {
				score += topicWeight * fl.Totals[t][k]
				break
			}
		}
	}
	return score
}

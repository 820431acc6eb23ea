package dialogue

import (
	"math/bits"
	"slices"
	"sort"
	"sync"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/bm25"
)

// The fields a node is matched on, strongest first. A query term counts in
// the first field of a node that has it; later fields add evidence only for
// the words the earlier ones lack.
const (
	// fieldOwn is the node's problem, condition and intents: what it is about.
	fieldOwn = iota
	// fieldContext is where the node sits: its page's title and its
	// ancestors' problems. "How do I apply?" under a page titled "Retirement
	// benefits" is about applying for retirement benefits, though its own
	// heading never says so.
	fieldContext
	// fieldAnswer is the node's resolution. "Which cards are accepted" is
	// answered by the node listing the brands, but a word that only appears
	// in an answer says less than one in the node's own fields.
	fieldAnswer
	numFields
)

// Per field: weight in the BM25 score, and how much of a query term's
// weight a match in the field counts towards coverage.
var (
	fieldScoreWeight    = [numFields]float64{1, 0.5, 0.3}
	fieldCoverageWeight = [numFields]float64{1, 0.8, 0.5}
)

// maxFieldTerms bounds how much of a long field is indexed: the opening of a
// resolution says what a section answers, the rest is detail.
const maxFieldTerms = 200

// Specificity floors: the least share of its score a node (or a page, by
// its title) keeps when the request names few of its heading's terms (see
// specificity). A section's heading is what it answers, so a request that
// names all of a short heading beats one naming a few words of a long
// heading more strongly than a page's title does. Chosen on the sample's
// evaluation half, ssa and adguard-kb/en (make eval-questions, TestSSA):
// the node floor at 0.4 against 0.6 puts the first reply on gold on the
// sample 57.5% -> 62.5% and adguard-en 37.5% -> 41.7% and the ssa replay
// 0.354 -> 0.356 (evaluation half), 0.407 -> 0.417 (tuning half); the
// page floor stays 0.6 (0.4 and 0.8 are no better on any corpus).
const (
	specificityFloor     = 0.4
	pageSpecificityFloor = 0.6
)

// specificity is the share of its score a match keeps when the request
// names named of the heading's heading distinct terms: 1 when it names
// them all, floor when it names none or the heading has none (a heading
// of function words alone says nothing of what the node is about).
func specificity(floor float64, named, heading int) float64 {
	if heading <= 0 {
		return floor
	}
	return floor + (1-floor)*min(1, float64(named)/float64(heading))
}

// maxQueryTerms bounds the distinct terms of a query that are scored (they
// are tracked per node in one 64-bit mask).
const maxQueryTerms = 64

// lexicalIndex is a BM25 index over the nodes' fields. Terms are numbered
// once per graph, so a search looks each query term up once and then works
// on integer postings. It is built once per graph and read concurrently.
type lexicalIndex struct {
	an     *analyzer
	ids    []string
	dict   map[string]int32 // term -> term number
	fields [numFields]bm25.Field
	// headTerms is, per node, how many distinct terms its problem and
	// condition have: a request naming few of them asks about something
	// broader than the node.
	headTerms []float32
	// weight is each term's share in a query's coverage: its IDF in the
	// strongest field that has it.
	weight []float64
	// unknownIDF weighs query terms no node uses: they count against a
	// match's coverage, but no more than a typical term.
	unknownIDF float64
	// pages is a BM25 index over whole pages (title, headings and text of
	// all their nodes), and pageOf each node's page number in it: page
	// evidence fused into every section's score (see pageWeight).
	pages  bm25.Field
	pageOf []int32
	// titlePages are, by term number, the pages whose title has the term,
	// and titleTerms per page how many distinct terms its title has.
	titlePages [][]int32
	titleTerms []float32
	// pageWeight is how much a node's page's score adds to the node's
	// (Options.PageWeight).
	pageWeight float64
	scratch    sync.Pool
}

// lexicalHit is one scored node. Coverage is the IDF-weighted share of the
// query's terms the node contains (0..1): unlike the BM25 score it is
// comparable across queries, so thresholds apply to it.
type lexicalHit struct {
	doc      int
	score    float64
	coverage float64
	// ownCoverage is the coverage of the node's own and context fields
	// alone: how much of the query the node is about, not merely mentions.
	ownCoverage float64
	terms       int // distinct query terms in the node's own or context fields
	// matched and own are the query terms (by position) the node has in
	// any field, and in its own or context fields.
	matched, own uint64
	// pageCoverage is the share (IDF-weighted) of the query's terms that
	// the node's whole page has.
	pageCoverage float64
	// pageScore is the BM25 score of the node's whole page (with the
	// conversation's earlier words).
	pageScore float64
}

// termsFound is, per field, the query terms (bits by position) a node has
// in it; a term found in a stronger field is never set in a weaker one (the
// cascade).
type termsFound [numFields]uint64

// matched is the query terms the node has in any field.
func (tf *termsFound) matched() uint64 { return tf[fieldOwn] | tf[fieldContext] | tf[fieldAnswer] }

// own is the query terms the node has in its own or context fields.
func (tf *termsFound) own() uint64 { return tf[fieldOwn] | tf[fieldContext] }

// searchScratch is one query's working space, by node position. The scores
// are apart from the terms found: most nodes are ruled out on their score
// alone, read from a dense array.
type searchScratch struct {
	score []float64
	found []termsFound
	// topic is, per node the query matched, the BM25 score of the topic
	// terms it has (see lexicalMatch.addTopic).
	topic []float64
	// eligible is a bit per node, set for the nodes a query with required
	// terms may return; clear between queries.
	eligible []uint64
	touched  []int32
	// page and pageFound are, per page, the query's BM25 score over the
	// whole page and the query terms it has; pageTouched the pages set.
	page        []float64
	pageFound   []uint64
	pageTouched []int32
	// titleNamed is, per page, how many query terms its title has.
	titleNamed []uint8
	// pageTopic is, per page, the BM25 score of the topic's terms over the
	// whole page; pageTopicTouched the pages set.
	pageTopic        []float64
	pageTopicTouched []int32
}

func newLexicalIndex(an *analyzer, ix *graph.Index, gw *graphWords, pos map[string]int, pageWeight float64) *lexicalIndex {
	g := ix.Graph
	lx := &lexicalIndex{an: an, ids: make([]string, len(g.Nodes)), dict: map[string]int32{}, pageWeight: pageWeight}
	for i := range g.Nodes {
		lx.ids[i] = g.Nodes[i].ID
	}
	var words []int32
	parent := parents(ix, pos)
	fieldWords := [numFields]func(i int) []int32{
		fieldOwn:     gw.own,
		fieldContext: func(i int) []int32 { words = gw.context(g, parent, i, words[:0]); return words },
		fieldAnswer:  gw.answer,
	}
	hint := [numFields]int{fieldOwn: gw.ownLen(), fieldContext: gw.ownLen(), fieldAnswer: gw.answerLen()}
	for f := range lx.fields {
		lx.fields[f] = lx.newField(len(g.Nodes), hint[f], fieldScoreWeight[f], func(i int, dst []int32) []int32 {
			return gw.v.terms(lx, fieldWords[f](i), dst, maxFieldTerms)
		})
	}
	lx.headTerms = make([]float32, len(g.Nodes))
	var head []int32
	for i := range g.Nodes {
		head = gw.v.terms(lx, gw.head(i), head[:0], maxFieldTerms)
		slices.Sort(head)
		lx.headTerms[i] = float32(len(slices.Compact(head)))
	}
	lx.indexPages(g, gw)
	// Every field's tables cover every term number.
	for f := range lx.fields {
		lx.fields[f].Grow(len(lx.dict))
	}
	lx.pages.Grow(len(lx.dict))
	lx.weight = make([]float64, len(lx.dict))
	var sum float64
	var known int
	own := &lx.fields[fieldOwn]
	for t := range lx.weight {
		if own.IDF[t] > 0 {
			sum += own.IDF[t]
			known++
		}
	}
	lx.unknownIDF = 1
	if known > 0 {
		lx.unknownIDF = sum / float64(known) / 2
	}
	for t := range lx.weight {
		switch {
		case own.IDF[t] > 0:
			lx.weight[t] = own.IDF[t]
		case lx.fields[fieldContext].IDF[t] > 0:
			lx.weight[t] = lx.fields[fieldContext].IDF[t]
		case lx.fields[fieldAnswer].IDF[t] > 0:
			lx.weight[t] = min(lx.fields[fieldAnswer].IDF[t], lx.unknownIDF*2)
		default: // deep in a long text only: no node's fields have it
			lx.weight[t] = lx.unknownIDF
		}
	}
	// A query term counts in the first field of a node that has it: the
	// later fields' postings of such nodes are never read.
	bm25.Cascade(lx.fields[:])
	size, pages := len(g.Nodes), lx.pages.N
	lx.scratch.New = func() any {
		return &searchScratch{score: make([]float64, size), found: make([]termsFound, size), topic: make([]float64, size), eligible: make([]uint64, (size+63)/64),
			page: make([]float64, pages), pageFound: make([]uint64, pages), pageTopic: make([]float64, pages), titleNamed: make([]uint8, pages)}
	}
	return lx
}

// pageTitleRepeat is how many times a page's title counts in its whole-page
// document: BM25F's field weight for the title, so a page titled with the
// request's words outranks one that merely repeats them in its text.
// Chosen on the sample, ssa and adguard-kb/en (2 ≥ 1 and 3 on all three).
const pageTitleRepeat = 2

// earlierPageWeight is how much the conversation's earlier words count in a
// page's score, against the message's own words at 1. Chosen on the ssa
// replay (0.5 over 1: page accuracy 0.377 against 0.369; the sample and
// adguard-kb/en do not tell them apart).
const earlierPageWeight = 0.5

// maxPageNodeTerms bounds how much of one node's text its page's document
// holds: more than a node field keeps (a term deep in a long section still
// tells what the page covers), but bounded.
const maxPageNodeTerms = 1000

// indexPages builds the whole-page index: one document per page, its title
// then every node's own fields and answer, in graph order.
func (lx *lexicalIndex) indexPages(g *graph.Graph, gw *graphWords) {
	number := make(map[string]int32, len(g.Pages))
	var docs [][]int32
	pageNo := func(url string) int32 {
		p, ok := number[url]
		if !ok {
			p = int32(len(docs))
			number[url] = p
			docs = append(docs, nil)
			var title []int32
			if t, ok := gw.title[url]; ok {
				for range pageTitleRepeat {
					docs[p] = gw.v.terms(lx, gw.titles[t[0]:t[1]], docs[p], maxFieldTerms)
				}
				title = slices.Clone(docs[p])
				slices.Sort(title)
				title = slices.Compact(title)
			}
			for _, t := range title {
				for int(t) >= len(lx.titlePages) {
					lx.titlePages = append(lx.titlePages, nil)
				}
				lx.titlePages[t] = append(lx.titlePages[t], p)
			}
			lx.titleTerms = append(lx.titleTerms, float32(len(title)))
		}
		return p
	}
	lx.pageOf = make([]int32, len(g.Nodes))
	for i := range g.Nodes {
		p := pageNo(g.Nodes[i].Page)
		lx.pageOf[i] = p
		docs[p] = gw.v.terms(lx, gw.own(i), docs[p], maxPageNodeTerms)
		docs[p] = gw.v.terms(lx, gw.answer(i), docs[p], maxPageNodeTerms)
	}
	var all []int32
	ends := make([]int32, len(docs))
	for p, d := range docs {
		all = append(all, d...)
		ends[p] = int32(len(all))
	}
	lx.pages = bm25.NewField(all, ends, len(lx.dict), 1)
}

// termID returns term t's number, numbering it if new.
func (lx *lexicalIndex) termID(t string) int32 {
	id, ok := lx.dict[t]
	if !ok {
		id = int32(len(lx.dict))
		lx.dict[t] = id
	}
	return id
}

// newField indexes the terms of each of n nodes (nodeTerms appends at most
// maxFieldTerms of them to dst, numbering new terms in lx); hint is about
// how many terms they have in all; weight is the field's weight in a score.
func (lx *lexicalIndex) newField(n, hint int, weight float64, nodeTerms func(i int, dst []int32) []int32) bm25.Field {
	all := make([]int32, 0, hint)
	ends := make([]int32, n)
	for i := range n {
		all = nodeTerms(i, all)
		ends[i] = int32(len(all))
	}
	return bm25.NewField(all, ends, len(lx.dict), weight)
}

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
	// topicIDs are the topic terms whose scores the nodes hold (addTopic).
	topicIDs []int32
	// pageTopicIDs are the topic terms whose scores the pages hold.
	pageTopicIDs []int32
	// topicRerank: the topic's words rerank the best hits found without
	// them, instead of scoring every node the query matched: for a
	// message that stands alone, which they seldom move (see
	// GraphAgent.retrieve).
	topicRerank bool
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
	for f := range lx.fields {
		fl := &lx.fields[f]
		for i, t := range m.termIDs {
			if t < 0 || fl.IDF[t] == 0 {
				continue
			}
			bit := uint64(1) << i
			scores := fl.Scores[t]
			// The fields are a cascade (see newLexicalIndex): no stronger
			// field of these nodes has the term. Every posting's score is
			// positive, so a zero score marks a node not yet touched.
			for k, d := range fl.Docs[t] {
				if eligible != nil && eligible[d>>6]&(1<<(d&63)) == 0 {
					continue
				}
				if sc.score[d] == 0 {
					sc.touched = append(sc.touched, d)
				}
				sc.found[d][f] |= bit
				sc.score[d] += scores[k]
			}
		}
	}
	if lx.pageWeight > 0 {
		for i, t := range m.termIDs {
			if t < 0 {
				continue
			}
			scores := lx.pages.Scores[t]
			for k, p := range lx.pages.Docs[t] {
				if sc.page[p] == 0 {
					sc.pageTouched = append(sc.pageTouched, p)
				}
				sc.page[p] += scores[k]
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
	for _, t := range topicIDs {
		scores := m.lx.pages.Scores[t]
		for k, p := range m.lx.pages.Docs[t] {
			if sc.pageTopic[p] == 0 {
				sc.pageTopicTouched = append(sc.pageTopicTouched, p)
			}
			sc.pageTopic[p] += earlierPageWeight * scores[k]
		}
	}
}

// release returns m's scratch space; m must not be used afterwards.
func (m *lexicalMatch) release() {
	sc := m.sc
	if sc == nil {
		return
	}
	if len(sc.touched) > len(sc.score)/8 {
		// Most nodes matched: clearing all in order beats jumping about.
		clear(sc.score)
		clear(sc.found)
	} else {
		for _, d := range sc.touched {
			sc.score[d], sc.found[d] = 0, termsFound{}
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
				best.add(m.hit(d, sc.score[d]+m.topicScore(d, topicIDs)))
			}
		}
		return best.hits
	}
	m.addTopic(topicIDs)
	withTopic := len(topicIDs) > 0
	maxPage := m.maxPageScore()
	full, floor := false, 0.0 // best.full(), best.worst()
	for _, d := range sc.touched {
		score := sc.score[d]
		if withTopic {
			score += sc.topic[d]
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
			if (score+page)*(1+1e-9) < floor ||
				(score*m.sums.of(sc.found[d].matched())+page)*(1+1e-9) < floor {
				continue
			}
		}
		best.add(m.hit(d, score))
		if full = best.full(); full {
			floor = best.worst()
		}
	}
	return best.hits
}

// maxPageScore is the most a node's page adds to its score (see hit): the
// best page's score, with the topic's, times the page weight.
func (m *lexicalMatch) maxPageScore() float64 {
	sc := m.sc
	if m.lx.pageWeight <= 0 {
		return 0 // no page evidence (see hit)
	}
	var best float64
	for _, p := range sc.pageTouched {
		best = max(best, sc.page[p]+sc.pageTopic[p])
	}
	for _, p := range sc.pageTopicTouched {
		best = max(best, sc.page[p]+sc.pageTopic[p])
	}
	return m.lx.pageWeight * best
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

// hit scores node d, whose BM25 score (with the topic's) is score.
func (m *lexicalMatch) hit(d int32, score float64) lexicalHit {
	found := &m.sc.found[d]
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

// weightSums gives the share of a query's weight held by any set of its
// terms (a bit mask, bits by position) with one table lookup per eight
// terms: a bound on the coverage of a node with those terms.
type weightSums [][256]float64

func newWeightSums(weight []float64, total float64) weightSums {
	if total == 0 {
		return nil
	}
	sums := make(weightSums, (len(weight)+7)/8)
	for i := range sums {
		for mask := 1; mask < 256; mask++ {
			share := 0.0
			if j := i*8 + bits.TrailingZeros(uint(mask)); j < len(weight) {
				share = weight[j] / total
			}
			sums[i][mask] = sums[i][mask&(mask-1)] + share
		}
	}
	return sums
}

func (ws weightSums) of(mask uint64) float64 {
	var share float64
	for i := range ws {
		share += ws[i][byte(mask>>(8*i))]
	}
	return share
}

// hitList keeps the best limit hits, best first.
type hitList struct {
	limit int
	hits  []lexicalHit
}

func (l *hitList) full() bool { return len(l.hits) == l.limit }

// worst is the score of the last hit kept; the list must be full.
func (l *hitList) worst() float64 { return l.hits[len(l.hits)-1].score }

// add keeps h if it is among the best.
// better is a total order, so the hits do not depend on the order they
// are added in.
func (l *hitList) add(h lexicalHit) {
	if l.full() && !better(h, l.hits[len(l.hits)-1]) {
		return
	}
	if l.hits == nil {
		l.hits = make([]lexicalHit, 0, l.limit+1)
	}
	i := sort.Search(len(l.hits), func(i int) bool { return better(h, l.hits[i]) })
	l.hits = slices.Insert(l.hits, i, h)
	if len(l.hits) > l.limit {
		l.hits = l.hits[:l.limit]
	}
}

// queryTerms returns query's distinct terms (at most maxQueryTerms), their
// term numbers (-1 for terms no node has), their coverage weights and the
// weights' sum.
func (lx *lexicalIndex) queryTerms(query []string) (uniq []string, ids []int32, weight []float64, total float64) {
	uniq = uniqueTerms(query)
	if len(uniq) > maxQueryTerms {
		uniq = uniq[:maxQueryTerms]
	}
	ids = make([]int32, len(uniq))
	weight = make([]float64, len(uniq))
	for i, t := range uniq {
		ids[i], weight[i] = -1, lx.unknownIDF
		if id, ok := lx.dict[t]; ok {
			ids[i], weight[i] = id, lx.weight[id]
		}
		total += weight[i]
	}
	return uniq, ids, weight, total
}

// maskShare is the share of a query's weight (its terms' weights and their
// sum, from queryTerms) held by the terms in mask (bits by position, as in
// lexicalHit.matched).
func maskShare(weight []float64, total float64, mask uint64) float64 {
	if total == 0 {
		return 0
	}
	var got float64
	for i, w := range weight {
		if mask&(1<<i) != 0 {
			got += w
		}
	}
	return got / total
}

// topicTerms returns the term numbers of topic's distinct terms that are
// not query terms and that some node has.
func (lx *lexicalIndex) topicTerms(query, topic []string) []int32 {
	var ids []int32
	for j, t := range topic {
		id, ok := lx.dict[t]
		if !ok || slices.Contains(query, t) || slices.Contains(topic[:j], t) {
			continue
		}
		ids = append(ids, id)
	}
	return ids
}

// idf returns term t's coverage weight, or 0 when no node has it.
func (lx *lexicalIndex) idf(t string) float64 {
	if id, ok := lx.dict[t]; ok {
		return lx.weight[id]
	}
	return 0
}

// better orders hits by score, then by graph order so results are stable.
func better(a, b lexicalHit) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.doc < b.doc
}

func uniqueTerms(terms []string) []string {
	out := make([]string, 0, len(terms))
	for _, t := range terms {
		dup := false
		for _, u := range out {
			if u == t {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, t)
		}
	}
	return out
}

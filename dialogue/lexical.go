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
	// fieldAnswer is the node's resolution. "What cards do you take" is
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

// specificityFloor is the least share of its score a node keeps when the
// request names few of its heading's terms.
const specificityFloor = 0.6

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
}

type searchScratch struct {
	score   []float64
	matched []uint64 // query terms found, as a bit mask per node
	own     []uint64 // the same, in the own and context fields only
	first   []uint64 // the same, in the own field only
	topic   []float64
	touched []int32
}

func newLexicalIndex(an *analyzer, ix *graph.Index, gw *graphWords, pos map[string]int) *lexicalIndex {
	g := ix.Graph
	lx := &lexicalIndex{an: an, ids: make([]string, len(g.Nodes)), dict: map[string]int32{}}
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
	// Every field's tables cover every term number.
	for f := range lx.fields {
		lx.fields[f].Grow(len(lx.dict))
	}
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
		default:
			lx.weight[t] = min(lx.fields[fieldAnswer].IDF[t], lx.unknownIDF*2)
		}
	}
	// A query term counts in the first field of a node that has it: the
	// later fields' postings of such nodes are never read.
	bm25.Cascade(lx.fields[:])
	size := len(g.Nodes)
	lx.scratch.New = func() any {
		return &searchScratch{score: make([]float64, size), matched: make([]uint64, size), own: make([]uint64, size),
			first: make([]uint64, size), topic: make([]float64, size)}
	}
	return lx
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
	requiredMask uint64
}

// match scores query's terms against every node (see search).
func (lx *lexicalIndex) match(query, required []string) *lexicalMatch {
	m := &lexicalMatch{lx: lx}
	m.uniq, m.termIDs, m.weight, m.queryWeight = lx.queryTerms(query)
	for i, t := range m.uniq {
		if slices.Contains(required, t) {
			m.requiredMask |= 1 << i
		}
	}
	if m.queryWeight == 0 || len(lx.ids) == 0 {
		return m
	}
	sc := lx.scratch.Get().(*searchScratch)
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
			// field of these nodes has the term.
			for k, d := range fl.Docs[t] {
				if sc.matched[d] == 0 {
					sc.touched = append(sc.touched, d)
				}
				sc.matched[d] |= bit
				sc.score[d] += scores[k]
			}
		}
		switch f {
		case fieldOwn:
			for _, d := range sc.touched {
				sc.first[d] = sc.matched[d]
			}
		case fieldContext:
			for _, d := range sc.touched {
				sc.own[d] = sc.matched[d]
			}
		}
	}
	return m
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
		clear(sc.matched)
		clear(sc.own)
		clear(sc.first)
	} else {
		for _, d := range sc.touched {
			sc.score[d], sc.matched[d], sc.own[d], sc.first[d] = 0, 0, 0, 0
		}
	}
	sc.touched = sc.touched[:0]
	m.lx.scratch.Put(sc)
	m.sc = nil
}

// top returns the best limit hits of m with topic's terms added to the
// score, among allow (node positions) when not nil.
func (m *lexicalMatch) top(topic []string, allow []int32, limit int) []lexicalHit {
	sc := m.sc
	if sc == nil {
		return nil
	}
	lx := m.lx
	score := lx.addTopic(sc, m.uniq, topic)
	top := make([]lexicalHit, 0, limit+1)
	consider := func(d int32) {
		// Coverage is at most 1, so a node whose raw score is below the
		// worst kept hit cannot enter (the margin absorbs rounding).
		if len(top) == limit && score[d]*(1+1e-9) < top[len(top)-1].score {
			return
		}
		own := sc.own[d]
		if m.requiredMask != 0 && own&m.requiredMask == 0 {
			return
		}
		matched, first := sc.matched[d], sc.first[d]
		h := lexicalHit{doc: int(d), score: score[d], terms: bits.OnesCount64(own), matched: matched, own: own}
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
		spec := 0.0
		if head := lx.headTerms[d]; head > 0 {
			spec = min(1, float64(h.terms)/float64(head))
		}
		h.score *= specificityFloor + (1-specificityFloor)*spec
		if len(top) == limit && !better(h, top[len(top)-1]) {
			return
		}
		i := sort.Search(len(top), func(i int) bool { return better(h, top[i]) })
		top = append(top, lexicalHit{})
		copy(top[i+1:], top[i:])
		top[i] = h
		if len(top) > limit {
			top = top[:limit]
		}
	}
	// better is a total order, so the hits do not depend on the order the
	// nodes are considered in.
	if allow == nil {
		for _, d := range sc.touched {
			consider(d)
		}
	} else {
		for _, d := range allow {
			if sc.matched[d] != 0 {
				consider(d)
			}
		}
	}
	return top
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

// addTopic returns the nodes' scores with the BM25 score of the topic terms
// that are not query terms added to the nodes the query matched: sc.score
// itself when no topic term counts, else sc.topic.
func (lx *lexicalIndex) addTopic(sc *searchScratch, query, topic []string) []float64 {
	score, copied := sc.score, false
	seen := query
	for j, t := range topic {
		id, ok := lx.dict[t]
		if !ok || slices.Contains(seen, t) || slices.Contains(topic[:j], t) {
			continue
		}
		if !copied {
			for _, d := range sc.touched {
				sc.topic[d] = sc.score[d]
			}
			score, copied = sc.topic, true
		}
		for f := range lx.fields {
			fl := &lx.fields[f]
			totals := fl.Totals[id] // the node's score in every field
			for k, d := range fl.Docs[id] {
				if sc.matched[d] != 0 {
					score[d] += topicWeight * totals[k]
				}
			}
		}
	}
	return score
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

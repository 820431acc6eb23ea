package dialogue

import (
	"math"
	"math/bits"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/helpgraph/helpgraph/graph"
)

// BM25 parameters, the usual ones.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
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
	fields [numFields]field
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

// field is one BM25 field of the nodes.
type field struct {
	postings [][]posting // by term number
	docLen   []float32
	avgLen   float64
	idf      []float64 // by term number; 0 where no node has the term here
}

type posting struct {
	doc int32
	tf  float32
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
	touched []int32
}

// nodeText is what a node is about: its own field.
func nodeText(n *graph.Node) string {
	return n.Problem + " . " + n.Condition + " . " + strings.Join(n.Intents, " . ")
}

// contextText is where node id sits: its page's title and its ancestors' problems.
func contextText(ix *graph.Index, titles map[string]string, n *graph.Node) string {
	parts := []string{titles[n.Page]}
	id := n.ID
	for range maxDescent {
		id = ix.Parent(id)
		if id == "" {
			break
		}
		parts = append(parts, ix.Node(id).Problem)
	}
	return strings.Join(parts, " . ")
}

func newLexicalIndex(an *analyzer, ix *graph.Index) *lexicalIndex {
	g := ix.Graph
	titles := make(map[string]string, len(g.Pages))
	for _, p := range g.Pages {
		titles[p.URL] = p.Title
	}
	lx := &lexicalIndex{an: an, ids: make([]string, len(g.Nodes)), dict: map[string]int32{}, headTerms: make([]float32, len(g.Nodes))}
	var texts [numFields][]string
	for f := range texts {
		texts[f] = make([]string, len(g.Nodes))
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		lx.ids[i] = n.ID
		texts[fieldOwn][i] = nodeText(n)
		lx.headTerms[i] = float32(len(uniqueTerms(an.terms(n.Problem + " . " + n.Condition))))
		texts[fieldContext][i] = contextText(ix, titles, n)
		texts[fieldAnswer][i] = n.Resolution
	}
	for f := range lx.fields {
		lx.fields[f] = lx.newField(texts[f])
	}
	// Every field's tables cover every term number.
	for f := range lx.fields {
		fl := &lx.fields[f]
		for len(fl.postings) < len(lx.dict) {
			fl.postings = append(fl.postings, nil)
			fl.idf = append(fl.idf, 0)
		}
	}
	lx.weight = make([]float64, len(lx.dict))
	var sum float64
	var known int
	own := &lx.fields[fieldOwn]
	for t := range lx.weight {
		if own.idf[t] > 0 {
			sum += own.idf[t]
			known++
		}
	}
	lx.unknownIDF = 1
	if known > 0 {
		lx.unknownIDF = sum / float64(known) / 2
	}
	for t := range lx.weight {
		switch {
		case own.idf[t] > 0:
			lx.weight[t] = own.idf[t]
		case lx.fields[fieldContext].idf[t] > 0:
			lx.weight[t] = lx.fields[fieldContext].idf[t]
		default:
			lx.weight[t] = min(lx.fields[fieldAnswer].idf[t], lx.unknownIDF*2)
		}
	}
	size := len(g.Nodes)
	lx.scratch.New = func() any {
		return &searchScratch{score: make([]float64, size), matched: make([]uint64, size), own: make([]uint64, size)}
	}
	return lx
}

// bm25 is the score of one posting of a term with the given idf.
func (f *field) bm25(idf float64, p posting) float64 {
	tf := float64(p.tf)
	norm := bm25K1 * (1 - bm25B + bm25B*float64(f.docLen[p.doc])/f.avgLen)
	return idf * tf * (bm25K1 + 1) / (tf + norm)
}

// newField indexes one text per node, numbering new terms as it goes.
func (lx *lexicalIndex) newField(texts []string) field {
	f := field{docLen: make([]float32, len(texts))}
	var total float64
	tf := map[int32]float32{}
	for i, text := range texts {
		clear(tf)
		terms := lx.an.terms(text)
		if len(terms) > maxFieldTerms {
			terms = terms[:maxFieldTerms]
		}
		for _, t := range terms {
			id, ok := lx.dict[t]
			if !ok {
				id = int32(len(lx.dict))
				lx.dict[t] = id
			}
			tf[id]++
		}
		for t, n := range tf {
			for int(t) >= len(f.postings) {
				f.postings = append(f.postings, nil)
			}
			f.postings[t] = append(f.postings[t], posting{doc: int32(i), tf: n})
		}
		f.docLen[i] = float32(len(terms))
		total += float64(len(terms))
	}
	n := float64(len(texts))
	if n > 0 && total > 0 {
		f.avgLen = total / n
	}
	f.idf = make([]float64, len(f.postings))
	for t, ps := range f.postings {
		if df := float64(len(ps)); df > 0 {
			f.idf[t] = math.Log(1 + (n-df+0.5)/(df+0.5))
		}
	}
	return f
}

// topicWeight is how much the conversation's earlier words count in the
// score of a node the message matches: they rank, never decide a match.
const topicWeight = 1.0

// search scores the nodes against query terms and returns the best limit
// hits, best first. topic terms (the conversation's earlier words) add to
// the score of nodes the query matches, but not to their coverage. A hit
// must contain one of required (when given) in its own or context fields,
// and be accepted by allow (when not nil).
func (lx *lexicalIndex) search(query, topic, required []string, allow func(doc int) bool, limit int) []lexicalHit {
	uniq, termIDs, weight, queryWeight := lx.queryTerms(query)
	var requiredMask uint64
	for i, t := range uniq {
		if slices.Contains(required, t) {
			requiredMask |= 1 << i
		}
	}
	if queryWeight == 0 || len(lx.ids) == 0 {
		return nil
	}
	sc := lx.scratch.Get().(*searchScratch)
	defer func() {
		for _, d := range sc.touched {
			sc.score[d], sc.matched[d], sc.own[d] = 0, 0, 0
		}
		sc.touched = sc.touched[:0]
		lx.scratch.Put(sc)
	}()
	for f := range lx.fields {
		fl := &lx.fields[f]
		for i, t := range termIDs {
			if t < 0 || fl.idf[t] == 0 {
				continue
			}
			bit := uint64(1) << i
			idf := fl.idf[t]
			for _, p := range fl.postings[t] {
				d := p.doc
				if sc.matched[d]&bit != 0 {
					continue // a stronger field of this node has the term
				}
				if sc.matched[d] == 0 {
					sc.touched = append(sc.touched, d)
				}
				sc.matched[d] |= bit
				sc.score[d] += fieldScoreWeight[f] * fl.bm25(idf, p)
			}
		}
		if f == fieldContext {
			for _, d := range sc.touched {
				sc.own[d] = sc.matched[d]
			}
		}
	}
	lx.addTopic(sc, uniq, topic)
	top := make([]lexicalHit, 0, limit+1)
	for _, d := range sc.touched {
		own := sc.own[d]
		if (requiredMask != 0 && own&requiredMask == 0) || (allow != nil && !allow(int(d))) {
			continue
		}
		h := lexicalHit{doc: int(d), score: sc.score[d], terms: bits.OnesCount64(own), matched: sc.matched[d], own: own}
		for i := range termIDs {
			bit := uint64(1) << i
			if sc.matched[d]&bit == 0 {
				continue
			}
			f := lx.fieldOf(termIDs[i], int32(d), own&bit != 0)
			h.coverage += fieldCoverageWeight[f] * weight[i]
			if f != fieldAnswer {
				h.ownCoverage += fieldCoverageWeight[f] * weight[i]
			}
		}
		h.coverage /= queryWeight
		h.ownCoverage /= queryWeight
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
			continue
		}
		i := sort.Search(len(top), func(i int) bool { return better(h, top[i]) })
		top = append(top, lexicalHit{})
		copy(top[i+1:], top[i:])
		top[i] = h
		if len(top) > limit {
			top = top[:limit]
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

// maskCoverage is the share of query's weight held by the terms in mask
// (bits by position, as in lexicalHit.matched).
func (lx *lexicalIndex) maskCoverage(query []string, mask uint64) float64 {
	_, _, weight, total := lx.queryTerms(query)
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

// addTopic adds the BM25 score of the topic terms that are not query terms
// to the nodes the query matched.
func (lx *lexicalIndex) addTopic(sc *searchScratch, query, topic []string) {
	seen := map[string]bool{}
	for _, t := range query {
		seen[t] = true
	}
	for _, t := range topic {
		id, ok := lx.dict[t]
		if seen[t] || !ok {
			continue
		}
		seen[t] = true
		for f := range lx.fields {
			fl := &lx.fields[f]
			idf := fl.idf[id]
			if idf == 0 {
				continue
			}
			for _, p := range fl.postings[id] {
				if d := p.doc; sc.matched[d] != 0 {
					sc.score[d] += topicWeight * fieldScoreWeight[f] * fl.bm25(idf, p)
				}
			}
		}
	}
}

// fieldOf returns the strongest field of node d that holds term t; own says
// whether t matched in the own or context fields at all.
func (lx *lexicalIndex) fieldOf(t, d int32, own bool) int {
	if !own {
		return fieldAnswer
	}
	ps := lx.fields[fieldOwn].postings[t]
	i := sort.Search(len(ps), func(i int) bool { return ps[i].doc >= d })
	if i < len(ps) && ps[i].doc == d {
		return fieldOwn
	}
	return fieldContext
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

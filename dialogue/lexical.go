package dialogue

import (
	"math"
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

// lexicalIndex is a BM25 index over each node's problem, condition and
// intents. It is built once per graph and read concurrently.
type lexicalIndex struct {
	an       *analyzer
	ids      []string
	postings map[string][]posting
	docLen   []float32
	avgLen   float64
	idf      map[string]float64
	// res is the weaker field: the node's resolution. It is evidence for a
	// node ("what cards do you take" is answered by the node listing the
	// brands), but a word that only appears in an answer says less than one
	// in the problem or the intents.
	res field
	// unknownIDF weighs query terms no node uses: they count against a
	// match's coverage, but no more than a typical term.
	unknownIDF float64
	scratch    sync.Pool
}

// field is one BM25 field of the nodes.
type field struct {
	postings map[string][]posting
	docLen   []float32
	avgLen   float64
	idf      map[string]float64
}

// Weights of the resolution field: in the BM25 score, and in a match's
// coverage (a query term found only in a node's resolution counts this much
// of a term found in its problem, condition or intents).
const (
	resolutionScoreWeight    = 0.3
	resolutionCoverageWeight = 0.5
)

// maxResolutionTerms bounds how much of a long resolution is indexed: the
// opening says what a section answers, the rest is detail.
const maxResolutionTerms = 200

func newField(an *analyzer, texts []string) field {
	f := field{postings: map[string][]posting{}, docLen: make([]float32, len(texts)), idf: map[string]float64{}}
	var total float64
	tf := map[string]float32{}
	for i, text := range texts {
		clear(tf)
		terms := an.terms(text)
		if len(terms) > maxResolutionTerms {
			terms = terms[:maxResolutionTerms]
		}
		for _, t := range terms {
			tf[t]++
		}
		for t, n := range tf {
			f.postings[t] = append(f.postings[t], posting{doc: int32(i), tf: n})
		}
		f.docLen[i] = float32(len(terms))
		total += float64(len(terms))
	}
	n := float64(len(texts))
	if n > 0 && total > 0 {
		f.avgLen = total / n
	}
	for t, ps := range f.postings {
		df := float64(len(ps))
		f.idf[t] = math.Log(1 + (n-df+0.5)/(df+0.5))
	}
	return f
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
	terms    int // distinct query terms in the node's problem, condition or intents
}

type searchScratch struct {
	score    []float64
	matched  []float64
	hits     []int32 // query terms found in the node's own fields
	required []bool
	touched  []int32
}

// nodeText is what a node is matched on.
func nodeText(n *graph.Node) string {
	return n.Problem + " . " + n.Condition + " . " + strings.Join(n.Intents, " . ")
}

func newLexicalIndex(an *analyzer, nodes []graph.Node) *lexicalIndex {
	ix := &lexicalIndex{
		an:       an,
		ids:      make([]string, len(nodes)),
		postings: make(map[string][]posting),
		docLen:   make([]float32, len(nodes)),
		idf:      make(map[string]float64),
	}
	var total float64
	tf := map[string]float32{}
	for i := range nodes {
		ix.ids[i] = nodes[i].ID
		clear(tf)
		terms := an.terms(nodeText(&nodes[i]))
		for _, t := range terms {
			tf[t]++
		}
		for t, n := range tf {
			ix.postings[t] = append(ix.postings[t], posting{doc: int32(i), tf: n})
		}
		ix.docLen[i] = float32(len(terms))
		total += float64(len(terms))
	}
	n := float64(len(nodes))
	if n > 0 {
		ix.avgLen = total / n
	}
	var sum float64
	for t, ps := range ix.postings {
		df := float64(len(ps))
		idf := math.Log(1 + (n-df+0.5)/(df+0.5))
		ix.idf[t] = idf
		sum += idf
	}
	ix.unknownIDF = 1
	if len(ix.idf) > 0 {
		ix.unknownIDF = sum / float64(len(ix.idf)) / 2
	}
	res := make([]string, len(nodes))
	for i := range nodes {
		res[i] = nodes[i].Resolution
	}
	ix.res = newField(an, res)
	size := len(nodes)
	ix.scratch.New = func() any {
		return &searchScratch{score: make([]float64, size), matched: make([]float64, size), hits: make([]int32, size), required: make([]bool, size)}
	}
	return ix
}

// search scores the nodes against query terms and returns the best limit
// hits, best first. A hit must contain one of required, when given, and be
// accepted by allow, when not nil.
func (ix *lexicalIndex) search(query, required []string, allow func(doc int) bool, limit int) []lexicalHit {
	uniq := uniqueTerms(query)
	var queryWeight float64
	weight := make([]float64, len(uniq))
	for i, t := range uniq {
		if idf, ok := ix.idf[t]; ok {
			weight[i] = idf
		} else if idf, ok := ix.res.idf[t]; ok {
			weight[i] = min(idf, ix.unknownIDF*2)
		} else {
			weight[i] = ix.unknownIDF
		}
		queryWeight += weight[i]
	}
	if queryWeight == 0 || len(ix.ids) == 0 {
		return nil
	}
	sc := ix.scratch.Get().(*searchScratch)
	defer func() {
		for _, d := range sc.touched {
			sc.score[d], sc.matched[d], sc.hits[d], sc.required[d] = 0, 0, 0, false
		}
		sc.touched = sc.touched[:0]
		ix.scratch.Put(sc)
	}()
	for i, t := range uniq {
		req := slices.Contains(required, t)
		if idf, ok := ix.idf[t]; ok {
			for _, p := range ix.postings[t] {
				d := p.doc
				if sc.matched[d] == 0 {
					sc.touched = append(sc.touched, d)
				}
				tf := float64(p.tf)
				norm := bm25K1 * (1 - bm25B + bm25B*float64(ix.docLen[d])/ix.avgLen)
				sc.score[d] += idf * tf * (bm25K1 + 1) / (tf + norm)
				sc.matched[d] += weight[i]
				sc.hits[d]++
				if req {
					sc.required[d] = true
				}
			}
		}
		if idf, ok := ix.res.idf[t]; ok {
			for _, p := range ix.res.postings[t] {
				d := p.doc
				// Evidence for the words the node's own fields lack: a
				// resolution repeating its problem's words adds nothing.
				if ix.inMain(t, d) {
					continue
				}
				if sc.matched[d] == 0 {
					sc.touched = append(sc.touched, d)
				}
				tf := float64(p.tf)
				norm := bm25K1 * (1 - bm25B + bm25B*float64(ix.res.docLen[d])/ix.res.avgLen)
				sc.score[d] += resolutionScoreWeight * idf * tf * (bm25K1 + 1) / (tf + norm)
				sc.matched[d] += resolutionCoverageWeight * weight[i]
			}
		}
	}
	top := make([]lexicalHit, 0, limit+1)
	for _, d := range sc.touched {
		if (len(required) > 0 && !sc.required[d]) || (allow != nil && !allow(int(d))) {
			continue
		}
		h := lexicalHit{doc: int(d), score: sc.score[d], coverage: sc.matched[d] / queryWeight, terms: int(sc.hits[d])}
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

// inMain reports whether node d has term t in its problem, condition or intents.
func (ix *lexicalIndex) inMain(t string, d int32) bool {
	ps := ix.postings[t]
	i := sort.Search(len(ps), func(i int) bool { return ps[i].doc >= d })
	return i < len(ps) && ps[i].doc == d
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

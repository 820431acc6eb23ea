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
	// unknownIDF weighs query terms no node uses: they count against a
	// match's coverage, but no more than a typical term.
	unknownIDF float64
	scratch    sync.Pool
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
}

type searchScratch struct {
	score    []float64
	matched  []float64
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
	size := len(nodes)
	ix.scratch.New = func() any {
		return &searchScratch{score: make([]float64, size), matched: make([]float64, size), required: make([]bool, size)}
	}
	return ix
}

// search scores the nodes against query terms and returns the best limit
// hits, best first. A hit must contain one of required, when given, and be
// accepted by allow, when not nil.
func (ix *lexicalIndex) search(query, required []string, allow func(doc int) bool, limit int) []lexicalHit {
	uniq := uniqueTerms(query)
	var queryWeight float64
	for _, t := range uniq {
		if idf, ok := ix.idf[t]; ok {
			queryWeight += idf
		} else {
			queryWeight += ix.unknownIDF
		}
	}
	if queryWeight == 0 || len(ix.ids) == 0 {
		return nil
	}
	sc := ix.scratch.Get().(*searchScratch)
	defer func() {
		for _, d := range sc.touched {
			sc.score[d], sc.matched[d], sc.required[d] = 0, 0, false
		}
		sc.touched = sc.touched[:0]
		ix.scratch.Put(sc)
	}()
	for _, t := range uniq {
		idf, ok := ix.idf[t]
		if !ok {
			continue
		}
		req := slices.Contains(required, t)
		for _, p := range ix.postings[t] {
			d := p.doc
			if sc.matched[d] == 0 {
				sc.touched = append(sc.touched, d)
			}
			tf := float64(p.tf)
			norm := bm25K1 * (1 - bm25B + bm25B*float64(ix.docLen[d])/ix.avgLen)
			sc.score[d] += idf * tf * (bm25K1 + 1) / (tf + norm)
			sc.matched[d] += idf
			if req {
				sc.required[d] = true
			}
		}
	}
	top := make([]lexicalHit, 0, limit+1)
	for _, d := range sc.touched {
		if (len(required) > 0 && !sc.required[d]) || (allow != nil && !allow(int(d))) {
			continue
		}
		h := lexicalHit{doc: int(d), score: sc.score[d], coverage: sc.matched[d] / queryWeight}
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

package dialogue

import (
	"math/bits"
	"slices"
	"sort"
)

// The parts of a search that are not its walk over the postings: a
// query's terms and their weights, and the list of best hits kept.

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

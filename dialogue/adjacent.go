package dialogue

import (
	"cmp"
	"slices"

	"github.com/helpgraph/helpgraph/internal/bm25"
)

// phraseWeight is how much a request's adjacent words found adjacent in a
// heading (or a page's title) count, as a BM25 term of their own, against
// a word's 1: a customer names a thing in several words ("table of
// contents", "page numbers"), and the heading that holds the name as a
// phrase is about it more than one with the words scattered ("Contents
// Protection in Tables"). A pair only adds to the score: coverage stays
// the share of the request's words.
const phraseWeight = 1.0

// pairPostings is a BM25 index of the adjacent term pairs of documents (a
// node's heading and intents, a page's title), with no map: the pairs'
// keys sorted, each with its postings' run. Stop words are dropped before
// pairs are formed, so "table of contents" is the pair (tabl, content).
type pairPostings struct {
	keys   []uint64 // sorted
	start  []int32  // the run of keys[k] in docs and scores: start[k]..start[k+1]
	docs   []int32  // ascending within a run
	scores []float64
}

// pairKey is the key of the ordered pair of terms a, b.
func pairKey(a, b int32) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(b)) }

// newPairPostings indexes the pairs of n documents: pairs(i, emit) calls
// emit with each adjacent pair of document i's terms, in order. A
// document's length, for BM25's normalisation, is its number of pairs.
func newPairPostings(n int, pairs func(i int, emit func(a, b int32))) pairPostings {
	type entry struct {
		key uint64
		doc int32
	}
	var all []entry
	length := make([]float64, n)
	for i := range n {
		pairs(i, func(a, b int32) {
			if a == b {
				return
			}
			all = append(all, entry{pairKey(a, b), int32(i)})
			length[i]++
		})
	}
	var pp pairPostings
	if len(all) == 0 || n == 0 {
		return pp
	}
	avg := float64(len(all)) / float64(n)
	slices.SortFunc(all, func(x, y entry) int {
		if c := cmp.Compare(x.key, y.key); c != 0 {
			return c
		}
		return cmp.Compare(x.doc, y.doc)
	})
	tf := make([]float64, 0, 8)
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j].key == all[i].key {
			j++
		}
		// The run's documents, each with its count.
		first := len(pp.docs)
		tf = tf[:0]
		for k := i; k < j; k++ {
			if k > i && all[k].doc == all[k-1].doc {
				tf[len(tf)-1]++
				continue
			}
			pp.docs = append(pp.docs, all[k].doc)
			tf = append(tf, 1)
		}
		idf := bm25.IDF(n, len(tf))
		for k, c := range tf {
			d := pp.docs[first+k]
			norm := bm25.K1 * (1 - bm25.B + bm25.B*length[d]/avg)
			pp.scores = append(pp.scores, bm25.Score(idf, c, norm))
		}
		pp.keys = append(pp.keys, all[i].key)
		pp.start = append(pp.start, int32(first))
		i = j
	}
	pp.start = append(pp.start, int32(len(pp.docs)))
	pp.keys = slices.Clip(pp.keys)
	pp.docs = slices.Clip(pp.docs)
	pp.scores = slices.Clip(pp.scores)
	return pp
}

// lookup returns the documents having the pair key and their scores.
func (pp *pairPostings) lookup(key uint64) (docs []int32, scores []float64) {
	k, ok := slices.BinarySearch(pp.keys, key)
	if !ok {
		return nil, nil
	}
	return pp.docs[pp.start[k]:pp.start[k+1]], pp.scores[pp.start[k]:pp.start[k+1]]
}

// queryPairs returns the keys of the distinct pairs of adjacent terms of
// query (its terms in order, stop words dropped) that the index numbers.
func (lx *lexicalIndex) queryPairs(query []string) []uint64 {
	var keys []uint64
	for k := 0; k+1 < len(query); k++ {
		a, ok := lx.dict[query[k]]
		if !ok {
			continue
		}
		b, ok := lx.dict[query[k+1]]
		if !ok || a == b {
			continue
		}
		if key := pairKey(a, b); !slices.Contains(keys, key) {
			keys = append(keys, key)
		}
	}
	return keys
}

// emitPairs calls emit with each adjacent pair of terms.
func emitPairs(terms []int32, emit func(a, b int32)) {
	for k := 0; k+1 < len(terms); k++ {
		emit(terms[k], terms[k+1])
	}
}

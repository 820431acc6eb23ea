// Package bm25 is the ranking index both agents use: Okapi BM25 over
// documents whose terms are numbered, with integer postings and each
// posting's score (length normalisation and IDF included) computed once
// when the index is built, so a search only adds numbers up.
//
// A field is one text of every document (a title, a body); an agent that
// weighs several texts of a document differently builds one Field per text.
package bm25

import "math"

// The usual parameters.
const (
	K1 = 1.2
	B  = 0.75
)

// IDF is the inverse document frequency of a term that df of n documents
// have (never negative).
func IDF(n, df int) float64 {
	return math.Log(1 + (float64(n)-float64(df)+0.5)/(float64(df)+0.5))
}

// Score is the BM25 score of a term with the given IDF, occurring tf times
// in a document with length normalisation norm (see Field).
func Score(idf, tf, norm float64) float64 {
	return idf * tf * (K1 + 1) / (tf + norm)
}

// Field is a BM25 index of one field of documents 0..N-1.
type Field struct {
	// N is the number of documents.
	N int
	// Docs are, by term number, the documents that have the term, in
	// ascending order.
	Docs [][]int32
	// Scores are, by term number and parallel to Docs, each document's
	// BM25 score for the term times the field's weight.
	Scores [][]float64
	// IDF is, by term number, the term's IDF in this field; 0 where no
	// document has it (counted before Cascade).
	IDF []float64
	// Totals are, after Cascade and parallel to Docs, each document's score
	// for the term in this field and all later ones.
	Totals [][]float64
}

// NewField indexes n = len(ends) documents: terms holds their term numbers
// one document after another, document i ending at ends[i]; every number
// is below numTerms. Every score is multiplied by weight.
func NewField(terms, ends []int32, numTerms int, weight float64) Field {
	n := len(ends)
	f := Field{N: n}
	df := make([]int32, numTerms)
	last := make([]int32, numTerms) // the last document (plus one) counted in df
	start := int32(0)
	for i, end := range ends {
		for _, t := range terms[start:end] {
			if last[t] != int32(i)+1 {
				last[t] = int32(i) + 1
				df[t]++
			}
		}
		start = end
	}
	// One backing array for all postings, sized exactly.
	var sum int
	for _, c := range df {
		sum += int(c)
	}
	f.Docs = make([][]int32, numTerms)
	f.Scores = make([][]float64, numTerms)
	docs, scores := make([]int32, sum), make([]float64, sum)
	for t, c := range df {
		f.Docs[t], docs = docs[:0:c], docs[c:]
		f.Scores[t], scores = scores[:0:c], scores[c:]
	}
	// Each document's term frequencies, in its postings' scores for now.
	start = 0
	for i, end := range ends {
		for _, t := range terms[start:end] {
			ds := f.Docs[t]
			if k := len(ds) - 1; k >= 0 && ds[k] == int32(i) {
				f.Scores[t][k]++
				continue
			}
			f.Docs[t] = append(ds, int32(i))
			f.Scores[t] = append(f.Scores[t], 1)
		}
		start = end
	}
	var avgLen float64
	if n > 0 && len(terms) > 0 {
		avgLen = float64(len(terms)) / float64(n)
	}
	norm := make([]float64, n)
	start = 0
	for d, end := range ends {
		norm[d] = K1 * (1 - B + B*float64(end-start)/avgLen)
		start = end
	}
	f.IDF = make([]float64, numTerms)
	for t, ds := range f.Docs {
		if len(ds) == 0 {
			continue
		}
		idf := IDF(n, len(ds))
		f.IDF[t] = idf
		for k, d := range ds {
			f.Scores[t][k] = weight * Score(idf, f.Scores[t][k], norm[d])
		}
	}
	return f
}

// Grow extends f's tables to numTerms terms: terms numbered after f was
// built (by another field) have no postings in it.
func (f *Field) Grow(numTerms int) {
	for len(f.Docs) < numTerms {
		f.Docs = append(f.Docs, nil)
		f.Scores = append(f.Scores, nil)
		f.IDF = append(f.IDF, 0)
		if f.Totals != nil {
			f.Totals = append(f.Totals, nil)
		}
	}
}

// DF is how many documents have term t (0 for a number past the tables);
// after Cascade, how many have it in no earlier field.
func (f *Field) DF(t int32) int {
	if t < 0 || int(t) >= len(f.Docs) {
		return 0
	}
	return len(f.Docs[t])
}

// Cascade makes fields (all over the same documents and term numbers) a
// cascade, in which a query term counts in the first field of a document
// that has it: each field keeps only the postings of documents that no
// earlier field has for the term, so a search walks each document once per
// term and needs no check. Each kept posting's Total is the document's
// score for the term summed over its field and all later ones (in field
// order), for a search in which every field counts.
func Cascade(fields []Field) {
	if len(fields) == 0 {
		return
	}
	n, numTerms := fields[0].N, len(fields[0].Docs)
	first := make([]int8, n)    // by document: 1 + the first field with the term, or 0
	total := make([]float64, n) // by document: the term's score over all fields
	// mark sets first and total for term t's documents; clear undoes it.
	mark := func(t int) {
		for f := range fields {
			for k, d := range fields[f].Docs[t] {
				if first[d] == 0 {
					first[d], total[d] = int8(f+1), fields[f].Scores[t][k]
				} else {
					total[d] += fields[f].Scores[t][k]
				}
			}
		}
	}
	clearMarks := func(t int) {
		for f := range fields {
			for _, d := range fields[f].Docs[t] {
				first[d] = 0
			}
		}
	}
	// First count what each field keeps, to size its totals exactly.
	kept := make([]int, len(fields))
	for t := range numTerms {
		mark(t)
		for f := range fields {
			for _, d := range fields[f].Docs[t] {
				if int(first[d]) == f+1 {
					kept[f]++
				}
			}
		}
		clearMarks(t)
	}
	last := len(fields) - 1
	totals := make([][]float64, len(fields))
	for f := range fields {
		fields[f].Totals = make([][]float64, numTerms)
		if f < last { // the last field's totals are its scores
			totals[f] = make([]float64, kept[f])
		}
	}
	for t := range numTerms {
		mark(t)
		for f := range fields {
			fl := &fields[f]
			ds, ss := fl.Docs[t], fl.Scores[t]
			j := 0
			for k, d := range ds {
				if int(first[d]) == f+1 {
					ds[j], ss[j] = d, ss[k]
					if f < last {
						totals[f][j] = total[d]
					}
					j++
				}
			}
			fl.Docs[t], fl.Scores[t] = ds[:j:j], ss[:j:j]
			if f < last {
				fl.Totals[t], totals[f] = totals[f][:j:j], totals[f][j:]
			} else {
				fl.Totals[t] = fl.Scores[t]
			}
		}
		clearMarks(t) // every document is now in one field's postings
	}
}

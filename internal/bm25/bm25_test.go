package bm25

import (
	"math"
	"slices"
	"testing"
)

func TestNewField(t *testing.T) {
	// Three documents over terms 0..3: [0 0 1], [1 2], [] .
	terms := []int32{0, 0, 1, 1, 2}
	ends := []int32{3, 5, 5}
	f := NewField(terms, ends, 4, 0.5)
	if f.N != 3 {
		t.Fatalf("N = %d, want 3", f.N)
	}
	wantDocs := [][]int32{{0}, {0, 1}, {1}, {}}
	for term, want := range wantDocs {
		if !slices.Equal(f.Docs[term], want) {
			t.Errorf("Docs[%d] = %v, want %v", term, f.Docs[term], want)
		}
		if f.DF(int32(term)) != len(want) {
			t.Errorf("DF(%d) = %d, want %d", term, f.DF(int32(term)), len(want))
		}
	}
	if f.IDF[3] != 0 {
		t.Errorf("IDF of a term no document has = %v, want 0", f.IDF[3])
	}
	// Term 0 occurs twice in document 0 (length 3; average length 5/3).
	avg := 5.0 / 3
	idf := math.Log(1 + (3-1+0.5)/(1+0.5))
	want := 0.5 * idf * 2 * (K1 + 1) / (2 + K1*(1-B+B*3/avg))
	if got := f.Scores[0][0]; math.Abs(got-want) > 1e-12 {
		t.Errorf("Scores[0][0] = %v, want %v", got, want)
	}
	// A term in a shorter document scores higher than in a longer one.
	if f.Scores[1][1] <= f.Scores[1][0] {
		t.Errorf("term 1 scores %v: want the shorter document 1 above document 0", f.Scores[1])
	}
	f.Grow(6)
	if len(f.Docs) != 6 || len(f.Scores) != 6 || len(f.IDF) != 6 || f.DF(5) != 0 || f.DF(9) != 0 {
		t.Errorf("Grow(6): %d/%d/%d terms", len(f.Docs), len(f.Scores), len(f.IDF))
	}
}

func TestIDF(t *testing.T) {
	if IDF(10, 10) <= 0 {
		t.Errorf("IDF of a term every document has = %v, want > 0", IDF(10, 10))
	}
	if IDF(10, 1) <= IDF(10, 5) {
		t.Error("a rarer term must weigh more")
	}
}

func TestCascade(t *testing.T) {
	// Two documents, terms 0 and 1, two fields. Field 0: doc 0 has term 0;
	// field 1: both documents have term 0, doc 1 has term 1.
	own := NewField([]int32{0}, []int32{1, 1}, 2, 1)
	answer := NewField([]int32{0, 0, 1}, []int32{1, 3}, 2, 0.5)
	before0, before1 := answer.Scores[0][0], answer.Scores[0][1]
	ownScore := own.Scores[0][0]
	fields := []Field{own, answer}
	Cascade(fields)
	if !slices.Equal(fields[0].Docs[0], []int32{0}) || !slices.Equal(fields[1].Docs[0], []int32{1}) {
		t.Fatalf("term 0 postings after Cascade: %v / %v, want [0] / [1]", fields[0].Docs[0], fields[1].Docs[0])
	}
	if got, want := fields[0].Totals[0][0], ownScore+before0; got != want {
		t.Errorf("doc 0's total for term 0 = %v, want %v (both fields)", got, want)
	}
	if got := fields[1].Scores[0][0]; got != before1 {
		t.Errorf("doc 1's score for term 0 = %v, want %v (unchanged)", got, before1)
	}
	if !slices.Equal(fields[1].Totals[1], fields[1].Scores[1]) || len(fields[1].Docs[1]) != 1 {
		t.Errorf("term 1 in the last field: docs %v totals %v scores %v", fields[1].Docs[1], fields[1].Totals[1], fields[1].Scores[1])
	}
	if fields[0].IDF[0] == 0 || fields[1].IDF[0] == 0 {
		t.Error("IDF must be the field's own, counted before Cascade")
	}
}

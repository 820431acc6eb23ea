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

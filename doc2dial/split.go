package doc2dial

import (
	"fmt"
	"hash/fnv"
)

// Half is the half of a development set a dialogue is in. Rules and
// parameters are tuned on the tuning half; reports that claim anything
// are given on the evaluation half, which no test that tunes or pins the
// agents quotes (inquiry/split_test.go checks).
type Half string

const (
	Tuning     Half = "tuning"
	Evaluation Half = "evaluation"
	// All is both halves: the whole set.
	All Half = ""
)

// ParseHalf reads a half's name: tuning, evaluation, or "" or "all" for
// All.
func ParseHalf(s string) (Half, error) {
	switch s {
	case "", "all":
		return All, nil
	case string(Tuning), string(Evaluation):
		return Half(s), nil
	}
	return All, fmt.Errorf("unknown half %q (want tuning, evaluation or all)", s)
}

// HalfOf is the half of the dialogue with id dialID: the evaluation half
// when the 32-bit FNV-1a hash of the id is odd. It depends on the id
// alone, so it is deterministic and a new dialogue's half is known
// without looking at the others.
func HalfOf(dialID string) Half {
	h := fnv.New32a()
	h.Write([]byte(dialID))
	if h.Sum32()%2 == 1 {
		return Evaluation
	}
	return Tuning
}

// InHalf returns the dialogues of ds in half h, in order (all of them
// for All).
func InHalf(ds []Dialogue, h Half) []Dialogue {
	if h == All {
		return ds
	}
	var out []Dialogue
	for _, d := range ds {
		if HalfOf(d.DialID) == h {
			out = append(out, d)
		}
	}
	return out
}

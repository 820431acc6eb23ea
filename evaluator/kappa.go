package evaluator

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/helpgraph/helpgraph/internal/jsonl"
)

// CohenKappa returns Cohen's kappa between two raters' ordinal ratings a and
// b (values 0..k-1), with quadratic weights when quadratic is set (agreement
// weight 1-(i-j)²/(k-1)²) and unweighted otherwise.
func CohenKappa(a, b []int, k int, quadratic bool) (float64, error) {
	if len(a) != len(b) {
		return 0, fmt.Errorf("kappa: %d ratings against %d", len(a), len(b))
	}
	if len(a) == 0 || k < 2 {
		return 0, errors.New("kappa: need at least one rated item and two categories")
	}
	obs := make([][]float64, k)
	for i := range obs {
		obs[i] = make([]float64, k)
	}
	rowSum, colSum := make([]float64, k), make([]float64, k)
	n := float64(len(a))
	for i := range a {
		if a[i] < 0 || a[i] >= k || b[i] < 0 || b[i] >= k {
			return 0, fmt.Errorf("kappa: rating out of range 0..%d", k-1)
		}
		obs[a[i]][b[i]] += 1 / n
		rowSum[a[i]] += 1 / n
		colSum[b[i]] += 1 / n
	}
	var po, pe float64
	for i := range k {
		for j := range k {
			w := 0.0
			switch {
			case i == j:
				w = 1
			case quadratic:
				d := float64(i-j) / float64(k-1)
				w = 1 - d*d
			}
			po += w * obs[i][j]
			pe += w * rowSum[i] * colSum[j]
		}
	}
	if pe == 1 {
		// Both raters used one category throughout: kappa is undefined;
		// perfect observed agreement is reported as 1.
		if po == 1 {
			return 1, nil
		}
		return 0, errors.New("kappa: undefined (no variation in ratings)")
	}
	return (po - pe) / (1 - pe), nil
}

// ordinal maps labels to the ordinal scale the kappa is computed on:
// worst 0, best 2, for both inquiry kinds.
func ordinal(l Label) (int, bool) {
	switch l {
	case Incorrect:
		return 0, true
	case Partial, Useful:
		return 1, true
	case Correct, Escalated:
		return 2, true
	}
	return 0, false
}

// HumanLabel is one line of a human labels file.
type HumanLabel struct {
	DialogueID string `json:"dialogue_id"`
	Rater      string `json:"rater"`
	Label      Label  `json:"label"`
}

// ReadLabels reads a JSONL human labels file.
func ReadLabels(r io.Reader) ([]HumanLabel, error) {
	ls, err := jsonl.Read(r, jsonl.Options{}, func(_ int, l *HumanLabel) error {
		if _, ok := ordinal(l.Label); !ok || l.DialogueID == "" || l.Rater == "" {
			return fmt.Errorf("need dialogue_id, rater and a known label (got %q)", l.Label)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("labels %w", err)
	}
	return ls, nil
}

// ReadLabelsFile reads the labels file at path.
func ReadLabelsFile(path string) ([]HumanLabel, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening labels: %w", err)
	}
	defer f.Close()
	return ReadLabels(f)
}

// Agreement is the quadratic-weighted kappa between two raters.
type Agreement struct {
	A     string  `json:"a"`
	B     string  `json:"b"`
	N     int     `json:"n"` // dialogues both rated
	Kappa float64 `json:"kappa"`
}

// EvaluatorRater names the evaluator in agreements.
const EvaluatorRater = "evaluator"

// Agreements computes the kappa between the evaluator and each human, and
// between each pair of humans, over the dialogues both rated.
func Agreements(evaluator map[string]Label, humans []HumanLabel) []Agreement {
	byRater := map[string]map[string]Label{}
	for _, h := range humans {
		if byRater[h.Rater] == nil {
			byRater[h.Rater] = map[string]Label{}
		}
		byRater[h.Rater][h.DialogueID] = h.Label
	}
	var raters []string
	for r := range byRater {
		raters = append(raters, r)
	}
	sort.Strings(raters)
	pair := func(an string, a map[string]Label, bn string, b map[string]Label) (Agreement, bool) {
		var ids []string
		for id := range a {
			if _, ok := b[id]; ok {
				ids = append(ids, id)
			}
		}
		sort.Strings(ids)
		var xa, xb []int
		for _, id := range ids {
			oa, _ := ordinal(a[id])
			ob, _ := ordinal(b[id])
			xa, xb = append(xa, oa), append(xb, ob)
		}
		k, err := CohenKappa(xa, xb, 3, true)
		if err != nil {
			return Agreement{}, false
		}
		return Agreement{A: an, B: bn, N: len(ids), Kappa: k}, true
	}
	var out []Agreement
	for _, r := range raters {
		if ag, ok := pair(EvaluatorRater, evaluator, r, byRater[r]); ok {
			out = append(out, ag)
		}
	}
	for i, r := range raters {
		for _, s := range raters[i+1:] {
			if ag, ok := pair(r, byRater[r], s, byRater[s]); ok {
				out = append(out, ag)
			}
		}
	}
	return out
}

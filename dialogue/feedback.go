package dialogue

import (
	"os"
	"slices"
	"strconv"
	"strings"
)

// feedbackOptions configure pseudo-relevance feedback (RM3-style): after the
// first ranking, the distinctive terms of the best pages are added to the
// query at a low weight and the nodes and pages rerank. MEASURED, NOT KEPT
// (README, vocabulary gap): this experiment is read from HELPGRAPH_PRF
// (off when unset) and reverted in the next commit. Best variant:
// HELPGRAPH_PRF=pages=5,agree=3,terms=10,weight=0.25,cold=1,good=1.
type feedbackOptions struct {
	pages  int     // feedback pages
	terms  int     // expansion terms kept
	weight float64 // the expansion's mass against the query's
	nodes  bool    // add to node scores
	pageSc bool    // add to page scores
	gate   string  // "", "unknown", "weak", "tie"
	tie    float64
	cold   bool // only a conversation's opening request
	agree  int  // an expansion term is on at least this many feedback pages
	good   bool // only when the first ranking's best match is good
	maxdf  float64
}

func feedbackFromEnv() feedbackOptions {
	v := os.Getenv("HELPGRAPH_PRF")
	if v == "" {
		return feedbackOptions{}
	}
	o := feedbackOptions{pages: 3, terms: 10, weight: 0.25, nodes: true, pageSc: true, tie: 0.9}
	for _, kv := range strings.Split(v, ",") {
		k, val, _ := strings.Cut(kv, "=")
		switch k {
		case "pages":
			o.pages, _ = strconv.Atoi(val)
		case "terms":
			o.terms, _ = strconv.Atoi(val)
		case "weight":
			o.weight, _ = strconv.ParseFloat(val, 64)
		case "mode":
			o.nodes = val != "page"
			o.pageSc = val != "node"
		case "gate":
			o.gate = val
		case "maxdf":
			o.maxdf, _ = strconv.ParseFloat(val, 64)
		case "good":
			o.good = val == "1"
		case "agree":
			o.agree, _ = strconv.Atoi(val)
		case "cold":
			o.cold = val == "1"
		case "tie":
			o.tie, _ = strconv.ParseFloat(val, 64)
		}
	}
	return o
}

// indexPageTerms builds the forward index of the whole-page field: each
// page's terms and their BM25 scores there.
func (lx *lexicalIndex) indexPageTerms() {
	n := make([]int32, lx.pages.N)
	for _, ds := range lx.pages.Docs {
		for _, p := range ds {
			n[p]++
		}
	}
	var sum int
	for _, c := range n {
		sum += int(c)
	}
	terms, scores := make([]int32, sum), make([]float64, sum)
	lx.pageTerms = make([][]int32, lx.pages.N)
	lx.pageTermScores = make([][]float64, lx.pages.N)
	for p, c := range n {
		lx.pageTerms[p], terms = terms[:0:c], terms[c:]
		lx.pageTermScores[p], scores = scores[:0:c], scores[c:]
	}
	for t, ds := range lx.pages.Docs {
		for k, p := range ds {
			lx.pageTerms[p] = append(lx.pageTerms[p], int32(t))
			lx.pageTermScores[p] = append(lx.pageTermScores[p], lx.pages.Scores[t][k])
		}
	}
}

type expansionTerm struct {
	t int32
	w float64
}

// feedback reranks m with the distinctive terms of its best pages.
func (m *lexicalMatch) feedback() {
	o := m.lx.feedback
	sc := m.sc
	if o.weight <= 0 || sc == nil || len(sc.pageTouched) == 0 || m.lx.pageTerms == nil || m.fed {
		return
	}
	m.fed = true
	known := 0
	unknown := false
	for _, t := range m.termIDs {
		if t >= 0 {
			known++
		} else {
			unknown = true
		}
	}
	if known == 0 {
		return
	}
	// The first ranking's best pages.
	top := make([]int32, 0, o.pages+1)
	for _, p := range sc.pageTouched {
		i, _ := slices.BinarySearchFunc(top, p, func(a, b int32) int {
			if sc.page[a] != sc.page[b] {
				if sc.page[a] > sc.page[b] {
					return -1
				}
				return 1
			}
			return int(a - b)
		})
		if i < o.pages {
			top = slices.Insert(top, i, p)
			if len(top) > o.pages {
				top = top[:o.pages]
			}
		}
	}
	switch o.gate {
	case "unknown":
		if !unknown {
			return
		}
	case "weak":
		if m.sums.of(sc.pageFound[top[0]]) >= 1-1e-9 {
			return
		}
	case "tie":
		if len(top) < 2 || sc.page[top[1]] < o.tie*sc.page[top[0]] {
			return
		}
	case "weaktie":
		if m.sums.of(sc.pageFound[top[0]]) >= 1-1e-9 && (len(top) < 2 || sc.page[top[1]] < o.tie*sc.page[top[0]]) {
			return
		}
	}
	var total float64
	for _, p := range top {
		total += sc.page[p]
	}
	if total <= 0 {
		return
	}
	w := map[int32]float64{}
	on := map[int32]int{}
	for _, p := range top {
		pw := sc.page[p] / total
		for k, t := range m.lx.pageTerms[p] {
			if slices.Contains(m.termIDs, t) {
				continue
			}
			w[t] += pw * m.lx.pageTermScores[p][k]
			on[t]++
		}
	}
	exp := make([]expansionTerm, 0, len(w))
	for t, x := range w {
		if on[t] >= o.agree && (o.maxdf == 0 || float64(len(m.lx.pages.Docs[t])) <= o.maxdf*float64(m.lx.pages.N)) {
			exp = append(exp, expansionTerm{t, x})
		}
	}
	slices.SortFunc(exp, func(a, b expansionTerm) int {
		if a.w != b.w {
			if a.w > b.w {
				return -1
			}
			return 1
		}
		return int(a.t - b.t)
	})
	exp = exp[:min(o.terms, len(exp))]
	var sum float64
	for _, e := range exp {
		sum += e.w
	}
	if sum <= 0 {
		return
	}
	scale := o.weight * float64(known) / sum
	if o.nodes {
		for _, e := range exp {
			for f := range m.lx.fields {
				fl := &m.lx.fields[f]
				totals := fl.Totals[e.t]
				for k, d := range fl.Docs[e.t] {
					if sc.score[d] != 0 {
						sc.score[d] += scale * e.w * totals[k]
					}
				}
			}
		}
	}
	if o.pageSc && m.lx.pageWeight > 0 {
		for _, e := range exp {
			scores := m.lx.pages.Scores[e.t]
			for k, p := range m.lx.pages.Docs[e.t] {
				if sc.pageFound[p] != 0 {
					sc.page[p] += scale * e.w * scores[k] * m.sums.of(sc.pageFound[p]) * m.pageSpecificity(p)
				}
			}
		}
	}
}

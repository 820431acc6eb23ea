package rag

import (
	"math"
	"regexp"
	"sort"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// passage is a heading-bounded piece of a help page: the unit the baseline
// retrieves, as in the study's RAG setup.
type passage struct {
	URL     string
	Title   string // page title
	Heading string // the heading the passage starts with (the title for the lead)
	N       int    // position on the page, from 0
	Body    string // text below the heading
	terms   map[string]int
	length  int
}

// ref is the passage's id in replies and sessions.
func (p *passage) ref() string { return "passage:" + p.URL + "#" + itoa(p.N) }

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

var headingLine = regexp.MustCompile(`^(#{1,6})\s+(.*)$`)

// splitPages cuts every page's Text at its heading lines. Headings with no
// text below them are folded into the next passage's heading context.
func splitPages(pages []graph.Page) []*passage {
	var out []*passage
	for _, pg := range pages {
		if pg.Status == graph.PageFailed || strings.TrimSpace(pg.Text) == "" {
			continue
		}
		heading := pg.Title
		var body []string
		n := 0
		flush := func() {
			text := strings.TrimSpace(strings.Join(body, "\n"))
			body = body[:0]
			if text == "" {
				return
			}
			p := &passage{URL: pg.URL, Title: pg.Title, Heading: heading, N: n, Body: text}
			n++
			p.terms = make(map[string]int)
			for _, t := range lexical.Terms(pg.Title + " " + heading + " " + text) {
				p.terms[t]++
				p.length++
			}
			out = append(out, p)
		}
		for _, line := range strings.Split(pg.Text, "\n") {
			if m := headingLine.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
				flush()
				heading = strings.TrimSpace(m[2])
				continue
			}
			body = append(body, line)
		}
		flush()
	}
	return out
}

// bm25 is an Okapi BM25 index over passages.
type bm25 struct {
	docs   []*passage
	df     map[string]int
	avgLen float64
}

const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

func newBM25(docs []*passage) *bm25 {
	ix := &bm25{docs: docs, df: make(map[string]int)}
	total := 0
	for _, d := range docs {
		total += d.length
		for t := range d.terms {
			ix.df[t]++
		}
	}
	if len(docs) > 0 {
		ix.avgLen = float64(total) / float64(len(docs))
	}
	return ix
}

func (ix *bm25) idf(t string) float64 {
	n, df := float64(len(ix.docs)), float64(ix.df[t])
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// hit is one retrieved passage. Coverage is the share of the query's IDF
// mass the passage contains: comparable across queries, unlike the BM25 score.
type hit struct {
	p        *passage
	score    float64
	coverage float64
}

func (ix *bm25) search(query string, limit int) []hit {
	// The terms in query order, each once: summing in a fixed order keeps
	// near-tied scores (identical passages on two pages) from flipping
	// between runs.
	var q []string
	seen := map[string]bool{}
	for _, t := range lexical.Terms(query) {
		if !seen[t] {
			seen[t] = true
			q = append(q, t)
		}
	}
	mass := 0.0
	for _, t := range q {
		mass += ix.idf(t)
	}
	var hits []hit
	for _, d := range ix.docs {
		score, covered := 0.0, 0.0
		for _, t := range q {
			tf := float64(d.terms[t])
			if tf == 0 {
				continue
			}
			idf := ix.idf(t)
			covered += idf
			score += idf * tf * (bm25K1 + 1) / (tf + bm25K1*(1-bm25B+bm25B*float64(d.length)/ix.avgLen))
		}
		if score > 0 {
			hits = append(hits, hit{p: d, score: score, coverage: covered / mass})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
	if len(hits) > limit {
		hits = hits[:limit]
	}
	return hits
}

var sentenceSplit = regexp.MustCompile(`(?:[.!?])\s+|\n+`)

// bestSentences returns up to n sentences of body that share the most
// (IDF-weighted) terms with query, in their original order.
func (ix *bm25) bestSentences(body, query string, n int) []string {
	var sents []string
	for _, s := range sentenceSplit.Split(body, -1) {
		s = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(s), "-|"))
		if s != "" {
			sents = append(sents, s)
		}
	}
	if len(sents) <= n {
		return sents
	}
	q := lexical.TermSet(query)
	type scored struct {
		i     int
		score float64
	}
	ss := make([]scored, len(sents))
	for i, s := range sents {
		ss[i].i = i
		for t := range lexical.TermSet(s) {
			if q[t] {
				ss[i].score += ix.idf(t)
			}
		}
	}
	sort.SliceStable(ss, func(a, b int) bool { return ss[a].score > ss[b].score })
	keep := ss[:n]
	sort.Slice(keep, func(a, b int) bool { return keep[a].i < keep[b].i })
	out := make([]string, len(keep))
	for k, s := range keep {
		out[k] = sents[s.i]
	}
	return out
}

package rag

import (
	"regexp"
	"sort"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/bm25"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// passage is a heading-bounded piece of a help page: the unit the baseline
// retrieves, as in the study's RAG setup.
type passage struct {
	URL     string
	Title   string   // page title
	Heading string   // the heading the passage starts with (the title for the lead)
	N       int      // position on the page, from 0
	Body    string   // text below the heading
	terms   []string // the title's, heading's and body's terms, in order
}

// ref is the passage's id in replies and sessions.
func (p *passage) ref() string { return "passage:" + p.URL + "#" + itoa(p.N) }

// PassagePage returns the page of a passage an option names (its NodeID),
// or "" when id names no passage.
func PassagePage(id string) string {
	rest, ok := strings.CutPrefix(id, "passage:")
	if !ok {
		return ""
	}
	if i := strings.LastIndexByte(rest, '#'); i >= 0 {
		return rest[:i]
	}
	return ""
}

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
func splitPages(pages []graph.Page, words *lexical.Model) []*passage {
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
			p.terms = words.Terms(pg.Title + " " + heading + " " + text)
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

// passageIndex is a BM25 index over passages, one field holding each
// passage's title, heading and body.
type passageIndex struct {
	words *lexical.Model
	docs  []*passage
	dict  map[string]int32 // term -> term number
	field bm25.Field
}

func newPassageIndex(docs []*passage, words *lexical.Model) *passageIndex {
	ix := &passageIndex{words: words, docs: docs, dict: make(map[string]int32)}
	var terms []int32
	ends := make([]int32, len(docs))
	for i, d := range docs {
		for _, t := range d.terms {
			id, ok := ix.dict[t]
			if !ok {
				id = int32(len(ix.dict))
				ix.dict[t] = id
			}
			terms = append(terms, id)
		}
		ends[i] = int32(len(terms))
		d.terms = nil // indexed: the strings are no longer needed
	}
	ix.field = bm25.NewField(terms, ends, len(ix.dict), 1)
	return ix
}

// idf is term t's IDF over the passages (the highest for a term none has).
func (ix *passageIndex) idf(t string) float64 {
	df := 0
	if id, ok := ix.dict[t]; ok {
		df = ix.field.DF(id)
	}
	return bm25.IDF(len(ix.docs), df)
}

// hit is one retrieved passage. Coverage is the share of the query's IDF
// mass the passage contains: comparable across queries, unlike the BM25 score.
type hit struct {
	p        *passage
	score    float64
	coverage float64
}

func (ix *passageIndex) search(query string, limit int) []hit {
	// The terms in query order, each once: every passage's score is summed
	// in that order, so near-tied scores (identical passages on two pages)
	// cannot flip between runs.
	var q []string
	seen := map[string]bool{}
	for _, t := range ix.words.Terms(query) {
		if !seen[t] {
			seen[t] = true
			q = append(q, t)
		}
	}
	mass := 0.0
	score := make([]float64, len(ix.docs))
	covered := make([]float64, len(ix.docs))
	for _, t := range q {
		idf := ix.idf(t)
		mass += idf
		id, ok := ix.dict[t]
		if !ok {
			continue
		}
		scores := ix.field.Scores[id]
		for k, d := range ix.field.Docs[id] {
			score[d] += scores[k]
			covered[d] += idf
		}
	}
	var hits []hit
	for d, sc := range score {
		if sc > 0 {
			hits = append(hits, hit{p: ix.docs[d], score: sc, coverage: covered[d] / mass})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
	if len(hits) > limit {
		hits = hits[:limit]
	}
	return hits
}

// Japanese and Chinese end sentences with full-width marks and no space.
var sentenceSplit = regexp.MustCompile(`(?:[.!?])\s+|[。！？]|\n+`)

// bestSentences returns up to n sentences of body that share the most
// (IDF-weighted) terms with query, in their original order.
func (ix *passageIndex) bestSentences(body, query string, n int) []string {
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
	q := map[string]bool{}
	for _, t := range ix.words.Terms(query) {
		q[t] = true
	}
	type scored struct {
		i     int
		score float64
	}
	ss := make([]scored, len(sents))
	for i, s := range sents {
		ss[i].i = i
		// In the sentence's order, each term once: a fixed order of
		// summing keeps near-tied sentences from flipping between runs.
		seen := map[string]bool{}
		for _, t := range ix.words.Terms(s) {
			if q[t] && !seen[t] {
				seen[t] = true
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

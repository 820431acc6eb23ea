package dialogue

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime/debug"
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph/graphtest"
	"github.com/helpgraph/helpgraph/verdict"
)

// TestTopMatchesFullScoring checks that top's shortcuts (the bounds that
// skip nodes, the topic walk, the binary searches for a few nodes, the walk
// limited to nodes with a required term, an earlier search's hits) give the hits scoring every
// matched node gives.
func TestTopMatchesFullScoring(t *testing.T) {
	for _, tc := range []struct {
		name  string
		agent *GraphAgent
	}{
		{"sample", NewGraphAgent(sampleGraph(t), Options{})},
		{"synthetic-20k", NewGraphAgent(verdict.Judged(graphtest.Synthetic(20_000, 3)), Options{})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lx := tc.agent.lex
			vocab := make([]string, 0, len(lx.dict))
			for term := range lx.dict {
				vocab = append(vocab, term)
			}
			slices.Sort(vocab)
			rng := rand.New(rand.NewPCG(1, 2))
			pick := func(n int) []string {
				terms := make([]string, n)
				for i := range terms {
					if rng.IntN(8) == 0 {
						terms[i] = fmt.Sprintf("unknown%d", i) // a word no node has
					} else {
						terms[i] = vocab[rng.IntN(len(vocab))]
					}
				}
				return terms
			}
			for q := range 300 {
				n := 1 + rng.IntN(6)
				if q%10 == 9 { // more terms than a packed terms found holds
					n = packedTerms + 1 + rng.IntN(8)
				}
				terms, topic := pick(n), pick(rng.IntN(4))
				var required []string
				if q%3 == 0 {
					required = terms[:1+rng.IntN(len(terms))]
				}
				limit := []int{1, 3, 10}[q%3]
				full := lx.match(terms, nil)
				want := fullScoring(full, topic, required, limit)
				m := lx.match(terms, required)
				if got := m.top(topic, nil, limit); !sameHits(got, want) {
					t.Errorf("top(%q, topic %q, required %q, %d):\n got %v\nwant %v", terms, topic, required, limit, got, want)
				}
				// Asked again for fewer (the search kept): the first ones;
				// and without the topic, not those.
				if got := m.top(topic, nil, 1); !sameHits(got, want[:min(1, len(want))]) {
					t.Errorf("top(%q, topic %q, required %q, 1) after %d:\n got %v\nwant %v", terms, topic, required, limit, got, want[:min(1, len(want))])
				}
				if got, want := m.top(nil, nil, 1), fullScoring(full, nil, required, 1); !sameHits(got, want) {
					t.Errorf("top(%q, no topic, required %q, 1) after topic %q:\n got %v\nwant %v", terms, required, topic, got, want)
				}
				if full.sc != nil {
					// The same nodes given as allowed: the binary-search path.
					if got := m.top(topic, slices.Clone(full.sc.touched), limit); !sameHits(got, want) {
						t.Errorf("top(%q, topic %q, required %q, %d) among all matched:\n got %v\nwant %v", terms, topic, required, limit, got, want)
					}
				}
				if full.sc != nil && len(full.sc.touched) <= limit*topicRerankWidth {
					// Every matched node within the net: the rerank is the
					// full scoring, up to rounding.
					r := lx.match(terms, required)
					r.top(nil, nil, limit*topicRerankWidth) // the same search without the pages' topic
					r.topicRerank = true
					if got := r.top(topic, nil, limit); !closeHits(got, want) {
						t.Errorf("top(%q, topic %q, required %q, %d) reranked:\n got %v\nwant %v", terms, topic, required, limit, got, want)
					}
					// Scored with the topic after the search without it.
					r.topicRerank = false
					if got := r.top(topic, nil, limit); !sameHits(got, want) {
						t.Errorf("top(%q, topic %q, required %q, %d) after the rerank:\n got %v\nwant %v", terms, topic, required, limit, got, want)
					}
					r.release()
				}
				m.release()
				full.release()
			}
		})
	}
}

// closeHits reports whether a and b hold the same nodes in the same order
// with scores equal up to rounding.
func closeHits(a, b []lexicalHit) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].doc != b[i].doc || math.Abs(a[i].score-b[i].score) > 1e-9*max(1, math.Abs(b[i].score)) {
			return false
		}
	}
	return true
}

// fullScoring scores every node m matched (m was matched without required
// terms) with the topic's terms added, keeps those with one of required in
// their own or context fields, and returns the best limit.
func fullScoring(m *lexicalMatch, topic, required []string, limit int) []lexicalHit {
	if m.sc == nil {
		return nil
	}
	var mask uint64
	for i, t := range m.uniq {
		if slices.Contains(required, t) {
			mask |= 1 << i
		}
	}
	topicScore := map[int32]float64{}
	for _, t := range m.lx.topicTerms(m.uniq, topic) {
		for f := range m.lx.fields {
			for k, d := range m.lx.fields[f].Docs[t] {
				topicScore[d] += topicWeight * m.lx.fields[f].Totals[t][k]
			}
		}
	}
	m.setPageTopic(m.lx.topicTerms(m.uniq, topic))
	// The terms found, read off the postings (not the search's scratch).
	found := map[int32]*termsFound{}
	for f := range m.lx.fields {
		for i, t := range m.termIDs {
			if t < 0 {
				continue
			}
			for _, d := range m.lx.fields[f].Docs[t] {
				if found[d] == nil {
					found[d] = &termsFound{}
				}
				found[d][f] |= 1 << i
			}
		}
	}
	var hits []lexicalHit
	for _, d := range m.sc.touched {
		if mask != 0 && found[d].own()&mask == 0 {
			continue
		}
		hits = append(hits, m.hit(d, m.sc.score[d]+topicScore[d], *found[d]))
	}
	slices.SortFunc(hits, func(a, b lexicalHit) int {
		if better(a, b) {
			return -1
		}
		return 1
	})
	return hits[:min(limit, len(hits))]
}

func sameHits(a, b []lexicalHit) bool {
	return len(a) == len(b) && (len(a) == 0 || slices.Equal(a, b))
}

// TestMatchAfterMatch checks that a search's working space, reused by the
// next search, keeps nothing of it (the terms found are reset as a node is
// first touched, not cleared): each query gets the hits it gets alone.
func TestMatchAfterMatch(t *testing.T) {
	g := sampleGraph(t)
	queries := []string{
		"change my booking", "cancel a booking", "error when booking by phone",
		"confirmation code of my reservation", "reservation booking change or cancel", "card declined",
	}
	// Kept from being emptied by a garbage collection, the pool hands the
	// one working space to each search in turn.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	lx := NewGraphAgent(g, Options{}).lex
	for _, q := range queries {
		alone := NewGraphAgent(g, Options{}).lex
		qt := lx.an.termsOf(lx.an.split(q), nil)
		if len(qt) < 2 {
			t.Fatalf("%q: too few terms (%q)", q, qt)
		}
		want := alone.match(qt, nil)
		wantHits := want.top(nil, nil, 10)
		want.release()
		m := lx.match(qt, nil)
		if got := m.top(nil, nil, 10); !sameHits(got, wantHits) {
			t.Errorf("%q after other searches:\n got %v\nwant %v", qt, got, wantHits)
		}
		m.release()
	}
}

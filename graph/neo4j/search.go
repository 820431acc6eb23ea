package neo4j

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	drv "github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// SearchIntents finds the nodes whose intents share the most words with
// query: a node whose intents hold every word ranks above one holding only
// some, and Lucene's score orders nodes with the same coverage.
//
// Nodes holding every word come from one AND query, which Lucene answers
// cheaply however common the words are. Only when that finds fewer than
// limit nodes does a second query look each word up on its own (top
// candidates per word) and count the words each node matched.
func (s *Store) SearchIntents(ctx context.Context, query string, limit int) ([]graph.IntentHit, error) {
	terms := graph.SearchTerms(query)
	if len(terms) == 0 || limit <= 0 {
		return nil, nil
	}
	quoted := make([]string, len(terms))
	for i, t := range terms {
		quoted[i] = quoteLucene(t)
	}
	session := s.session(ctx, drv.AccessModeRead)
	defer session.Close(context.Background())
	cs, err := drv.ExecuteRead(ctx, session, func(tx drv.ManagedTransaction) ([]candidate, error) {
		var cs []candidate
		built, gen, err := generation(ctx, tx)
		if err != nil || built == 0 {
			return nil, err
		}
		err = each(ctx, tx, searchAll, map[string]any{
			"query":      strings.Join(quoted, " AND "),
			"fetch":      int64(3*limit + 10), // two generations share the index during a Replace
			"limit":      int64(limit),
			"generation": gen,
		}, func(rec *drv.Record) error {
			c, err := candidateFrom(rec)
			c.coverage = len(terms)
			cs = append(cs, c)
			return err
		})
		if err != nil || len(cs) >= limit || len(terms) == 1 {
			return cs, err
		}
		err = each(ctx, tx, searchEach, map[string]any{
			"terms":      quoted,
			"candidates": int64(40*limit + 200),
			"limit":      int64(limit + len(cs)),
			"generation": gen,
		}, func(rec *drv.Record) error {
			c, err := candidateFrom(rec)
			if err != nil {
				return err
			}
			cov, _, err := drv.GetRecordValue[int64](rec, "coverage")
			c.coverage = int(cov)
			cs = append(cs, c)
			return err
		})
		return cs, err
	})
	if err != nil {
		return nil, fmt.Errorf("searching intents for %q: %w", query, err)
	}
	return rank(cs, terms, limit), nil
}

// candidate is a node matching a search.
type candidate struct {
	id        string
	intents   []string
	coverage  int
	relevance float64
}

func candidateFrom(rec *drv.Record) (candidate, error) {
	var c candidate
	var err error
	if c.id, _, err = drv.GetRecordValue[string](rec, "id"); err != nil {
		return c, fmt.Errorf("field id: %w", err)
	}
	if c.relevance, _, err = drv.GetRecordValue[float64](rec, "relevance"); err != nil {
		return c, fmt.Errorf("field relevance: %w", err)
	}
	c.intents, err = stringList(rec, "intents")
	return c, err
}

// rank orders candidates by coverage then relevance, keeps one hit per node
// (a node can come from both queries) and returns at most limit hits.
func rank(cs []candidate, terms []string, limit int) []graph.IntentHit {
	slices.SortStableFunc(cs, func(a, b candidate) int {
		if c := cmp.Compare(b.coverage, a.coverage); c != 0 {
			return c
		}
		if c := cmp.Compare(b.relevance, a.relevance); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	var hits []graph.IntentHit
	seen := make(map[string]bool)
	for _, c := range cs {
		if seen[c.id] || len(c.intents) == 0 {
			continue
		}
		seen[c.id] = true
		rel := max(c.relevance, 0)
		hits = append(hits, graph.IntentHit{
			NodeID: c.id,
			Intent: bestIntent(c.intents, terms),
			// The relevance part stays below 1, so one more matched word always wins.
			Score: float64(c.coverage) + rel/(1+rel),
		})
		if len(hits) == limit {
			break
		}
	}
	return hits
}

// bestIntent returns the intent sharing the most terms with the query; the
// index matched the node on all its intents at once and does not say which.
// Lucene matched words by their English stem, which Go does not compute, so a
// word counts when it shares a long enough prefix with a term.
func bestIntent(intents, terms []string) string {
	best, bestCount := intents[0], 0
	for _, intent := range intents {
		count := 0
		words := graph.SearchTerms(intent)
		for _, t := range terms {
			for _, w := range words {
				if sameStem(w, t) {
					count++
					break
				}
			}
		}
		if count > bestCount {
			best, bestCount = intent, count
		}
	}
	return best
}

// sameStem approximates "has the same English stem": equal words, or words
// that differ only in an ending of at most three letters ("password",
// "passwords"; "reset", "resetting").
func sameStem(a, b string) bool {
	if a == b {
		return true
	}
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n >= 4 && len(a)-n <= 4 && len(b)-n <= 4
}

// luceneSpecial are the characters Lucene's classic query parser gives a
// meaning to.
const luceneSpecial = `+-&|!(){}[]^"~*?:\/`

// quoteLucene makes term a quoted Lucene phrase with every special character
// escaped, so that whatever the user typed, the index parses it as text.
// (graph.SearchTerms already reduces terms to letters and digits; this is the
// second lock on the door.)
func quoteLucene(term string) string {
	var b strings.Builder
	b.Grow(len(term) + 2)
	b.WriteByte('"')
	for _, r := range term {
		if strings.ContainsRune(luceneSpecial, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

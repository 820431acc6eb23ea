package sqlite

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// searchQuery returns the best-ranked intents matching an FTS5 query, with
// the matched tokens marked by \x02 and \x03 so that Go can count which of
// the query's terms each intent contains. FTS5 sorts by rank inside the
// module, so the LIMIT stops it before highlighting rows it does not return.
const searchQuery = `
SELECT i.node, i.text, m.marked, m.relevance
FROM (
	SELECT rowid AS id, highlight(intents_fts, 0, char(2), char(3)) AS marked, -bm25(intents_fts) AS relevance
	FROM intents_fts WHERE intents_fts MATCH ?1
	ORDER BY rank LIMIT ?2
) AS m JOIN intents AS i ON i.id = m.id`

// SearchIntents finds the nodes whose intents share the most words with
// query: an intent containing every word the customer typed ranks above one
// sharing only some, and bm25 orders intents with the same coverage.
//
// Ranking every intent that shares any word with the query costs a bm25
// evaluation per match, which is slow when a word is common. So the search
// first asks for intents with all the words (an AND query, cheap because it
// is selective) and broadens only when that finds fewer than limit nodes
// (see searchTiers).
func (s *Store) SearchIntents(ctx context.Context, query string, limit int) ([]graph.IntentHit, error) {
	models, err := s.queryWords(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("searching intents for %q: %w", query, err)
	}
	// The query's language first; when its words meet nothing, the other
	// languages' (a query too short to tell, a page's language mislabelled).
	for _, words := range models {
		hits, err := s.searchIn(ctx, words, query, limit)
		if err != nil || len(hits) > 0 {
			return hits, err
		}
	}
	return nil, nil
}

// searchIn is SearchIntents with the query read in the language of words.
func (s *Store) searchIn(ctx context.Context, words *lexical.Model, query string, limit int) ([]graph.IntentHit, error) {
	// The index holds stems (see stemCache.terms): the query's words are
	// stemmed the same way, and words that meet count once.
	var terms []string
	for _, w := range searchTerms(words, query) {
		if t := words.Stem(w); !slices.Contains(terms, t) {
			terms = append(terms, t)
		}
	}
	if len(terms) == 0 || limit <= 0 {
		return nil, nil
	}
	// Each term becomes an FTS5 string, so it is never read as syntax;
	// SearchTerms has already reduced it to letters and digits.
	quoted := make([]string, len(terms))
	for i, t := range terms {
		quoted[i] = `"` + strings.ReplaceAll(t, `"`, `""`) + `"`
	}
	hits, err := s.searchTiers(ctx, quoted, terms, limit)
	if err != nil {
		return nil, fmt.Errorf("searching intents for %q: %w", query, err)
	}
	return rank(hits, limit), nil
}

// searchTiers collects candidates from ever broader queries until limit
// nodes are found: all terms (AND); all terms that occur in some intent at
// all (AND again: a word no intent has, such as a typo, should not push the
// search onto the expensive path); any term (OR).
func (s *Store) searchTiers(ctx context.Context, quoted, terms []string, limit int) ([]candidate, error) {
	// Nodes have a few intents each; fetch enough rows for limit nodes.
	rowLimit := 8*limit + 32
	hits, err := s.search(ctx, strings.Join(quoted, " AND "), rowLimit, terms, nil)
	if err != nil || len(terms) == 1 || countNodes(hits) >= limit {
		return hits, err
	}
	var known []string
	for _, q := range quoted {
		var exists bool
		if err := s.read.QueryRowContext(ctx, termExists, q).Scan(&exists); err != nil {
			return nil, err
		}
		if exists {
			known = append(known, q)
		}
	}
	if len(known) == 0 {
		return hits, nil
	}
	if len(known) < len(quoted) {
		hits, err = s.search(ctx, strings.Join(known, " AND "), rowLimit, terms, hits)
		if err != nil || len(known) == 1 || countNodes(hits) >= limit {
			return hits, err
		}
	}
	return s.search(ctx, strings.Join(known, " OR "), rowLimit, terms, hits)
}

// termExists reports whether an FTS5 query matches any intent; it stops at
// the first match.
const termExists = `SELECT EXISTS (SELECT 1 FROM intents_fts WHERE intents_fts MATCH ?)`

// candidate is one intent matching a search.
type candidate struct {
	node, intent string
	coverage     int
	relevance    float64
}

func (s *Store) search(ctx context.Context, match string, rowLimit int, terms []string, into []candidate) ([]candidate, error) {
	rows, err := s.read.QueryContext(ctx, searchQuery, match, rowLimit)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var c candidate
		var marked string
		if err := rows.Scan(&c.node, &c.intent, &marked, &c.relevance); err != nil {
			rows.Close()
			return nil, err
		}
		c.coverage = coverage(marked, terms)
		into = append(into, c)
	}
	return into, closeRows(rows)
}

// coverage counts how many of terms (stems) the tokens highlighted in
// marked (stems too, see stemCache.terms) are.
func coverage(marked string, terms []string) int {
	found := make([]bool, len(terms))
	for {
		open := strings.IndexByte(marked, 2)
		if open < 0 {
			break
		}
		end := strings.IndexByte(marked[open:], 3)
		if end < 0 {
			break
		}
		token := marked[open+1 : open+end]
		marked = marked[open+end+1:]
		if i := slices.Index(terms, token); i >= 0 {
			found[i] = true
		}
	}
	covered := 0
	for _, f := range found {
		if f {
			covered++
		}
	}
	return covered
}

func countNodes(cs []candidate) int {
	seen := make(map[string]bool)
	for _, c := range cs {
		seen[c.node] = true
	}
	return len(seen)
}

// rank orders candidates by coverage then relevance, keeps each node's best
// intent and returns at most limit hits.
func rank(cs []candidate, limit int) []graph.IntentHit {
	slices.SortStableFunc(cs, func(a, b candidate) int {
		if c := cmp.Compare(b.coverage, a.coverage); c != 0 {
			return c
		}
		if c := cmp.Compare(b.relevance, a.relevance); c != 0 {
			return c
		}
		return cmp.Compare(a.node, b.node)
	})
	var hits []graph.IntentHit
	seen := make(map[string]bool)
	for _, c := range cs {
		if seen[c.node] {
			continue
		}
		seen[c.node] = true
		hits = append(hits, graph.IntentHit{NodeID: c.node, Intent: c.intent, Score: score(c.coverage, c.relevance)})
		if len(hits) == limit {
			break
		}
	}
	return hits
}

// score folds coverage and bm25 relevance into one number that sorts the same
// way: the relevance part stays below 1, so one more matched word always wins.
func score(coverage int, relevance float64) float64 {
	relevance = max(relevance, 0)
	return float64(coverage) + relevance/(1+relevance)
}

package sqlite

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"sync"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/langid"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// The full-text index holds each intent's terms in its page's language's
// word model (lexical.For(page lang)): German intents with the German
// stemmer and stop words, Japanese ones as character pairs. A search reads
// the query with the word model of its language: the one language of the
// pages, else the query's, detected among the pages' languages, else the
// language most pages are in. A store of English pages (or of pages whose
// language is unknown) is searched exactly as before.

// stemCaches are a stem cache per word model.
type stemCaches map[*lexical.Model]stemCache

func (c stemCaches) terms(words *lexical.Model, text string) string {
	sc := c[words]
	if sc == nil {
		sc = stemCache{}
		c[words] = sc
	}
	return sc.terms(words, text)
}

// pageLanguages returns the language of each page whose language is known.
func pageLanguages(ctx context.Context, tx *sql.Tx) (map[string]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT url, lang FROM pages WHERE lang != ''`)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for rows.Next() {
		var url, lang string
		if err := rows.Scan(&url, &lang); err != nil {
			rows.Close()
			return nil, err
		}
		out[url] = lang
	}
	return out, closeRows(rows)
}

// restemByLanguage stems again, in their page's language, the intents of
// pages not in English, and indexes them again.
func restemByLanguage(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT i.id, i.text, p.lang FROM intents AS i
		JOIN nodes AS n ON n.id = i.node JOIN pages AS p ON p.url = n.page WHERE p.lang != ''`)
	if err != nil {
		return err
	}
	type row struct {
		id         int64
		text, lang string
	}
	var all []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.text, &r.lang); err != nil {
			rows.Close()
			return err
		}
		all = append(all, r)
	}
	if err := closeRows(rows); err != nil {
		return err
	}
	stems := stemCaches{}
	for _, r := range all {
		words := lexical.For(r.lang)
		if words == lexical.English {
			continue
		}
		if _, err := tx.ExecContext(ctx, `UPDATE intents SET terms = ? WHERE id = ?`, stems.terms(words, r.text), r.id); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO intents_fts(intents_fts) VALUES ('rebuild')`)
	return err
}

// queryWords returns the word models to read query with, in order: its
// language's (detected among the pages' languages, else the language most
// pages are in), then the other languages' by their number of pages.
func (s *Store) queryWords(ctx context.Context, query string) ([]*lexical.Model, error) {
	count, err := s.languages(ctx)
	if err != nil {
		return nil, err
	}
	langs := make([]string, 0, len(count))
	for l := range count {
		langs = append(langs, l)
	}
	// Most pages first; ties by name, so the order is the same each time.
	slices.SortFunc(langs, func(x, y string) int {
		if count[x] != count[y] {
			return count[y] - count[x]
		}
		return strings.Compare(x, y)
	})
	switch len(langs) {
	case 0:
		return []*lexical.Model{lexical.English}, nil
	case 1:
		return []*lexical.Model{lexical.For(langs[0])}, nil
	}
	key := strings.Join(langs, " ")
	d, ok := s.detectors.Load(key)
	if !ok {
		d, _ = s.detectors.LoadOrStore(key, langid.New(langs...))
	}
	if l := d.(*langid.Detector).Detect(query); l != "" {
		if i := slices.Index(langs, l); i > 0 {
			langs = slices.Concat([]string{l}, langs[:i], langs[i+1:])
		}
	}
	out := make([]*lexical.Model, len(langs))
	for i, l := range langs {
		out[i] = lexical.For(l)
	}
	return out, nil
}

// pageCounts are the number of pages in each language as of one build.
type pageCounts struct {
	mu    sync.Mutex
	gen   int64 // -1: not read yet
	count map[string]int
}

// languages returns the number of pages in each language (base subtags),
// read again only after a build: a search asks only for the last build's
// generation, a lookup in the builds' primary key.
func (s *Store) languages(ctx context.Context) (map[string]int, error) {
	var gen int64
	if err := s.read.QueryRowContext(ctx, `SELECT coalesce(max(generation), 0) FROM builds`).Scan(&gen); err != nil {
		return nil, err
	}
	s.pageLangs.mu.Lock()
	defer s.pageLangs.mu.Unlock()
	if s.pageLangs.count != nil && s.pageLangs.gen == gen {
		return s.pageLangs.count, nil
	}
	rows, err := s.read.QueryContext(ctx, `SELECT lang, count(*) FROM pages WHERE lang != '' GROUP BY lang`)
	if err != nil {
		return nil, err
	}
	count := map[string]int{}
	for rows.Next() {
		var lang string
		var n int
		if err := rows.Scan(&lang, &n); err != nil {
			rows.Close()
			return nil, err
		}
		count[lexical.For(lang).Lang()] += n
	}
	if err := closeRows(rows); err != nil {
		return nil, err
	}
	s.pageLangs.gen, s.pageLangs.count = gen, count
	return count, nil
}

// searchTerms is graph.SearchTerms in the language of words.
func searchTerms(words *lexical.Model, query string) []string {
	if words == lexical.English {
		return graph.SearchTerms(query)
	}
	var terms []string
	seen := make(map[string]bool)
	for _, w := range words.Words(query) {
		if seen[w] || w == "near" || !words.IsTerm(w) {
			continue
		}
		seen[w] = true
		terms = append(terms, w)
		if len(terms) == graph.MaxSearchTerms {
			break
		}
	}
	return terms
}

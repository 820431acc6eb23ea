// Package pagesearch is the plainest baseline the agents are measured
// against: a search box. It ranks whole pages (title and text, headings
// and any description included) by BM25 over the words the customer has
// typed so far and answers with the best page.
package pagesearch

import (
	"context"
	"slices"
	"strings"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/bm25"
	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/internal/messages"
)

// Agent answers each message with the page that ranks first. It is safe
// for concurrent use by many sessions.
type Agent struct {
	words *lexical.Model
	msgs  *messages.Catalog
	pages []graph.Page
	dict  map[string]int32 // term -> term number
	field bm25.Field
}

var (
	_ dialogue.Agent        = (*Agent)(nil)
	_ dialogue.PageAnswerer = (*Agent)(nil)
)

// New indexes pages, English ones; failed and empty pages are left out.
func New(pages []graph.Page) *Agent { return NewIn(pages, lexical.English, nil) }

// NewIn indexes pages with the word model of their language; catalog
// (nil: the embedded one) has the agent's one fixed text.
func NewIn(pages []graph.Page, words *lexical.Model, catalog *messages.Catalog) *Agent {
	if catalog == nil {
		catalog = messages.Embedded()
	}
	a := &Agent{words: words, msgs: catalog, dict: make(map[string]int32)}
	var terms, ends []int32
	for _, p := range pages {
		if p.Status == graph.PageFailed || strings.TrimSpace(p.Text) == "" {
			continue
		}
		for _, t := range words.Terms(p.Title + "\n" + p.Text) {
			id, ok := a.dict[t]
			if !ok {
				id = int32(len(a.dict))
				a.dict[t] = id
			}
			terms = append(terms, id)
		}
		ends = append(ends, int32(len(terms)))
		a.pages = append(a.pages, p)
	}
	a.field = bm25.NewField(terms, ends, len(a.dict), 1)
	return a
}

// NewByLanguage returns the page search over pages in several languages:
// one index per language, searched in the customer's language, else the
// default language's (see dialogue.ByLanguage).
func NewByLanguage(pages []graph.Page, defaultLang string, catalog *messages.Catalog) dialogue.Agent {
	return dialogue.NewByLanguage(pages, defaultLang, catalog,
		func(pages []graph.Page, words *lexical.Model, catalog *messages.Catalog) dialogue.Agent {
			return NewIn(pages, words, catalog)
		})
}

// search returns the index in the agent's pages of the best page for
// query, or -1 when no page has any of its terms. Ties go to the page
// indexed first.
func (a *Agent) search(query string) int {
	score := make([]float64, len(a.pages))
	seen := map[string]bool{}
	for _, t := range a.words.Terms(query) {
		if seen[t] {
			continue
		}
		seen[t] = true
		id, ok := a.dict[t]
		if !ok {
			continue
		}
		for k, d := range a.field.Docs[id] {
			score[d] += a.field.Scores[id][k]
		}
	}
	best := -1
	for d, s := range score {
		if s > 0 && (best < 0 || s > score[best]) {
			best = d
		}
	}
	return best
}

// RespondFrom implements dialogue.PageAnswerer: the answer is page.
func (a *Agent) RespondFrom(_ context.Context, s *dialogue.Session, message, page string) (dialogue.Reply, error) {
	best := slices.IndexFunc(a.pages, func(p graph.Page) bool { return p.URL == page })
	return a.answer(s, message, best), nil
}

// Respond searches with every message the customer has sent in s, this
// one included (a customer refining a search adds words to the box), and
// answers with the best page's title; with no page matching it hands over.
func (a *Agent) Respond(_ context.Context, s *dialogue.Session, message string) (dialogue.Reply, error) {
	var query strings.Builder
	for _, t := range s.History {
		if t.Role == "user" {
			query.WriteString(t.Text + "\n")
		}
	}
	query.WriteString(message)
	return a.answer(s, message, a.search(query.String())), nil
}

// answer answers message with the page at index best (-1: none).
func (a *Agent) answer(s *dialogue.Session, message string, best int) dialogue.Reply {
	r := dialogue.Reply{Action: dialogue.Escalation, Text: a.msgs.Text(s.Lang, "NoPageMatches"), Options: []dialogue.Option{}, Sources: []string{}}
	if best >= 0 {
		p := a.pages[best]
		r = dialogue.Reply{Action: dialogue.Resolution, Text: p.Title, Options: []dialogue.Option{}, Sources: []string{p.URL}}
	}
	s.History = append(s.History,
		dialogue.Turn{Role: "user", Text: message},
		dialogue.Turn{Role: "agent", Text: r.Text, Action: r.Action})
	return r
}

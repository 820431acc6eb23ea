package kgbuild

import (
	"strings"
	"unicode"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// A page that holds other pages whole, each under its title (Node.js's
// all.html, Sphinx's singlehtml, a book's print page), is the help center
// again in one page: as a page of its own it holds every word of most
// requests and is answered from instead of the page about them (on
// Node.js's documentation, 11 of 40 first replies cited all.html). It is
// left out as a page a documentation tool generated.

// minAggregated is how many other pages a page must hold whole to be one
// made of them: a hub may have a section or two named as other pages and
// opening as they do, not five.
const minAggregated = 5

// minHeldNodes is the fewest nodes a page held whole has: a page of a
// paragraph or two, which a hub may quote whole (a menu's page quoting
// what each command does; a guide repeating a short page), is no page of
// the help center again.
const minHeldNodes = 3

// openingWords is how many of a page's first words a section must open
// with to be that page again.
const openingWords = 12

// aggregates returns the results that hold at least minAggregated other
// pages whole: a section headed by another page's title (its root's
// problem) whose text opens with that page's opening words and under which
// are at least as many sections as that page has. A hub that opens each of
// its sections with another page's first sentence (a menu's page listing
// what each command does) holds their openings, not the pages.
func aggregates(results []*pageResult) map[*pageResult]bool {
	type opening struct {
		page  *pageResult
		words string
		size  int // the page's nodes
	}
	byTitle := map[string][]opening{}
	for _, r := range results {
		for _, n := range r.nodes {
			if n.Root {
				if w := openingOf(n.Resolution, openingWords); w != "" {
					t := strings.ToLower(strings.TrimSpace(n.Problem))
					byTitle[t] = append(byTitle[t], opening{r, w, len(r.nodes)})
				}
				break
			}
		}
	}
	out := map[*pageResult]bool{}
	for _, r := range results {
		if len(r.nodes) < minAggregated*2 {
			continue
		}
		size := subtreeSizes(r)
		held := map[*pageResult]bool{}
		for _, n := range r.nodes {
			pages := byTitle[strings.ToLower(strings.TrimSpace(n.Problem))]
			if n.Root || len(pages) == 0 {
				continue
			}
			opening := openingOf(n.Resolution, 4*openingWords)
			for _, o := range pages {
				if o.page != r && o.size >= minHeldNodes && size[n.ID] >= o.size && strings.HasPrefix(opening, o.words) {
					held[o.page] = true
				}
			}
		}
		if len(held) >= minAggregated {
			out[r] = true
		}
	}
	return out
}

// subtreeSizes returns, by node id, how many nodes r's node and the nodes
// below it by child edges are.
func subtreeSizes(r *pageResult) map[string]int {
	children := map[string][]string{}
	for _, e := range r.edges {
		children[e.From] = append(children[e.From], e.To)
	}
	size := map[string]int{}
	var count func(id string, depth int) int
	count = func(id string, depth int) int {
		if n, ok := size[id]; ok {
			return n
		}
		n := 1
		if depth < 64 { // edges come from the extractor: no cycle, but no trust either
			for _, c := range children[id] {
				n += count(c, depth+1)
			}
		}
		size[id] = n
		return n
	}
	for _, n := range r.nodes {
		count(n.ID, 0)
	}
	return size
}

// openingOf returns text's first n words, lowercased, without link
// targets and punctuation, joined by spaces.
func openingOf(text string, n int) string {
	words := strings.FieldsFunc(strings.ToLower(lexical.StripLinks(text)), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	return strings.Join(words[:min(n, len(words))], " ")
}

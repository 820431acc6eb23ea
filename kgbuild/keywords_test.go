package kgbuild

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph/graphtest"
	"github.com/helpgraph/helpgraph/page"
)

// A page's keywords join its root's intents, each once, whatever its case
// or punctuation: what the authors say the page is about is matched like
// what the extractor says. Site-wide keywords are skipped.
func TestWithKeywords(t *testing.T) {
	tests := []struct {
		intents, keywords []string
		skip              map[string]bool
		want              []string
	}{
		{[]string{"Counting words"}, nil, nil, []string{"Counting words"}},
		{[]string{"Counting words"}, []string{"word counts", "counting words.", "Word Counts"}, nil, []string{"Counting words", "word counts"}},
		{nil, []string{"refund"}, nil, []string{"refund"}},
		{nil, []string{"  ", "?"}, nil, nil},
		{nil, []string{"Acme Support", "refund"}, map[string]bool{"acme support": true}, []string{"refund"}},
	}
	for _, tt := range tests {
		if got := withKeywords(slices.Clone(tt.intents), tt.keywords, tt.skip); !slices.Equal(got, tt.want) {
			t.Errorf("withKeywords(%q, %q, %v) = %q, want %q", tt.intents, tt.keywords, tt.skip, got, tt.want)
		}
	}
}

// A keyword is the site's when more than half of at least 3 pages declare
// it; a page declaring it twice counts once.
func TestSiteWideKeywords(t *testing.T) {
	pages := func(kws ...[]string) []*pageResult {
		var rs []*pageResult
		for _, k := range kws {
			rs = append(rs, &pageResult{keywords: k})
		}
		return rs
	}
	tests := []struct {
		name    string
		results []*pageResult
		want    []string
	}{
		{"on every page", pages([]string{"Acme", "refund"}, []string{"acme"}, []string{"Acme."}), []string{"acme"}},
		{"on half", pages([]string{"acme"}, []string{"acme"}, []string{"x"}, nil), nil},
		{"on 3 of 5", pages([]string{"acme"}, []string{"acme"}, []string{"acme"}, nil, nil), []string{"acme"}},
		{"twice on one page", pages([]string{"acme", "Acme"}, []string{"acme"}, nil, nil), nil},
		{"two pages only", pages([]string{"acme"}, []string{"acme"}), nil},
	}
	for _, tt := range tests {
		got := siteWideKeywords(tt.results)
		var keys []string
		for k := range got {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if !slices.Equal(keys, tt.want) {
			t.Errorf("%s: site-wide %q, want %q", tt.name, keys, tt.want)
		}
	}
}

// The keywords a page declares reach its root node's intents, not its
// sections'; the ones every page declares reach none.
func TestBuildKeywordsOnRoot(t *testing.T) {
	st := graphtest.NewMemory()
	b := &Builder{Store: st, Extractor: NewStructural()}
	docs := []*page.Document{{URL: "https://h.test/words", Title: "Counting Words", Keywords: []string{"word counts", "Acme Office"},
		Blocks: []page.Block{{Kind: page.Paragraph, Text: "The status bar shows the count."},
			{Kind: page.Heading, Level: 2, Text: "Counting a selection"}, {Kind: page.Paragraph, Text: "Select the text first."}}}}
	for i := range 3 {
		docs = append(docs, &page.Document{URL: fmt.Sprintf("https://h.test/p%d", i), Title: fmt.Sprintf("Page %d", i),
			Keywords: []string{"acme office"}, Blocks: []page.Block{{Kind: page.Paragraph, Text: "Some text."}}})
	}
	if _, err := b.Build(context.Background(), docs, nil); err != nil {
		t.Fatal(err)
	}
	g, err := st.Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range g.Nodes {
		if has := slices.Contains(n.Intents, "word counts"); has != (n.Root && n.Page == "https://h.test/words") {
			t.Errorf("node %q (root %v): intents %q", n.Problem, n.Root, n.Intents)
		}
		if slices.ContainsFunc(n.Intents, func(s string) bool { return s == "Acme Office" || s == "acme office" }) {
			t.Errorf("node %q has the site-wide keyword: intents %q", n.Problem, n.Intents)
		}
	}
}

package kgbuild

import "github.com/helpgraph/helpgraph/internal/english"

// siteWideShare is the share of a build's pages above which a keyword is
// the site's, not a page's: a CMS that writes the same <meta
// name="keywords"> into every page ("support, help, Acme") would
// otherwise give every root the same intents, and every root a match on
// the words the site's name and boilerplate share with a request.
const siteWideShare = 0.5

// withPageKeywords adds each page's keywords to its root nodes' intents,
// less the site-wide ones, whichever extractor read the page. Pages reused
// from the previous graph get the same treatment, so a keyword that has
// become site-wide since leaves their intents too.
func withPageKeywords(results []*pageResult) {
	siteWide := siteWideKeywords(results)
	for _, r := range results {
		for i := range r.nodes {
			if n := &r.nodes[i]; n.Root {
				n.Intents = withKeywords(withoutFolded(n.Intents, siteWide), r.keywords, siteWide)
			}
		}
		r.keywords = nil
	}
}

// siteWideKeywords returns the folded keywords (english.FoldIntent) that
// more than siteWideShare of the pages declare, counting a page once; a
// build of fewer than 3 pages has none.
func siteWideKeywords(results []*pageResult) map[string]bool {
	pages := make(map[string]int)
	for _, r := range results {
		once := make(map[string]bool, len(r.keywords))
		for _, k := range r.keywords {
			if f := english.FoldIntent(k); f != "" && !once[f] {
				once[f] = true
				pages[f]++
			}
		}
	}
	siteWide := make(map[string]bool)
	for f, n := range pages {
		if n >= 3 && float64(n) > siteWideShare*float64(len(results)) {
			siteWide[f] = true
		}
	}
	return siteWide
}

// withKeywords adds to a page root's intents the page's keywords it does
// not have, skipping the folded ones in skip: what the page's authors say
// it is about for their own site's search ("word counts", "number of
// words" on a page titled "Counting Words").
func withKeywords(intents, keywords []string, skip map[string]bool) []string {
	seen := make(map[string]bool, len(intents))
	for _, in := range intents {
		seen[english.FoldIntent(in)] = true
	}
	for _, k := range keywords {
		if f := english.FoldIntent(k); f != "" && !seen[f] && !skip[f] {
			seen[f] = true
			intents = append(intents, k)
		}
	}
	return intents
}

// withoutFolded drops the intents whose folded form is in drop.
func withoutFolded(intents []string, drop map[string]bool) []string {
	if len(drop) == 0 {
		return intents
	}
	out := intents[:0:0]
	for _, in := range intents {
		if !drop[english.FoldIntent(in)] {
			out = append(out, in)
		}
	}
	return out
}

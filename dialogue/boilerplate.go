package dialogue

import (
	"strings"
	"sync"
	"unicode"

	"github.com/helpgraph/helpgraph/graph"
)

// boilerplatePages is how many pages must open or close a section with the
// same line for it to be the site's boilerplate (a banner naming the
// product an article is about, a notice repeated on every page, which a
// reader may have moved after the section's text), not what the section
// says: a reply leaves it out when the section says anything else.
const boilerplatePages = 5

// boilerplate holds the opening and closing lines that boilerplatePages or
// more pages share (their bannerKey), found on first use: per graph, and
// only an answer needs them.
type boilerplate struct {
	once  sync.Once
	lines map[uint64]bool
}

// has reports whether line opens or closes sections on boilerplatePages
// pages of g.
func (b *boilerplate) has(g *graph.Graph, line string) bool {
	b.once.Do(func() { b.lines = repeatedOpenings(g) })
	return b.lines[bannerKey(line)]
}

// bannerKey is what two copies of a banner share: its first sentence,
// when that is long enough to say something, without its stop, its words
// cut to their first bannerWordPrefix letters. Pages copy a banner with
// small edits: at its end ("To see how it works firsthand, download the
// app." / "To see how it works, download the app"), and in a word's
// ending ("un bloqueur de publicité" / "de publicités" on the French
// pages of one help center, which so counted as two lines on four pages
// and one). It is a hash of line's words, not a copy: the keys of a
// large graph's lines cost nothing. A sentence ends at a stop and a
// space, or at an ideographic full stop, which needs no space: Japanese
// and Chinese translations of a banner differ in the sentence after it
// as other languages' do.
func bannerKey(line string) uint64 {
	for _, stop := range sentenceStops {
		if i := strings.Index(line, stop); i >= minBannerSentence {
			line = line[:i]
		}
	}
	line = strings.TrimRight(line, ".!?。 ")
	const offset, prime = 14695981039346656037, 1099511628211 // FNV-1a
	h := uint64(offset)
	for word := range strings.FieldsSeq(line) {
		n := 0
		for _, r := range word {
			if n == bannerWordPrefix {
				break
			}
			n++
			h = (h ^ uint64(unicode.ToLower(r))) * prime
		}
		h = (h ^ ' ') * prime
	}
	return h
}

// bannerWordPrefix is how many letters of a word a banner's key keeps:
// enough to tell words apart, not their endings (plurals, agreement),
// which copies of one banner differ in.
const bannerWordPrefix = 5

// sentenceStops end a banner's first sentence.
var sentenceStops = []string{". ", "。"}

// minBannerSentence is the shortest first sentence that stands for its
// line: a short one ("Note.", "Tip: do this.") is shared by lines that
// say different things.
const minBannerSentence = 40

// repeatedOpenings returns the first and last lines of node texts that
// open or close sections on boilerplatePages pages or more.
func repeatedOpenings(g *graph.Graph) map[uint64]bool {
	type onPage struct {
		line uint64
		page string
	}
	seen := map[onPage]bool{}
	pages := map[uint64]int{}
	count := func(line, page string) {
		if line == "" {
			return
		}
		key := bannerKey(line)
		if seen[onPage{key, page}] {
			return
		}
		seen[onPage{key, page}] = true
		pages[key]++
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		text := shownText(n)
		line, _ := splitOpening(text)
		count(line, n.Page)
		last, _ := splitClosing(text)
		count(last, n.Page)
	}
	out := map[uint64]bool{}
	for line, count := range pages {
		if count >= boilerplatePages {
			out[line] = true
		}
	}
	return out
}

// splitOpening returns text's first line, trimmed, and the rest.
func splitOpening(text string) (line, rest string) {
	line, rest, _ = strings.Cut(text, "\n")
	return strings.TrimSpace(line), strings.TrimSpace(rest)
}

// splitClosing returns text's last line, trimmed, and the rest.
func splitClosing(text string) (line, rest string) {
	i := strings.LastIndexByte(text, '\n')
	if i < 0 {
		return strings.TrimSpace(text), ""
	}
	return strings.TrimSpace(text[i+1:]), strings.TrimSpace(text[:i])
}

// withoutBoilerplate returns text without its opening and closing lines
// where they are the site's boilerplate and text says more.
func (a *GraphAgent) withoutBoilerplate(text string) string {
	if line, rest := splitOpening(text); rest != "" && a.boilerplate.has(a.ix.Graph, line) {
		text = rest
	}
	if line, rest := splitClosing(text); rest != "" && a.boilerplate.has(a.ix.Graph, line) {
		text = rest
	}
	return text
}

// onlyBoilerplate reports whether n's text is the site's boilerplate line
// and nothing else: a page's introduction that only names the product
// says nothing of the page's sections.
func (a *GraphAgent) onlyBoilerplate(n *graph.Node) bool {
	return a.onlyBoilerplateText(shownText(n))
}

// onlyBoilerplateText reports whether text is the site's boilerplate line
// and nothing else.
func (a *GraphAgent) onlyBoilerplateText(text string) bool {
	line, rest := splitOpening(text)
	return rest == "" && line != "" && a.boilerplate.has(a.ix.Graph, line)
}

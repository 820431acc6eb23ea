package page

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A description list (<dl>) of questions and answers: a help page's FAQ
// written as one (<dl class="faq"><dt>Can I have two accounts?</dt><dd>One
// account per person…</dd><dt>I can't log in.</dt><dd>See …</dd>). Read as
// lines, a question was a line of the text before it, and one that does
// not end in "?" ("I can't log in.") ran on into the answer above it. Each
// question is read as a collapsible part's summary is (Block.Collapsible):
// a heading one level below the section, its answer its text, and the
// first block after the list the section's again (Block.TabsEnd). A list of terms (a manual's
// options, DocBook's variable lists, Sphinx's API entries, a glossary:
// "Transparent background", "noop", "class Model(**kwargs)") is read as
// before, its terms lines the extractor may take as short titles: read
// as headings, a term named in a question outranked the page about it
// (FreeRADIUS's "what does it mean when a module returns noop" went to
// the list of built-in modules; see the commit).

// faqList reports whether dl is a list of questions and answers: every
// <dt> a sentence (closed by ".", "?" or "!") followed, after any further
// terms, by a <dd>, and nothing else but whitespace and the <div>s HTML
// allows around a dt and its dd.
func faqList(dl *html.Node) bool {
	items := termItems(dl)
	if len(items) == 0 || items[0] == nil || items[0].DataAtom != atom.Dt {
		return false
	}
	for i, n := range items {
		if n == nil {
			return false
		}
		if n.DataAtom != atom.Dt {
			continue
		}
		if i+1 == len(items) || !closedSentence(textOfNode(n)) {
			return false // a last term with nothing said of it, or a term that is no sentence
		}
	}
	return true
}

// closedSentence reports whether s ends as a sentence does.
func closedSentence(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") || strings.HasSuffix(s, "!") ||
		strings.HasSuffix(s, "？") || strings.HasSuffix(s, "。") || strings.HasSuffix(s, "！")
}

// termItems returns the <dt> and <dd> elements of dl in order, looking
// inside the <div>s that group them; nil in place of any other element.
func termItems(dl *html.Node) []*html.Node {
	var out []*html.Node
	for c := dl.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		switch c.DataAtom {
		case atom.Dt, atom.Dd:
			out = append(out, c)
		case atom.Div:
			out = append(out, termItems(c)...)
		default:
			out = append(out, nil)
		}
	}
	return out
}

// terms writes a list of questions and answers (faqList) as sub-sections:
// each question a heading one level below the section it is in, its answer
// the heading's text, read as any description is.
func (x *extractor) terms(dl *html.Node) {
	x.flush()
	x.writeHeld()
	section := x.level
	wrote := false
	for _, n := range termItems(dl) {
		if n.DataAtom == atom.Dd {
			x.node(n) // as any description outside a list item
			continue
		}
		x.flush()
		x.writeHeld()
		x.inline++
		x.walk(n)
		x.inline--
		if text, links := x.take(); text != "" {
			x.level = min(section+1, 6)
			x.blocks = append(x.blocks, Block{Kind: Heading, Level: x.level, Text: text, Links: links, Collapsible: true})
			wrote = true
		}
	}
	x.flush()
	x.writeHeld()
	x.level = section
	if wrote {
		x.tabsEnds = append(x.tabsEnds, len(x.blocks))
	}
}

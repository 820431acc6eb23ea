package page

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"html"
	"net/url"
	"slices"
	"strings"
)

// Mallard pages (.page): the help of GNOME and its applications is kept
// as one XML file a topic, which yelp shows (yelp-build writes them as
// HTML). A page is written as plain HTML and read by the HTML reader, as
// a Word document is: its title and sections' titles headings, <p>,
// <steps> (numbered), <list>, <terms> (terms and descriptions), <table>,
// <code> and <screen> blocks, <note> a note; inline, <link xref="id">
// a link to the folder's page of that id (a reference edge, as a
// wikilink), <link href> a link, <keyseq> keys joined with "+", <guiseq>
// menu items with "▸". The page's <desc> is its description, its
// info's "seealso" links a "See also" list. Content for another platform
// (if:test="platform:gnome-classic") is left out, as yelp leaves it out
// on GNOME; so are editorial comments, credits, revisions, pictures and
// the lists yelp generates (<links>), which the folder's pages would
// need to be read together to write.

// ErrMallard is a .page file that is no Mallard page.
var ErrMallard = errors.New("not a Mallard page")

// maxMallardDepth bounds the nesting read: sections and lists nest a few
// levels, a file that nests thousands is no page.
const maxMallardDepth = 64

const (
	mallardSpace = "http://projectmallard.org/1.0/"
	mallardIf    = "http://projectmallard.org/if/1.0/"
)

// parseMallard reads a Mallard page; rel is its path in the folder, s
// the folder's pages (nil: the page alone: no links resolved, no lists
// of the topics a guide lists, no trail).
func parseMallard(raw []byte, rel string, s *site) (*Document, error) {
	root, err := readMallard(raw)
	if err != nil {
		return nil, err
	}
	var link func(string) (string, bool)
	if s != nil {
		link = s.link(rel)
	}
	w := mallardWriter{site: s, id: root.attr["id"], guide: root.attr["type"] == "guide"}
	m := metaOf(root)
	title, desc, seeAlso := m.title, m.desc, m.seeAlso
	if title == "" {
		title = titleFromPath(rel)
	}
	writePageHead(&w.out, title, desc)
	w.region(root.kids, 1, w.id)
	if len(seeAlso) > 0 {
		w.out.WriteString("<h2>See also</h2><ul>")
		for _, x := range seeAlso {
			id, _, _ := strings.Cut(x, "#")
			w.out.WriteString(`<li><a href="` + wikiScheme + url.PathEscape(id) + `">` + html.EscapeString(s.mallardTitle(id)) + "</a></li>")
		}
		w.out.WriteString("</ul>\n")
	}
	// The description is what the page is about, as a front matter's.
	doc, err := readXMLPage(w.out.String(), raw, rel, link, title, desc, nil, root.attr["lang"])
	if err != nil {
		return nil, err
	}
	doc.Breadcrumb = s.mallardTrail(rel)
	return doc, nil
}

// readMallard parses raw into its <page> element's tree.
func readMallard(raw []byte) (*xmlNode, error) {
	root, err := readXMLTree(raw, maxMallardDepth, func(a xml.Attr) string {
		if a.Name.Space == mallardIf || a.Name.Space == "if" {
			return "if:" + a.Name.Local
		}
		return a.Name.Local
	}, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMallard, err)
	}
	if root.name != "page" {
		return nil, fmt.Errorf("%w: it opens with <%s>", ErrMallard, root.name)
	}
	return root, nil
}

// is reports whether n is the Mallard element name.
func (n *xmlNode) is(name string) bool {
	return n.name == name && (n.space == mallardSpace || n.space == "")
}

// shown reports whether n is shown on GNOME's desktop: an if:test
// attribute, or an if:if element's test, that holds (mallardTest).
func (n *xmlNode) shown() bool {
	if t, ok := n.attr["if:test"]; ok && !mallardTest(t) {
		return false
	}
	if n.space == mallardIf && n.name == "if" {
		return mallardTest(n.attr["test"])
	}
	return true
}

// mallardTest evaluates a conditional's test as yelp does on a GNOME
// desktop reading help on screen: a comma-separated list of tokens, any
// of which holds; a token "!x" holds where x does not. Of the tokens,
// those of a screen target (target:html, target:desktop) hold, a
// platform or a mobile target does not: "!platform:gnome-classic" holds,
// so GNOME's text is read, not the classic session's.
func mallardTest(test string) bool {
	for _, tok := range strings.Split(test, ",") {
		tok = strings.TrimSpace(tok)
		neg := strings.HasPrefix(tok, "!")
		tok = strings.TrimPrefix(tok, "!")
		holds := tok == "target:html" || tok == "target:desktop" || tok == "" && !neg
		if holds != neg {
			return true
		}
	}
	return false
}

// mallardWriter writes a page's blocks as HTML.
type mallardWriter struct {
	out   bytes.Buffer
	site  *site  // the folder's pages, for the topics a guide lists
	id    string // the page's id
	guide bool   // the page is a guide: it lists the topics that name it
}

// region writes the blocks of the page or a section (kids) at depth, its
// id key ("a11y#mobility"; the page's id for the page's own). On a guide
// page, a page or section with no <links type="topic"> of its own lists
// its topics after its own blocks, before its sections, as yelp does: a
// guide may be a title alone (Evolution's "Freeing disk space by
// deleting items" is its two topics, on deleting mail and appointments).
func (w *mallardWriter) region(kids []*xmlNode, depth int, key string) {
	placed := slices.ContainsFunc(kids, func(k *xmlNode) bool { return k.is("links") && k.attr["type"] == "topic" })
	if !w.guide || placed {
		w.blocks(kids, depth, key)
		return
	}
	first := slices.IndexFunc(kids, func(k *xmlNode) bool { return k.is("section") })
	if first < 0 {
		first = len(kids)
	}
	w.blocks(kids[:first], depth, key)
	w.out.WriteString(w.site.mallardTopics(key))
	w.blocks(kids[first:], depth, key)
}

// blocks writes the block elements of a section at depth (1 for the
// page's own) whose id is section ("a11y#mobility"; the page's id for
// its own blocks).
func (w *mallardWriter) blocks(nodes []*xmlNode, depth int, section string) {
	para := looseText{out: &w.out, inline: w.inline}
	for _, n := range nodes {
		if n.name == "" || !n.shown() {
			if n.name == "" {
				para.add(n)
			}
			continue
		}
		if n.space == mallardIf {
			para.flush()
			switch n.name {
			case "if":
				w.blocks(n.kids, depth, section)
			case "choose":
				w.blocks(mallardChosen(n), depth, section)
			}
			continue
		}
		if n.space != mallardSpace && n.space != "" {
			continue // another vocabulary: captions' timed text, its: rules, XInclude
		}
		switch n.name {
		case "links":
			para.flush()
			if n.attr["type"] == "topic" {
				w.out.WriteString(w.site.mallardTopics(section))
			}
		case "info", "title", "subtitle", "desc", "media", "comment", "include", "credit", "revision":
			para.flush()
		case "section":
			para.flush()
			for _, k := range n.kids {
				if k.is("title") {
					writeHeading(&w.out, depth+1, w.inline(k.kids))
					break
				}
			}
			if id := n.attr["id"]; id != "" {
				w.region(n.kids, depth+1, w.id+"#"+id)
			} else {
				w.blocks(n.kids, depth+1, section) // no topic names it
			}
		case "p":
			para.flush()
			w.out.WriteString("<p>" + w.inline(n.kids) + "</p>\n")
		case "steps":
			para.flush()
			w.list("ol", n.kids, depth, section)
		case "list", "tree":
			para.flush()
			tag := "ul"
			if n.attr["type"] == "numbered" {
				tag = "ol"
			}
			w.list(tag, n.kids, depth, section)
		case "terms":
			para.flush()
			w.blockTitle(n.kids, depth)
			w.out.WriteString("<dl>")
			for _, item := range n.kids {
				if !item.is("item") || !item.shown() {
					continue
				}
				for _, k := range item.kids {
					if k.is("title") {
						w.out.WriteString("<dt>" + w.inline(k.kids) + "</dt>")
					}
				}
				w.out.WriteString("<dd>")
				w.blocks(item.kids, depth, section)
				w.out.WriteString("</dd>")
			}
			w.out.WriteString("</dl>\n")
		case "note":
			para.flush()
			w.out.WriteString(`<div class="note">`)
			for _, k := range n.kids {
				if k.is("title") {
					w.out.WriteString("<p><strong>" + w.inline(k.kids) + "</strong></p>")
				}
			}
			w.blocks(n.kids, depth, section)
			w.out.WriteString("</div>\n")
		case "code", "screen", "synopsis":
			para.flush()
			w.out.WriteString("<pre>" + html.EscapeString(strings.Trim(n.plain(), "\n")) + "</pre>\n")
		case "table":
			para.flush()
			w.table(n, depth, section)
		case "example", "quote", "figure", "listing", "div", "cards":
			para.flush()
			w.blocks(n.kids, depth, section)
		default:
			para.add(n) // inline markup outside a paragraph
		}
	}
	para.flush()
}

// mallardChosen is what an if:choose shows: its first if:when whose test
// holds, else its if:else.
func mallardChosen(n *xmlNode) []*xmlNode {
	for _, k := range n.kids {
		switch {
		case k.space == mallardIf && k.name == "when" && mallardTest(k.attr["test"]):
			return k.kids
		case k.space == mallardIf && k.name == "else":
			return k.kids
		}
	}
	return nil
}

// list writes the items of a list or steps as an HTML list of tag, after
// its title ("Enable Tap to Click"), a heading below the section's, as
// yelp shows it.
func (w *mallardWriter) list(tag string, items []*xmlNode, depth int, section string) {
	w.blockTitle(items, depth)
	writeList(&w.out, tag, items, func(it *xmlNode) bool { return it.is("item") && it.shown() },
		func(it *xmlNode) { w.blocks(it.kids, depth, section) })
}

// blockTitle writes the title among a block's children, if any, as a
// heading below the section's.
func (w *mallardWriter) blockTitle(kids []*xmlNode, depth int) {
	for _, k := range kids {
		if k.is("title") {
			writeHeading(&w.out, depth+1, w.inline(k.kids))
			return
		}
	}
}

// table writes a table's rows; a cell's paragraphs are its text.
func (w *mallardWriter) table(n *xmlNode, depth int, section string) {
	w.blockTitle(n.kids, depth)
	writeTable(&w.out, n,
		func(k *xmlNode) bool { return k.is("thead") || k.is("tbody") || k.is("tfoot") },
		func(k *xmlNode) bool { return k.is("tr") },
		func(c *xmlNode) bool { return c.is("td") || c.is("th") },
		func(c *xmlNode) { w.blocks(c.kids, depth, section) })
}

// inline writes inline content as HTML: text, emphasis, links, keys.
func (w *mallardWriter) inline(nodes []*xmlNode) string {
	var b strings.Builder
	for _, n := range nodes {
		if n.name == "" {
			b.WriteString(html.EscapeString(n.text))
			continue
		}
		if !n.shown() || n.space != mallardSpace && n.space != "" {
			continue
		}
		switch n.name {
		case "em":
			b.WriteString("<em>" + w.inline(n.kids) + "</em>")
		case "link":
			text := w.inline(n.kids)
			href := n.attr["href"]
			if x := n.attr["xref"]; x != "" {
				id, _, _ := strings.Cut(x, "#")
				if id == "" {
					b.WriteString(text) // a section of this page
					continue
				}
				href = wikiScheme + url.PathEscape(id)
				if strings.TrimSpace(text) == "" {
					text = html.EscapeString(w.site.mallardTitle(id)) // yelp writes the page's title
				}
			}
			if href == "" {
				b.WriteString(text)
				continue
			}
			b.WriteString(`<a href="` + html.EscapeString(href) + `">` + text + "</a>")
		case "keyseq", "guiseq":
			sep := "+"
			if n.name == "guiseq" {
				sep = " ▸ "
			}
			b.WriteString(joinParts(n.kids, sep, func(k *xmlNode) (string, bool) { return w.inline(k.kids), k.name != "" }))
		case "media", "comment", "desc", "title":
		default: // gui, key, app, cmd, sys, file, input, output, var, code, span, hi, …
			b.WriteString(w.inline(n.kids))
		}
	}
	return b.String()
}

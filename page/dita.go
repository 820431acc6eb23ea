package page

import (
	"encoding/xml"
	"errors"
	"fmt"
	"html"
	"slices"
	"strings"
)

// DITA topics (.dita): the docs-as-code format of much enterprise product
// help, one XML file a topic (a concept, task, reference, troubleshooting
// topic or glossary entry), or a <dita> file of several; maps (.ditamap)
// say how topics nest. A topic is written as plain HTML and read by the
// HTML reader, as a Mallard page is, the way DITA-OT's HTML shows it: the
// title and the titles of its sections, examples, nested topics and
// remedies headings, its short description its first paragraph (and its
// keywords, as a Mallard page's desc), steps a numbered list (choices,
// substeps and a step's info within its item), lists, definition and
// parameter lists, CALS and simple tables, properties, notes, code; an
// xref a link (a reference edge to the folder's topic it names; with no
// text, that topic's title), a menucascade its controls joined with " > ".
// A troubleshooting topic's condition is its opening text, each solution
// its remedy's title over the cause and the remedy's steps. Content
// reused by reference (conref, conkeyref) is fetched from the folder's
// topic it names, an empty element's keyref written as the key's text
// (dita_map.go). Left out: editorial comments, index terms, pictures,
// footnotes, metadata; no ditaval filters (as DITA-OT without one, every
// condition's text is read).

// ErrDITA is a .dita file that is no DITA topic.
var ErrDITA = errors.New("not a DITA topic")

// maxDITADepth bounds the nesting read (see readXMLTree).
const maxDITADepth = 64

// ditaTopics are the topic types' root elements; a specialization names
// its type in its class attribute ("- topic/topic concept/concept ").
var ditaTopics = map[string]bool{"topic": true, "concept": true, "task": true, "reference": true,
	"troubleshooting": true, "glossentry": true, "glossgroup": true}

// readDITA parses raw into its root element's tree: a topic, or a <dita>
// of topics.
func readDITA(raw []byte) (*xmlNode, error) {
	root, err := readXMLTree(raw, maxDITADepth, ditaAttr, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDITA, err)
	}
	if root.name != "dita" && !isDITATopic(root) {
		return nil, fmt.Errorf("%w: it opens with <%s>", ErrDITA, root.name)
	}
	return root, nil
}

// ditaAttr names an attribute: xml:lang as "lang", others by local name.
func ditaAttr(a xml.Attr) string { return a.Name.Local }

// isDITATopic reports whether n is a topic of any type.
func isDITATopic(n *xmlNode) bool {
	return n.name != "" && (ditaTopics[n.name] || ditaBase(n) == "topic")
}

// ditaBase is the base type a specialized element's class attribute
// names ("p" for "- topic/p task/cmd-p "), or "" without one.
func ditaBase(n *xmlNode) string {
	for _, tok := range strings.Fields(n.attr["class"]) {
		if base, ok := strings.CutPrefix(tok, "topic/"); ok {
			return base
		}
	}
	return ""
}

// ditaTopicTitle is a topic's title: its <title>, a glossary entry's term.
func ditaTopicTitle(t *xmlNode) *xmlNode {
	for _, k := range t.kids {
		if k.name == "title" || k.name == "glossterm" {
			return k
		}
	}
	return nil
}

// ditaTopicsOf are the topics of a file's root, in order.
func ditaTopicsOf(root *xmlNode) []*xmlNode {
	if root.name != "dita" {
		return []*xmlNode{root}
	}
	var out []*xmlNode
	for _, k := range root.kids {
		if isDITATopic(k) {
			out = append(out, k)
		}
	}
	return out
}

// scanDITA reads what a DITA file's first topic says of itself for the
// others: its title and short description ("" each when it has none).
func scanDITA(raw []byte) meta {
	root, err := readDITA(raw)
	if err != nil {
		return meta{}
	}
	ts := ditaTopicsOf(root)
	if len(ts) == 0 {
		return meta{}
	}
	var m meta
	if t := ditaTopicTitle(ts[0]); t != nil {
		m.h1 = collapse(t.plain())
	}
	m.desc, _ = ditaAbout(ts[0])
	return m
}

// parseDITA reads a DITA topic file; rel is its path in the folder, s the
// folder's pages (nil: the topic alone: no links resolved, no trail).
func parseDITA(raw []byte, rel string, s *site) (*Document, error) {
	root, err := readDITA(raw)
	if err != nil {
		return nil, err
	}
	topics := ditaTopicsOf(root)
	if len(topics) == 0 {
		return nil, fmt.Errorf("%w: a <dita> file of no topic", ErrDITA)
	}
	var link func(string) (string, bool)
	if s != nil {
		link = s.link(rel)
	}
	w := ditaWriter{site: s, rel: rel, root: root}
	var title string
	if t := ditaTopicTitle(topics[0]); t != nil {
		title = collapse(t.plain())
	}
	if title == "" {
		title = titleFromPath(rel)
	}
	desc, keywords := ditaAbout(topics[0])
	writePageHead(&w.out, title, desc)
	for i, t := range topics {
		if i == 0 {
			w.blocks(t.kids, 1)
		} else {
			w.topic(t, 2)
		}
	}
	w.out.WriteString(s.ditaChildLinks(rel))
	// The first topic's language, else the file's.
	lang := topics[0].attr["lang"]
	if langTag(lang, false) == "" {
		lang = root.attr["lang"]
	}
	doc, err := readXMLPage(w.out.String(), raw, rel, link, title, desc, keywords, lang)
	if err != nil {
		return nil, err
	}
	doc.Breadcrumb = s.ditaTrail(rel)
	return doc, nil
}

// ditaAbout is what a topic says it is about: its short description and
// its prolog's keywords.
func ditaAbout(topic *xmlNode) (desc string, keywords []string) {
	for _, k := range topic.kids {
		switch k.name {
		case "shortdesc":
			desc = collapse(k.plain())
		case "abstract":
			for _, a := range k.kids {
				if a.name == "shortdesc" {
					desc = collapse(a.plain())
				}
			}
		case "prolog":
			var walk func(n *xmlNode)
			walk = func(n *xmlNode) {
				for _, c := range n.kids {
					switch c.name {
					case "keyword":
						if kw := collapse(c.plain()); kw != "" {
							keywords = append(keywords, kw)
						}
					case "indexterm":
					default:
						walk(c)
					}
				}
			}
			walk(k)
		}
	}
	return desc, keywords
}

// ditaWriter writes a topic's blocks as HTML.
type ditaWriter struct {
	out  strings.Builder
	site *site  // the folder's pages, for a link's target's title
	rel  string // the topic file's path in the folder
	root *xmlNode
	// reused counts the reused elements (conref) being written, one
	// inside another: a chain is followed maxConrefs deep at most; and
	// reusedAll those written in all, at most maxReuses a page.
	reused, reusedAll int
}

// maxConrefs bounds a chain of reused content (a conref whose target is
// a conref…): a cycle is no content. maxReuses bounds the reuses a page
// makes, so that targets reusing many targets each cannot multiply a
// small file into an endless page.
const (
	maxConrefs = 8
	maxReuses  = 10000
)

// reuse returns the element n stands in for when it reuses content
// (conref="file.dita#topic/element", "#topic/element", or conkeyref's
// "key/element" through a key that names a topic), or n itself; done
// must be called once the element is written.
func (w *ditaWriter) reuse(n *xmlNode) (_ *xmlNode, done func()) {
	ref := n.attr["conref"]
	var root *xmlNode
	var frag string
	switch {
	case ref != "":
		file, f, _ := strings.Cut(ref, "#")
		frag = f
		if file == "" {
			root = w.root
		} else if w.site != nil {
			if rel, ok := w.site.link(w.rel)(file); ok {
				root = w.site.ditaTree(rel)
			}
		}
	case n.attr["conkeyref"] != "":
		key, elem, _ := strings.Cut(n.attr["conkeyref"], "/")
		if k, ok := w.site.ditaKey(key); ok && k.rel != "" {
			root = w.site.ditaTree(k.rel)
			frag = "/" + elem
		}
	}
	if root == nil || w.reused >= maxConrefs || w.reusedAll >= maxReuses {
		return n, func() {}
	}
	topicID, elemID, _ := strings.Cut(frag, "/")
	target := root
	if topicID != "" {
		target = ditaByID(root, topicID)
	}
	if target != nil && elemID != "" {
		target = ditaByID(target, elemID)
	}
	if target == nil || target == n {
		return n, func() {}
	}
	w.reused++
	w.reusedAll++
	return target, func() { w.reused-- }
}

// ditaByID returns the element of n's tree whose id is id, or nil.
func ditaByID(n *xmlNode, id string) *xmlNode {
	if n.attr["id"] == id {
		return n
	}
	for _, k := range n.kids {
		if k.name != "" {
			if found := ditaByID(k, id); found != nil {
				return found
			}
		}
	}
	return nil
}

// keyText is the text of a key an empty element names (<ph
// keyref="product"/>: the product's name), or "".
func (w *ditaWriter) keyText(n *xmlNode) string {
	if n.attr["keyref"] == "" || strings.TrimSpace(n.plain()) != "" {
		return ""
	}
	k, ok := w.site.ditaKey(n.attr["keyref"])
	if !ok {
		return ""
	}
	if k.text == "" && k.rel != "" {
		return w.site.titles[k.rel]
	}
	return k.text
}

// ditaDropped are the elements whose text is no part of the page.
var ditaDropped = map[string]bool{"title": true, "glossterm": true, "titlealts": true, "prolog": true, "draft-comment": true,
	"required-cleanup": true, "indexterm": true, "index-base": true, "data": true, "data-about": true, "image": true,
	"object": true, "foreign": true, "unknown": true, "fn": true, "responsibleParty": true, "navtitle": true, "searchtitle": true}

// topic writes a nested topic: its title a heading at level, its body below.
func (w *ditaWriter) topic(t *xmlNode, level int) {
	if title := ditaTopicTitle(t); title != nil {
		w.heading(level, title.kids)
	}
	w.blocks(t.kids, level)
}

// heading writes a heading of level (at most 6) of inline content.
func (w *ditaWriter) heading(level int, content []*xmlNode) {
	writeHeading(&w.out, level, w.inline(content))
}

// titled writes the title among kids, if any, as a heading below depth's.
func (w *ditaWriter) titled(kids []*xmlNode, depth int) {
	for _, k := range kids {
		if k.name == "title" {
			w.heading(depth+1, k.kids)
			return
		}
	}
}

// blocks writes the block content of a topic or section at depth (1 for
// the page's own topic).
func (w *ditaWriter) blocks(nodes []*xmlNode, depth int) {
	para := looseText{out: &w.out, inline: w.inline}
	for _, n := range nodes {
		if n.name == "" {
			para.add(n)
			continue
		}
		if ditaDropped[n.name] {
			continue
		}
		n, done := w.reuse(n)
		if isDITATopic(n) {
			para.flush()
			w.topic(n, depth+1)
			done()
			continue
		}
		kind := ditaKind(n)
		if !ditaBlocks[kind] {
			para.add(n) // inline markup outside a paragraph (written, and reused, by inline)
			done()
			continue
		}
		para.flush()
		w.block(n, kind, depth)
		done()
	}
	para.flush()
}

// ditaKind is n's name where block writes it, else its base type where
// block writes that, else its name.
func ditaKind(n *xmlNode) string {
	if !ditaBlocks[n.name] {
		if base := ditaBase(n); ditaBlocks[base] {
			return base
		}
	}
	return n.name
}

// ditaBlocks are the block elements block writes, by name or base type.
var ditaBlocks = map[string]bool{
	"body": true, "conbody": true, "taskbody": true, "refbody": true, "troublebody": true, "glossBody": true,
	"bodydiv": true, "sectiondiv": true, "div": true, "abstract": true, "prereq": true, "context": true, "result": true,
	"postreq": true, "condition": true, "tasktroubleshooting": true, "info": true, "stepxmp": true, "stepresult": true,
	"section": true, "example": true, "refsyn": true, "troubleSolution": true, "shortdesc": true, "glossdef": true,
	"p": true, "lq": true, "note": true, "codeblock": true, "pre": true, "screen": true, "lines": true, "msgblock": true,
	"ul": true, "ol": true, "sl": true, "steps": true, "substeps": true, "steps-unordered": true, "steps-informal": true,
	"choices": true, "dl": true, "parml": true, "table": true, "simpletable": true, "properties": true, "choicetable": true,
	"fig": true, "related-links": true,
}

// block writes block element n of kind (its name, or its base type).
func (w *ditaWriter) block(n *xmlNode, kind string, depth int) {
	switch kind {
	case "section", "example", "refsyn":
		w.titled(n.kids, depth)
		w.blocks(n.kids, depth+1)
	case "troubleSolution":
		w.solution(n, depth)
	case "p", "shortdesc", "glossdef":
		if slices.ContainsFunc(n.kids, func(k *xmlNode) bool { return k.name != "" && ditaBlocks[ditaKind(k)] }) {
			w.blocks(n.kids, depth) // a paragraph holding a list or a note (see the DocBook reader's para)
			return
		}
		w.out.WriteString("<p>" + w.inline(n.kids) + "</p>\n")
	case "lq":
		w.out.WriteString("<blockquote>")
		w.blocks(n.kids, depth)
		w.out.WriteString("</blockquote>\n")
	case "note":
		w.out.WriteString(`<div class="note">`)
		w.blocks(n.kids, depth)
		w.out.WriteString("</div>\n")
	case "codeblock", "pre", "screen", "lines", "msgblock":
		w.out.WriteString("<pre>" + html.EscapeString(strings.Trim(n.plain(), "\n")) + "</pre>\n")
	case "ul", "sl", "steps-unordered", "choices":
		w.list("ul", n, depth)
	case "ol", "steps", "substeps":
		w.list("ol", n, depth)
	case "dl", "parml":
		w.definitions(n, depth)
	case "table", "simpletable", "properties", "choicetable":
		w.table(n, depth)
	case "related-links":
		w.related(n)
	default: // bodies, task parts, fig, a step's info: their content
		if kind == "fig" {
			w.titled(n.kids, depth)
		}
		w.blocks(n.kids, depth)
	}
}

// solution writes a troubleshooting topic's solution: its remedy's title
// a heading, then the cause and the remedy.
func (w *ditaWriter) solution(n *xmlNode, depth int) {
	var cause, remedy *xmlNode
	for _, k := range n.kids {
		switch k.name {
		case "cause":
			cause = k
		case "remedy":
			remedy = k
		}
	}
	if remedy != nil {
		w.titled(remedy.kids, depth)
	}
	if cause != nil {
		w.blocks(cause.kids, depth+1)
	}
	if remedy != nil {
		w.blocks(remedy.kids, depth+1)
	}
}

// list writes a list's items (li, sli, step, substep, choice) as an HTML
// list of tag; a step's command leads its item.
func (w *ditaWriter) list(tag string, n *xmlNode, depth int) {
	writeList(&w.out, tag, n.kids, func(it *xmlNode) bool { return it.name != "" && !ditaDropped[it.name] },
		func(it *xmlNode) { w.blocks(it.kids, depth) })
}

// definitions writes a definition or parameter list.
func (w *ditaWriter) definitions(n *xmlNode, depth int) {
	writeTerms(&w.out, n.kids, named("dt", "pt"), named("dd", "pd"),
		func(k *xmlNode) string { return w.inline(k.kids) }, func(k *xmlNode) { w.blocks(k.kids, depth) })
}

// ditaRows are the elements of a table's rows, and ditaCells of their
// cells, in the CALS table, simple table, properties and choice table.
var (
	ditaRows  = map[string]bool{"row": true, "sthead": true, "strow": true, "prophead": true, "property": true, "chhead": true, "chrow": true}
	ditaCells = map[string]bool{"entry": true, "stentry": true, "proptype": true, "propvalue": true, "propdesc": true,
		"propvaluehd": true, "proptypehd": true, "propdeschd": true, "choptionhd": true, "chdeschd": true, "choption": true, "chdesc": true}
)

// table writes a table's title, then its rows; a cell's paragraphs are
// its text.
func (w *ditaWriter) table(n *xmlNode, depth int) {
	w.titled(n.kids, depth)
	writeTable(&w.out, n, named("tgroup", "thead", "tbody"),
		func(k *xmlNode) bool { return ditaRows[k.name] },
		func(c *xmlNode) bool { return ditaCells[c.name] },
		func(c *xmlNode) { w.blocks(c.kids, depth) })
}

// related writes a topic's related links as a list of links.
func (w *ditaWriter) related(n *xmlNode) {
	var items []string
	var walk func(ns []*xmlNode)
	walk = func(ns []*xmlNode) {
		for _, k := range ns {
			switch k.name {
			case "link":
				var text []*xmlNode
				for _, c := range k.kids {
					if c.name == "linktext" {
						text = c.kids
					}
				}
				if a := w.link(k, w.inline(text)); a != "" {
					items = append(items, "<li>"+a+"</li>")
				}
			case "linklist", "linkpool":
				walk(k.kids)
			}
		}
	}
	walk(n.kids)
	if len(items) > 0 {
		w.out.WriteString("<ul>" + strings.Join(items, "") + "</ul>\n")
	}
}

// link writes an xref or a related link as an HTML link, text its text
// (HTML); with none, the title of the folder's topic it names, else its
// address. A link within the topic ("#id") is its text alone.
func (w *ditaWriter) link(n *xmlNode, text string) string {
	href := strings.TrimSpace(n.attr["href"])
	if k, ok := w.site.ditaKey(n.attr["keyref"]); ok && href == "" {
		// A key that names a topic: a link to it, from the folder's root.
		if k.rel != "" {
			href = "/" + k.rel
		}
		if strings.TrimSpace(text) == "" && k.text != "" {
			text = html.EscapeString(k.text)
		}
	}
	if href == "" || strings.HasPrefix(href, "#") {
		return text
	}
	if n.attr["scope"] != "external" && !strings.Contains(href, "://") {
		// A topic's address, less the topic and element ids after "#".
		href, _, _ = strings.Cut(href, "#")
	}
	if strings.TrimSpace(text) == "" {
		text = html.EscapeString(href)
		if w.site != nil {
			if rel, ok := w.site.link(w.rel)(href); ok && w.site.titles[rel] != "" {
				text = html.EscapeString(w.site.titles[rel])
			}
		}
	}
	return `<a href="` + html.EscapeString(href) + `">` + text + "</a>"
}

// inline writes inline content as HTML: text, emphasis, links, menus.
func (w *ditaWriter) inline(nodes []*xmlNode) string {
	var b strings.Builder
	for _, n := range nodes {
		if n.name == "" {
			b.WriteString(html.EscapeString(n.text))
			continue
		}
		if ditaDropped[n.name] {
			continue
		}
		n, done := w.reuse(n)
		if text := w.keyText(n); text != "" && n.name != "xref" {
			b.WriteString(html.EscapeString(text))
			done()
			continue
		}
		w.inlineElement(&b, n)
		done()
	}
	return b.String()
}

// inlineElement writes inline element n to b.
func (w *ditaWriter) inlineElement(b *strings.Builder, n *xmlNode) {
	switch n.name {
	case "b":
		b.WriteString("<strong>" + w.inline(n.kids) + "</strong>")
	case "i":
		b.WriteString("<em>" + w.inline(n.kids) + "</em>")
	case "xref":
		b.WriteString(w.link(n, w.inline(n.kids)))
	case "menucascade":
		b.WriteString(joinParts(n.kids, " &gt; ", func(k *xmlNode) (string, bool) { return w.inline(k.kids), k.name != "" }))
	case "q":
		b.WriteString("“" + w.inline(n.kids) + "”")
	default: // ph, uicontrol, codeph, term, keyword, filepath, cmd, userinput, …
		b.WriteString(w.inline(n.kids))
		if ditaBlocks[n.name] {
			b.WriteString(" ") // a block inside inline content ends a sentence
		}
	}
}

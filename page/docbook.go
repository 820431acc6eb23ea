package page

import (
	"errors"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strings"
)

// DocBook sources (.docbook, .dbk): the XML many open-source manuals are
// kept in (KDE's handbooks among them), a book, an article or a chapter
// a file. It is written as plain HTML and read by the HTML reader, as a
// Mallard or DITA topic is: chapters, sections (sect1…sect5, simplesect,
// refsect), a procedure's, an example's or a formal paragraph's title
// headings; a FAQ's questions (qandaset) headings over their answers;
// paragraphs; itemized, ordered and variable lists, a procedure's steps
// (numbered, substeps within); notes, tips and warnings; program
// listings and screens as code; CALS tables; glossaries as terms and
// definitions. Inline, a link (url) or cross-reference (its target's
// title when it has no text) is a link, a menu choice its items joined
// with " > ", a key combination its keys with "+". An entity the file
// does not declare (a product's name from the DTD it names, as KDE's
// &dolphin;) is read as its name. Left out: the book's or article's
// information (authors, copyright, legal notice, revision history; its
// title and abstract are the page's), pictures, index terms, remarks,
// footnotes. A long book is split into pages at its chapters and
// sections, as a long PDF is (split.go).

// ErrDocBook is a .docbook file that is no DocBook document.
var ErrDocBook = errors.New("not a DocBook document")

// docbookRoots are the elements a DocBook file may open with.
var docbookRoots = map[string]bool{"book": true, "article": true, "chapter": true, "appendix": true, "preface": true,
	"part": true, "section": true, "sect1": true, "sect2": true, "sect3": true, "refentry": true, "reference": true,
	"glossary": true, "qandaset": true, "set": true}

// docbookSections are the elements that open a section under a heading.
var docbookSections = map[string]bool{"chapter": true, "appendix": true, "preface": true, "part": true,
	"section": true, "sect1": true, "sect2": true, "sect3": true, "sect4": true, "sect5": true, "simplesect": true,
	"refsect1": true, "refsect2": true, "refsect3": true, "refsection": true, "refentry": true, "reference": true,
	"glossary": true, "glossdiv": true, "qandadiv": true, "bibliography": true, "article": true, "book": true}

// docbookInfo are the elements that hold a document's or a section's
// metadata: its title, abstract and keywords are read from them.
var docbookInfo = map[string]bool{"info": true, "bookinfo": true, "articleinfo": true, "chapterinfo": true,
	"sectioninfo": true, "sect1info": true, "sect2info": true, "prefaceinfo": true, "appendixinfo": true, "refentryinfo": true}

// docbookDropped are the elements whose text is no part of the page.
var docbookDropped = map[string]bool{"title": true, "titleabbrev": true, "subtitle": true, "indexterm": true,
	"remark": true, "footnote": true, "mediaobject": true, "inlinemediaobject": true, "imageobject": true,
	"screenshot": true, "graphic": true, "inlinegraphic": true, "authorgroup": true, "author": true, "copyright": true,
	"legalnotice": true, "releaseinfo": true, "date": true, "revhistory": true, "index": true, "toc": true, "lot": true,
	"refmeta": true, "anchor": true, "beginpage": true, "colophon": true}

// undeclaredEntity is an entity reference left as written (the decoder
// knows HTML's entities, not those of a DTD the file names).
var undeclaredEntity = regexp.MustCompile(`&([A-Za-z][A-Za-z0-9._-]*);`)

// docbookFolder is what a DocBook file's reader needs of the folder it is
// in; each may be nil.
type docbookFolder struct {
	// link resolves a link to another page of the folder.
	link func(string) (string, bool)
	// dtd reads the DTD files a DOCTYPE names.
	dtd dtdSource
	// xref returns the file (a site-absolute path, with the place of
	// the element's section) that holds the element a cross-reference
	// names, when another file of the folder does, and the title it
	// reads as (site.docbook).
	xref func(id string) (file, title string, ok bool)
}

// parseDocBook reads a DocBook file at rel.
func parseDocBook(raw []byte, rel string, folder docbookFolder) (*Document, error) {
	root, err := readDocBookTree(raw, folder.dtd)
	if err != nil {
		return nil, err
	}
	w := docbookWriter{targets: docbookTargets(root), xref: folder.xref}
	title := docbookPlain(docbookTitle(root))
	if title == "" {
		title = titleFromPath(rel)
	}
	desc, keywords := docbookAbout(root)
	writePageHead(&w.out, title, desc)
	w.blocks(root.kids, 1)
	doc, err := readXMLPage(w.out.String(), raw, rel, docbookLinks(rel, folder.link), title, desc, keywords, root.attr["lang"])
	if err != nil {
		return nil, err
	}
	doc.partAt = headingSlugs(doc.Blocks)
	return doc, nil
}

// readDocBookTree parses a DocBook file.
func readDocBookTree(raw []byte, dtd dtdSource) (*xmlNode, error) {
	root, err := readXMLTree(raw, maxDITADepth, ditaAttr, dtd)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDocBook, err)
	}
	if !docbookRoots[root.name] && !docbookSections[root.name] {
		return nil, fmt.Errorf("%w: it opens with <%s>", ErrDocBook, root.name)
	}
	return root, nil
}

// docbookTitle is the inline content of n's title: its own <title>, else
// its info's.
func docbookTitle(n *xmlNode) []*xmlNode {
	for _, k := range n.kids {
		if k.name == "title" {
			return k.kids
		}
	}
	for _, k := range n.kids {
		if docbookInfo[k.name] {
			for _, i := range k.kids {
				if i.name == "title" {
					return i.kids
				}
			}
		}
	}
	return nil
}

// docbookAbout is what a document's information says it is about: its
// abstract and its keywords.
func docbookAbout(root *xmlNode) (desc string, keywords []string) {
	for _, k := range root.kids {
		switch {
		case k.name == "abstract":
			desc = collapse(k.plain())
		case docbookInfo[k.name]:
			for _, i := range k.kids {
				switch i.name {
				case "abstract":
					desc = collapse(i.plain())
				case "keywordset":
					for _, kw := range i.kids {
						if t := collapse(kw.plain()); kw.name == "keyword" && t != "" {
							keywords = append(keywords, t)
						}
					}
				}
			}
		}
	}
	return undeclaredEntity.ReplaceAllString(desc, "$1"), keywords
}

// docbookWriter writes a DocBook document's blocks as HTML.
type docbookWriter struct {
	out strings.Builder
	// targets are the document's elements by id (docbookTargets).
	targets map[string]docbookRef
	// xref finds an element of another file (docbookFolder.xref).
	xref func(id string) (file, title string, ok bool)
}

// docbookRef is what a cross-reference to an element reads: the element's
// title, or the title of the nearest element around it that has one (a
// cross-reference to a paragraph reads as its section's), and where it
// leads: the place (headingSlug) of the section it is in, "" for the
// document's opening.
type docbookRef struct {
	title, place string
}

// docbookTargets returns every element under root that has an id, as a
// cross-reference to it reads.
func docbookTargets(root *xmlNode) map[string]docbookRef {
	targets := map[string]docbookRef{}
	var index func(n *xmlNode, around docbookRef, depth int)
	index = func(n *xmlNode, around docbookRef, depth int) {
		if t := docbookTitle(n); t != nil {
			around.title = docbookPlain(t)
			// The document's own title heads no part (headingSlugs).
			if docbookSections[n.name] && depth > 0 {
				around.place = headingSlug(around.title)
			}
		}
		if id := n.attr["id"]; id != "" && around.title != "" {
			targets[id] = around
		}
		for _, k := range n.kids {
			if k.name != "" {
				index(k, around, depth+1)
			}
		}
	}
	index(root, docbookRef{}, 0)
	return targets
}

// docbookLinks returns the resolver of a DocBook file's links: link's,
// the place in the target kept (Split leads a link to a section of a
// split book to the part that holds it), and a link to a place in the
// file itself ("#undo-actions", a cross-reference) to the file at rel
// with that place.
func docbookLinks(rel string, link func(string) (string, bool)) func(string) (string, bool) {
	return func(href string) (string, bool) {
		target, place, _ := strings.Cut(href, "#")
		if target == "" {
			return rel + "#" + place, place != ""
		}
		if link == nil {
			return "", false
		}
		u, ok := link(target)
		if ok && place != "" {
			u += "#" + place
		}
		return u, ok
	}
}

// heading writes a heading of level (at most 6) of inline content.
func (w *docbookWriter) heading(level int, content []*xmlNode) {
	writeHeading(&w.out, level, w.inline(content))
}

// blocks writes the block content of a section at depth (1 for the
// document's own).
func (w *docbookWriter) blocks(nodes []*xmlNode, depth int) {
	para := looseText{out: &w.out, inline: w.inline}
	for _, n := range nodes {
		switch {
		case n.name == "":
			para.add(n)
			continue
		case docbookDropped[n.name] || docbookInfo[n.name]:
			continue
		case !docbookBlocks[n.name] && !docbookSections[n.name]:
			para.add(n) // inline markup outside a paragraph
			continue
		}
		para.flush()
		w.block(n, depth)
	}
	para.flush()
}

// docbookBlocks are the block elements block writes (sections aside).
var docbookBlocks = map[string]bool{
	"para": true, "simpara": true, "formalpara": true, "abstract": true, "blockquote": true, "epigraph": true,
	"note": true, "tip": true, "warning": true, "caution": true, "important": true,
	"programlisting": true, "screen": true, "literallayout": true, "synopsis": true, "cmdsynopsis": true, "funcsynopsis": true,
	"itemizedlist": true, "orderedlist": true, "simplelist": true, "procedure": true, "substeps": true, "stepalternatives": true,
	"variablelist": true, "glosslist": true, "glossentry": true, "table": true, "informaltable": true,
	"qandaset": true, "qandaentry": true, "example": true, "informalexample": true, "figure": true, "informalfigure": true,
	"sidebar": true, "refnamediv": true, "refsynopsisdiv": true, "partintro": true, "highlights": true,
}

// block writes block or section element n.
func (w *docbookWriter) block(n *xmlNode, depth int) {
	switch n.name {
	case "para", "simpara":
		if slices.ContainsFunc(n.kids, func(k *xmlNode) bool { return docbookBlocks[k.name] }) {
			// A paragraph may hold lists, notes and listings ("<para>The View
			// menu: <variablelist>…"); written inline, a menu's entries ran
			// into one line of text.
			w.blocks(n.kids, depth)
			return
		}
		w.out.WriteString("<p>" + w.inline(n.kids) + "</p>\n")
	case "formalpara", "example", "figure", "sidebar", "procedure", "table":
		w.heading(depth+1, docbookTitle(n))
		switch n.name {
		case "procedure":
			w.list("ol", n, depth)
		case "table":
			w.table(n, depth)
		default:
			w.blocks(n.kids, depth)
		}
	case "note", "tip", "warning", "caution", "important":
		w.out.WriteString(`<div class="note">`)
		if t := docbookTitle(n); t != nil {
			w.out.WriteString("<p><strong>" + w.inline(t) + "</strong></p>")
		}
		w.blocks(n.kids, depth)
		w.out.WriteString("</div>\n")
	case "programlisting", "screen", "literallayout", "synopsis", "cmdsynopsis", "funcsynopsis":
		w.out.WriteString("<pre>" + html.EscapeString(strings.Trim(docbookText(n.plain()), "\n")) + "</pre>\n")
	case "itemizedlist", "simplelist":
		w.list("ul", n, depth)
	case "orderedlist", "substeps":
		w.list("ol", n, depth)
	case "stepalternatives":
		w.list("ul", n, depth)
	case "variablelist", "glosslist", "glossentry":
		w.definitions(n, depth)
	case "informaltable":
		w.table(n, depth)
	case "qandaset":
		w.blocks(n.kids, depth)
	case "qandaentry":
		w.question(n, depth)
	default:
		if docbookSections[n.name] {
			w.heading(depth+1, docbookTitle(n))
			w.blocks(n.kids, depth+1)
			return
		}
		w.blocks(n.kids, depth) // abstract, blockquote, informal example and figure, partintro…
	}
}

// question writes a FAQ's entry: its question a heading, its answer below.
func (w *docbookWriter) question(n *xmlNode, depth int) {
	for _, k := range n.kids {
		switch k.name {
		case "question":
			var q []*xmlNode // the question's paragraphs, as one line
			for _, p := range k.kids {
				if p.name == "" {
					q = append(q, p)
				} else {
					q = append(q, p.kids...)
				}
			}
			w.heading(depth+1, q)
		case "answer":
			w.blocks(k.kids, depth+1)
		}
	}
}

// list writes a list's items (listitem, step, member) as an HTML list of
// tag.
func (w *docbookWriter) list(tag string, n *xmlNode, depth int) {
	writeList(&w.out, tag, n.kids, named("listitem", "step", "member"), func(it *xmlNode) {
		if it.name == "member" {
			w.out.WriteString(w.inline(it.kids))
			return
		}
		w.blocks(it.kids, depth)
	})
}

// definitions writes a variable list's or a glossary's entries: terms and
// their definitions.
func (w *docbookWriter) definitions(n *xmlNode, depth int) {
	entries := n.kids
	if n.name == "glossentry" {
		entries = []*xmlNode{n}
	}
	writeTerms(&w.out, entries, named("term", "glossterm"), named("listitem", "glossdef"),
		func(k *xmlNode) string { return w.inline(k.kids) }, func(k *xmlNode) { w.blocks(k.kids, depth) })
}

// table writes a CALS table's rows; a cell's paragraphs are its text.
func (w *docbookWriter) table(n *xmlNode, depth int) {
	writeTable(&w.out, n, named("tgroup", "thead", "tbody", "tfoot"), named("row", "tr"), named("entry", "td", "th"),
		func(c *xmlNode) { w.blocks(c.kids, depth) })
}

// inline writes inline content as HTML: text, emphasis, links, menus.
func (w *docbookWriter) inline(nodes []*xmlNode) string {
	var b strings.Builder
	for _, n := range nodes {
		if n.name == "" {
			b.WriteString(html.EscapeString(docbookText(n.text)))
			continue
		}
		if docbookDropped[n.name] {
			continue
		}
		switch n.name {
		case "emphasis":
			if n.attr["role"] == "bold" || n.attr["role"] == "strong" {
				b.WriteString("<strong>" + w.inline(n.kids) + "</strong>")
			} else {
				b.WriteString("<em>" + w.inline(n.kids) + "</em>")
			}
		case "ulink", "link", "xref", "olink":
			b.WriteString(w.link(n))
		case "menuchoice", "keycombo":
			sep := " &gt; "
			if n.name == "keycombo" {
				sep = "+"
			}
			// A menu item's shortcut is no step of the path; a key may be an
			// entity of its own (&Ctrl;), text between the keys.
			b.WriteString(joinParts(n.kids, sep, func(k *xmlNode) (string, bool) {
				text := w.inline([]*xmlNode{k})
				return text, k.name != "shortcut" && strings.TrimSpace(text) != ""
			}))
		case "quote":
			b.WriteString("“" + w.inline(n.kids) + "”")
		default: // guilabel, guimenu, application, filename, command, keycap, literal, …
			b.WriteString(w.inline(n.kids))
		}
	}
	return b.String()
}

// link writes a link: to a URL (url, xlink:href) with its text, else the
// URL; a cross-reference (linkend) as its text or its target's title,
// and as a link to the file that holds its target when that is another
// file of the folder.
func (w *docbookWriter) link(n *xmlNode) string {
	text := w.inline(n.kids)
	href := strings.TrimSpace(n.attr["url"])
	if href == "" {
		href = strings.TrimSpace(n.attr["href"]) // DocBook 5's xlink:href
	}
	if href == "" {
		id := n.attr["linkend"]
		ref, ok := w.targets[id]
		switch {
		case ok && ref.place != "":
			href = "#" + ref.place
		case !ok && w.xref != nil:
			// A book kept as a file per chapter refers across them.
			href, ref.title, _ = w.xref(id)
		}
		if strings.TrimSpace(text) == "" {
			text = html.EscapeString(ref.title)
		}
		if href == "" {
			return text
		}
	}
	if strings.TrimSpace(text) == "" {
		text = html.EscapeString(href)
	}
	return `<a href="` + html.EscapeString(href) + `">` + text + "</a>"
}

// docbookPlain is inline content as plain text (a title's).
func docbookPlain(nodes []*xmlNode) string {
	var b strings.Builder
	for _, n := range nodes {
		b.WriteString(n.plain())
	}
	return collapse(docbookText(b.String()))
}

// docbookText is text with the entities it does not declare read as
// their names, a word of four letters or more capitalised as a name is
// ("&dolphin;" is "Dolphin", "&plasma-desktop;" "Plasma Desktop", "&kde;"
// "kde").
func docbookText(s string) string {
	if !strings.Contains(s, "&") {
		return s
	}
	return undeclaredEntity.ReplaceAllStringFunc(s, func(m string) string {
		name := m[1 : len(m)-1]
		if strings.Contains(name, ".") {
			return "" // an address or a contributor's credit (&Orville.Bennett.mail;)
		}
		words := strings.Split(name, "-")
		for i, w := range words {
			if len(w) >= 4 && w == strings.ToLower(w) {
				words[i] = strings.ToUpper(w[:1]) + w[1:]
			}
		}
		return strings.Join(words, " ")
	})
}

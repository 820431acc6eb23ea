package page

import (
	"bytes"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// adocHTML rewrites the HTML libasciidoc wrote for a page into the form
// the other readers give the HTML reader: the page in <main>, its title
// as its <h1>;
// an admonition (Asciidoctor's table of an icon cell and a content cell)
// as a note whose label ("Note:", in the page's language lang) opens its
// text, marked by its kind so that the HTML reader holds a note that opens
// a section back and a warning in place; a set of tabs (libasciidoc reads
// asciidoctor-tabs' [tabs] block as an admonition of kind "tabs" holding
// a description list) as one heading per tab, marked as a tab; and a
// cross reference to another page in the <<page.adoc#id,text>> form, which
// libasciidoc leaves as a link within the page, as a link to that page;
// a paragraph's closing "::" as one colon (dropDoubleColon).
func adocHTML(out []byte, title, lang string) []byte {
	root, err := html.Parse(bytes.NewReader(out))
	if err != nil {
		return out // the HTML reader parses it again and fails alike
	}
	body := findElement(root, atom.Body)
	if body == nil {
		return out
	}
	var notes, links []*html.Node
	var visit func(n *html.Node)
	visit = func(n *html.Node) {
		if n.Type == html.ElementNode {
			class, _ := attr(n, "class")
			switch {
			case n.DataAtom == atom.Div && hasWord(nameWords(class), "admonitionblock"):
				notes = append(notes, n)
			case n.DataAtom == atom.A:
				links = append(links, n)
			case n.DataAtom == atom.P:
				dropDoubleColon(n)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(body)
	// Innermost first, so that a note inside a tab is rewritten before
	// the tab's content moves.
	for i := len(notes) - 1; i >= 0; i-- {
		rewriteAdmonition(notes[i], lang)
	}
	for _, a := range links {
		for i, at := range a.Attr {
			if at.Key != "href" {
				continue
			}
			if target, ok := strings.CutPrefix(at.Val, "#"); ok && adocPageRef(target) {
				a.Attr[i].Val = adocTargetHTML(target)
			}
		}
	}
	// The page is the content: in <main>, so that the HTML reader does
	// not take a block's <div class="content"> (a listing's, an
	// example's) for the page's content, as it would on a short page.
	main := &html.Node{Type: html.ElementNode, Data: "main", DataAtom: atom.Main}
	moveChildren(main, body)
	body.AppendChild(main)
	if title != "" {
		h1 := &html.Node{Type: html.ElementNode, Data: "h1", DataAtom: atom.H1}
		h1.AppendChild(&html.Node{Type: html.TextNode, Data: title})
		main.InsertBefore(h1, main.FirstChild)
	}
	var buf bytes.Buffer
	if err := html.Render(&buf, root); err != nil {
		return out
	}
	return buf.Bytes()
}

// dropDoubleColon ends a paragraph that ends in "::" in one colon: the
// reStructuredText habit of introducing a literal block that way, which
// some AsciiDoc pages keep and Asciidoctor prints as written.
func dropDoubleColon(p *html.Node) {
	last := p.LastChild
	if last == nil || last.Type != html.TextNode {
		return
	}
	t := strings.TrimRight(last.Data, " \t\n")
	if strings.HasSuffix(t, "::") && !strings.HasSuffix(t, ":::") {
		last.Data = t[:len(t)-1]
	}
}

// adocPageRef reports whether the target of a <<target,text>> reference
// names another page (page.adoc, page.adoc#id) rather than an anchor.
func adocPageRef(target string) bool {
	p, _, _ := strings.Cut(target, "#")
	l := strings.ToLower(p)
	return strings.HasSuffix(l, ".adoc") || strings.HasSuffix(l, ".asciidoc")
}

// adocTargetHTML names a page's target as libasciidoc writes an xref to
// it (page.html#id).
func adocTargetHTML(target string) string {
	p, frag, hasFrag := strings.Cut(target, "#")
	p = strings.TrimSuffix(strings.TrimSuffix(p, ".adoc"), ".asciidoc") + ".html"
	if hasFrag {
		return p + "#" + frag
	}
	return p
}

// rewriteAdmonition replaces one of Asciidoctor's admonition blocks
// (div.admonitionblock.KIND > table > tr > td.icon, td.content).
func rewriteAdmonition(div *html.Node, lang string) {
	class, _ := attr(div, "class")
	kind := ""
	for _, w := range nameWords(class) {
		if w != "admonitionblock" {
			kind = w
			break
		}
	}
	var icon, content *html.Node
	var find func(n *html.Node)
	find = func(n *html.Node) {
		for c := n.FirstChild; c != nil && content == nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.DataAtom == atom.Td {
				cl, _ := attr(c, "class")
				switch {
				case hasWord(nameWords(cl), "icon"):
					icon = c
				case hasWord(nameWords(cl), "content"):
					content = c
				}
				continue
			}
			if c.Type == html.ElementNode && c.DataAtom != atom.Table && c.DataAtom != atom.Tbody && c.DataAtom != atom.Tr {
				continue // a nested block's table is its own
			}
			find(c)
		}
	}
	find(div)
	if content == nil {
		return
	}
	var repl []*html.Node
	if kind == "tabs" {
		repl = adocTabs(div, content)
	} else {
		caption := ""
		if icon != nil {
			var sb strings.Builder
			textOf(icon, &sb)
			caption = collapse(sb.String())
		}
		if strings.EqualFold(caption, kind) {
			caption = "" // the kind's own name, named in the page's language
		}
		// A block title (".Before you start") is the note's label, as
		// the other readers label a titled note.
		if first := firstElementChild(content); first != nil && first.DataAtom == atom.Div {
			if cl, _ := attr(first, "class"); hasWord(nameWords(cl), "title") {
				var sb strings.Builder
				textOf(first, &sb)
				if t := collapse(sb.String()); t != "" {
					caption = t
				}
				content.RemoveChild(first)
			}
		}
		note := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div,
			Attr: []html.Attribute{{Key: "class", Val: "admonition " + cmpOr(kind, "note")}}}
		moveChildren(note, content)
		labelNote(note, admonitionLabel(kind, caption, lang))
		repl = []*html.Node{note}
	}
	for _, n := range repl {
		div.Parent.InsertBefore(n, div)
	}
	div.Parent.RemoveChild(div)
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// moveChildren moves the children of from to the end of to.
func moveChildren(to, from *html.Node) {
	for c := from.FirstChild; c != nil; c = from.FirstChild {
		from.RemoveChild(c)
		to.AppendChild(c)
	}
}

// labelNote puts label, marked as a note's title, at the start of the
// note's first paragraph: the note's text when it is only inline content,
// its first <p> when it opens with one, else a paragraph of its own.
func labelNote(note *html.Node, label string) {
	if label == "" {
		return
	}
	span := &html.Node{Type: html.ElementNode, Data: "span", DataAtom: atom.Span,
		Attr: []html.Attribute{{Key: "class", Val: noteLabelClass}}}
	span.AppendChild(&html.Node{Type: html.TextNode, Data: label})
	inline := true
	var first *html.Node
	for c := note.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && blockElement(c) {
			inline = false
			if first == nil {
				first = c
			}
		} else if c.Type == html.TextNode && strings.TrimSpace(c.Data) != "" && first == nil {
			first = c
		}
	}
	if inline {
		p := &html.Node{Type: html.ElementNode, Data: "p", DataAtom: atom.P}
		moveChildren(p, note)
		p.InsertBefore(&html.Node{Type: html.TextNode, Data: " "}, p.FirstChild)
		p.InsertBefore(span, p.FirstChild)
		note.AppendChild(p)
		return
	}
	// div.paragraph > p, as libasciidoc writes a paragraph.
	target := first
	for target != nil && target.Type == html.ElementNode && target.DataAtom == atom.Div {
		next := firstElementChild(target)
		if next == nil {
			break
		}
		target = next
	}
	if target != nil && target.Type == html.ElementNode && target.DataAtom == atom.P {
		target.InsertBefore(&html.Node{Type: html.TextNode, Data: " "}, target.FirstChild)
		target.InsertBefore(span, target.FirstChild)
		return
	}
	p := &html.Node{Type: html.ElementNode, Data: "p", DataAtom: atom.P}
	p.AppendChild(span)
	note.InsertBefore(p, note.FirstChild)
}

// blockElement reports whether n breaks the text around it into blocks.
func blockElement(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Div, atom.P, atom.Pre, atom.Table, atom.Ul, atom.Ol, atom.Dl, atom.Blockquote,
		atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Hr:
		return true
	}
	return false
}

func firstElementChild(n *html.Node) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode {
			return c
		}
	}
	return nil
}

// adocTabs writes the tabs of a [tabs] block (its content cell holding a
// description list: each term a tab's label, its description the tab) as
// a heading per tab one level below the section the block is in, marked
// as a tab, then the tab's content; inside a list item, where a heading
// would cut the item, the label is a paragraph. Content that is no
// description list stays as it is.
func adocTabs(div, content *html.Node) []*html.Node {
	level := 2
	inItem := false
	for p := div.Parent; p != nil; p = p.Parent {
		if p.DataAtom == atom.Li {
			inItem = true
		}
		class, _ := attr(p, "class")
		for _, w := range nameWords(class) {
			if n, ok := strings.CutPrefix(w, "sect"); ok {
				if d, err := strconv.Atoi(n); err == nil && level == 2 {
					level = min(d+2, 6)
				}
			}
		}
	}
	var out []*html.Node
	for c := content.FirstChild; c != nil; c = content.FirstChild {
		content.RemoveChild(c)
		dl := c
		if c.Type == html.ElementNode && c.DataAtom == atom.Div {
			dl = firstElementChild(c)
		}
		if dl == nil || dl.DataAtom != atom.Dl {
			out = append(out, c)
			continue
		}
		for it := dl.FirstChild; it != nil; it = dl.FirstChild {
			dl.RemoveChild(it)
			switch it.DataAtom {
			case atom.Dt:
				h := &html.Node{Type: html.ElementNode, Data: "h" + strconv.Itoa(level), DataAtom: headingAtoms[level],
					Attr: []html.Attribute{{Key: "role", Val: "tab"}}}
				if inItem {
					h = &html.Node{Type: html.ElementNode, Data: "p", DataAtom: atom.P}
				}
				moveChildren(h, it)
				out = append(out, h)
			case atom.Dd:
				wrap := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
				moveChildren(wrap, it)
				out = append(out, wrap)
			}
		}
	}
	return out
}

var headingAtoms = map[int]atom.Atom{1: atom.H1, 2: atom.H2, 3: atom.H3, 4: atom.H4, 5: atom.H5, 6: atom.H6}

// findElement returns the first element a under n, depth first.
func findElement(n *html.Node, a atom.Atom) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == a {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := findElement(c, a); f != nil {
			return f
		}
	}
	return nil
}

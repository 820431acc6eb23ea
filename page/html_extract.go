package page

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// listState is where the extractor is within lists.
type listState struct {
	depth   int  // nesting depth of the innermost list, 0 outside lists
	ordered bool // the innermost list is ordered
	inItem  bool // text goes to a list item
	// afterCode: a code block or a nested list inside the item has been
	// emitted; what the item says after it goes on as a paragraph, not as
	// another item.
	afterCode bool
}

// extractor turns a cleaned tree into blocks. Inline content accumulates in
// buf until a block boundary flushes it as one block.
type extractor struct {
	r      resolver
	blocks []Block
	buf    strings.Builder
	links  []Link
	list   listState
	inline int // > 0 inside headings, table cells and links: no block breaks
	// held are the blocks of notes that opened the current section, to be
	// written after its own text (html_notes.go).
	held []Block
	// noteTitle: the pending text opens with a note's title (noteTitle);
	// the block it goes to is marked Block.NoteTitle.
	noteTitle bool
	// tabsEnds are the indexes in blocks of the blocks that come first
	// after a set of tabs closes (tabsEndMark) or a collapsible part
	// (collapsible), to be marked Block.TabsEnd.
	tabsEnds []int
	// level is the level of the section being written: its heading's,
	// or a collapsible part's while it is written.
	level int
}

// tabsEndMark is the element the docs-as-code readers write where a set
// of tabs closes and the section goes on (Block.TabsEnd).
const tabsEndMark = `<hr data-tabs-end>`

// markTabsEnds marks the blocks that come first after a set of tabs; a
// heading there needs no mark, as it closes the tabs itself.
func (x *extractor) markTabsEnds() {
	for _, i := range x.tabsEnds {
		if i < len(x.blocks) && x.blocks[i].Kind != Heading {
			x.blocks[i].TabsEnd = true
		}
	}
}

// flush emits the pending inline text as a paragraph or list item.
func (x *extractor) flush() {
	titled := x.noteTitle
	text, links := x.take()
	if text == "" {
		return
	}
	b := Block{Kind: Paragraph, Text: text, Links: links, NoteTitle: titled}
	if x.list.inItem && !x.list.afterCode {
		b.Kind, b.Depth, b.Ordered = ListItem, x.list.depth, x.list.ordered
	} else if x.list.inItem {
		b.Depth = x.list.depth // the item's text after its code goes on
	}
	x.blocks = append(x.blocks, b)
}

// linkMark sits between "]" and "(" of the links the extractor writes,
// until take: a "](" still in the text then came from the page's own words,
// and is broken up so that it never renders as a link the page did not
// make. It is a private-use character, dropped from page text.
const linkMark = "\ue000"

// endsWithCaption reports whether text ends with a picture's caption in
// parentheses ("(Move to trash)"), which introduces nothing, not with a
// link ("[Features](f.md)").
func endsWithCaption(text string) bool {
	i := strings.LastIndexByte(text, '(')
	return strings.HasSuffix(text, ")") && i >= 0 && !strings.HasSuffix(text[:i], "]") && !strings.HasSuffix(text[:i], "]"+linkMark)
}

// introMark stands where a list item's line meets the paragraph it
// introduces (see breakBlock), until take: a dash where text follows,
// nothing where the item ends there.
const introMark = "\ue001"

// ownLinks keeps the extractor's links and breaks up the page's literal ones.
var ownLinks = strings.NewReplacer("]"+linkMark+"(", "](", "](", "] (", linkMark, "")

// take returns and clears the pending inline text.
func (x *extractor) take() (string, []Link) {
	text := collapse(x.buf.String())
	if strings.Contains(text, "](") || strings.Contains(text, linkMark) {
		text = ownLinks.Replace(text)
	}
	if strings.Contains(text, introMark) {
		text = strings.ReplaceAll(strings.TrimRight(strings.TrimSpace(text), introMark), introMark, " – ")
		text = collapse(text)
	}
	links := x.links
	x.buf.Reset()
	x.links = nil
	if text == "" {
		return "", nil
	}
	x.noteTitle = false // the text it marked is taken
	return text, links
}

// space separates the text of adjacent block elements inside inline content.
func (x *extractor) space() { x.buf.WriteByte(' ') }

// breakBlock ends the current block, or only separates words where blocks
// cannot break. In a list item, a paragraph after a line that ends in no
// punctuation is what that line introduces ("[Features](…)" over "Main
// features and settings"): a dash joins them, "Features – Main features
// …", not one run-on line. (A colon would make the line a situation's
// label, "Members: log in", to the extractor.)
func (x *extractor) breakBlock() {
	if x.list.inItem && x.inline == 0 {
		if text := strings.TrimRight(x.buf.String(), " \t\n"); strings.HasSuffix(text, introMark) {
			return
		} else if text != "" && !strings.ContainsAny(text[len(text)-1:], ".!?:;,") && !endsWithCaption(text) {
			x.buf.Reset()
			x.buf.WriteString(text)
			x.buf.WriteString(introMark)
			return
		}
	}
	if x.inline > 0 || x.list.inItem {
		x.space()
		return
	}
	x.flush()
}

func (x *extractor) walk(n *html.Node) {
	if n == nil {
		return
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		x.node(c)
	}
}

func (x *extractor) node(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		x.buf.WriteString(strings.ReplaceAll(n.Data, linkMark, ""))
		return
	case html.ElementNode:
	default:
		x.walk(n)
		return
	}
	if noteTitle(n) {
		if x.inline == 0 && !x.list.inItem {
			x.flush() // the title opens a block, as a heading or paragraph does
		}
		x.noteTitle = x.noteTitle || strings.TrimSpace(x.buf.String()) == ""
	}
	if x.inline > 0 {
		x.inlineNode(n)
		return
	}
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		x.flush()
		x.writeHeld()
		x.inline++
		x.walk(n)
		x.inline--
		titled := x.noteTitle
		if text, links := x.take(); text != "" {
			level := int(n.Data[1] - '0')
			// A heading with the role of a tab is how the Markdown reader
			// writes a tab's label (dialectWriter.tabHeading).
			x.blocks = append(x.blocks, Block{Kind: Heading, Level: level, Text: text, Links: links, Tab: isTab(n), NoteTitle: titled})
			x.level = level
		}
	case atom.Ul, atom.Ol, atom.Menu, atom.Dir:
		x.flush()
		x.listItems(n, n.DataAtom == atom.Ol)
		// What an item says after a list nested in it goes on in the
		// item, as after its code: another item, it was a step of its
		// own ("1. Open settings. - On Android… - On iOS… Then choose
		// Account." read as two steps).
		x.list.afterCode = x.list.inItem
	case atom.Li:
		// An item outside any list: untidy markup.
		x.flush()
		x.item(n, x.list.depth+1, x.list.ordered)
	case atom.Dl:
		if !x.list.inItem && faqList(n) {
			x.terms(n)
			return
		}
		x.flush()
		x.walk(n)
		x.flush()
	case atom.Dt:
		x.flush()
		x.walk(n)
		x.flush()
	case atom.Dd:
		if x.list.inItem {
			x.flush()
			x.item(n, x.list.depth+1, false)
			return
		}
		// A term's description is text of its own, not an item of a
		// list: read as one, a manual's option ("null": "If True, Django
		// will store empty values as NULL") became a situation, and the
		// options were offered as "True", "True", "True".
		x.breakBlock()
		x.walk(n)
		x.breakBlock()
	case atom.Table:
		x.flush()
		x.table(n)
	case atom.Pre:
		x.pre(n)
	case atom.Hr:
		if _, ok := attr(n, "data-tabs-end"); ok && x.list.depth == 0 {
			x.flush()
			x.writeHeld()
			x.tabsEnds = append(x.tabsEnds, len(x.blocks))
			return
		}
		x.breakBlock()
	case atom.Br:
		x.breakBlock()
	case atom.A:
		x.link(n)
	case atom.P, atom.Div, atom.Section, atom.Blockquote:
		if x.list.inItem && n.DataAtom == atom.P && isTab(n) {
			x.tabLabel(n)
			return
		}
		if !x.list.inItem && x.opensSection() && asideNote(n) {
			x.holdNote(n)
			return
		}
		if n.DataAtom == atom.P && !x.list.inItem {
			if bold, ok := boldLabel(n); ok {
				x.boldHeading(bold)
				return
			}
		}
		x.breakBlock()
		x.walk(n)
		x.breakBlock()
		if !x.list.inItem && asideNote(n) {
			// What follows a note is its section's again: a note with a
			// title of its own ("TIP Files in sources.list.d") opens a
			// node, which ends with the note (Block.TabsEnd).
			x.flush()
			x.tabsEnds = append(x.tabsEnds, len(x.blocks))
		}
	case atom.Details:
		if summary := childElements(n, atom.Summary); len(summary) > 0 && !x.list.inItem {
			x.collapsible(n, summary[0])
			return
		}
		x.breakBlock()
		x.walk(n)
		x.breakBlock()
	case atom.Article, atom.Main, atom.Header,
		atom.Address, atom.Figure, atom.Figcaption, atom.Center, atom.Fieldset,
		atom.Summary, atom.Hgroup, atom.Caption, atom.Form, atom.Legend, atom.Tr, atom.Td, atom.Th,
		atom.Tbody, atom.Thead, atom.Tfoot, atom.Body:
		x.breakBlock()
		x.walk(n)
		x.breakBlock()
	default:
		x.walk(n)
	}
}

// tabLabel writes the label of a tab inside a list item (a step that
// shows its command for each system: "Windows:", then its code) as a line
// of the item marked Tab: the readers write tabs there so
// (dialectWriter.tabHeading, rstReader.tab), where a heading would cut the
// item and take its tabs out of the step they belong to.
func (x *extractor) tabLabel(n *html.Node) {
	x.flush()
	x.inline++
	x.walk(n)
	x.inline--
	if text, links := x.take(); text != "" {
		x.blocks = append(x.blocks, Block{Kind: Paragraph, Depth: x.list.depth, Text: text, Links: links, Tab: true})
	}
	x.list.afterCode = true // what follows goes on in the item, as after its code
}

// isTab reports whether n has the role of a tab.
func isTab(n *html.Node) bool {
	role, _ := attr(n, "role")
	return strings.EqualFold(strings.TrimSpace(role), "tab")
}

// collapsible writes a collapsible part (<details>) as a sub-section: its
// summary a heading one level below the section it is in, the rest its
// text, and the first block after it the section's again, as after a set
// of tabs (Block.TabsEnd). Help centers write questions and answers so
// (GitBook's expandables, an FAQ's accordion): "The download never
// finishes" over what to do, not a line of the section's text.
func (x *extractor) collapsible(n, summary *html.Node) {
	x.flush()
	x.writeHeld()
	x.inline++
	x.walk(summary)
	x.inline--
	text, links := x.take()
	section := x.level
	if text != "" {
		x.level = min(section+1, 6)
		x.blocks = append(x.blocks, Block{Kind: Heading, Level: x.level, Text: text, Links: links, Collapsible: true})
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c != summary {
			x.node(c)
		}
	}
	x.flush()
	x.writeHeld()
	if text != "" {
		x.level = section
		x.tabsEnds = append(x.tabsEnds, len(x.blocks))
	}
}

// inlineNode handles an element inside a heading, table cell or link.
func (x *extractor) inlineNode(n *html.Node) {
	switch n.DataAtom {
	case atom.A:
		x.link(n)
	case atom.Span, atom.B, atom.Strong, atom.I, atom.Em, atom.U, atom.Code, atom.Small,
		atom.Abbr, atom.Font, atom.Nobr, atom.Mark, atom.Sup, atom.Sub, atom.Kbd, atom.S,
		atom.Q, atom.Cite, atom.Time, atom.Label, atom.Var, atom.Samp, atom.Big, atom.Tt:
		x.walk(n)
	default:
		x.space()
		x.walk(n)
		x.space()
	}
}

// listItems emits the items of a ul or ol, treating stray content in the
// list as items too.
func (x *extractor) listItems(list *html.Node, ordered bool) {
	depth := x.list.depth + 1
	for c := list.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) == "":
		case c.Type == html.ElementNode && (c.DataAtom == atom.Ul || c.DataAtom == atom.Ol):
			// A list directly inside a list: nest it under the last item.
			save := x.list
			x.list = listState{depth: depth, ordered: ordered}
			x.listItems(c, c.DataAtom == atom.Ol)
			x.list = save
		default:
			x.item(c, depth, ordered)
		}
	}
}

// item emits one list item: its own text as one block, nested lists as
// deeper blocks, text after a nested list as a paragraph at its depth.
func (x *extractor) item(n *html.Node, depth int, ordered bool) {
	save := x.list
	x.list = listState{depth: depth, ordered: ordered, inItem: true}
	if n.Type == html.ElementNode {
		x.walk(n)
	} else {
		x.node(n)
	}
	x.flush()
	x.list = save
}

// table emits a data table as rows, or walks a layout table as blocks.
func (x *extractor) table(t *html.Node) {
	rows := tableRows(t)
	if isLayoutTable(t, rows) {
		x.walkLayout(t)
		return
	}
	saveList := x.list
	x.list = listState{}
	for _, c := range childElements(t, atom.Caption) {
		x.inline++
		x.walk(c)
		x.inline--
		x.flush()
	}
	for _, tr := range rows {
		var cells []string
		var links []Link
		nonEmpty := false
		for _, cell := range childElements(tr, atom.Td, atom.Th) {
			x.inline++
			x.walk(cell)
			x.inline--
			text, l := x.take()
			cells = append(cells, text)
			links = append(links, l...)
			nonEmpty = nonEmpty || text != ""
		}
		if nonEmpty {
			x.blocks = append(x.blocks, Block{Kind: TableRow, Text: strings.Join(cells, " | "), Links: links})
		}
	}
	x.list = saveList
}

// walkLayout walks a table used for page layout as ordinary blocks.
func (x *extractor) walkLayout(t *html.Node) {
	saveList := x.list
	x.list = listState{depth: saveList.depth}
	x.walk(t)
	x.flush()
	x.list = saveList
}

// tableRows returns the rows of t, not of tables nested in it.
func tableRows(t *html.Node) []*html.Node {
	var rows []*html.Node
	for c := t.FirstChild; c != nil; c = c.NextSibling {
		switch c.DataAtom {
		case atom.Tr:
			rows = append(rows, c)
		case atom.Thead, atom.Tbody, atom.Tfoot:
			rows = append(rows, childElements(c, atom.Tr)...)
		}
	}
	return rows
}

// isLayoutTable reports whether a table lays out content rather than holding
// data: one column, or cells holding headings, lists of paragraphs or tables.
func isLayoutTable(t *html.Node, rows []*html.Node) bool {
	if inAdmonition(t) {
		return true // DocBook's note: its icon in one cell, its text in another
	}
	maxCells := 0
	for _, tr := range rows {
		maxCells = max(maxCells, len(childElements(tr, atom.Td, atom.Th)))
	}
	if maxCells <= 1 {
		return true
	}
	layout := false
	var visit func(n *html.Node)
	visit = func(n *html.Node) {
		for c := n.FirstChild; c != nil && !layout; c = c.NextSibling {
			switch c.DataAtom {
			case atom.Table, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				layout = true
				return
			}
			visit(c)
		}
	}
	visit(t)
	return layout
}

func childElements(n *html.Node, atoms ...atom.Atom) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		for _, a := range atoms {
			if c.DataAtom == a {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// pre emits preformatted text one line per block, since a block is a line.
func (x *extractor) pre(n *html.Node) {
	// A code block inside a list item ("Install the package: $ pip install
	// truststore") keeps its lines, each a line of its own after the
	// item's text: joined to it, the commands ran together into one line.
	x.flush()
	depth := 0 // a line of the item it is in, at its depth
	if x.list.inItem {
		x.list.afterCode, depth = true, x.list.depth
	}
	var sb strings.Builder
	textOf(n, &sb)
	raw := strings.Split(sb.String(), "\n")
	margin := commonIndent(raw)
	first, blank := true, false
	for _, r := range raw {
		line := ownLinks.Replace(collapse(r))
		if line == "" {
			blank = !first // a block's leading and trailing blanks are its frame
			continue
		}
		b := Block{Kind: Paragraph, Text: line, Code: true, Depth: depth, BlankBefore: blank}
		first, blank = false, false
		if v := ownLinks.Replace(verbatim(r[min(margin, len(r)):])); v != line {
			b.Verbatim = v
		}
		x.blocks = append(x.blocks, b)
	}
}

// verbatim is a line of preformatted text as the page writes it, white
// space kept but at its end, invisible characters and invalid UTF-8
// dropped (as collapse drops them).
func verbatim(line string) string {
	line = strings.ToValidUTF8(line, "")
	if strings.ContainsAny(line, invisible) {
		line = dropInvisible(line)
	}
	return strings.TrimRight(line, " \t\r")
}

// commonIndent is the number of bytes of white space (spaces and tabs)
// that every non-blank line of lines opens with: a template's indentation
// of a whole <pre>, not the code's own.
func commonIndent(lines []string) int {
	margin := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if margin < 0 || n < margin {
			margin = n
		}
	}
	return max(margin, 0)
}

func textOf(n *html.Node, sb *strings.Builder) {
	if n.Type == html.TextNode {
		sb.WriteString(n.Data)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		textOf(c, sb)
	}
}

// link writes an <a> as [text](url), or as its text when the target is not
// kept. A link with no text (an icon) is dropped.
func (x *extractor) link(n *html.Node) {
	var sb strings.Builder
	textOf(n, &sb)
	raw := strings.ReplaceAll(sb.String(), linkMark, "")
	text := collapse(raw)
	if text == "" {
		for _, k := range []string{"aria-label", "title"} {
			if v, _ := attr(n, k); collapse(v) != "" {
				text = collapse(v)
				break
			}
		}
	}
	if text == "" {
		return
	}
	href, _ := attr(n, "href")
	if strings.HasPrefix(strings.TrimSpace(href), "#") && isSymbol(text) {
		return // a heading's permalink: ¶, #, §
	}
	if startsWithSpace(raw) {
		x.space()
	}
	if u, ok := x.r.resolve(href); ok {
		x.buf.WriteString("[" + escapeLinkText(text) + "]" + linkMark + "(" + escapeLinkURL(u) + ")")
		x.links = append(x.links, Link{Text: text, URL: u})
	} else {
		x.buf.WriteString(text)
	}
	if endsWithSpace(raw) {
		x.space()
	}
}

// isSymbol reports whether s is one character that is not a letter or digit.
func isSymbol(s string) bool {
	r, size := utf8.DecodeRuneInString(s)
	return size == len(s) && !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

func startsWithSpace(s string) bool {
	return s != "" && strings.TrimLeft(s, " \t\r\n\f\u00a0") != s
}

func endsWithSpace(s string) bool {
	return s != "" && strings.TrimRight(s, " \t\r\n\f\u00a0") != s
}

var linkTextEscaper = strings.NewReplacer(`[`, `\[`, `]`, `\]`)

// escapeLinkText keeps brackets in link text from ending the link early.
func escapeLinkText(s string) string { return linkTextEscaper.Replace(s) }

var linkURLEscaper = strings.NewReplacer(`(`, `%28`, `)`, `%29`, ` `, `%20`)

// escapeLinkURL keeps parentheses in a URL from ending the link early.
func escapeLinkURL(s string) string { return linkURLEscaper.Replace(s) }

// invisible are characters dropped from page text: zero-width ones, and the
// bidirectional embeddings, overrides and isolates, which would let a page
// reorder what the chat and the admin pages show around its text. The
// zero-width non-joiner and joiner are kept inside a word of a script
// that writes them (see dropInvisible).
const invisible = "\u200b\u200c\u200d\ufeff\u00ad\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"

// dropInvisible returns s without its invisible characters, but for a
// zero-width non-joiner or joiner between two letters or symbols outside
// ASCII: Persian writes one inside a word ("می‌تواند", "به‌روزرسانی‌ها"),
// and dropped it joined letters that stand apart (and words a customer
// types with a space there); Indic scripts and emoji sequences use them
// too. Between Latin letters one is no part of a word.
func dropInvisible(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	var prev rune
	for i, r := range s {
		if strings.ContainsRune(invisible, r) {
			if isJoiner(r) && prev >= utf8.RuneSelf && !unicode.IsSpace(prev) {
				if next, size := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):]); size > 0 && next >= utf8.RuneSelf && !unicode.IsSpace(next) && !strings.ContainsRune(invisible, next) {
					b.WriteRune(r)
				}
			}
			continue
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// isJoiner reports whether r is the zero-width non-joiner or joiner.
func isJoiner(r rune) bool { return r == '\u200c' || r == '\u200d' }

// collapse trims s and folds each run of white space to one space, dropping
// invisible characters and anything not valid UTF-8.
func collapse(s string) string {
	s = strings.ToValidUTF8(s, "")
	if strings.ContainsAny(s, invisible) {
		s = dropInvisible(s)
	}
	return strings.Join(strings.Fields(s), " ")
}

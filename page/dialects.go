package page

import (
	"bytes"
	"regexp"
	"strings"
)

// The docs-as-code dialects: the template, component and wiki syntax that
// Jekyll (Liquid), Hugo (shortcodes), Docusaurus (MDX), MkDocs and
// Obsidian add to Markdown. renderDialects rewrites a page's Markdown into
// plain CommonMark before goldmark sees it, so that no such syntax reaches
// a customer: blocks keep their content, admonitions and callouts keep
// their label, tabs become labelled sub-sections, includes are resolved
// from the folder, wikilinks become links. Code stays code: fenced blocks
// and inline code spans are never rewritten.

// renderEnv is what rendering a page's dialects needs from its folder.
type renderEnv struct {
	// vars resolves Liquid variables ("site.baseurl"); unknown ones are
	// dropped.
	vars map[string]string
	// title is the page's front matter title ({{ page.title }}).
	title string
	// include returns the Markdown of an included file by the name the
	// page gives it (Liquid include, MkDocs snippets), or false.
	include func(name string) ([]byte, bool)
	// depth counts nested includes, so that a file including itself ends.
	depth int
	// lang is the page's language (BCP 47), "" when unknown: it names
	// the kinds of its notes.
	lang string
	// linkTitle returns the title of the folder's page href leads to, ""
	// when it leads to none or the page has none.
	linkTitle func(href string) string
	// ref returns the page a label (folded, rstRefName) is on, another
	// page's, as a link to it, and the title of the section it stands
	// before (a MyST "(label)=" or a reStructuredText ".. _label:").
	ref func(name string) (href, title string, ok bool)
	// docCards returns, as an HTML list of links, the cards
	// Docusaurus' <DocCardList /> shows on the page (site.docCards).
	docCards func() string
}

// maxIncludeDepth bounds nested includes.
const maxIncludeDepth = 4

// wikiScheme marks a link written as a wikilink: its target is a page's
// file name, title or alias, which only the folder can resolve.
const wikiScheme = "wikilink:"

var (
	fenceOpen   = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})")
	headingLine = regexp.MustCompile(`^ {0,3}(#{1,6})\s`)
	// An ES module line of MDX: "import X from 'y'", "import {A, B} from
	// 'y'", "import 'y'", "export const ...". Prose that starts with
	// "import" ("import the file from 'Downloads'") is no such line.
	mdxImport     = regexp.MustCompile(`^\s*(import\s+((\*\s+as\s+)?[\w$]+(\s*,\s*\{[^}]*\})?|\{[^}]*\})\s+from\s+['"][^'"]+['"];?|import\s+['"][^'"]+['"];?|export\s+(const|default|function|let)\s.*)\s*$`)
	jsxLine       = regexp.MustCompile(`^\s*</?[A-Z][\w.]*(\s[^<>]*)?/?>\s*$`)
	jsxComment    = regexp.MustCompile(`\{/\*.*?\*/\}`)
	jsxAttr       = regexp.MustCompile(`(\w+)=(?:"([^"]*)"|'([^']*)'|\{["']([^"']*)["']\})`)
	admonition    = regexp.MustCompile(`^\s*(?:>\s*)*(:{3,})\s*([A-Za-z][\w-]*)?\s*(?:\[(.*)\]|(.*))$`)
	mkdocsBlock   = regexp.MustCompile(`^(\s*)(?:!!!|\?\?\?\+?)\s*([\w-]+)(?:\s+"(.*)")?\s*$`)
	mkdocsTab     = regexp.MustCompile(`^(\s*)===!?\s+"(.*)"\s*$`)
	calloutLine   = regexp.MustCompile(`^(\s*(?:>\s*)+)\[!([\w-]+)\][-+]?\s*(.*)$`)
	liquidTag     = regexp.MustCompile(`\{%-?\s*(\w+)\s*(.*?)\s*-?%\}`)
	rawStart      = regexp.MustCompile(`\{%-?\s*raw\s*-?%\}`)
	rawEnd        = regexp.MustCompile(`\{%-?\s*endraw\s*-?%\}`)
	liquidOutput  = regexp.MustCompile(`\{\{-?\s*(.*?)\s*-?\}\}`)
	hugoShortcode = regexp.MustCompile(`\{\{([<%])\s*(/?)\s*([\w./-]+)\s*(.*?)\s*[>%]\}\}`)
	wikilink      = regexp.MustCompile(`(!?)\[\[([^\[\]|]+?)(?:\|([^\[\]]+?))?\]\]`)
	includeMacro  = regexp.MustCompile(`^\s*(?:\{!\s*(.+?)\s*!\}|-{2}8<-{2}\s+["']?([^"']+?)["']?)\s*$`)
	obsidianNote  = regexp.MustCompile(`%%.*?%%`)
	quotedArg     = regexp.MustCompile(`^["']([^"']*)["']`)
	shortcodeAttr = regexp.MustCompile(`(\w+)=["']([^"']*)["']`)
	imageExt      = map[string]bool{".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".svg": true, ".webp": true}
)

// dialectWriter rewrites one page's lines.
type dialectWriter struct {
	env     *renderEnv
	out     bytes.Buffer
	fence   string // the open code fence, "" outside one
	raw     bool   // inside {% raw %}: kept as written
	liquid  bool   // the open code fence is a Liquid highlight block
	comment bool   // inside {% comment %}: dropped
	level   int    // the level of the last heading, for tabs' headings
	// tabs holds each open <Tabs>: its tabs' headings are one level below
	// the section it opens in, whatever headings a tab holds.
	tabs []tabGroup
	// tabsClosed: a set of tabs closed and nothing was written since
	// (closeTabs).
	tabsClosed bool
	label      string // an admonition label the next line of text gets (Markdown: noteLabel)
	// labelIndent is the indent of the line that opened label's note: a
	// note inside a list item stays in the item, and so does what the
	// item goes on with (read as indented code after an unindented note).
	labelIndent string
	// indented holds the indent of the content of each open block whose
	// content is indented, innermost last: a MkDocs admonition or tab
	// (its marker's indent plus four), an MDX component whose children
	// are (the first child's; see componentTag). Lines are dedented by
	// the last.
	indented []int
	// component is the indent of a component tag just opened, whose
	// children may be indented (componentTag); -1: none.
	component int
	// colons holds each open ":::" container, innermost last: a
	// collapsible one (VitePress' "::: details"), a code group (VitePress'
	// "::: code-group"), else a note. mkdocsDetails holds the depths in
	// indented of the open MkDocs "???" blocks written as collapsible parts.
	colons        []colonBlock
	mkdocsDetails []int
	// items counts the open components written as list items (<Step>,
	// <Card>): their text is indented into the item.
	items int
	// mkdocsTab is the depth in indented of the open "=== " tab, 0: none;
	// mkdocsTabItem the content indent of the list item it is in, 0: none.
	mkdocsTab, mkdocsTabItem int
	// item is the content indent of the list item the last line of text
	// is in, 0: none (a set of tabs opened there stays in it: inItem).
	item int
	// jsx gathers a JSX tag written over several lines until it closes.
	jsx string
	// started: the section (the page's top, or since the last heading)
	// has text of its own; a note before it is held back (see holdAside).
	started bool
	aside   aside        // the note being held, if any
	held    bytes.Buffer // notes held back, written before the next heading
	// fenceOut is what closes the open code fence in the output when it is
	// not the line that closes it (a MyST code-block's ":::").
	fenceOut string
	myst     []mystBlock // the open MyST directives, innermost last
	mystOpts bool        // a MyST directive just opened: option lines may follow
	mystYAML bool        // inside a MyST directive's "---" options block
}

// renderDialects rewrites src (a page body, front matter cut) to CommonMark.
func renderDialects(src []byte, env *renderEnv) []byte {
	if !hasDialect(src) && !hasMyST(src) {
		return src
	}
	r := &dialectWriter{env: env, level: 1, component: -1}
	r.render(src)
	r.finish()
	return r.out.Bytes()
}

// dialectMarks are byte sequences one of which every dialect's syntax
// holds; a page with none is plain Markdown, left as it is.
var dialectMarks = [][]byte{
	[]byte("{%"), []byte("{{"), []byte("[["), []byte(":::"), []byte("{!"), []byte("{/*"), []byte("%%"),
	[]byte("!!!"), []byte("???"), []byte("==="), []byte("--8<--"), []byte("[!"), []byte("\nimport "), []byte("\nexport "),
	[]byte("<aside>"),
}

// hasDialect reports whether src may hold syntax of a dialect: one of
// dialectMarks, a line starting with import or export (MDX), or a
// component tag (< and a capital letter).
func hasDialect(src []byte) bool {
	if bytes.HasPrefix(src, []byte("import ")) || bytes.HasPrefix(src, []byte("export ")) {
		return true
	}
	for _, m := range dialectMarks {
		if bytes.Contains(src, m) {
			return true
		}
	}
	for i := bytes.IndexByte(src, '<'); i >= 0 && i+1 < len(src); {
		c := src[i+1]
		if c == '/' && i+2 < len(src) {
			c = src[i+2]
		}
		if c >= 'A' && c <= 'Z' {
			return true
		}
		j := bytes.IndexByte(src[i+1:], '<')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

func (r *dialectWriter) render(src []byte) {
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		r.line(strings.TrimRight(string(line), "\r"))
	}
}

func (r *dialectWriter) emit(s string) {
	if r.items > 0 && s != "" {
		s = strings.Repeat(itemIndent, r.items) + s // the text of an open step or card (componentTag)
	}
	if item := r.tabsItem(); item > 0 && s != "" && indentOf(s) < item {
		s = strings.Repeat(" ", item-indentOf(s)) + s // a tab's text stays in its list item
	}
	r.write([]byte(s + "\n"))
}

// write writes rendered lines: into the held notes while one is held;
// else to the page, after the held notes when the lines open a heading.
func (r *dialectWriter) write(b []byte) {
	if r.aside.syntax != 0 {
		r.held.Write(b)
		return
	}
	if len(bytes.TrimSpace(b)) > 0 {
		heading := r.fence == "" && (headingLine.Match(b) || tabHeadingLine.Match(b))
		if r.tabsClosed && !heading {
			r.out.WriteString("\n" + tabsEndMark + "\n\n")
		}
		r.tabsClosed = false
		if heading {
			r.writeHeld()
			r.started = false
		} else {
			r.started = true
		}
	}
	r.out.Write(b)
}

// flushLabel writes a pending admonition label as its own paragraph.
func (r *dialectWriter) flushLabel() {
	if r.label != "" {
		r.emit(r.labelIndent + r.label)
		r.emit("")
		r.label, r.labelIndent = "", ""
	}
}

func (r *dialectWriter) line(s string) {
	s = r.dedent(s)
	switch {
	case r.aside.syntax == '!' && len(r.indented) < r.aside.depth:
		r.endAside() // the line is outside the note's indent
	case r.aside.syntax == '>' && r.fence == "" && !strings.HasPrefix(strings.TrimSpace(s), ">"):
		r.endAside() // the callout's quote ended
	}
	if r.fence == "" {
		var whole bool
		if s, whole = r.gatherJSX(s); !whole {
			return
		}
	}
	r.body(s)
}

// finish writes what is still pending at the end of the page: a tag
// never closed (as text), an admonition label.
func (r *dialectWriter) finish() {
	if r.jsx != "" {
		s := strings.TrimSpace(r.jsx)
		r.jsx = ""
		r.body(s)
	}
	r.flushLabel()
	r.aside = aside{}
	r.writeHeld()
}

// body rewrites a (dedented, whole) line.
func (r *dialectWriter) body(s string) {
	if r.mystOptions(s) {
		return
	}
	if r.fence != "" {
		t := strings.TrimSpace(s)
		switch {
		case r.liquid && liquidEnd(t, "endhighlight"):
			r.fence, r.liquid, s = "", false, "```"
		case !r.liquid && strings.HasPrefix(t, r.fence) && strings.Trim(t, r.fence[:1]) == "":
			r.fence = ""
			if r.fenceOut != "" {
				s, r.fenceOut = r.fenceOut, ""
			}
		}
		r.emit(s)
		return
	}
	if r.comment {
		if strings.Contains(s, "endcomment") && liquidTag.MatchString(s) {
			r.comment = false
		}
		return
	}
	if r.raw {
		loc := rawEnd.FindStringIndex(s)
		if loc == nil {
			r.emit(s)
			return
		}
		r.raw = false
		r.write([]byte(s[:loc[0]]))
		s = s[loc[1]:]
	}
	if r.mystLine(s) {
		return
	}
	if m := fenceOpen.FindStringSubmatch(s); m != nil && isFence(s, m[1]) {
		r.flushLabel()
		if n := len(r.colons); n > 0 && r.colons[n-1] == colonCodeGroup {
			if l := codeTabLabel.FindStringSubmatch(s); l != nil {
				r.tabHeading(l[1])
			}
		}
		r.fence = m[1]
		r.emit(s)
		return
	}
	if r.blockLine(s) {
		return
	}
	s = r.inline(s)
	if strings.TrimSpace(s) == "" {
		r.emit(s)
		return
	}
	if m := headingLine.FindStringSubmatch(s); m != nil {
		r.level = len(m[1])
	}
	r.trackItem(s)
	if r.label != "" {
		t := strings.TrimLeft(s, " \t")
		if isPlainText(t) {
			indent := ""
			if strings.HasPrefix(s, r.labelIndent) {
				indent = r.labelIndent
			}
			s = indent + r.label + " " + t
			r.label, r.labelIndent = "", ""
		} else {
			r.flushLabel()
		}
	}
	r.emit(s)
}

// gatherJSX joins a component tag written over several lines ("<Tabs" ...
// "]}>") into one line; it reports false while the tag is still open.
func (r *dialectWriter) gatherJSX(s string) (string, bool) {
	if r.jsx == "" {
		t := strings.TrimSpace(s)
		if !jsxStart.MatchString(t) || jsxClosed(t) {
			return s, true
		}
	}
	r.jsx += " " + strings.TrimSpace(s)
	if !jsxClosed(r.jsx) {
		if len(r.jsx) > maxJSXTag { // no tag: give the lines back
			s, r.jsx = r.jsx, ""
			return s, true
		}
		return "", false
	}
	s, r.jsx = strings.TrimSpace(r.jsx), ""
	return s, true
}

// jsxStart matches a line that opens a component's tag.
var jsxStart = regexp.MustCompile(`^</?[A-Z][\w.]*(\s|$)`)

// maxJSXTag bounds a tag gathered over several lines.
const maxJSXTag = 4096

// jsxClosed reports whether a tag's text has reached its closing ">",
// outside braces and quotes.
func jsxClosed(t string) bool {
	depth := 0
	var quote byte
	for i := 1; i < len(t); i++ {
		c := t[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '{':
			depth++
		case c == '}':
			depth--
		case c == '>' && depth <= 0:
			return true
		}
	}
	return false
}

// isFence reports whether a line opening with the run marker is a code
// fence: a backtick fence's info string has no backtick ("```x```" is
// inline code).
func isFence(line, marker string) bool {
	return marker[0] != '`' || !strings.Contains(strings.TrimSpace(line)[len(marker):], "`")
}

// isPlainText reports whether a Markdown line starts a paragraph: not a
// list item, heading, quote, table or HTML block.
func isPlainText(t string) bool {
	if t == "" {
		return false
	}
	switch t[0] {
	case '-', '*', '+':
		if len(t) == 1 || t[1] == ' ' || t[1] == '\t' {
			return false // a list item, not **emphasis**
		}
	case '#', '>', '|', '<', '!':
		return false
	}
	for i, c := range t {
		if c >= '0' && c <= '9' {
			continue
		}
		if i > 0 && (c == '.' || c == ')') {
			return false // an ordered list item
		}
		break
	}
	return true
}

// dedent removes the indent of the MkDocs blocks the line is in, and
// closes those it is outside of.
func (r *dialectWriter) dedent(s string) string {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	if r.component >= 0 {
		if indentOf(s) > r.component {
			r.indented = append(r.indented, indentOf(s))
		}
		r.component = -1
	}
	if r.fence == "" {
		for len(r.indented) > 0 && indentOf(s) < r.indented[len(r.indented)-1] {
			if n := len(r.mkdocsDetails); n > 0 && r.mkdocsDetails[n-1] == len(r.indented) {
				r.mkdocsDetails = r.mkdocsDetails[:n-1]
				r.closeDetails()
			}
			r.indented = r.indented[:len(r.indented)-1]
			if r.mkdocsTab == len(r.indented)+1 {
				// the next "=== " goes on with the set; one in a list
				// item wrote no heading to end
				r.tabsClosed = r.mkdocsTabItem == 0
				r.mkdocsTab, r.mkdocsTabItem = 0, 0
			}
		}
	}
	strip := r.strip()
	n := 0
	for n < len(s) && n < strip && s[n] == ' ' {
		n++
	}
	return s[n:]
}

// strip is how many spaces of indent the open indented blocks take.
func (r *dialectWriter) strip() int {
	if len(r.indented) == 0 {
		return 0
	}
	return r.indented[len(r.indented)-1]
}

func indentOf(s string) int {
	n := 0
	for _, c := range s {
		switch c {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return n
		}
	}
	return n
}

// colonBlock is the kind of an open ":::" container.
type colonBlock int

const (
	colonNote colonBlock = iota
	colonDetails
	colonCodeGroup
)

// codeTabLabel is the "[npm]" of a code fence's info string in a
// VitePress code group: the fence's tab.
var codeTabLabel = regexp.MustCompile("^ {0,3}(?:`{3,}|~{3,})[^\\[`]*\\[([^\\]]+)\\]")

// blockLine handles a line that opens or closes a block of a dialect, and
// reports whether it did.
func (r *dialectWriter) blockLine(s string) bool {
	t := strings.TrimSpace(s)
	switch {
	case strings.HasPrefix(strings.TrimLeft(t, "> "), ":::"):
		m := admonition.FindStringSubmatch(t)
		if m == nil {
			return false
		}
		if m[2] == "" { // a closing fence
			var b colonBlock
			if n := len(r.colons); n > 0 {
				b, r.colons = r.colons[n-1], r.colons[:n-1]
			}
			switch b {
			case colonDetails:
				r.closeDetails()
				return true
			case colonCodeGroup:
				if len(r.tabs) > 0 {
					r.closeTabs()
				}
				r.emit("")
				return true
			}
			if r.aside.syntax == ':' && r.aside.depth == 0 {
				r.endAside()
				return true
			}
			if r.aside.syntax == ':' {
				r.aside.depth--
			}
			r.flushLabel()
			r.emit("")
			return true
		}
		title := strings.TrimSpace(m[3] + m[4])
		switch {
		case strings.EqualFold(m[2], "details"):
			r.colons = append(r.colons, colonDetails)
			r.openDetails(title)
			return true
		case strings.EqualFold(m[2], "code-group"):
			// Its code blocks are tabs, each labelled by its "[npm]".
			r.colons = append(r.colons, colonCodeGroup)
			r.flushLabel()
			r.tabs = append(r.tabs, tabGroup{level: r.level, item: r.inItem(s)})
			r.emit("")
			return true
		}
		r.colons = append(r.colons, colonNote)
		if r.aside.syntax == ':' {
			r.aside.depth++
		}
		r.openNote(s, ':', m[2], title)
		return true
	case strings.HasPrefix(t, "!!!") || strings.HasPrefix(t, "???"):
		if m := mkdocsBlock.FindStringSubmatch(s); m != nil {
			r.openMkdocs(len(m[1]))
			if strings.HasPrefix(t, "???") && m[3] != "" {
				r.openDetails(m[3])
				r.mkdocsDetails = append(r.mkdocsDetails, len(r.indented))
				return true
			}
			r.flushLabel()
			r.emit("")
			r.holdAside('!', m[2], len(r.indented))
			r.label = noteLabel(admonitionLabel(m[2], m[3], r.env.lang))
			r.labelIndent = ""
			return true
		}
	case strings.HasPrefix(t, "==="):
		if m := mkdocsTab.FindStringSubmatch(s); m != nil {
			item := r.inItem(s)
			r.openMkdocs(len(m[1]))
			r.mkdocsTab, r.mkdocsTabItem = len(r.indented), item
			r.tabHeading(m[2])
			return true
		}
	}
	if t == "<aside>" || t == "</aside>" {
		// An aside a page's author writes in its text is a callout
		// (Notion's export writes them so), not a sidebar as on a site.
		if t == "</aside>" {
			r.closeNote('<')
		} else {
			r.openNote(s, '<', "note", "")
		}
		return true
	}
	if strings.HasPrefix(t, "{%") && r.gitbookBlock(s, t) {
		return true
	}
	if m := includeMacro.FindStringSubmatch(s); m != nil {
		r.includeFile(m[1] + m[2])
		return true
	}
	if r.hugoTabs(s, t) {
		return true
	}
	if jsxLine.MatchString(s) {
		if docCardList.MatchString(t) && r.env != nil && r.env.docCards != nil {
			r.flushLabel()
			r.emit("")
			r.write([]byte(r.env.docCards()))
			r.emit("")
			return true
		}
		r.componentTag(s, t)
		return true
	}
	if mdxImport.MatchString(s) {
		return true
	}
	if m := calloutLine.FindStringSubmatch(s); m != nil {
		label := noteLabel(admonitionLabel(m[2], m[3], r.env.lang))
		r.flushLabel()
		r.holdAside('>', m[2], 0)
		r.emit(m[1] + label)
		return true
	}
	return false
}

// openMkdocs opens a MkDocs block whose marker is indented by indent: its
// content is indented four spaces more.
func (r *dialectWriter) openMkdocs(indent int) {
	r.indented = append(r.indented, r.strip()+indent+4)
}

func jsxAttrs(s string) map[string]string {
	out := map[string]string{}
	for _, m := range jsxAttr.FindAllStringSubmatch(s, -1) {
		out[m[1]] = m[2] + m[3] + m[4]
	}
	return out
}

// includeFile writes the rendered content of an included file, or nothing
// when it cannot be found.
func (r *dialectWriter) includeFile(name string) {
	name = strings.TrimSpace(name)
	if r.env == nil || r.env.include == nil || r.env.depth >= maxIncludeDepth || name == "" {
		return
	}
	body, ok := r.env.include(name)
	if !ok {
		return
	}
	_, _, body = splitFrontMatter(body)
	env := *r.env
	env.depth++
	sub := &dialectWriter{env: &env, level: r.level}
	sub.render(body)
	sub.finish()
	r.flushLabel()
	r.write(sub.out.Bytes())
}

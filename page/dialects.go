package page

import (
	"bytes"
	"net/url"
	"path"
	"regexp"
	"strings"
	"unicode"
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
	// include returns the Markdown of an included file by the name the
	// page gives it (Liquid include, MkDocs snippets), or false.
	include func(name string) ([]byte, bool)
	// depth counts nested includes, so that a file including itself ends.
	depth int
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
	tabItem       = regexp.MustCompile(`^\s*<TabItem\b([^>]*)>\s*$`)
	jsxAttr       = regexp.MustCompile(`(\w+)=(?:"([^"]*)"|'([^']*)'|\{["']([^"']*)["']\})`)
	admonition    = regexp.MustCompile(`^\s*(?:>\s*)*(:{3,})\s*([A-Za-z]+)?\s*(?:\[(.*)\]|(.*))$`)
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

// block is an open container of the dialects: an admonition, a tab, a
// Liquid raw or comment block.
type block struct {
	kind   string // "admonition", "tab", "mkdocs"
	colons int    // a Docusaurus admonition's fence length
	indent int    // MkDocs: the indent its content is under
}

// dialectWriter rewrites one page's lines.
type dialectWriter struct {
	env     *renderEnv
	out     bytes.Buffer
	fence   string // the open code fence, "" outside one
	raw     bool   // inside {% raw %}: kept as written
	liquid  bool   // the open code fence is a Liquid highlight block
	comment bool   // inside {% comment %}: dropped
	level   int    // the level of the last heading, for tabs' headings
	// tabs holds, for each open <Tabs>, the heading level it is under:
	// its tabs' headings are one below, whatever headings a tab holds.
	tabs   []int
	label  string // an admonition label the next line of text gets
	blocks []block
	strip  int // spaces removed from each line (MkDocs blocks)
}

// renderDialects rewrites src (a page body, front matter cut) to CommonMark.
func renderDialects(src []byte, env *renderEnv) []byte {
	r := &dialectWriter{env: env, level: 1}
	r.render(src)
	r.flushLabel()
	return r.out.Bytes()
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
	r.out.WriteString(s)
	r.out.WriteByte('\n')
}

// flushLabel writes a pending admonition label as its own paragraph.
func (r *dialectWriter) flushLabel() {
	if r.label != "" {
		r.emit(r.label)
		r.emit("")
		r.label = ""
	}
}

func (r *dialectWriter) line(s string) {
	s = r.dedent(s)
	if r.fence != "" {
		t := strings.TrimSpace(s)
		switch {
		case r.liquid && liquidEnd(t, "endhighlight"):
			r.fence, r.liquid, s = "", false, "```"
		case !r.liquid && strings.HasPrefix(t, r.fence) && strings.Trim(t, r.fence[:1]) == "":
			r.fence = ""
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
		r.out.WriteString(s[:loc[0]])
		s = s[loc[1]:]
	}
	if m := fenceOpen.FindStringSubmatch(s); m != nil && isFence(s, m[1]) {
		r.flushLabel()
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
	if r.label != "" {
		t := strings.TrimLeft(s, " \t")
		if isPlainText(t) {
			s = r.label + " " + t
			r.label = ""
		} else {
			r.flushLabel()
		}
	}
	r.emit(s)
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
	if r.fence == "" {
		for len(r.blocks) > 0 {
			b := r.blocks[len(r.blocks)-1]
			if b.kind != "mkdocs" || indentOf(s) >= b.indent {
				break
			}
			r.blocks = r.blocks[:len(r.blocks)-1]
			r.strip = 0
			for _, o := range r.blocks {
				if o.kind == "mkdocs" {
					r.strip = o.indent
				}
			}
		}
	}
	n := 0
	for n < len(s) && n < r.strip && s[n] == ' ' {
		n++
	}
	return s[n:]
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
			for i := len(r.blocks) - 1; i >= 0; i-- {
				if r.blocks[i].kind == "admonition" {
					r.blocks = r.blocks[:i]
					break
				}
			}
			r.flushLabel()
			r.emit("")
			return true
		}
		title := strings.TrimSpace(m[3] + m[4])
		r.blocks = append(r.blocks, block{kind: "admonition", colons: len(m[1])})
		r.flushLabel()
		r.emit("")
		r.label = admonitionLabel(m[2], title)
		return true
	case strings.HasPrefix(t, "<Tabs") || strings.HasPrefix(t, "</Tabs") || strings.HasPrefix(t, "</TabItem"):
		if jsxLine.MatchString(t) {
			switch {
			case strings.HasPrefix(t, "<Tabs") && !strings.HasSuffix(t, "/>"):
				r.tabs = append(r.tabs, r.level)
			case strings.HasPrefix(t, "</Tabs") && len(r.tabs) > 0:
				r.level = r.tabs[len(r.tabs)-1]
				r.tabs = r.tabs[:len(r.tabs)-1]
			}
			r.emit("")
			return true
		}
	case strings.HasPrefix(t, "<TabItem"):
		if m := tabItem.FindStringSubmatch(t); m != nil {
			attrs := jsxAttrs(m[1])
			label := attrs["label"]
			if label == "" {
				label = attrs["value"]
			}
			r.tabHeading(label)
			return true
		}
	case strings.HasPrefix(t, "!!!") || strings.HasPrefix(t, "???"):
		if m := mkdocsBlock.FindStringSubmatch(s); m != nil {
			r.openMkdocs(len(m[1]))
			r.flushLabel()
			r.emit("")
			r.label = admonitionLabel(m[2], m[3])
			return true
		}
	case strings.HasPrefix(t, "==="):
		if m := mkdocsTab.FindStringSubmatch(s); m != nil {
			r.openMkdocs(len(m[1]))
			r.tabHeading(m[2])
			return true
		}
	}
	if m := includeMacro.FindStringSubmatch(s); m != nil {
		r.includeFile(m[1] + m[2])
		return true
	}
	if mdxImport.MatchString(s) || jsxLine.MatchString(s) {
		return true
	}
	if m := calloutLine.FindStringSubmatch(s); m != nil {
		label := admonitionLabel(m[2], m[3])
		r.emit(m[1] + label)
		return true
	}
	return false
}

// openMkdocs opens a MkDocs block whose marker is indented by indent: its
// content is indented four spaces more.
func (r *dialectWriter) openMkdocs(indent int) {
	r.blocks = append(r.blocks, block{kind: "mkdocs", indent: r.strip + indent + 4})
	r.strip += indent + 4
}

// tabHeading writes a tab's label as a heading one level below the
// section it is in, so that each tab is a labelled alternative.
func (r *dialectWriter) tabHeading(label string) {
	r.flushLabel()
	label = collapse(label)
	if label == "" {
		return
	}
	under := r.level
	if len(r.tabs) > 0 {
		under = r.tabs[len(r.tabs)-1]
	}
	level := min(under+1, 6)
	r.emit("")
	r.emit(strings.Repeat("#", level) + " " + label)
	r.emit("")
}

// admonitionLabel is an admonition's title, else its kind ("note" ->
// "Note:").
func admonitionLabel(kind, title string) string {
	title = collapse(strings.Trim(strings.TrimSpace(title), `"`))
	if title != "" {
		if strings.HasSuffix(title, ":") {
			return title
		}
		return title + ":"
	}
	kind = strings.ReplaceAll(kind, "-", " ")
	if kind == "" {
		return ""
	}
	return string(unicode.ToUpper(rune(kind[0]))) + strings.ToLower(kind[1:]) + ":"
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
	sub.flushLabel()
	r.flushLabel()
	r.out.Write(sub.out.Bytes())
}

// inline rewrites the inline syntax of a line outside its code spans.
func (r *dialectWriter) inline(s string) string {
	if !strings.ContainsAny(s, "{[%") {
		return s
	}
	var sb strings.Builder
	for s != "" {
		i := strings.IndexByte(s, '`')
		if i < 0 {
			sb.WriteString(r.inlineText(s))
			break
		}
		sb.WriteString(r.inlineText(s[:i]))
		s = s[i:]
		n := len(s) - len(strings.TrimLeft(s, "`"))
		ticks := s[:n]
		end := strings.Index(s[n:], ticks)
		if end < 0 {
			sb.WriteString(ticks)
			s = s[n:]
			continue
		}
		sb.WriteString(s[:n+end+n])
		s = s[n+end+n:]
	}
	return sb.String()
}

// liquidEnd reports whether line is the Liquid tag {% name %}.
func liquidEnd(line, name string) bool {
	m := liquidTag.FindStringSubmatch(line)
	return m != nil && m[1] == name && strings.TrimSpace(liquidTag.ReplaceAllString(line, "")) == ""
}

// inlineText rewrites text with no code span in it; what a Liquid raw
// tag encloses stays as written.
func (r *dialectWriter) inlineText(s string) string {
	if loc := rawStart.FindStringIndex(s); loc != nil {
		before, rest := r.inlineText(s[:loc[0]]), s[loc[1]:]
		end := rawEnd.FindStringIndex(rest)
		if end == nil {
			r.raw = true // closes on a later line
			return before + rest
		}
		return before + rest[:end[0]] + r.inlineText(rest[end[1]:])
	}
	return r.rewrite(s)
}

// rewrite rewrites text with no code span or raw block in it.
func (r *dialectWriter) rewrite(s string) string {
	if strings.Contains(s, "{/*") {
		s = jsxComment.ReplaceAllString(s, "")
	}
	if strings.Contains(s, "%%") {
		s = obsidianNote.ReplaceAllString(s, "")
	}
	if strings.Contains(s, "{{<") || strings.Contains(s, "{{%") {
		s = hugoShortcode.ReplaceAllStringFunc(s, r.shortcode)
	}
	if strings.Contains(s, "{%") {
		s = r.liquidTags(s)
	}
	if strings.Contains(s, "{{") {
		s = liquidOutput.ReplaceAllStringFunc(s, r.liquidVar)
	}
	if strings.Contains(s, "[[") {
		s = wikilink.ReplaceAllStringFunc(s, wikiLink)
	}
	return s
}

// shortcode renders a Hugo shortcode: ref and relref become the path they
// name, figure its caption or alt text; any other (paired ones included)
// is dropped, keeping what is between its tags.
func (r *dialectWriter) shortcode(m string) string {
	sm := hugoShortcode.FindStringSubmatch(m)
	if sm[2] == "/" {
		return ""
	}
	args := sm[4]
	switch sm[3] {
	case "ref", "relref":
		if q := quotedArg.FindStringSubmatch(args); q != nil {
			return q[1]
		}
		return strings.TrimSpace(args)
	case "figure", "img", "image":
		attrs := map[string]string{}
		for _, a := range shortcodeAttr.FindAllStringSubmatch(args, -1) {
			attrs[a[1]] = a[2]
		}
		for _, k := range []string{"alt", "caption", "title"} {
			if attrs[k] != "" {
				return attrs[k]
			}
		}
	}
	return ""
}

// liquidTags renders the Liquid tags of a line: include tags are resolved
// (their content, on a line of its own, is the included file's), link
// tags give their path, raw and comment open their blocks, highlight
// becomes a code fence, and every other tag is dropped with what it
// encloses kept.
func (r *dialectWriter) liquidTags(s string) string {
	var sb strings.Builder
	for {
		loc := liquidTag.FindStringSubmatchIndex(s)
		if loc == nil {
			sb.WriteString(s)
			return sb.String()
		}
		sb.WriteString(s[:loc[0]])
		name, args := s[loc[2]:loc[3]], s[loc[4]:loc[5]]
		s = s[loc[1]:]
		switch name {
		case "include", "include_relative", "include_cached":
			file, _, _ := strings.Cut(strings.TrimSpace(args), " ")
			before := sb.String()
			sb.Reset()
			if strings.TrimSpace(before) != "" {
				r.emit(before)
			}
			r.includeFile(strings.Trim(file, `"'`))
		case "link", "post_url":
			sb.WriteString(strings.Trim(strings.TrimSpace(args), `"'`))
		case "comment":
			end := strings.Index(s, "endcomment")
			if end < 0 {
				r.comment = true
				return sb.String()
			}
			// The comment ends on this line: drop it, keep what follows.
			if close := strings.Index(s[end:], "%}"); close >= 0 {
				s = s[end+close+2:]
			}
		case "highlight":
			lang, _, _ := strings.Cut(strings.TrimSpace(args), " ")
			r.fence, r.liquid = "```", true
			return "```" + lang
		}
	}
}

// liquidVar renders a Liquid output: a variable the folder knows, a
// quoted string (through relative_url or absolute_url), else nothing.
func (r *dialectWriter) liquidVar(m string) string {
	if strings.HasPrefix(m, "{{<") || strings.HasPrefix(m, "{{%") {
		return ""
	}
	expr := liquidOutput.FindStringSubmatch(m)[1]
	value, filters, _ := strings.Cut(expr, "|")
	value = strings.TrimSpace(value)
	if q := quotedArg.FindStringSubmatch(value); q != nil {
		v := q[1]
		if strings.Contains(filters, "relative_url") || strings.Contains(filters, "absolute_url") {
			v = r.vars("site.baseurl") + v
		}
		return v
	}
	return r.vars(strings.ReplaceAll(value, " ", ""))
}

func (r *dialectWriter) vars(key string) string {
	if r.env == nil {
		return ""
	}
	return r.env.vars[key]
}

// wikiLink writes an Obsidian wikilink as a Markdown link the folder
// resolves (wikiScheme); an embedded image becomes an image with its name
// as alt text.
func wikiLink(m string) string {
	sm := wikilink.FindStringSubmatch(m)
	target, label := strings.TrimSpace(sm[2]), strings.TrimSpace(sm[3])
	name, heading, _ := strings.Cut(target, "#")
	if sm[1] == "!" && imageExt[strings.ToLower(path.Ext(name))] {
		alt := label
		if alt == "" {
			alt = strings.TrimSuffix(path.Base(name), path.Ext(name))
		}
		return "![" + alt + "](" + (&url.URL{Path: name}).EscapedPath() + ")"
	}
	if label == "" {
		label = name
		if heading != "" {
			label = strings.TrimSpace(heading)
			if name != "" {
				label = name + " > " + label
			}
		}
	}
	if name == "" {
		return label // a heading of the same page
	}
	return "[" + label + "](<" + wikiScheme + url.PathEscape(name) + ">)"
}

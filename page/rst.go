package page

import (
	"crypto/sha256"
	"encoding/hex"
	"html"
	"regexp"
	"strings"
)

// reStructuredText (.rst), the pages of Sphinx (Read the Docs) help
// centers: the common subset of the syntax is written as the HTML Sphinx
// would publish (sections as headings, admonitions as notes, literal
// blocks as <pre>, tabs as headings with the role of a tab), which the
// HTML reader then cleans, as the Markdown reader does with goldmark's
// output; a toctree as the list of links Sphinx shows (toctree.go).
// What only builds the site (indexes, comments, targets, a page's field
// list, substitution definitions) is dropped.

// ParseRST cleans a reStructuredText page. The title is the page's first
// section title, else the file name of url.
func ParseRST(raw []byte, url string) (*Document, error) {
	return parseRST(raw, url, nil, nil, nil)
}

// rstFolder is what a page's references need of the other pages of its
// folder.
type rstFolder struct {
	// docTitle names the page a :doc: target reaches, "" when unknown.
	docTitle func(target string) string
	// label returns the page a :ref: label (folded, rstRefName) is on,
	// as a link to it, and the title of the section it stands before.
	label func(name string) (href, title string, ok bool)
}

// parseRST is ParseRST for a page of a folder: env reads its includes,
// links resolves links to the folder's pages, folder names the pages its
// references reach (nil: none).
func parseRST(raw []byte, url string, env *renderEnv, links func(string) (string, bool), folder *rstFolder) (*Document, error) {
	text, err := decodeHTML(raw, "utf-8")
	if err != nil {
		return nil, err
	}
	if env == nil {
		env = &renderEnv{}
	}
	lines := rstLines(string(text))
	budget := maxRSTLines - len(lines)
	if folder == nil {
		folder = &rstFolder{}
	}
	r := &rstReader{env: env, folder: folder, budget: &budget, targets: map[string]string{}, labels: map[string]string{}, subs: map[string]string{}}
	lines = r.docinfo(lines)
	r.collect(lines)
	r.body(lines, true)
	p, err := parseHTMLPage([]byte(r.out.String()), url, "", links)
	if err != nil {
		return nil, err
	}
	doc := p.Document
	doc.Title = sectionTitle(doc.Blocks, url)
	doc.Keywords = Keywords(append(r.keywords, doc.Keywords...)...)
	sum := sha256.Sum256(raw)
	doc.ContentHash = hex.EncodeToString(sum[:])
	return doc, nil
}

// sectionTitle is a page's first section title (a tab's label is none),
// else the file name of url: the title of a page whose format has no
// title of its own apart from its sections.
func sectionTitle(blocks []Block, url string) string {
	for _, b := range blocks {
		if b.Kind == Heading && !b.Tab {
			return plainLinks(b)
		}
	}
	return titleFromPath(url)
}

// rstReader writes one page's HTML.
type rstReader struct {
	out    strings.Builder
	env    *renderEnv
	folder *rstFolder
	// styles are the section adornments in the order first seen: a
	// section's level is its style's place (reStructuredText has no fixed
	// order); level is the current section's.
	styles []string
	level  int
	// lists counts the list items being written: a tab inside one is
	// labelled as a paragraph, not as a heading that would cut the item.
	lists int
	// nest counts the nested blocks being read (maxRSTNesting).
	nest int
	// ends are where the paragraph being read can close inline markup.
	ends *inlineEnds
	// budget is how many more lines includes may add to the page, shared
	// with the readers of its parts.
	budget *int
	// targets maps a reference name (rstRefName) to its URL; labels a
	// section's label to its title; subs a substitution to its text.
	targets, labels, subs map[string]string
	keywords              []string
	// inTabs: the last block written was a tab (tab); the next block
	// that is not one closes the set (tabsEndMark).
	inTabs bool
}

// maxRSTLines bounds a page (with its includes), so that hostile input
// costs no more than a large manual.
const maxRSTLines = 200000

// maxRSTNesting bounds nested blocks (lists, quotes, directives), so
// that a page indented one more space a line is not read again at every
// level.
const maxRSTNesting = 24

// rstLines splits text into lines, tabs expanded to 8-column stops and
// trailing space dropped.
func rstLines(s string) []string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	lines := strings.Split(s, "\n")
	if len(lines) > maxRSTLines {
		lines = lines[:maxRSTLines]
	}
	for i, l := range lines {
		if strings.IndexByte(l, '\t') >= 0 {
			var sb strings.Builder
			col := 0
			for _, c := range l {
				if c == '\t' {
					n := 8 - col%8
					sb.WriteString(strings.Repeat(" ", n))
					col += n
					continue
				}
				sb.WriteRune(c)
				col++
			}
			l = sb.String()
		}
		lines[i] = strings.TrimRight(l, " \f\v")
	}
	return lines
}

func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

// dedent removes the indentation all non-blank lines share.
func dedent(lines []string) []string {
	n := -1
	for _, l := range lines {
		if !isBlank(l) && (n < 0 || indentOf(l) < n) {
			n = indentOf(l)
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if len(l) >= n && n > 0 {
			out[i] = l[n:]
		} else if n > 0 {
			out[i] = ""
		} else {
			out[i] = l
		}
	}
	return out
}

// indented returns the end of the block of lines from i that are blank or
// indented, trailing blank lines left out.
func indented(lines []string, i int) int {
	j := i
	for j < len(lines) && (isBlank(lines[j]) || indentOf(lines[j]) > 0) {
		j++
	}
	for j > i && isBlank(lines[j-1]) {
		j--
	}
	return j
}

// adornment matches a section title's underline or overline, and a
// transition: one punctuation character repeated.
func adornment(s string) (byte, bool) {
	if len(s) < 2 || indentOf(s) > 0 {
		return 0, false
	}
	c := s[0]
	if !strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", rune(c)) {
		return 0, false
	}
	for i := 1; i < len(s); i++ {
		if s[i] != c {
			return 0, false
		}
	}
	return c, true
}

// width is a title's length in characters.
func width(s string) int { return len([]rune(strings.TrimSpace(s))) }

// underlines reports whether adornment line u underlines title t: at
// least as long, or (as docutils allows with a warning) four or more.
func underlines(u, t string) bool {
	_, ok := adornment(u)
	return ok && !isBlank(t) && (len(u) >= width(t) || len(u) >= 4)
}

// fieldLine matches a field ":name: value" of a field list.
var fieldLine = regexp.MustCompile(`^:((?:[^:\\` + "`" + `]|\\.)+):(?:\s+(.*))?$`)

// docinfo drops the field list a page opens with (":orphan:",
// ":description: …", Sphinx's file-wide metadata): its description is
// a keyword, as a Markdown page's front matter description is.
func (r *rstReader) docinfo(lines []string) []string {
	i := 0
	for i < len(lines) && isBlank(lines[i]) {
		i++
	}
	start := i
	for i < len(lines) {
		m := fieldLine.FindStringSubmatch(lines[i])
		if m == nil {
			break
		}
		j := i + 1
		val := m[2]
		for j < len(lines) && !isBlank(lines[j]) && indentOf(lines[j]) > 0 {
			val += " " + strings.TrimSpace(lines[j])
			j++
		}
		if name := strings.ToLower(m[1]); name == "description" || name == "keywords" {
			r.addKeywords(name, val)
		}
		i = j
	}
	if i == start {
		return lines
	}
	return lines[i:]
}

// addKeywords keeps a page's description, or its comma-separated
// keywords, as keywords.
func (r *rstReader) addKeywords(name, val string) {
	if name == "keywords" {
		for _, k := range strings.Split(val, ",") {
			r.keywords = append(r.keywords, k)
		}
		return
	}
	r.keywords = append(r.keywords, val)
}

var (
	// targetLine is a hyperlink target ".. _name: URL" (URL empty for an
	// internal target); substLine a substitution definition.
	targetLine = regexp.MustCompile("^\\s*\\.\\. _(`[^`]+`|[^:`]+|[^:]*\\\\:[^:]*):(?:\\s+(.*))?$")
	substLine  = regexp.MustCompile(`^\s*\.\. \|([^|]+)\|\s+([\w:-]+)::\s*(.*)$`)
)

// maxLookahead bounds how far collect reads on from a target or a
// substitution definition (its URL or text over several lines, the
// title a label stands before), so that a page of them is read once.
const maxLookahead = 64

// collect reads the page's hyperlink targets and substitution definitions,
// which a reference may use before they are defined.
func (r *rstReader) collect(lines []string) {
	for i, l := range lines {
		if m := targetLine.FindStringSubmatch(l); m != nil {
			name := rstRefName(strings.Trim(m[1], "`"))
			url := m[2]
			for j := i + 1; url != "" && j < min(len(lines), i+maxLookahead) && !isBlank(lines[j]) && indentOf(lines[j]) > indentOf(l); j++ {
				url += strings.TrimSpace(lines[j])
			}
			if url = strings.ReplaceAll(url, " ", ""); url != "" {
				r.targets[name] = url
				continue
			}
			// A label: the title of the section it stands before.
			for j := i + 1; j < min(len(lines), i+maxLookahead); j++ {
				if isBlank(lines[j]) || strings.HasPrefix(strings.TrimLeft(lines[j], " "), ".. _") {
					continue
				}
				if _, ok := adornment(lines[j]); ok && j+1 < len(lines) {
					j++
				}
				r.labels[name] = ""
				if j+1 < len(lines) && underlines(lines[j+1], lines[j]) {
					r.labels[name] = strings.TrimSpace(lines[j])
				}
				break
			}
			continue
		}
		if m := substLine.FindStringSubmatch(l); m != nil {
			name := strings.ToLower(strings.TrimSpace(m[1]))
			switch m[2] {
			case "replace":
				val := m[3]
				for j := i + 1; j < min(len(lines), i+maxLookahead) && !isBlank(lines[j]) && indentOf(lines[j]) > indentOf(l); j++ {
					val += " " + strings.TrimSpace(lines[j])
				}
				r.subs[name] = val
			case "image":
				for j := i + 1; j < min(len(lines), i+maxLookahead) && !isBlank(lines[j]) && indentOf(lines[j]) > indentOf(l); j++ {
					if f := fieldLine.FindStringSubmatch(strings.TrimSpace(lines[j])); f != nil && f[1] == "alt" {
						r.subs[name] = f[2]
					}
				}
			}
		}
	}
	// An indirect target (".. _a: b_") leads where b does.
	for name, url := range r.targets {
		if ref, ok := strings.CutSuffix(url, "_"); ok {
			if u, ok := r.targets[rstRefName(strings.Trim(ref, "`"))]; ok && !strings.HasSuffix(u, "_") {
				r.targets[name] = u
			} else {
				delete(r.targets, name)
			}
		}
	}
}

// rstRefName folds a reference name as docutils does: case and white
// space.
func rstRefName(s string) string { return strings.ToLower(collapse(s)) }

var (
	bulletItem = regexp.MustCompile(`^([-*+•‣⁃])( +|$)`)
	enumItem   = regexp.MustCompile(`^(\(?(?:\d+|#|[a-zA-Z])[.)])( +|$)`)
)

// body writes the blocks of lines, dedented; top is the page's own level,
// where section titles are.
func (r *rstReader) body(lines []string, top bool) {
	if r.nest >= maxRSTNesting {
		// Deeper blocks are read as one paragraph of their words.
		r.out.WriteString("<p>" + html.EscapeString(strings.Join(lines, " ")) + "</p>\n")
		return
	}
	r.nest++
	defer func() { r.nest-- }()
	for i := 0; i < len(lines); {
		l := lines[i]
		if r.inTabs && !isBlank(l) && !continuesTabs(l) {
			r.out.WriteString(tabsEndMark + "\n")
			r.inTabs = false
		}
		switch {
		case isBlank(l):
			i++
		case indentOf(l) > 0:
			// A block quote: its blocks, as the HTML reader reads <blockquote>.
			j := indented(lines, i)
			r.out.WriteString("<blockquote>")
			r.body(dedent(lines[i:j]), false)
			r.out.WriteString("</blockquote>\n")
			i = max(j, i+1)
		case top && r.overlined(lines, i):
			c, _ := adornment(l)
			r.heading(lines[i+1], "o"+string(c))
			i += 3
		case top && i+1 < len(lines) && underlines(lines[i+1], l) && !isAdornmentOnly(l):
			c, _ := adornment(lines[i+1])
			r.heading(l, "u"+string(c))
			i += 2
		case isTransition(l):
			i++
		case l == ".." || strings.HasPrefix(l, ".. "):
			i = r.explicit(lines, i)
		case bulletItem.MatchString(l):
			i = r.list(lines, i, bulletItem, "ul")
		case enumItem.MatchString(l) && (i+1 >= len(lines) || isBlank(lines[i+1]) || indentOf(lines[i+1]) > 0 || enumItem.MatchString(lines[i+1])):
			i = r.list(lines, i, enumItem, "ol")
		case fieldLine.MatchString(l):
			i = r.fields(lines, i)
		case strings.HasPrefix(l, "+-") || strings.HasPrefix(l, "+="):
			i = r.gridTable(lines, i)
		case isSimpleTableBorder(l):
			i = r.simpleTable(lines, i)
		case l == "|" || strings.HasPrefix(l, "| "):
			i = r.lineBlock(lines, i)
		case strings.HasPrefix(l, ">>>"):
			j := i
			for j < len(lines) && !isBlank(lines[j]) {
				j++
			}
			r.pre(lines[i:j])
			i = j
		default:
			i = r.paragraph(lines, i)
		}
	}
}

// continuesTabs reports whether an unindented line leaves a set of tabs
// open: a tab directive, a container of tabs, or a comment or target,
// which write nothing.
func continuesTabs(l string) bool {
	m := directiveLine.FindStringSubmatch(l)
	if m == nil {
		return strings.HasPrefix(l, "..") && indentOf(l) == 0
	}
	return tabDirectives[strings.ToLower(m[1])]
}

// overlined reports whether lines[i] opens a title with an overline.
func (r *rstReader) overlined(lines []string, i int) bool {
	c, ok := adornment(lines[i])
	if !ok || i+2 >= len(lines) || isBlank(lines[i+1]) {
		return false
	}
	c2, ok := adornment(lines[i+2])
	return ok && c2 == c && !isAdornmentOnly(lines[i+1])
}

// isAdornmentOnly reports whether s is an adornment line, no title.
func isAdornmentOnly(s string) bool {
	_, ok := adornment(s)
	return ok
}

// isTransition matches a transition, dropped: a line of four or more of
// one punctuation character ("::" and ".." are markup).
func isTransition(s string) bool { return len(s) >= 4 && isAdornmentOnly(s) && !isSimpleTableBorder(s) }

// heading writes a section title at the level of its style.
func (r *rstReader) heading(title, style string) {
	level := 0
	for i, s := range r.styles {
		if s == style {
			level = i + 1
		}
	}
	if level == 0 {
		r.styles = append(r.styles, style)
		level = len(r.styles)
	}
	r.level = min(level, 6)
	r.out.WriteString("<h" + string(rune('0'+r.level)) + ">" + r.inline(strings.TrimSpace(title)) + "</h" + string(rune('0'+r.level)) + ">\n")
}

// paragraph writes the paragraph at lines[i] (or the definition list it
// opens) and the literal block a closing "::" introduces; it returns the
// line after them.
func (r *rstReader) paragraph(lines []string, i int) int {
	j := i
	for j < len(lines) && !isBlank(lines[j]) && indentOf(lines[j]) == 0 {
		j++
	}
	if j == i+1 && j < len(lines) && !isBlank(lines[j]) && indentOf(lines[j]) > 0 {
		return r.definitions(lines, i)
	}
	text := strings.Join(lines[i:j], "\n")
	literal := false
	if t, ok := strings.CutSuffix(text, "::"); ok {
		literal = true
		switch {
		case t == "" || strings.HasSuffix(t, " ") || strings.HasSuffix(t, "\n"):
			text = strings.TrimSpace(t)
		default:
			text = t + ":"
		}
	}
	if text != "" {
		r.out.WriteString("<p>" + r.inline(text) + "</p>\n")
	}
	if !literal {
		return j
	}
	for j < len(lines) && isBlank(lines[j]) {
		j++
	}
	if j < len(lines) && indentOf(lines[j]) > 0 {
		k := indented(lines, j)
		r.pre(dedent(lines[j:k]))
		return k
	}
	return j
}

// pre writes lines as preformatted text (a literal or code block).
func (r *rstReader) pre(lines []string) {
	for len(lines) > 0 && isBlank(lines[0]) {
		lines = lines[1:]
	}
	if len(lines) == 0 {
		return
	}
	r.out.WriteString("<pre>" + html.EscapeString(strings.Join(lines, "\n")) + "</pre>\n")
}

// definitions writes the definition list at lines[i]: a term, its
// definition indented under it.
func (r *rstReader) definitions(lines []string, i int) int {
	r.out.WriteString("<dl>")
	for i < len(lines) && !isBlank(lines[i]) && indentOf(lines[i]) == 0 && i+1 < len(lines) && !isBlank(lines[i+1]) && indentOf(lines[i+1]) > 0 {
		term, _, _ := strings.Cut(lines[i], " : ") // a classifier follows
		j := indented(lines, i+1)
		r.out.WriteString("<dt>" + r.inline(term) + "</dt><dd>")
		r.lists++
		r.body(dedent(lines[i+1:j]), false)
		r.lists--
		r.out.WriteString("</dd>")
		for i = j; i < len(lines) && isBlank(lines[i]); i++ {
		}
	}
	r.out.WriteString("</dl>\n")
	return i
}

// list writes the bullet or enumerated list at lines[i]: each item's
// text, with the lines indented under it, read as blocks of their own.
func (r *rstReader) list(lines []string, i int, marker *regexp.Regexp, tag string) int {
	r.out.WriteString("<" + tag + ">")
	for i < len(lines) {
		m := marker.FindStringSubmatch(lines[i])
		if m == nil {
			break
		}
		width := len(m[0])
		item := []string{strings.Repeat(" ", width) + lines[i][width:]}
		j := i + 1
		for j < len(lines) && (isBlank(lines[j]) || indentOf(lines[j]) > 0) {
			j++
		}
		for j > i+1 && isBlank(lines[j-1]) {
			j--
		}
		item = append(item, lines[i+1:j]...)
		r.out.WriteString("<li>")
		r.lists++
		r.body(dedent(item), false)
		r.lists--
		r.out.WriteString("</li>")
		for i = j; i < len(lines) && isBlank(lines[i]); i++ {
		}
	}
	r.out.WriteString("</" + tag + ">\n")
	return i
}

// fields writes a field list in the text (":param x: …") as items
// "name: value".
func (r *rstReader) fields(lines []string, i int) int {
	r.out.WriteString("<ul>")
	for i < len(lines) {
		m := fieldLine.FindStringSubmatch(lines[i])
		if m == nil {
			break
		}
		j := indented(lines, i+1)
		item := append([]string{m[1] + ": " + m[2]}, dedent(lines[i+1:j])...)
		r.out.WriteString("<li>")
		r.lists++
		r.body(item, false)
		r.lists--
		r.out.WriteString("</li>")
		for i = j; i < len(lines) && isBlank(lines[i]); i++ {
		}
	}
	r.out.WriteString("</ul>\n")
	return i
}

// lineBlock writes a line block ("| text"), each line a paragraph.
func (r *rstReader) lineBlock(lines []string, i int) int {
	for i < len(lines) && (lines[i] == "|" || strings.HasPrefix(lines[i], "| ") || !isBlank(lines[i]) && indentOf(lines[i]) > 0) {
		if t := strings.TrimSpace(strings.TrimPrefix(lines[i], "|")); t != "" {
			r.out.WriteString("<p>" + r.inline(t) + "</p>\n")
		}
		i++
	}
	return i
}

// rstLabels are the labels of a page's lines (".. _label:"), folded, with
// the title of the section each stands before ("" for none).
func rstLabels(lines []string) map[string]string {
	r := &rstReader{targets: map[string]string{}, labels: map[string]string{}, subs: map[string]string{}}
	r.collect(lines)
	return r.labels
}

// rstTitle is the first section title of a page's lines, or "".
func rstTitle(lines []string) string {
	for i, l := range lines {
		if c, ok := adornment(l); ok && i+2 < len(lines) && !isBlank(lines[i+1]) {
			if c2, ok := adornment(lines[i+2]); ok && c2 == c {
				return collapse(lines[i+1])
			}
		}
		if i+1 < len(lines) && indentOf(l) == 0 && !isAdornmentOnly(l) && underlines(lines[i+1], l) {
			return collapse(l)
		}
	}
	return ""
}

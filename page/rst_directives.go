package page

import (
	"encoding/csv"
	"html"
	"regexp"
	"strings"
)

// Explicit markup of reStructuredText: directives, comments, targets,
// footnotes, substitution definitions; and tables.

// directiveLine matches ".. name:: arguments".
var directiveLine = regexp.MustCompile(`^\.\.\s+([\w][\w:.+-]*)::(?:\s+(.*))?$`)

// footnoteLine matches a footnote or citation ".. [1] text".
var footnoteLine = regexp.MustCompile(`^\.\.\s+\[([^\]\s]+)\](?:\s+(.*))?$`)

// explicit writes the explicit markup block at lines[i] and returns the
// line after it.
func (r *rstReader) explicit(lines []string, i int) int {
	j := indented(lines, i+1)
	body := dedent(lines[i+1 : j])
	l := lines[i]
	switch {
	case targetLine.MatchString(l), substLine.MatchString(l), strings.HasPrefix(l, ".. __:"):
		// read by collect
	case footnoteLine.MatchString(l):
		m := footnoteLine.FindStringSubmatch(l)
		r.body(append([]string{m[2]}, body...), false)
	case directiveLine.MatchString(l):
		m := directiveLine.FindStringSubmatch(l)
		r.directive(strings.ToLower(m[1]), strings.TrimSpace(m[2]), body)
	default:
		// a comment
	}
	return max(j, i+1)
}

// directive parts: its arguments' lines go on until the options or a
// blank line; its options (":name: value") follow; its content follows
// a blank line.
func directiveParts(args string, body []string) (string, map[string]string, []string) {
	i := 0
	for i < len(body) && !isBlank(body[i]) && !fieldLine.MatchString(body[i]) {
		args += " " + strings.TrimSpace(body[i])
		i++
	}
	opts := map[string]string{}
	for i < len(body) && !isBlank(body[i]) {
		if m := fieldLine.FindStringSubmatch(body[i]); m != nil {
			opts[strings.ToLower(m[1])] = m[2]
		}
		i++
	}
	return strings.TrimSpace(args), opts, body[i:]
}

// admonitionKinds are the admonitions docutils and Sphinx define, by the
// kind their label names.
var admonitionKinds = map[string]string{
	"note": "note", "warning": "warning", "tip": "tip", "important": "important", "caution": "caution",
	"attention": "attention", "danger": "danger", "error": "error", "hint": "hint", "seealso": "see also",
	"todo": "todo",
}

// versionLabels are Sphinx's version notes, labelled as it writes them,
// in reStructuredText and MyST alike; their argument is a version.
var versionLabels = map[string]string{
	"versionadded": "New in version", "versionchanged": "Changed in version", "deprecated": "Deprecated since version",
	"versionremoved": "Removed in version",
}

// droppedDirectives build the site, not the page (navigation, indexes,
// metadata, settings of the build), or hold what is not text (math,
// diagrams, raw output, a source file pulled in).
var droppedDirectives = map[string]bool{
	"contents": true, "index": true, "highlight": true, "sectnum": true, "raw": true,
	"literalinclude": true, "math": true, "graphviz": true, "digraph": true, "graph": true, "mermaid": true,
	"plot": true, "autosummary": true, "currentmodule": true, "module": true, "default-role": true, "role": true,
	"tabularcolumns": true, "target-notes": true, "header": true, "footer": true, "title": true, "class": true,
	"rst-class": true, "highlightlang": true, "codeauthor": true, "sectionauthor": true, "moduleauthor": true,
	"jinja": true, "uml": true, "spelling:word-list": true, "program": true, "default-domain": true,
}

// directive writes one directive: name lower case, args its first line's
// rest, body the lines indented under it.
func (r *rstReader) directive(name, args string, body []string) {
	if kind, ok := admonitionKinds[name]; ok {
		// Content may start on the directive's own line.
		content := skipOptions(body)
		if args != "" {
			content = append([]string{args}, content...)
		}
		r.note(kind, "", content)
		return
	}
	args, opts, content := directiveParts(args, body)
	switch {
	case name == "admonition":
		r.note(strings.ToLower(opts["class"]), args, content)
	case versionLabels[name] != "":
		version, text, _ := strings.Cut(args, " ")
		label := versionLabels[name] + " " + version + ":"
		r.out.WriteString(`<div class="` + name + `">`)
		r.labelled(label, false, append([]string{text}, content...))
		r.out.WriteString("</div>\n")
	case name == "code-block" || name == "code" || name == "sourcecode" || name == "parsed-literal" || name == "code-tab" && r.lists > 0:
		r.pre(content)
	case name == "meta":
		for _, l := range body {
			if m := fieldLine.FindStringSubmatch(strings.TrimSpace(l)); m != nil {
				if n := strings.ToLower(m[1]); n == "description" || n == "keywords" {
					r.addKeywords(n, m[2])
				}
			}
		}
	case name == "include":
		r.include(args, opts)
	case name == "image":
		if alt := collapse(opts["alt"]); alt != "" {
			r.out.WriteString("<p>(" + html.EscapeString(alt) + ")</p>\n")
		}
	case name == "figure":
		if alt := collapse(opts["alt"]); alt != "" {
			r.out.WriteString("<p>(" + html.EscapeString(alt) + ")</p>\n")
		}
		r.body(content, false)
	case tabDirectives[name] && name != "tabs" && name != "tab-set":
		label := args
		if name == "code-tab" {
			lang, rest, _ := strings.Cut(args, " ")
			if label = strings.TrimSpace(rest); label == "" {
				label = lang
			}
		}
		r.tab(label, content, name == "code-tab")
	case name == "topic" || name == "sidebar" || name == "rubric":
		if args != "" {
			r.out.WriteString("<p>" + r.inline(args) + "</p>\n")
		}
		r.body(content, false)
	case name == "list-table":
		r.listTable(content, opts)
	case name == "csv-table":
		r.csvTable(content, opts)
	case name == "toctree":
		r.toctree(parseToctree(body))
	case droppedDirectives[name] || strings.HasPrefix(name, "auto"):
	case strings.Contains(name, ":") && args != "":
		// An object of a domain (py:function): its signature, and what
		// is said of it, as Sphinx writes them.
		r.out.WriteString("<dl><dt>" + html.EscapeString(args) + "</dt><dd>")
		r.lists++
		r.body(content, false)
		r.lists--
		r.out.WriteString("</dd></dl>\n")
	default:
		// Containers (only, container, tabs, tab-set, glossary, …) and
		// directives of extensions this reader does not know: their content.
		r.body(content, false)
	}
}

// toctree writes a toctree as Sphinx shows it: its caption, then a list
// of links to the pages it names.
func (r *rstReader) toctree(t toctree) {
	if t.hidden || len(t.entries) == 0 {
		return
	}
	if t.caption != "" {
		r.out.WriteString("<p>" + html.EscapeString(t.caption) + "</p>\n")
	}
	r.out.WriteString("<ul>")
	for _, e := range t.entries {
		r.out.WriteString("<li>" + link(e.target, e.entryTitle(r.folder.docTitle)) + "</li>")
	}
	r.out.WriteString("</ul>\n")
}

// skipOptions drops a directive's options when they come first.
func skipOptions(lines []string) []string {
	i := 0
	for i < len(lines) && fieldLine.MatchString(lines[i]) {
		i++
	}
	return lines[i:]
}

// note writes an admonition as the other readers do: a note whose label
// ("Note:", its title) opens its text, marked by its kind so that the
// HTML reader holds a note that opens a section back (asideNote) and a
// warning in place.
func (r *rstReader) note(kind, title string, content []string) {
	label := admonitionLabel(kind, title, r.env.lang)
	class := strings.ReplaceAll(kind, " ", "")
	if class == "" {
		class = "note"
	}
	r.out.WriteString(`<div class="admonition ` + html.EscapeString(class) + `">`)
	r.labelled(label, true, content)
	r.out.WriteString("</div>\n")
}

// labelled writes content with label opening its first paragraph, marked
// as a note's title when note is set (noteLabel; a version note's label
// is history, read by its words).
func (r *rstReader) labelled(label string, note bool, content []string) {
	sub := r.sub()
	sub.body(content, false)
	s := sub.out.String()
	r.keywords = append(r.keywords, sub.keywords...)
	if label == "" {
		r.out.WriteString(s)
		return
	}
	if label = html.EscapeString(label); note {
		label = noteLabel(label)
	}
	if rest, ok := strings.CutPrefix(s, "<p>"); ok {
		r.out.WriteString("<p>" + label + " " + rest)
		return
	}
	r.out.WriteString("<p>" + label + "</p>\n" + s)
}

// tabDirectives are the directives of tabs (sphinx-tabs, sphinx-design,
// sphinx-inline-tabs) and of their sets.
var tabDirectives = map[string]bool{"tab": true, "group-tab": true, "tab-item": true, "code-tab": true, "tabs": true, "tab-set": true}

// tab writes one tab of a set (sphinx-tabs, sphinx-design) as a heading
// one level below its section, marked as a tab, and its content; inside a
// list item, where a heading would cut the item, as a labelled paragraph.
func (r *rstReader) tab(label string, content []string, code bool) {
	sub := r.sub()
	if code {
		sub.pre(content)
	} else {
		sub.body(content, false)
	}
	r.keywords = append(r.keywords, sub.keywords...)
	if strings.TrimSpace(sub.out.String()) == "" {
		return // only what the build generates (pip's command usage)
	}
	label = collapse(label)
	if label != "" {
		if r.lists > 0 {
			r.out.WriteString(`<p role="tab">` + r.inline(label) + ":</p>\n")
		} else {
			level := string(rune('0' + min(r.level+1, 6)))
			r.out.WriteString(`<h` + level + ` role="tab">` + r.inline(label) + "</h" + level + ">\n")
		}
	}
	r.out.WriteString(sub.out.String())
	r.inTabs = label != "" && r.lists == 0
}

// sub is a reader of part of the page, written aside.
func (r *rstReader) sub() *rstReader {
	return &rstReader{env: r.env, folder: r.folder, styles: r.styles, level: r.level, lists: r.lists, nest: r.nest,
		budget: r.budget, targets: r.targets, labels: r.labels, subs: r.subs}
}

// include reads a file of the folder into the page: reStructuredText,
// or with :literal: or :code: as preformatted text. A file outside the
// folder, or too deep in includes, is left out.
func (r *rstReader) include(name string, opts map[string]string) {
	if r.env.include == nil || r.env.depth >= maxIncludeDepth || name == "" || strings.HasPrefix(name, "<") {
		return
	}
	raw, ok := r.env.include(strings.TrimPrefix(name, "/"))
	if !ok {
		return
	}
	text, err := decodeHTML(raw, "utf-8")
	if err != nil {
		return
	}
	lines := rstLines(string(text))
	if r.budget != nil {
		if *r.budget < len(lines) {
			return // the page is as long as a page may be
		}
		*r.budget -= len(lines)
	}
	if _, literal := opts["literal"]; literal {
		r.pre(lines)
		return
	}
	if _, code := opts["code"]; code {
		r.pre(lines)
		return
	}
	r.env.depth++
	defer func() { r.env.depth-- }()
	lines = r.docinfo(lines)
	r.collect(lines)
	r.body(lines, true)
}

// listTable writes a list-table: a list of rows, each a list of cells.
func (r *rstReader) listTable(content []string, opts map[string]string) {
	var rows [][]string
	for _, row := range bulletItems(content) {
		var cells []string
		for _, cell := range bulletItems(row) {
			cells = append(cells, strings.Join(cell, "\n"))
		}
		rows = append(rows, cells)
	}
	r.table(rows, opts["header-rows"] != "" && opts["header-rows"] != "0")
}

// bulletItems returns the items of the bullet list in lines (other lines
// are skipped), each item its lines with the marker made spaces, dedented.
func bulletItems(lines []string) [][]string {
	var items [][]string
	for i := 0; i < len(lines); {
		m := bulletItem.FindStringSubmatch(lines[i])
		if m == nil {
			i++
			continue
		}
		j := indented(lines, i+1)
		items = append(items, dedent(append([]string{strings.Repeat(" ", len(m[0])) + lines[i][len(m[0]):]}, lines[i+1:j]...)))
		i = j
	}
	return items
}

// csvTable writes a csv-table's rows (its :header: option first).
func (r *rstReader) csvTable(content []string, opts map[string]string) {
	var rows [][]string
	read := func(s string) {
		c := csv.NewReader(strings.NewReader(s))
		c.FieldsPerRecord = -1
		c.LazyQuotes = true
		c.TrimLeadingSpace = true
		recs, _ := c.ReadAll()
		rows = append(rows, recs...)
	}
	header := opts["header"] != ""
	if header {
		read(opts["header"])
	}
	read(strings.Join(content, "\n"))
	r.table(rows, header)
}

// table writes rows of cells (reStructuredText each) as an HTML table.
func (r *rstReader) table(rows [][]string, header bool) {
	if len(rows) == 0 {
		return
	}
	r.out.WriteString("<table>")
	for i, row := range rows {
		cell := "td"
		if i == 0 && header {
			cell = "th"
		}
		r.out.WriteString("<tr>")
		for _, c := range row {
			r.out.WriteString("<" + cell + ">" + r.inline(collapse(c)) + "</" + cell + ">")
		}
		r.out.WriteString("</tr>")
	}
	r.out.WriteString("</table>\n")
}

// isSimpleTableBorder matches a simple table's border: runs of "=" parted
// by spaces, two columns or more.
func isSimpleTableBorder(s string) bool {
	return strings.HasPrefix(s, "=") && strings.Contains(strings.TrimRight(s, " "), " ") && strings.Trim(s, "= ") == ""
}

// simpleTable writes the simple table at lines[i]: its columns are the
// border's runs of "=", its rows the lines between borders (a line whose
// first column is blank continues the row above).
func (r *rstReader) simpleTable(lines []string, i int) int {
	border := lines[i]
	var cols [][2]int
	for k := 0; k < len(border); {
		if border[k] != '=' {
			k++
			continue
		}
		e := k
		for e < len(border) && border[e] == '=' {
			e++
		}
		cols = append(cols, [2]int{k, e})
		k = e
	}
	var rows [][]string
	header, borders := false, 1
	j := i + 1
	for j < len(lines) {
		l := lines[j]
		if isSimpleTableBorder(l) {
			j++
			if j >= len(lines) || isBlank(lines[j]) {
				break // the closing border
			}
			if borders == 1 {
				header = len(rows) > 0
			}
			borders++
			continue
		}
		if isBlank(l) {
			if j+1 < len(lines) && isBlank(lines[j+1]) {
				break // no closing border
			}
			j++
			continue
		}
		j++
		if strings.Trim(l, "- ") == "" {
			continue // a column span's underline
		}
		cells := make([]string, len(cols))
		for c, col := range cols {
			end := col[1]
			if c == len(cols)-1 {
				end = len(l)
			}
			if col[0] < len(l) {
				cells[c] = strings.TrimSpace(l[col[0]:min(end, len(l))])
			}
		}
		if cells[0] == "" && len(rows) > 0 {
			last := rows[len(rows)-1]
			for c := range cells {
				last[c] = strings.TrimSpace(last[c] + " " + cells[c])
			}
			continue
		}
		rows = append(rows, cells)
	}
	r.table(rows, header)
	return j
}

// gridTable writes the grid table at lines[i]: its columns are the "+" of
// its first border, a row the lines between two borders, each cell's
// lines joined.
func (r *rstReader) gridTable(lines []string, i int) int {
	border := lines[i]
	var cuts []int
	for k, c := range border {
		if c == '+' {
			cuts = append(cuts, k)
		}
	}
	var rows [][]string
	header := false
	var cur []string
	j := i + 1
	for ; j < len(lines) && (strings.HasPrefix(lines[j], "+") || strings.HasPrefix(lines[j], "|")); j++ {
		l := lines[j]
		if strings.HasPrefix(l, "+") {
			if cur != nil {
				rows = append(rows, cur)
				cur = nil
			}
			if strings.HasPrefix(l, "+=") {
				header = len(rows) == 1
			}
			continue
		}
		if cur == nil {
			cur = make([]string, max(len(cuts)-1, 1))
		}
		for c := 0; c+1 < len(cuts) && cuts[c]+1 < len(l); c++ {
			cur[c] += " " + strings.TrimRight(strings.TrimLeft(l[cuts[c]+1:min(cuts[c+1], len(l))], " |"), " |")
		}
	}
	if cur != nil {
		rows = append(rows, cur)
	}
	r.table(rows, header)
	return j
}

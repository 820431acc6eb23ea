package page

import (
	"bytes"
	"regexp"
	"strings"
)

// MyST Markdown, the Markdown of Sphinx projects (pip, Jupyter Book):
// directives are fences whose info string is {name} (```{note},
// :::{note}), roles are a code span after {name} ({doc}`installation`),
// "(label)=" lines are cross-reference targets and "%" lines comments.
// Admonitions become labelled notes as Docusaurus admonitions do, tabs
// become tabs, a table of contents and its kin are dropped, code-block is
// a code block; a directive the reader does not know stays what CommonMark
// makes of it, a code block. Option lines (":maxdepth: 1") never reach text.

// mystBlock is an open MyST directive.
type mystBlock struct {
	marker string // its fence: "```", "````", ":::"
	drop   bool   // its content is dropped (a table of contents)
	toc    bool   // a toctree: its lines are held in tocLines, written when it closes
	tabs   bool   // it opened a tab group (tab-set, or a sphinx-inline-tabs tab)
	note   bool   // it is an admonition
	// version: a version note, which may have no text ("```{versionadded}
	// 6.0" and its fence): its label then ends as Sphinx's, with a period.
	version bool
	// tocLines are a toctree's lines, options and entries.
	tocLines []string
}

var (
	mystFence = regexp.MustCompile("^(`{3,}|~{3,}|:{3,})\\{([A-Za-z][\\w:.+-]*)\\}\\s*(.*)$")
	// mystTarget is a "(label)=" line: the target of {ref}`label`.
	mystTarget = regexp.MustCompile(`^\([^()\s][^()]*\)=$`)
	// mystOption is a directive's option line right after its fence.
	mystOption = regexp.MustCompile(`^:[\w-]+:(\s|$)`)
	// mystRoleName is a role's {name} that ends the text before a code span.
	mystRoleName = regexp.MustCompile(`\{([A-Za-z][\w:.+-]*)\}$`)
	// mystRoleTarget is a role's "text <target>".
	mystRoleTarget = regexp.MustCompile(`^(.*?)\s*<([^<>]+)>$`)
)

// mystDropped are the directives whose content is no text of the page:
// navigation (contents; a toctree is its links, toctree.go), builder-only content (only, raw),
// metadata (index, meta, highlight) and literalinclude, whose file is
// source code, most often outside the pages folder.
var mystDropped = map[string]bool{
	"contents": true, "tableofcontents": true, "only": true, "raw": true,
	"index": true, "meta": true, "highlight": true, "literalinclude": true,
}

// mystCode are the directives whose content is code.
var mystCode = map[string]bool{"code-block": true, "code": true, "sourcecode": true, "code-cell": true}

// mystNotes are the admonition directives; the value is the label's kind,
// "" where the directive's argument is its title.
var mystNotes = map[string]string{
	"note": "note", "warning": "warning", "tip": "tip", "important": "important", "caution": "caution",
	"attention": "attention", "danger": "danger", "error": "error", "hint": "hint", "seealso": "see-also",
	"admonition": "", "dropdown": "",
}

// hasMyST reports whether src may hold MyST syntax: a directive fence or
// a role (":::" and "%%" are among dialectMarks), a target or comment line.
func hasMyST(src []byte) bool {
	return bytes.Contains(src, []byte("```{")) || bytes.Contains(src, []byte("~~~{")) || bytes.Contains(src, []byte("}`")) ||
		mystLineMark.Match(src)
}

var mystLineMark = regexp.MustCompile(`(?m)^(\([^()\s][^()\n]*\)=|%[ \t]|%$)`)

// mystOptions skips a directive's option lines (":key: value", or a YAML
// block between "---" lines) right after its fence; it reports whether
// the line was one.
func (r *dialectWriter) mystOptions(s string) bool {
	t := strings.TrimSpace(s)
	switch {
	case r.mystYAML:
		if t == "---" {
			r.mystYAML, r.mystOpts = false, false
		}
		return true
	case !r.mystOpts:
		return false
	case mystOption.MatchString(t):
		return true
	case t == "---":
		r.mystYAML = true
		return true
	}
	r.mystOpts = false
	return false
}

// mystLine handles a line outside code that opens or closes a MyST
// directive, or is a target or a comment; it reports whether it did.
func (r *dialectWriter) mystLine(s string) bool {
	t := strings.TrimSpace(s)
	if n := len(r.myst); n > 0 {
		top := r.myst[n-1]
		if len(t) >= len(top.marker) && strings.Trim(t, top.marker[:1]) == "" {
			r.closeMyst()
			return true
		}
		if top.toc {
			r.myst[n-1].tocLines = append(top.tocLines, t)
			return true
		}
		if top.drop {
			return true
		}
	}
	if m := mystFence.FindStringSubmatch(t); m != nil && isFence(t, m[1]) {
		if r.openMyst(m[1], m[2], strings.TrimSpace(m[3]), r.inItem(s)) {
			return true
		}
		r.mystOpts = true // CommonMark's code block, without the options
		return false
	}
	if mystTarget.MatchString(t) || strings.HasPrefix(s, "%") && !strings.HasPrefix(s, "%%") {
		return true
	}
	return false
}

// openMyst opens the directive name with its argument, on a line in the
// list item whose content indent is item (0: none); it reports false for
// a directive it does not know, left to CommonMark as a code block.
func (r *dialectWriter) openMyst(marker, name, arg string, item int) bool {
	name = strings.ToLower(name)
	if i := strings.LastIndexByte(name, ':'); i >= 0 {
		name = name[i+1:] // "py:function", "std:note": the name without its domain
	}
	b := mystBlock{marker: marker}
	switch {
	case name == "include":
		r.mystOpts = true
		b.drop = true
		r.myst = append(r.myst, b)
		r.includeFile(arg)
		return true
	case name == "toctree":
		// Its options are read with its entries (parseToctree).
		b.toc = true
		r.myst = append(r.myst, b)
		return true
	case mystDropped[name]:
		b.drop = true
	case mystCode[name]:
		r.flushLabel()
		lang, _, _ := strings.Cut(arg, " ")
		ticks := strings.Repeat("`", max(3, len(marker)))
		r.fence, r.fenceOut = marker, ticks
		r.mystOpts = true
		r.emit(ticks + lang)
		return true
	case name == "tab-set" || name == "tabs":
		r.tabs = append(r.tabs, tabGroup{level: r.level, item: item})
		b.tabs = true
		r.emit("")
	case name == "tab-item" || name == "tab":
		if name == "tab" { // sphinx-inline-tabs: a tab of the tabs next to it
			r.tabs = append(r.tabs, tabGroup{level: r.level, item: item})
			b.tabs = true
		}
		r.tabHeading(arg)
	case versionLabels[name] != "":
		version, text, _ := strings.Cut(arg, " ")
		b.version = true
		r.openMystNote(&b, name, versionLabels[name]+" "+version, text)
	default:
		kind, ok := mystNotes[name]
		if !ok {
			return false
		}
		title, text := arg, ""
		if kind != "" { // a note's argument is its first line of text
			title, text = "", arg
		}
		r.openMystNote(&b, kind, title, text)
	}
	r.mystOpts = true
	r.myst = append(r.myst, b)
	return true
}

// openMystNote opens an admonition as a Docusaurus one is opened: held
// back when it opens a section, labelled with its title or kind; text is
// its first line written on the fence.
func (r *dialectWriter) openMystNote(b *mystBlock, kind, title, text string) {
	b.note = true
	r.flushLabel()
	r.emit("")
	r.holdAside('m', kind, len(r.myst)+1)
	r.label = admonitionLabel(kind, title, r.env.lang)
	r.labelIndent = ""
	if !b.version {
		// A version note is history, which the extractor reads by its
		// label (kgbuild's versionNote), not a note's title.
		r.label = noteLabel(r.label)
	}
	if text != "" {
		r.mystOpts = false
		r.body(text)
	}
}

// closeMyst closes the innermost directive.
func (r *dialectWriter) closeMyst() {
	b := r.myst[len(r.myst)-1]
	if b.version && r.label != "" {
		r.label = strings.TrimSuffix(r.label, ":") + "."
	}
	if b.tabs && len(r.tabs) > 0 {
		r.closeTabs()
	}
	if b.toc {
		r.myst = r.myst[:len(r.myst)-1]
		r.toctree(parseToctree(b.tocLines))
		return
	}
	if b.note && r.aside.syntax == 'm' && r.aside.depth == len(r.myst) {
		r.myst = r.myst[:len(r.myst)-1]
		r.endAside()
		return
	}
	r.myst = r.myst[:len(r.myst)-1]
	r.mystOpts = false
	if !b.drop {
		r.flushLabel()
		r.emit("")
	}
}

// toctree writes a toctree as Sphinx shows it: its caption, then a list
// of links to the pages it names.
func (r *dialectWriter) toctree(t toctree) {
	if t.hidden || len(t.entries) == 0 {
		return
	}
	var title func(string) string
	if r.env != nil {
		title = r.env.linkTitle
	}
	r.flushLabel()
	r.emit("")
	if t.caption != "" {
		r.emit(t.caption)
		r.emit("")
	}
	for _, e := range t.entries {
		r.emit("- [" + markdownLinkText.Replace(e.entryTitle(title)) + "](<" + e.target + ">)")
	}
	r.emit("")
}

// markdownLinkText escapes what would end a link's text early.
var markdownLinkText = strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`)

// mystRole renders a role: {doc} a link to the page it names, {ref} to
// the page whose label it names (another page of the folder: env.ref), a
// code role its text as code, {pep} and {rfc} their number named, any
// other its text. "text <target>" is text; a reference with no text is
// the title of the section its label stands before, else its target's
// last part made readable.
func (r *dialectWriter) mystRole(name, content string) string {
	name = roleName(strings.ToLower(name))
	explicit := false
	text, target := content, content
	if m := mystRoleTarget.FindStringSubmatch(content); m != nil && m[1] != "" {
		text, target, explicit = m[1], m[2], true
	} else if m != nil {
		target = m[2]
		text = readableTarget(target)
	} else if name == "doc" || name == "ref" || name == "term" || name == "any" {
		text = readableTarget(content)
	}
	switch name {
	case "ref":
		if r.env == nil || r.env.ref == nil {
			return text
		}
		href, title, ok := r.env.ref(rstRefName(strings.TrimSpace(target)))
		if !ok {
			return text
		}
		if !explicit && title != "" {
			text = title
		}
		if text == "" {
			return ""
		}
		return "[" + markdownLinkText.Replace(text) + "](<" + href + ">)"
	case "doc":
		if text == "" {
			return ""
		}
		target = strings.TrimSpace(target)
		if target == "" || strings.ContainsAny(target, ":<>") {
			return text // another project's page (intersphinx)
		}
		return "[" + text + "](<" + target + ">)"
	case "pep", "rfc":
		return strings.ToUpper(name) + " " + text
	case "file", "command", "samp", "kbd", "code", "literal", "envvar", "option", "program":
		return codeSpan(text)
	case "mod", "func", "class", "meth", "attr", "data", "obj", "exc", "const", "var", "type", "member":
		return codeSpan(objectName(text))
	}
	return text
}

// codeSpan writes text as inline code.
func codeSpan(text string) string {
	if text == "" {
		return ""
	}
	return "`" + strings.ReplaceAll(text, "`", "") + "`"
}

// readableTarget is a cross-reference target made readable: its last
// path part, its domain and extension cut, dashes and underscores spaces
// ("topics/local-project-installs" -> "local project installs").
func readableTarget(target string) string {
	target = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(target, "!"), "~"))
	if i := strings.LastIndexByte(target, ':'); i >= 0 {
		target = target[i+1:]
	}
	target = strings.TrimRight(target, "/")
	if i := strings.LastIndexByte(target, '/'); i >= 0 {
		target = target[i+1:]
	}
	for _, ext := range []string{".md", ".rst", ".ipynb"} {
		target = strings.TrimSuffix(target, ext)
	}
	return collapse(wordSeparators.Replace(target))
}

// roleName is a Sphinx role's name without its domain ("py:func" is
// "func"), as reStructuredText and MyST write it alike.
func roleName(name string) string {
	return name[strings.LastIndexByte(name, ':')+1:]
}

// objectName is how Sphinx shows a reference to an object, in both
// syntaxes: "~a.b.C" as "C", "!x" (not linked) as "x".
func objectName(text string) string {
	text = strings.TrimPrefix(text, "!")
	if rest, ok := strings.CutPrefix(text, "~"); ok {
		return rest[strings.LastIndexByte(rest, '.')+1:]
	}
	return text
}

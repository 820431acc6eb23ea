package page

import (
	"strings"
	"unicode"
)

// Notes: admonitions (Docusaurus ":::note", MkDocs "!!! note", GitBook
// "{% hint %}") and GitHub callouts ("> [!NOTE]") keep their label as
// text ("Note: ..."); a note that opens a section is written after the
// section's own text.

// aside is a note (an admonition or callout) that opens a section, before
// the section's own text: "This article is about the app for Windows".
// It is held back and written at the end of the section's own text, so
// that what the section opens with, and a reply quotes first, is the
// section's answer; nothing is dropped. Warnings keep their place: they
// are to be read before the steps.
type aside struct {
	syntax byte // ':' Docusaurus, '!' MkDocs, '>' a GitHub callout, '%' a GitBook hint, '<' an MDX callout; 0: none held
	// depth is, for ':', the fences opened inside the note; for '!', the
	// number of open MkDocs blocks with the note's own.
	depth int
}

// warningKinds are the admonition kinds that keep their place (the
// Docusaurus, MkDocs Material and GitHub names): a hazard. "Important"
// is not one: help centers use it for what a section's steps assume
// ("These steps need administrator rights", "You need the desktop app
// installed"), which follows the section's own text like a note.
var warningKinds = map[string]bool{
	"caution": true, "warning": true, "danger": true, "attention": true,
	"error": true, "failure": true, "fail": true, "bug": true, "missing": true,
}

// holdAside starts holding a note of kind that opens the section.
func (r *dialectWriter) holdAside(syntax byte, kind string, depth int) {
	if r.started || r.aside.syntax != 0 || warningKinds[strings.ToLower(kind)] {
		return
	}
	r.aside = aside{syntax: syntax, depth: depth}
}

// openNote opens a note of kind, titled title ("" for none), that line s
// opens in the syntax of its dialect: held back while it opens its
// section (holdAside), its label leading its first line.
func (r *dialectWriter) openNote(s string, syntax byte, kind, title string) {
	r.flushLabel()
	r.emit("")
	r.holdAside(syntax, kind, 0)
	r.label = noteLabel(admonitionLabel(kind, title, r.env.lang))
	r.labelIndent = s[:len(s)-len(strings.TrimLeft(s, " \t"))]
}

// closeNote closes a note of syntax at its closing tag: the note held,
// else the label of one that had no text.
func (r *dialectWriter) closeNote(syntax byte) {
	if r.aside.syntax == syntax {
		r.endAside()
		return
	}
	r.flushLabel()
	r.emit("")
}

// endAside ends the note being held.
func (r *dialectWriter) endAside() {
	r.flushLabel()
	r.emit("")
	r.aside = aside{}
}

// writeHeld writes the notes held back, before the section's next heading
// or at the end of the page.
func (r *dialectWriter) writeHeld() {
	if r.held.Len() > 0 {
		r.out.WriteByte('\n') // not a lazy line of the text before
		r.out.Write(r.held.Bytes())
		r.held.Reset()
	}
}

// noteLabelClass marks the element a reader writes a note's label in, so
// that the HTML reader marks the block it opens (Block.NoteTitle). It is
// no "title" class: the cleaner drops a note's short title on an HTML page
// (admonitionTitle), and a reader's label stays text.
const noteLabelClass = "note-label"

// noteLabel writes a note's label (Markdown, as admonitionLabel makes it)
// marked as the note's title: "" stays "".
func noteLabel(label string) string {
	if label == "" {
		return ""
	}
	return `<span class="` + noteLabelClass + `">` + label + `</span>`
}

// admonitionLabel is an admonition's title, else its kind ("note" ->
// "Note:"), in the page's language lang where kindNames has it: an English
// "Note:" led the German pages' notes.
func admonitionLabel(kind, title, lang string) string {
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
	base, _, _ := strings.Cut(lang, "-")
	if name := kindNames[strings.ToLower(base)][strings.ToLower(kind)]; name != "" {
		return name + ":"
	}
	return string(unicode.ToUpper(rune(kind[0]))) + strings.ToLower(kind[1:]) + ":"
}

// kindNames are the usual admonition kinds (Docusaurus, MkDocs) named in
// the languages other than English that help centers are most often
// translated into; a kind not here is named as written.
var kindNames = map[string]map[string]string{
	"de": {"note": "Hinweis", "tip": "Tipp", "info": "Info", "caution": "Vorsicht", "warning": "Warnung", "danger": "Gefahr", "important": "Wichtig"},
	"fr": {"note": "Remarque", "tip": "Astuce", "info": "Info", "caution": "Attention", "warning": "Avertissement", "danger": "Danger", "important": "Important"},
	"es": {"note": "Nota", "tip": "Consejo", "info": "Información", "caution": "Precaución", "warning": "Advertencia", "danger": "Peligro", "important": "Importante"},
	"ja": {"note": "注記", "tip": "ヒント", "info": "情報", "caution": "注意", "warning": "警告", "danger": "危険", "important": "重要"},
}

package page

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"
)

// OpenDocument text (.odt, LibreOffice Writer's format, and .fodt, the
// same in one flat XML file, which a team that keeps its documents in
// version control chooses because it diffs): a document's body is
// content.xml, the styles its paragraphs are built on styles.xml and
// content.xml's automatic styles, its title and language meta.xml. A
// heading is a <text:h> with its outline level, or a paragraph whose style
// is built on "Heading N" or has a default outline level (a document
// converted from Word writes its headings so); a paragraph built on
// "Title" is the title, one built on "Preformatted Text" a line of code.
// Lists nest as written and are numbered or bulleted as their list style
// says at each level. As a Word document is, the document is written as
// plain HTML and read by the HTML reader. Left out: tracked changes,
// comments, footnotes, frames (pictures and text boxes), indexes and
// tables of contents.

// ErrODT is an .odt or .fodt file that is no OpenDocument text (no
// content.xml, or XML that does not parse).
var ErrODT = errors.New("not an OpenDocument text")

// parseODT reads an OpenDocument text, zipped (.odt) or flat (.fodt);
// url is its path in the folder.
func parseODT(raw []byte, url string, flat bool) (*Document, error) {
	w := odtWriter{styles: map[string]odtStyle{}, listStyles: map[string][]bool{}}
	if flat {
		if err := w.read(raw); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrODT, err)
		}
	} else {
		zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrODT, err)
		}
		content, err := readZipPart(zr, "content.xml", ErrODT)
		if err != nil {
			return nil, err
		}
		if content == nil {
			return nil, fmt.Errorf("%w: no content.xml", ErrODT)
		}
		// Styles and properties first: the body's paragraphs name them.
		for _, name := range []string{"meta.xml", "styles.xml"} {
			part, err := readZipPart(zr, name, ErrODT)
			if err != nil {
				return nil, err
			}
			if err := w.read(part); err != nil {
				return nil, fmt.Errorf("%w: %s: %v", ErrODT, name, err)
			}
		}
		if err := w.read(content); err != nil {
			return nil, fmt.Errorf("%w: content.xml: %v", ErrODT, err)
		}
	}
	if !w.bodySeen {
		return nil, fmt.Errorf("%w: no document body", ErrODT)
	}
	title := w.metaTitle
	if title == "" {
		title = w.title
	}
	return officePage{body: w.out.Bytes(), title: title, lead: w.lead, leadEnd: w.leadEnd, lang: w.lang}.read(raw, url)
}

// odtStyle is a paragraph style: the style it is built on, and the
// outline level it gives a paragraph (0: none).
type odtStyle struct {
	parent  string
	outline int
}

// odtTableTags are the HTML tags of a table's elements.
var odtTableTags = map[string]string{"table": "table", "table-row": "tr", "table-cell": "td"}

// odtLeftOut are the elements whose content is no text of the page.
var odtLeftOut = map[string]bool{
	"tracked-changes": true, "annotation": true, "annotation-end": true, "note": true,
	"frame": true, "table-of-content": true, "alphabetical-index": true, "illustration-index": true,
	"table-index": true, "object-index": true, "user-index": true, "bibliography": true,
	"sequence-decls": true, "variable-decls": true, "user-field-decls": true, "forms": true,
}

// odtWriter reads a document's XML and writes its body as HTML.
type odtWriter struct {
	styles     map[string]odtStyle
	listStyles map[string][]bool // by name: numbered at each level, outermost first
	out        bytes.Buffer
	bodySeen   bool
	// metaTitle and lang are the document's properties; title the text of
	// its first Title paragraph.
	metaTitle, lang, title string
	// lead is the text of the heading the document opens with, leadEnd
	// where it ends in out.
	lead    string
	leadEnd int

	// While reading:
	listStyle    string // the list style being read
	inListStyle  bool
	defaultStyle bool // reading the default paragraph style
	inBody       bool
	skip         int       // depth inside what is left out
	para         *odtPara  // the paragraph being read
	lists        []odtList // the open lists, outermost first
	deeper       int       // lists open below maxODTListDepth
	cells        int       // depth of table cells open
	metaText     *string   // the property whose text is being read
}

// maxODTListDepth is the deepest list written; a list nested deeper is
// read as the deepest one's items (a Word document's levels stop at 9).
const maxODTListDepth = 9

// odtList is an open list. Its tags are written when text is (openLists):
// a heading LibreOffice numbers is written inside a list, and is no item.
type odtList struct {
	style            string // its list style ("": none named)
	ordered          bool
	open             bool // its tag is written
	inItem, itemOpen bool // inside an item; the item's tag is written
}

// odtPara is the paragraph or heading being read.
type odtPara struct {
	style   string
	outline int // <text:h>'s outline level, 0 for a paragraph
	text    strings.Builder
}

// read reads one XML part (or a flat document): styles into w.styles, the
// properties, and the body into w.out.
func (w *odtWriter) read(raw []byte) error {
	if raw == nil {
		return nil
	}
	dec := xml.NewDecoder(bytes.NewReader(raw))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if w.skip > 0 {
				w.skip++
				continue
			}
			w.start(t)
		case xml.EndElement:
			if w.skip > 0 {
				w.skip--
				continue
			}
			w.end(t)
		case xml.CharData:
			switch {
			case w.skip > 0:
			case w.para != nil:
				w.para.text.WriteString(html.EscapeString(string(t)))
			case w.metaText != nil:
				*w.metaText += string(t)
			}
		}
	}
}

func (w *odtWriter) start(t xml.StartElement) {
	name := t.Name.Local
	if !w.inBody {
		switch name {
		case "title":
			if t.Name.Space == dublinCore {
				w.metaText = &w.metaTitle
			}
		case "language":
			if t.Name.Space == dublinCore && w.lang == "" {
				w.metaText = &w.lang
			}
		case "default-style":
			w.defaultStyle = attrVal(t, "family") == "paragraph"
		case "style":
			if attrVal(t, "family") == "paragraph" {
				outline, _ := strconv.Atoi(attrVal(t, "default-outline-level"))
				w.styles[attrVal(t, "name")] = odtStyle{parent: attrVal(t, "parent-style-name"), outline: outline}
			}
		case "text-properties":
			// The default paragraph style's language, when the
			// properties name none.
			if l := attrVal(t, "language"); w.defaultStyle && w.lang == "" && l != "" && l != "none" {
				w.lang = l
				if c := attrVal(t, "country"); c != "" && c != "none" {
					w.lang += "-" + c
				}
			}
		case "list-style":
			w.listStyle, w.inListStyle = attrVal(t, "name"), true
			w.listStyles[w.listStyle] = nil
		case "list-level-style-number", "list-level-style-bullet", "list-level-style-image":
			if w.inListStyle {
				level, _ := strconv.Atoi(attrVal(t, "level"))
				levels := w.listStyles[w.listStyle]
				for len(levels) < min(level, 10) {
					levels = append(levels, false)
				}
				if level >= 1 && level <= 10 {
					levels[level-1] = name == "list-level-style-number" && attrVal(t, "num-format") != ""
				}
				w.listStyles[w.listStyle] = levels
			}
		case "text":
			if t.Name.Space == odfOffice {
				w.inBody, w.bodySeen = true, true
			}
		}
		return
	}
	if odtLeftOut[name] {
		w.skip = 1
		return
	}
	switch name {
	case "h", "p":
		if w.para != nil {
			return // a paragraph in a paragraph (a frame's caption): its text joins
		}
		w.para = &odtPara{style: attrVal(t, "style-name")}
		if name == "h" {
			w.para.outline, _ = strconv.Atoi(attrVal(t, "outline-level"))
			w.para.outline = max(w.para.outline, 1)
		}
	case "list":
		if w.cells > 0 {
			return // a list in a table cell: its paragraphs join the cell
		}
		if len(w.lists) == maxODTListDepth {
			w.deeper++ // its items are the deepest list's
			return
		}
		style := attrVal(t, "style-name")
		if style == "" && len(w.lists) > 0 {
			style = w.lists[len(w.lists)-1].style
		}
		levels, depth := w.listStyles[style], len(w.lists)+1
		w.lists = append(w.lists, odtList{style: style, ordered: depth <= len(levels) && levels[depth-1]})
	case "list-item", "list-header":
		if w.cells == 0 && len(w.lists) > 0 {
			l := &w.lists[len(w.lists)-1]
			l.inItem, l.itemOpen = true, false
		}
	case "table", "table-row", "table-cell":
		if w.cells == 0 { // a table in a cell: its paragraphs join the cell
			w.out.WriteString("<" + odtTableTags[name] + ">")
		}
		if name == "table-cell" {
			w.cells++
		}
	case "a":
		if w.para != nil {
			w.para.text.WriteString(`<a href="` + html.EscapeString(attrVal(t, "href")) + `">`)
		}
	case "s":
		if w.para != nil {
			n, err := strconv.Atoi(attrVal(t, "c"))
			if err != nil || n < 1 {
				n = 1
			}
			w.para.text.WriteString(strings.Repeat(" ", min(n, 80)))
		}
	case "tab":
		if w.para != nil {
			w.para.text.WriteByte(' ')
		}
	case "line-break":
		if w.para != nil {
			w.para.text.WriteString("<br>")
		}
	}
}

func (w *odtWriter) end(t xml.EndElement) {
	name := t.Name.Local
	if !w.inBody {
		switch name {
		case "title", "language":
			w.metaText = nil
		case "default-style":
			w.defaultStyle = false
		case "list-style":
			w.inListStyle = false
		}
		return
	}
	switch name {
	case "text":
		if t.Name.Space == odfOffice {
			w.inBody = false
		}
	case "h", "p":
		if p := w.para; p != nil {
			w.para = nil
			w.paragraph(p)
		}
	case "list":
		if w.cells == 0 && w.deeper > 0 {
			w.deeper--
			return
		}
		if w.cells == 0 && len(w.lists) > 0 {
			if l := w.lists[len(w.lists)-1]; l.open {
				w.out.WriteString(listTag(l.ordered, true) + "\n")
			}
			w.lists = w.lists[:len(w.lists)-1]
		}
	case "list-item", "list-header":
		if w.cells == 0 && len(w.lists) > 0 {
			l := &w.lists[len(w.lists)-1]
			if l.itemOpen {
				w.out.WriteString("</li>\n")
			}
			l.inItem, l.itemOpen = false, false
		}
	case "table", "table-row", "table-cell":
		if name == "table-cell" {
			w.cells = max(w.cells-1, 0)
		}
		if w.cells == 0 {
			w.out.WriteString("</" + odtTableTags[name] + ">")
		}
	case "a":
		if w.para != nil {
			w.para.text.WriteString("</a>")
		}
	}
}

// openLists writes the tags of the open lists and items not written yet,
// outermost first: text is about to be written in the innermost item.
func (w *odtWriter) openLists() {
	for i := range w.lists {
		l := &w.lists[i]
		if !l.open {
			w.out.WriteString(listTag(l.ordered, false))
			l.open = true
		}
		if l.inItem && !l.itemOpen {
			w.out.WriteString("<li>")
			l.itemOpen = true
		}
	}
}

// Namespaces the properties and the body are told by.
const (
	dublinCore = "http://purl.org/dc/elements/1.1/"
	odfOffice  = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
)

// paragraph writes paragraph p: a heading, the title, a line of code or
// a paragraph (inside a list item or a table cell, part of it).
func (w *odtWriter) paragraph(p *odtPara) {
	text := strings.TrimSpace(p.text.String())
	if text == "" {
		return
	}
	kind, level := w.kindOf(p.style)
	if p.outline > 0 {
		kind, level = "heading", p.outline
	}
	if w.cells > 0 {
		w.out.WriteString(text + " ") // a cell's paragraphs joined
		return
	}
	if len(w.lists) > 0 && kind != "heading" {
		w.openLists()
		w.out.WriteString("<p>" + text + "</p>")
		return
	}
	switch kind {
	case "title":
		if w.title == "" {
			w.title = collapse(html.UnescapeString(tagless(text)))
		}
	case "heading":
		level = min(level+1, 6) // below the document's title
		opens := w.out.Len() == 0
		fmt.Fprintf(&w.out, "<h%d>%s</h%d>\n", level, text, level)
		if opens {
			w.lead, w.leadEnd = collapse(html.UnescapeString(tagless(text))), w.out.Len()
		}
	case "code":
		w.out.WriteString("<pre>" + text + "</pre>\n")
	default:
		w.out.WriteString("<p>" + text + "</p>\n")
	}
}

// kindOf tells what a paragraph of style makes, by the styles it is built
// on: "heading" (and its level), "title", "code" or "".
func (w *odtWriter) kindOf(style string) (string, int) {
	for range 16 { // a chain of styles is short; a loop in one ends here
		st, ok := w.styles[style]
		switch {
		case style == "Title":
			return "title", 0
		case strings.HasPrefix(style, "Heading_20_"):
			if n, err := strconv.Atoi(strings.TrimPrefix(style, "Heading_20_")); err == nil && n >= 1 {
				return "heading", min(n, 6)
			}
		case style == "Preformatted_20_Text":
			return "code", 0
		}
		if st.outline > 0 {
			return "heading", min(st.outline, 6)
		}
		if !ok || st.parent == "" {
			return "", 0
		}
		style = st.parent
	}
	return "", 0
}

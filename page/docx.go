package page

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"errors"
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"
)

// Word documents (.docx, Office Open XML): many teams keep their answers in
// a shared folder of them rather than on a site. A document is a zip of
// XML parts: word/document.xml holds the paragraphs, word/styles.xml what
// each paragraph style is, word/numbering.xml whether a list is numbered,
// the relationships part where each link leads. A heading is a paragraph
// whose style is built on Word's "heading N" (its name, English whatever
// the language of Word that wrote it: a German Word's style id is
// "berschrift1") or has an outline level; a list item one with numbering
// properties, its level from 0. The document is written as plain HTML
// (headings, paragraphs, nested lists, tables, links) and read by the HTML
// reader, as a Markdown page is, so notes, links and cleaning are the same.
// Left out: deleted tracked changes, field instructions, text boxes (Word
// writes each twice, for old readers too) and a table of contents (the
// headings again).

// maxDocxPart bounds how much of one part of a document is decompressed: a
// zip of a few kilobytes can hold gigabytes.
const maxDocxPart = 32 << 20

// ErrDocx is a .docx file that is no Word document (no word/document.xml, or
// a part that is no XML).
var ErrDocx = errors.New("not a Word document")

// parseDOCX reads a Word document; url is its path in the folder.
func parseDOCX(raw []byte, url string) (*Document, error) {
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDocx, err)
	}
	parts := map[string][]byte{}
	for _, name := range []string{"word/document.xml", "word/styles.xml", "word/numbering.xml", "word/_rels/document.xml.rels", "docProps/core.xml"} {
		b, err := readZipPart(zr, name, ErrDocx)
		if err != nil {
			return nil, err
		}
		parts[name] = b
	}
	if parts["word/document.xml"] == nil {
		return nil, fmt.Errorf("%w: no word/document.xml", ErrDocx)
	}
	w := docxWriter{
		styles:  readDocxStyles(parts["word/styles.xml"]),
		ordered: readDocxNumbering(parts["word/numbering.xml"]),
		links:   readDocxLinks(parts["word/_rels/document.xml.rels"]),
	}
	if err := w.body(parts["word/document.xml"]); err != nil {
		return nil, fmt.Errorf("%w: word/document.xml: %v", ErrDocx, err)
	}
	title := docxTitle(parts["docProps/core.xml"])
	if title == "" {
		title = w.title
	}
	return officePage{body: w.out.Bytes(), title: title, lead: w.lead, leadEnd: w.leadEnd, lang: w.lang}.read(raw, url)
}

// officePage is what a word processor's document (a Word document, an
// OpenDocument text) gives its page: its body written as HTML, its title
// (its properties', else its title paragraph's), the heading it opens
// with (lead, ending at leadEnd in body) and its language.
type officePage struct {
	body        []byte
	title, lead string
	leadEnd     int
	lang        string
}

// read reads the page of document raw, url its path in the folder. Not
// the first heading is the title: a document's headings are often its
// sections ("Billing", "Refunds"), none of them its subject. The title is
// the page's heading, and the document's headings sections below it, as
// on a Markdown page. A document that opens with a heading is titled by
// it when it has no title of its own, and does not say its title twice.
func (o officePage) read(raw []byte, url string) (*Document, error) {
	title, body := o.title, o.body
	if o.lead != "" && (title == "" || strings.EqualFold(o.lead, title)) {
		title, body = o.lead, body[o.leadEnd:]
	}
	if title == "" {
		title = titleFromPath(url)
	}
	page := append([]byte("<h1>"+html.EscapeString(title)+"</h1>\n"), body...)
	p, err := parseHTMLPage(page, url, "", nil)
	if err != nil {
		return nil, err
	}
	doc := p.Document
	doc.Title = title
	doc.Lang = langTag(o.lang, false)
	sum := sha256.Sum256(raw)
	doc.ContentHash = hex.EncodeToString(sum[:])
	doc.partAt = headingSlugs(doc.Blocks)
	return doc, nil
}

// headingSlugs names each heading among blocks, the page's title aside,
// by its words ("backing-up-your-data"): where a part of a long document
// opens (see Split). A document file has no address for its sections
// that a viewer opens, so the name tells the part apart, and the link
// opens the file.
func headingSlugs(blocks []Block) []string {
	at := make([]string, len(blocks))
	for i, b := range blocks {
		if i > 0 && b.Kind == Heading {
			at[i] = headingSlug(plainLinks(b))
		}
	}
	return at
}

// headingSlug is a heading's name by its words (headingSlugs).
func headingSlug(heading string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(heading), func(r rune) bool { return !isWordRune(r) }), "-")
}

// readZipPart returns the part named name (nil when there is none), at
// most maxDocxPart bytes of it; a part that cannot be read is an error of
// kind (ErrDocx, ErrODT).
func readZipPart(zr *zip.Reader, name string, kind error) ([]byte, error) {
	for _, f := range zr.File {
		if f.Name != name {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", kind, name, err)
		}
		defer rc.Close()
		b, err := io.ReadAll(io.LimitReader(rc, maxDocxPart+1))
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", kind, name, err)
		}
		if len(b) > maxDocxPart {
			return nil, fmt.Errorf("%s over %d bytes: %w", name, maxDocxPart, ErrTooBig)
		}
		return b, nil
	}
	return nil, nil
}

// docxStyle is what a paragraph style makes of a paragraph.
type docxStyle struct {
	heading int  // 1–6, 0 for none
	title   bool // the document's title
}

// readDocxStyles returns the paragraph styles by id, what each is built on
// followed (a custom "Article heading" based on "heading 2" is a level-2
// heading).
func readDocxStyles(raw []byte) map[string]docxStyle {
	type style struct {
		Type    string `xml:"type,attr"`
		ID      string `xml:"styleId,attr"`
		Name    wVal   `xml:"name"`
		BasedOn wVal   `xml:"basedOn"`
		Outline wVal   `xml:"pPr>outlineLvl"`
	}
	var doc struct {
		Styles []style `xml:"style"`
	}
	if raw == nil || xml.Unmarshal(raw, &doc) != nil {
		return nil
	}
	byID := map[string]style{}
	for _, s := range doc.Styles {
		if s.Type == "paragraph" {
			byID[s.ID] = s
		}
	}
	out := make(map[string]docxStyle, len(byID))
	for id := range byID {
		s := byID[id]
		for depth := 0; depth < 10; depth++ { // a loop of basedOn ends
			name := strings.ToLower(s.Name.Val)
			if name == "title" {
				out[id] = docxStyle{title: true}
				break
			}
			if n, ok := strings.CutPrefix(name, "heading "); ok {
				if lvl, err := strconv.Atoi(n); err == nil && lvl >= 1 {
					out[id] = docxStyle{heading: min(lvl, 6)}
					break
				}
			}
			if lvl, err := strconv.Atoi(s.Outline.Val); err == nil && lvl >= 0 && lvl < 9 {
				out[id] = docxStyle{heading: min(lvl+1, 6)}
				break
			}
			next, ok := byID[s.BasedOn.Val]
			if !ok {
				break
			}
			s = next
		}
	}
	return out
}

// wVal is an element whose value is its w:val attribute.
type wVal struct {
	Val string `xml:"val,attr"`
}

// readDocxNumbering returns, by numbering id and level, whether a list is
// numbered (any format but bullets and none).
func readDocxNumbering(raw []byte) map[string]map[string]bool {
	type level struct {
		Ilvl   string `xml:"ilvl,attr"`
		NumFmt wVal   `xml:"numFmt"`
	}
	var doc struct {
		Abstract []struct {
			ID     string  `xml:"abstractNumId,attr"`
			Levels []level `xml:"lvl"`
		} `xml:"abstractNum"`
		Nums []struct {
			ID       string `xml:"numId,attr"`
			Abstract wVal   `xml:"abstractNumId"`
		} `xml:"num"`
	}
	if raw == nil || xml.Unmarshal(raw, &doc) != nil {
		return nil
	}
	abstract := map[string]map[string]bool{}
	for _, a := range doc.Abstract {
		m := map[string]bool{}
		for _, l := range a.Levels {
			m[l.Ilvl] = l.NumFmt.Val != "bullet" && l.NumFmt.Val != "none" && l.NumFmt.Val != ""
		}
		abstract[a.ID] = m
	}
	out := map[string]map[string]bool{}
	for _, n := range doc.Nums {
		out[n.ID] = abstract[n.Abstract.Val]
	}
	return out
}

// readDocxLinks returns the targets of the document's external links by
// relationship id.
func readDocxLinks(raw []byte) map[string]string {
	var doc struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
			Mode   string `xml:"TargetMode,attr"`
		} `xml:"Relationship"`
	}
	if raw == nil || xml.Unmarshal(raw, &doc) != nil {
		return nil
	}
	out := map[string]string{}
	for _, r := range doc.Rels {
		if r.Mode == "External" {
			out[r.ID] = r.Target
		}
	}
	return out
}

// docxTitle returns the title in the document's properties.
func docxTitle(raw []byte) string {
	var doc struct {
		Title string `xml:"title"`
	}
	if raw == nil || xml.Unmarshal(raw, &doc) != nil {
		return ""
	}
	return collapse(doc.Title)
}

// docxWriter writes a document's body as HTML.
type docxWriter struct {
	styles  map[string]docxStyle
	ordered map[string]map[string]bool
	links   map[string]string
	out     bytes.Buffer
	// title is the text of the first paragraph of the Title style, lang
	// the language the document's first run is marked with.
	title, lang string
	// lead is the text of the heading the document opens with, and
	// leadEnd where it ends in out.
	lead    string
	leadEnd int
	// lists are the lists open, outermost first: true for a numbered one.
	lists []bool
}

// docxPara is one paragraph as it is read.
type docxPara struct {
	style, numID, ilvl string
	outline            int // outline level + 1, 0 for none
	numbered           bool
	text               strings.Builder
}

// body writes the paragraphs and tables of document.xml.
func (w *docxWriter) body(raw []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(raw))
	var p *docxPara
	var cells []string // the row being read, when in a table
	var tables int
	skip := 0  // depth inside what is left out
	link := "" // the target of the link being read
	inText, toc := false, false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if skip > 0 {
				skip++
				continue
			}
			switch t.Name.Local {
			case "del", "instrText", "txbxContent", "Fallback", "delText":
				skip = 1
			case "docPartGallery":
				// A content control of the table of contents:
				// its content, after these properties, is left out.
				toc = strings.HasPrefix(attrVal(t, "val"), "Table of Contents")
			case "sdtContent":
				if toc {
					skip, toc = 1, false
				}
			case "tbl":
				w.closeLists(0)
				if tables == 0 {
					w.out.WriteString("<table>")
				}
				tables++
			case "tr":
				if tables == 1 {
					cells = cells[:0]
				}
			case "tc":
				if tables == 1 {
					cells = append(cells, "")
				}
			case "p":
				p = &docxPara{}
			case "pStyle":
				if p != nil {
					p.style = attrVal(t, "val")
				}
			case "outlineLvl":
				if n, err := strconv.Atoi(attrVal(t, "val")); p != nil && err == nil && n < 9 {
					p.outline = n + 1
				}
			case "ilvl":
				if p != nil {
					p.ilvl = attrVal(t, "val")
				}
			case "numId":
				if p != nil {
					p.numID = attrVal(t, "val")
				}
			case "lang":
				if v := attrVal(t, "val"); w.lang == "" && v != "" {
					w.lang = v
				}
			case "hyperlink":
				if target := w.links[attrVal(t, "id")]; target != "" && p != nil {
					link = target
					p.text.WriteString(`<a href="` + html.EscapeString(target) + `">`)
				}
			case "t":
				inText = true
			case "tab":
				if p != nil && !inText {
					p.text.WriteByte(' ')
				}
			case "br", "cr":
				if p != nil {
					p.text.WriteString("<br>")
				}
			}
		case xml.EndElement:
			if skip > 0 {
				skip--
				continue
			}
			switch t.Name.Local {
			case "t":
				inText = false
			case "hyperlink":
				if link != "" && p != nil {
					p.text.WriteString("</a>")
				}
				link = ""
			case "p":
				if p == nil {
					continue
				}
				if tables > 0 {
					if s := strings.TrimSpace(p.text.String()); s != "" {
						if n := len(cells); n > 0 {
							cells[n-1] = strings.TrimSpace(cells[n-1] + " " + s)
						}
					}
				} else {
					w.paragraph(p)
				}
				p = nil
			case "tr":
				if tables == 1 {
					w.row(cells)
				}
			case "tbl":
				tables--
				if tables == 0 {
					w.out.WriteString("</table>\n")
				}
			}
		case xml.CharData:
			if inText && p != nil && skip == 0 {
				p.text.WriteString(html.EscapeString(string(t)))
			}
		}
	}
	w.closeLists(0)
	return nil
}

// paragraph writes paragraph p: a heading, a list item or a paragraph.
func (w *docxWriter) paragraph(p *docxPara) {
	text := strings.TrimSpace(p.text.String())
	if text == "" {
		return
	}
	st := w.styles[p.style]
	if st.title {
		w.closeLists(0)
		if w.title == "" {
			w.title = collapse(html.UnescapeString(tagless(text)))
		}
		return
	}
	level := st.heading
	if p.outline > 0 {
		level = p.outline
	}
	if level > 0 {
		level = min(level+1, 6) // below the document's title
		w.closeLists(0)
		opens := w.out.Len() == 0
		fmt.Fprintf(&w.out, "<h%d>%s</h%d>\n", level, text, level)
		if opens {
			w.lead, w.leadEnd = collapse(html.UnescapeString(tagless(text))), w.out.Len()
		}
		return
	}
	if p.numID != "" && p.numID != "0" {
		ilvl, _ := strconv.Atoi(p.ilvl)
		w.item(min(max(ilvl, 0), 8)+1, w.ordered[p.numID][strconv.Itoa(ilvl)], text)
		return
	}
	w.closeLists(0)
	w.out.WriteString("<p>" + text + "</p>\n")
}

// item writes a list item at depth (1 outermost), opening and closing
// lists around it as needed: each list open has an item open.
func (w *docxWriter) item(depth int, ordered bool, text string) {
	w.closeLists(depth)
	if len(w.lists) == depth && w.lists[depth-1] != ordered {
		w.closeLists(depth - 1)
	}
	if len(w.lists) == depth {
		w.out.WriteString("</li>\n<li>" + text)
		return
	}
	for len(w.lists) < depth {
		w.lists = append(w.lists, ordered)
		w.out.WriteString(listTag(ordered, false) + "<li>")
	}
	w.out.WriteString(text)
}

// closeLists closes the lists deeper than depth.
func (w *docxWriter) closeLists(depth int) {
	for len(w.lists) > depth {
		n := len(w.lists) - 1
		w.out.WriteString("</li>" + listTag(w.lists[n], true) + "\n")
		w.lists = w.lists[:n]
	}
}

// listTag is the tag opening (or closing) a list.
func listTag(ordered, closing bool) string {
	tag := "ul"
	if ordered {
		tag = "ol"
	}
	if closing {
		return "</" + tag + ">"
	}
	return "<" + tag + ">"
}

// row writes a table row of cells.
func (w *docxWriter) row(cells []string) {
	w.out.WriteString("<tr>")
	for _, c := range cells {
		w.out.WriteString("<td>" + c + "</td>")
	}
	w.out.WriteString("</tr>\n")
}

// attrVal returns the value of start element t's attribute named local,
// whatever its namespace.
func attrVal(t xml.StartElement, local string) string {
	for _, a := range t.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

// tagless drops the tags of the HTML a paragraph's text was written as.
func tagless(s string) string {
	var b strings.Builder
	in := false
	for _, r := range s {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return b.String()
}

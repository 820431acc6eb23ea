package page

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"math"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ledongthuc/pdf"
)

// PDF manuals (.pdf): a product's user guide, a policy handbook, a help
// article saved as PDF. A PDF keeps no paragraphs or headings, only text
// drawn at positions (pdf_text.go), so the page is read back from its
// layout, as a reader sees it: the size most of the text is set in is the
// body's; a line set larger is a heading, the larger the higher, and so is
// a short line all in bold (headingLevel); a line opening with a bullet or
// a number is a list item, nested by its indent;
// lines in a monospaced font are code; lines close together are one
// paragraph, a word hyphenated across two joined. A line every page
// repeats at its top or bottom (a running title, "Page 3 of 12") and a bare
// page number are dropped. The document is written as plain HTML and read
// by the HTML reader, as a Word document is. Left out: pictures, links,
// a table of contents, tables' cells (their rows read as lines), and
// scanned pages, which are pictures of text. The library reads a file only
// once pdf_guard.go has checked its numbers.

// ErrPDF is a .pdf file that cannot be read: no PDF, damaged, encrypted
// with a password, or a page program that cannot be run.
var ErrPDF = errors.New("not a readable PDF")

// maxPDFPages bounds the pages read of one file: a manual has hundreds,
// not tens of thousands.
const maxPDFPages = 5000

// parsePDF reads a PDF document; url is its path in the folder.
func parsePDF(raw []byte, url string) (doc *Document, err error) {
	defer func() {
		switch x := recover().(type) {
		case nil:
		case errPDFLimit:
			doc, err = nil, fmt.Errorf("over %d drawing operators: %w", maxPDFOperators, ErrTooBig)
		default:
			doc, err = nil, fmt.Errorf("%w: %v", ErrPDF, x)
		}
	}()
	if err := checkPDFStructure(raw); err != nil {
		return nil, err
	}
	r, err := pdf.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrPDF, err)
	}
	pages := pdfPages(r, maxPDFPages)
	if len(pages) > maxPDFPages {
		return nil, fmt.Errorf("over %d pages: %w", maxPDFPages, ErrTooBig)
	}
	var lines []pdfLine
	ops := 0
	fonts := map[string]*pdfFont{}
	for i, p := range pages {
		if err := checkPDFContent(p); err != nil {
			return nil, err
		}
		lines = append(lines, pdfLines(i+1, pdfRuns(p, &ops, fonts))...)
	}
	lines = withoutRunningLines(lines, len(pages))
	if len(lines) == 0 {
		return nil, fmt.Errorf("%w: no text (a scanned document is pictures of its pages)", ErrPDF)
	}
	w := pdfWriter{}
	w.levels, w.body = headingLevels(lines)
	w.write(lines)
	root := r.Trailer().Key("Root")
	doc, err = officePage{body: w.out.Bytes(), title: pdfTitle(r.Trailer().Key("Info").Key("Title").Text()),
		lead: w.lead, leadEnd: w.leadEnd, lang: root.Key("Lang").Text()}.read(raw, url)
	if err != nil {
		return nil, err
	}
	doc.partAt = headingPages(doc.Blocks, w.headings)
	return doc, nil
}

// pdfHeading is a heading as written, and the page it is on.
type pdfHeading struct {
	text string
	page int
}

// headingPages says, for each block, the page a heading among blocks is
// on ("page=12", see Split), finding each in headings, the headings as
// written, in order: the HTML reader keeps them in order, and may write
// their text another way (escaped).
func headingPages(blocks []Block, headings []pdfHeading) []string {
	at := make([]string, len(blocks))
	next := 0
	for i, b := range blocks {
		if b.Kind != Heading || i == 0 {
			continue
		}
		key := headingKey(b.Text)
		for k := next; k < len(headings) && k < next+maxHeadingSkip; k++ {
			if headingKey(headings[k].text) == key {
				at[i] = fmt.Sprintf("page=%d", headings[k].page)
				next = k + 1
				break
			}
		}
	}
	return at
}

// maxHeadingSkip bounds how far headingPages looks for a heading.
const maxHeadingSkip = 8

// headingKey is a heading's letters and digits, lower-case.
func headingKey(s string) string {
	return strings.Map(func(r rune) rune {
		if isWordRune(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// pdfTitle is a document's title property, unless it is a file's name
// ("Microsoft Word - refunds.docx", "untitled"), which titles nothing.
func pdfTitle(title string) string {
	title = strings.TrimSpace(title)
	if fileNameTitle.MatchString(title) || strings.EqualFold(title, "untitled") {
		return ""
	}
	return title
}

var fileNameTitle = regexp.MustCompile(`(?i)\.(docx?|odt|rtf|pdf|pages|indd|txt|html?|md|tex|dvi|ps)$`)

// withoutRunningLines drops the lines at the top or bottom of a page (two
// each, by height) that are there, at that height and numbers aside, on at
// least half of a document's pages (two at least), and the bare page
// numbers there.
func withoutRunningLines(lines []pdfLine, pages int) []pdfLine {
	type place struct {
		text string
		y    float64
	}
	placeOf := func(l pdfLine) place {
		text := romanNumeral.ReplaceAllString(strings.ToLower(l.text), "")
		return place{strings.Map(func(r rune) rune {
			if unicode.IsDigit(r) {
				return -1
			}
			return r
		}, text), math.Round(l.y)}
	}
	margin := make([]bool, len(lines))
	onPages := map[place]map[int]bool{}
	numbered := map[place]map[string]bool{} // a place's lines, as written, with a page number
	for start := 0; start < len(lines); {
		end := start
		for end < len(lines) && lines[end].page == lines[start].page {
			end++
		}
		byHeight := make([]int, 0, end-start)
		for i := start; i < end; i++ {
			byHeight = append(byHeight, i)
		}
		sort.SliceStable(byHeight, func(a, b int) bool { return lines[byHeight[a]].y > lines[byHeight[b]].y })
		for k, i := range byHeight {
			if k < 2 || k >= len(byHeight)-2 {
				margin[i] = true
				p := placeOf(lines[i])
				if onPages[p] == nil {
					onPages[p] = map[int]bool{}
				}
				onPages[p][lines[i].page] = true
				if l := lines[i]; !l.mono && numberedRunningLine(l.text) {
					if numbered[p] == nil {
						numbered[p] = map[string]bool{}
					}
					numbered[p][l.text] = true
				}
			}
		}
		start = end
	}
	out := make([]pdfLine, 0, len(lines))
	for i, l := range lines {
		if margin[i] && (pageNumber.MatchString(l.text) || pages >= 2 && len(onPages[placeOf(l)]) >= max(2, (pages+1)/2) ||
			len(numbered[placeOf(l)]) >= minNumberedRunning) {
			continue
		}
		out = append(out, l)
	}
	return out
}

// minNumberedRunning is on how many pages a line with the page's number
// in it must be, at one height and with a number of its own each time, to
// be a running line: a front matter's ("FreedomBox Manual iii", "… iv")
// is on a few pages of hundreds, and a line an instruction repeats on
// several pages ("0 ANSI: 0") says the same each time.
const minNumberedRunning = 3

// numberedRunningLine reports whether a margin's line holds a page
// number, at its start or end ("FreedomBox Manual iii", "12 | Setup"). A
// line of code is none: a command's output shown on several pages.
func numberedRunningLine(text string) bool {
	return pageNumberEnd.MatchString(strings.ToLower(text))
}

var pageNumberEnd = regexp.MustCompile(`^(?:\d+|[ivxlc]+)\s|\s(?:\d+|[ivxlc]+)$`)

// romanNumeral is a word that is a number in Roman numerals, lower-case:
// the front matter's page numbers.
var romanNumeral = regexp.MustCompile(`\b[ivxlc]+\b`)

// pageNumber is a line that is a page's number alone: "7", "- 7 -",
// "vii", "7/12", "Page 7", "Page 7 of 12".
var pageNumber = regexp.MustCompile(`(?i)^[-–—\s]*(?:page\s+)?(\d+|[ivxlc]+)(?:\s*(?:/|of)\s*\d+)?[-–—\s]*$`)

// pdfHeadingRatio is how much larger than the body's a line's size must be
// for it to be a heading; pdfHeadingRunes how long a heading may be.
const (
	pdfHeadingRatio = 1.12
	pdfHeadingRunes = 150
)

// headingLevels maps each size set larger than the body's (the size most
// characters are set in) to a heading level: the largest 2 (below the
// page's title), the next 3, down to 6. A size only the first line is set
// in is the document's title, no level.
func headingLevels(lines []pdfLine) (levels map[float64]int, body float64) {
	chars, count := map[float64]int{}, map[float64]int{}
	for _, l := range lines {
		chars[l.size] += utf8.RuneCountInString(l.text)
		count[l.size]++
	}
	body = mostChars(chars)
	var sizes []float64
	for size := range chars {
		if size > body*pdfHeadingRatio && (count[size] > 1 || size != lines[0].size) {
			sizes = append(sizes, size)
		}
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(sizes)))
	levels = map[float64]int{}
	for i, size := range sizes {
		levels[size] = min(2+i, 6)
	}
	return levels, body
}

// listMarker is a list item's opening: a bullet (the Symbol font's, in
// its private-use code point, too) or a number or letter with "." or ")".
var listMarker = regexp.MustCompile(`^(?:([•●◦○▪■□‣∙·\-–—*\x{f0b7}\x{f0a7}\x{f076}\x{f0d8}\x{f0fc}])|(\(?(?:\d{1,3}|[a-z])[.)]))\s+`)

// pdfWriter writes a document's lines as HTML.
type pdfWriter struct {
	levels map[float64]int
	body   float64 // the size most text is set in
	out    bytes.Buffer
	// lead is the document's first line when it is a heading, or set
	// larger than the body in a size of its own (its title, as it shows
	// it), leadEnd where it ends in out.
	lead    string
	leadEnd int
	block   *pdfBlock // the heading, paragraph or item being written
	lists   []pdfList // the lists open, outermost first
	code    []string  // the lines of the code block being written
	prev    pdfLine   // the line before
	// headings are the headings written, in order.
	headings []pdfHeading
}

// pdfBlock is the text so far of a heading (its level), a paragraph or a
// list item, and where its text starts.
type pdfBlock struct {
	text    string
	x       float64
	heading int
	page    int // a heading's
	item    bool
}

// pdfList is an open list: ordered or not, and its markers' indent.
type pdfList struct {
	ordered bool
	x       float64
}

func (w *pdfWriter) write(lines []pdfLine) {
	for i, l := range lines {
		level := w.headingLevel(i, l)
		if tocLine.MatchString(l.text) || tocEntry.MatchString(l.text) && !l.mono && level == 0 {
			continue // a table of contents: the headings again
		}
		m := listMarker.FindStringSubmatch(l.text)
		switch {
		case level > 0 && w.block != nil && w.block.heading == level && w.prev.size == l.size && !sectionNumber.MatchString(l.text) && w.continues(l):
			w.block.text += " " + l.text // a heading on two lines
		case level > 0:
			w.flush(math.Inf(-1))
			text := l.text
			if m := sectionNumber.FindStringSubmatchIndex(text); m != nil {
				text = text[m[3]:] // its number said its level; a reply needs none
			}
			w.block = &pdfBlock{text: strings.TrimLeft(text, ". "), x: l.x, heading: level, page: l.page}
		case l.mono:
			w.flushBlock()
			w.code = append(w.code, l.text)
		case m != nil:
			w.flushCode()
			w.item(m[2] != "", l.x, strings.TrimSpace(l.text[len(m[0]):]))
		case w.block != nil && w.block.heading == 0 && !l.cells && !w.prev.cells && w.continues(l):
			w.block.text = joinPDFLines(w.block.text, l.text)
		default:
			w.flush(l.x)
			w.block = &pdfBlock{text: l.text, x: l.x}
		}
		w.prev = l
	}
	w.flush(math.Inf(-1))
}

// headingLevel returns the level of line l, the ith, when it is a
// heading, else 0. A heading is set larger than the body, or is a short
// line all in bold that ends no sentence and opens no list item (run-in
// bold opens a paragraph, and its line goes on) and no row of a table's
// cells (pdfLine.cells: a table's head is bold). A section number
// ("4.3.1 From within") says the level; else the size does, a bold line
// at the body's size coming below every larger size. The first line,
// set larger than the body in a size of its own, is the title.
func (w *pdfWriter) headingLevel(i int, l pdfLine) int {
	n := utf8.RuneCountInString(l.text)
	level := w.levels[l.size]
	switch {
	case n > pdfHeadingRunes || l.cells:
		return 0
	case level == 0 && l.size > w.body*pdfHeadingRatio:
		if i > 0 {
			return 0 // a short line in a size of its own: a label, a figure's
		}
		level = 2 // the title, the lead
	case level == 0 && l.bold && n <= pdfBoldHeadingRunes && !strings.ContainsAny(l.text[len(l.text)-1:], ".,;:!") && !listMarker.MatchString(l.text):
		level = min(len(w.levels)+2, 6)
	case level == 0:
		return 0
	}
	if m := sectionNumber.FindStringSubmatch(l.text); m != nil {
		level = min(strings.Count(m[1], ".")+2, 6)
	}
	return level
}

// pdfBoldHeadingRunes is how long a bold line at the body's size may be
// to be a heading.
const pdfBoldHeadingRunes = 80

// sectionNumber is a heading's number: "4", "4.3.1", "A.2".
var sectionNumber = regexp.MustCompile(`^(\d+(?:\.\d+)*|[A-Z](?:\.\d+)+)\.?\s+\S`)

// tocLine is a line of a table of contents (or an index): a title,
// leaders (dots; TeX's Texinfo sets colons), a page number.
var tocLine = regexp.MustCompile(`(?:(?:[.:·…]\s?){4,}|(?:[.:·…]\s){3})\s*(?:\d+|[ivxlc]+)$`)

// tocEntry is a line of a table of contents without leaders, as DocBook
// sets a chapter's: its number, its title, its page ("2 Quick Start 5").
// A list's item numbers itself "2." or "2)"; a line of code that reads
// so is none, nor a table's row of numbers ("1 armhf/omap ½ 4 - - 100").
var tocEntry = regexp.MustCompile(`^\d+(?:\.\d+)*\s+\pL.{0,100}[\pL)]\s+(?:\d+|[ivxlc]+)$`)

// continues reports whether l goes on with the block before it (a row
// of a table's cells, pdfLine.cells, is a block of its own): close
// below it (a line and a half of its size at most, or the next page's
// first line after a line that ends no sentence), at its indent or
// further in.
func (w *pdfWriter) continues(l pdfLine) bool {
	p := w.prev
	if l.page != p.page {
		return l.page == p.page+1 && !strings.HasSuffix(p.text, ".") && !strings.HasSuffix(p.text, ":")
	}
	gap := p.y - l.y
	return gap > 0 && gap <= 1.6*max(l.size, p.size) && l.x >= w.block.x-0.5*l.size
}

// joinPDFLines joins a paragraph's text and its next line: a word broken
// by a hyphen at the line's end is joined whole ("infor-" "mation"), unless
// the word has a hyphen of its own ("app-by-" "app").
func joinPDFLines(text, line string) string {
	word := text[strings.LastIndexByte(text, ' ')+1:]
	if n := len(text); n >= 2 && text[n-1] == '-' && strings.Count(word, "-") == 1 {
		r, _ := utf8.DecodeLastRuneInString(text[:n-1])
		next, _ := utf8.DecodeRuneInString(line)
		if unicode.IsLetter(r) && unicode.IsLower(next) {
			return text[:n-1] + line
		}
	}
	last, _ := utf8.DecodeLastRuneInString(text)
	first, _ := utf8.DecodeRuneInString(line)
	if unspacedScript(last) && unspacedScript(first) {
		return text + line // Japanese and Chinese lines break anywhere, with no space
	}
	return text + " " + line
}

// unspacedScript reports whether r is of a script written without spaces
// between words: Han, kana, and their full-width punctuation.
func unspacedScript(r rune) bool {
	return unicode.Is(unicode.Han, r) || r >= 0x3000 && r <= 0x30ff || r >= 0xff00 && r <= 0xffef // CJK punctuation, kana (with "ー"), full-width forms
}

// item opens a list item whose marker is at indent x: in the list open
// at that indent, or a list nested in the item above when further in.
func (w *pdfWriter) item(ordered bool, x float64, text string) {
	w.flushBlock()
	for n := len(w.lists); n > 0 && x < w.lists[n-1].x-2; n = len(w.lists) {
		w.closeList()
	}
	n := len(w.lists)
	if n > 0 && x <= w.lists[n-1].x+2 && w.lists[n-1].ordered != ordered {
		w.closeList() // the same indent, another kind of list
		n--
	}
	if n == 0 || x > w.lists[n-1].x+2 {
		tag := "<ul>\n"
		if ordered {
			tag = "<ol>\n"
		}
		w.out.WriteString(tag)
		w.lists = append(w.lists, pdfList{ordered: ordered, x: x})
	} else {
		w.out.WriteString("</li>\n")
	}
	w.out.WriteString("<li>")
	w.block = &pdfBlock{text: text, x: x + 1, item: true}
}

func (w *pdfWriter) closeList() {
	n := len(w.lists) - 1
	tag := "</li></ul>\n"
	if w.lists[n].ordered {
		tag = "</li></ol>\n"
	}
	w.out.WriteString(tag)
	w.lists = w.lists[:n]
}

// flush ends what is being written before a line at indent x: the block,
// the code, and the lists the line is not inside.
func (w *pdfWriter) flush(x float64) {
	w.flushBlock()
	w.flushCode()
	for len(w.lists) > 0 && x <= w.lists[len(w.lists)-1].x+2 {
		w.closeList()
	}
}

func (w *pdfWriter) flushCode() {
	if len(w.code) > 0 {
		w.flushBlock()
		w.out.WriteString("<pre>" + html.EscapeString(strings.Join(w.code, "\n")) + "</pre>\n")
		w.code = nil
	}
}

// flushBlock writes the block being written.
func (w *pdfWriter) flushBlock() {
	b := w.block
	if b == nil {
		return
	}
	w.block = nil
	text := html.EscapeString(b.text)
	switch {
	case b.heading > 0:
		opens := w.out.Len() == 0
		fmt.Fprintf(&w.out, "<h%d>%s</h%d>\n", b.heading, text, b.heading)
		w.headings = append(w.headings, pdfHeading{text: b.text, page: b.page})
		if opens {
			w.lead, w.leadEnd = b.text, w.out.Len()
		}
	case b.item:
		w.out.WriteString(text + "\n")
	default:
		w.out.WriteString("<p>" + text + "</p>\n")
	}
}

package page

import (
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/ledongthuc/pdf"
)

// A PDF page's content is a program that draws glyphs at positions; it
// says nothing of words, lines or paragraphs. pdfRuns runs it and keeps
// each string shown with where it starts and ends, its size on the page
// and its font; pdfLines puts the runs on one baseline together. The
// library's own Content adds a glyph after every TJ operator (it shows
// "\n" in the font's encoding, which a subset font decodes as a letter),
// so the walk is done here with its interpreter.

// pdfRun is one string shown on a page, or a mark drawn (a small shape:
// no text, its box from x, y to end).
type pdfRun struct {
	x, end, y, size  float64
	bold, mono, mark bool
	text             string
}

// pdfMarkSize is the largest a shape can be, in points, to be a bullet.
const pdfMarkSize = 8

// pdfBox is the box around a path's points.
type pdfBox struct {
	set                    bool
	minX, minY, maxX, maxY float64
}

func (b *pdfBox) add(x, y float64) {
	if !b.set {
		*b = pdfBox{true, x, y, x, y}
		return
	}
	b.minX, b.maxX = min(b.minX, x), max(b.maxX, x)
	b.minY, b.maxY = min(b.minY, y), max(b.maxY, y)
}

// pdfMatrix is an affine transform [a b c d e f], as PDF writes one.
type pdfMatrix [6]float64

var pdfIdentity = pdfMatrix{1, 0, 0, 1, 0, 0}

// mul returns m then n: a point is transformed by m first.
func (m pdfMatrix) mul(n pdfMatrix) pdfMatrix {
	return pdfMatrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func pdfTranslate(x, y float64) pdfMatrix { return pdfMatrix{1, 0, 0, 1, x, y} }

// pdfTextState is the part of the graphics state that places text.
type pdfTextState struct {
	ctm, tm, tlm         pdfMatrix
	tc, tw, th, tl, rise float64
	size                 float64
	font                 *pdfFont
}

// pdfFont is a font of a page with what the walk needs of it.
type pdfFont struct {
	enc        pdf.TextEncoding
	widths     func(code int) float64 // in thousandths of the size; 0 unknown
	twoByte    bool                   // a composite font: two bytes a glyph
	bold, mono bool
}

// pdfSpaceKern is how far back (in thousandths of the size) a TJ offset
// moves the pen for it to be a space between words: TeX writes no space
// glyphs, only such offsets (-333 is a third of an em).
const pdfSpaceKern = 200

// errPDFLimit stops a page's program that shows more than
// maxPDFOperators operators: a small file can inflate to a huge one.
type errPDFLimit struct{}

const maxPDFOperators = 2_000_000

// pdfRuns returns the strings page p shows, in the order it shows them.
// It panics on a malformed program (the library's interpreter does too);
// parsePDF recovers. fonts holds the fonts read so far, by their
// dictionary as written: pages share them, and reading a font's
// ToUnicode map inflates a stream.
func pdfRuns(p pdf.Page, ops *int, fonts map[string]*pdfFont) []pdfRun {
	strm := p.V.Key("Contents")
	if strm.IsNull() {
		return nil
	}
	pageFonts := map[string]*pdfFont{} // by their names on this page
	g := pdfTextState{ctm: pdfIdentity, tm: pdfIdentity, tlm: pdfIdentity, th: 1}
	var stack []pdfTextState
	var runs []pdfRun
	var path pdfBox // the path being built, in page space
	space := false  // a TJ offset wide enough to be a space came before
	show := func(s string) {
		f := g.font
		if f == nil || s == "" {
			return
		}
		m := pdfMatrix{g.size * g.th, 0, 0, g.size, 0, g.rise}.mul(g.tm).mul(g.ctm)
		start := m
		step := 1
		if f.twoByte {
			step = 2
		}
		var width float64
		for i := 0; i+step <= len(s); i += step {
			code := int(s[i])
			if step == 2 {
				code = code<<8 | int(s[i+1])
			}
			w := f.widths(code)
			if w == 0 {
				w = 500 // unknown: half an em, enough to tell a gap from none
			}
			tx := w/1000*g.size + g.tc
			if step == 1 && s[i] == ' ' {
				tx += g.tw
			}
			width += tx * g.th
		}
		g.tm = pdfTranslate(width, 0).mul(g.tm)
		end := pdfMatrix{g.size * g.th, 0, 0, g.size, 0, g.rise}.mul(g.tm).mul(g.ctm)
		text := ligatures.Replace(f.enc.Decode(s))
		if space {
			text = " " + text
			space = false
		}
		runs = append(runs, pdfRun{x: start[4], end: end[4], y: start[5], size: math.Hypot(start[2], start[3]),
			bold: f.bold, mono: f.mono, text: text})
	}
	pdf.Interpret(strm, func(stk *pdf.Stack, op string) {
		if *ops++; *ops > maxPDFOperators {
			panic(errPDFLimit{})
		}
		args := make([]pdf.Value, stk.Len())
		for i := len(args) - 1; i >= 0; i-- {
			args[i] = stk.Pop()
		}
		num := func(i int) float64 {
			if i < len(args) {
				return args[i].Float64()
			}
			return 0
		}
		matrix := func() pdfMatrix {
			return pdfMatrix{num(0), num(1), num(2), num(3), num(4), num(5)}
		}
		nextLine := func() {
			g.tlm = pdfTranslate(0, -g.tl).mul(g.tlm)
			g.tm = g.tlm
		}
		point := func(x, y float64) {
			m := pdfTranslate(x, y).mul(g.ctm)
			path.add(m[4], m[5])
		}
		switch op {
		case "m", "l":
			point(num(0), num(1))
		case "c":
			point(num(0), num(1))
			point(num(2), num(3))
			point(num(4), num(5))
		case "v", "y":
			point(num(0), num(1))
			point(num(2), num(3))
		case "re":
			point(num(0), num(1))
			point(num(0)+num(2), num(1)+num(3))
		case "f", "F", "f*", "B", "B*", "b", "b*", "S", "s":
			// A small shape drawn is a bullet, if a line starts right
			// of it (pdfLines): Chromium draws its discs and squares.
			if path.set && path.maxX-path.minX <= pdfMarkSize && path.maxY-path.minY <= pdfMarkSize {
				runs = append(runs, pdfRun{x: path.minX, end: path.maxX, y: path.minY, mark: true})
			}
			path = pdfBox{}
		case "n":
			path = pdfBox{}
		case "q":
			stack = append(stack, g)
		case "Q":
			if n := len(stack) - 1; n >= 0 {
				g, stack = stack[n], stack[:n]
			}
		case "cm":
			g.ctm = matrix().mul(g.ctm)
		case "BT":
			g.tm, g.tlm = pdfIdentity, pdfIdentity
		case "Tc":
			g.tc = num(0)
		case "Tw":
			g.tw = num(0)
		case "Tz":
			g.th = num(0) / 100
		case "TL":
			g.tl = num(0)
		case "Ts":
			g.rise = num(0)
		case "Tf":
			if len(args) == 2 {
				name := args[0].Name()
				if pageFonts[name] == nil {
					f := p.Font(name)
					key := f.V.String()
					if fonts[key] == nil {
						fonts[key] = readPDFFont(f)
					}
					pageFonts[name] = fonts[key]
				}
				g.font, g.size = pageFonts[name], num(1)
			}
		case "Td", "TD":
			if op == "TD" {
				g.tl = -num(1)
			}
			g.tlm = pdfTranslate(num(0), num(1)).mul(g.tlm)
			g.tm = g.tlm
		case "Tm":
			g.tm = matrix()
			g.tlm = g.tm
		case "T*":
			nextLine()
		case "Tj":
			if len(args) == 1 {
				show(args[0].RawString())
			}
		case "'":
			nextLine()
			if len(args) == 1 {
				show(args[0].RawString())
			}
		case "\"":
			if len(args) == 3 {
				g.tw, g.tc = num(0), num(1)
				nextLine()
				show(args[2].RawString())
			}
		case "TJ":
			if len(args) != 1 {
				return
			}
			for i := 0; i < args[0].Len(); i++ {
				v := args[0].Index(i)
				if v.Kind() == pdf.String {
					show(v.RawString())
					continue
				}
				n := v.Float64()
				g.tm = pdfTranslate(-n/1000*g.size*g.th, 0).mul(g.tm)
				if n < -pdfSpaceKern {
					space = true
				}
			}
			space = false
		}
	})
	return runs
}

// readPDFFont reads what the walk needs of font f. Whether it is bold or
// monospaced its descriptor says (a weight of 600 or more, the fixed-pitch
// flag), else its name ("Arial-BoldMT", "CourierNewPSMT", TeX's "CMTT10").
func readPDFFont(f pdf.Font) *pdfFont {
	name := strings.ToLower(f.BaseFont())
	desc := f.V.Key("FontDescriptor")
	if desc.IsNull() {
		desc = f.V.Key("DescendantFonts").Index(0).Key("FontDescriptor")
	}
	out := &pdfFont{
		enc:  f.Encoder(),
		bold: desc.Key("FontWeight").Float64() >= 600 || strings.Contains(name, "bold") || strings.Contains(name, "black") || strings.Contains(name, "heavy"),
		mono: desc.Key("Flags").Int64()&1 != 0 || strings.Contains(name, "mono") || strings.Contains(name, "courier") || strings.Contains(name, "consol") || strings.Contains(name, "cmtt"),
	}
	if m := readPDFCMap(f.V); m != nil {
		out.enc = m
	} else if out.enc == nil {
		out.enc = pdfRawEncoding{}
	}
	if f.V.Key("Subtype").Name() != "Type0" {
		first, widths := f.FirstChar(), f.Widths()
		// A Type 3 font's widths are in its own units, which its matrix
		// scales to text space; the others' in thousandths.
		scale := 1.0
		if fm := f.V.Key("FontMatrix"); f.V.Key("Subtype").Name() == "Type3" && fm.Len() == 6 {
			scale = fm.Index(0).Float64() * 1000
		}
		out.widths = func(code int) float64 {
			if i := code - first; i >= 0 && i < len(widths) {
				return widths[i] * scale
			}
			return 0
		}
		return out
	}
	// A composite font: its glyphs' widths are its descendant's W array,
	// runs of "first [w w …]" and "first last w", and DW for the rest.
	out.twoByte = true
	cid := f.V.Key("DescendantFonts").Index(0)
	def := 1000.0
	if dw := cid.Key("DW"); !dw.IsNull() {
		def = dw.Float64()
	}
	widths := map[int]float64{}
	w := cid.Key("W")
	for i := 0; i < w.Len() && len(widths) < 1<<16; {
		first := int(w.Index(i).Int64())
		if next := w.Index(i + 1); next.Kind() == pdf.Array {
			for j := 0; j < next.Len(); j++ {
				widths[first+j] = next.Index(j).Float64()
			}
			i += 2
			continue
		}
		last := int(w.Index(i + 1).Int64())
		for c := first; c <= last && c-first < 1<<16; c++ {
			widths[c] = w.Index(i + 2).Float64()
		}
		i += 3
	}
	out.widths = func(code int) float64 {
		if w, ok := widths[code]; ok {
			return w
		}
		return def
	}
	return out
}

// ligatures are the letters a typesetter joins into one glyph ("ﬁ"),
// which a search must read apart.
var ligatures = strings.NewReplacer("\ufb00", "ff", "\ufb01", "fi", "\ufb02", "fl", "\ufb03", "ffi", "\ufb04", "ffl", "\ufb05", "st", "\ufb06", "st")

// pdfRawEncoding reads a font's codes as Latin-1, for a font that names
// no encoding the library knows.
type pdfRawEncoding struct{}

func (pdfRawEncoding) Decode(raw string) string {
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		b.WriteRune(rune(raw[i]))
	}
	return b.String()
}

// pdfLine is the text of one baseline of a page.
type pdfLine struct {
	page       int
	x, y, size float64
	bold, mono bool
	// cells: two of its runs are far apart (pdfCellGap), as a table's
	// cells are, and a heading's words never.
	cells bool
	text  string
}

// pdfCellGap is the least gap between two runs of a line, in its size,
// that parts a table's cells.
const pdfCellGap = 2

// pdfLines puts page's runs on one baseline together, left to right, a
// space between two runs apart by more than a fifth of their size (or
// either side of a space run); the lines in the order the page shows them.
func pdfLines(page int, runs []pdfRun) []pdfLine {
	var marks []pdfRun
	var groups [][]pdfRun
	for _, r := range runs {
		if r.mark {
			marks = append(marks, r)
			continue
		}
		if strings.TrimSpace(r.text) == "" && len(groups) == 0 {
			continue
		}
		if n := len(groups); n > 0 {
			last := groups[n-1][0]
			if math.Abs(r.y-last.y) <= 0.5*max(r.size, last.size) {
				groups[n-1] = append(groups[n-1], r)
				continue
			}
		}
		groups = append(groups, []pdfRun{r})
	}
	var lines []pdfLine
	for _, g := range groups {
		sort.SliceStable(g, func(i, j int) bool { return g[i].x < g[j].x })
		var b strings.Builder
		l := pdfLine{page: page, x: g[0].x, y: g[0].y, bold: true, mono: true}
		chars := map[float64]int{}
		var prevEnd float64
		for i, r := range g {
			if i > 0 && r.x-prevEnd > 0.2*r.size && !strings.HasSuffix(b.String(), " ") && !strings.HasPrefix(r.text, " ") {
				b.WriteByte(' ')
			}
			if i > 0 && r.x-prevEnd > pdfCellGap*r.size && strings.TrimSpace(r.text) != "" {
				l.cells = true
			}
			b.WriteString(r.text)
			prevEnd = r.end
			n := len(strings.TrimSpace(r.text))
			if n == 0 {
				continue
			}
			chars[math.Round(r.size*2)/2] += n
			l.bold = l.bold && r.bold
			l.mono = l.mono && r.mono
		}
		l.text = strings.Join(strings.FieldsFunc(b.String(), unicode.IsSpace), " ")
		if l.text == "" {
			continue
		}
		l.x = g[0].x
		for _, r := range g {
			if strings.TrimSpace(r.text) != "" {
				l.x = r.x
				break
			}
		}
		l.size = mostChars(chars)
		if bulletBefore(marks, l) {
			l.text = "• " + l.text
		}
		lines = append(lines, l)
	}
	return lines
}

// bulletBefore reports whether one of marks is a bullet of line l: left
// of its start by at most two of its size, between its baseline and the
// top of its letters.
func bulletBefore(marks []pdfRun, l pdfLine) bool {
	for _, m := range marks {
		if m.end <= l.x && l.x-m.end <= 2*l.size && m.y >= l.y-0.2*l.size && m.y <= l.y+0.8*l.size {
			return true
		}
	}
	return false
}

// mostChars returns the size with the most characters of chars (the
// smaller of two with as many).
func mostChars(chars map[float64]int) float64 {
	best, most := 0.0, -1
	for size, n := range chars {
		if n > most || n == most && size < best {
			best, most = size, n
		}
	}
	return best
}

package page

import (
	"io"
	"strings"
	"unicode/utf16"

	"github.com/ledongthuc/pdf"
)

// A font's ToUnicode map says which text each of its codes stands for,
// and the PDF specification has it win over the font's encoding: a
// subset or a Type 3 font names its glyphs "g12", which no encoding reads.
// The library reads the map only for a font with no encoding of its own,
// so the walk reads it here.

// pdfCMap is a ToUnicode map: the length of a code in bytes and the text
// of each code.
type pdfCMap struct {
	width int
	text  map[int]string
}

// maxPDFCMapCodes bounds a map's entries: a font has at most 65,536 codes.
const maxPDFCMapCodes = 1 << 16

// readPDFCMap reads font f's ToUnicode map, or returns nil when it has
// none or one that says no code's length. The map is a PostScript
// program; the library's interpreter runs one only where a resource
// lookup it cannot fake is answered, so its sections are read as tokens.
func readPDFCMap(f pdf.Value) *pdfCMap {
	stream := f.Key("ToUnicode")
	if stream.Kind() != pdf.Stream {
		return nil
	}
	rc := stream.Reader()
	raw, err := io.ReadAll(io.LimitReader(rc, maxPDFContent))
	rc.Close()
	if err != nil {
		return nil
	}
	m := &pdfCMap{text: map[int]string{}}
	var args []cmapToken // the operands since the last operator
	for _, t := range cmapTokens(raw) {
		if t.op == "" {
			args = append(args, t)
			continue
		}
		switch t.op {
		case "endcodespacerange":
			if len(args) > 0 && m.width == 0 && len(args[0].str) > 0 && len(args[0].str) <= 4 {
				m.width = len(args[0].str)
			}
		case "endbfchar":
			for i := 0; i+1 < len(args); i += 2 {
				m.set(pdfCode(args[i].str), utf16Text(args[i+1].str))
			}
		case "endbfrange":
			for i := 0; i+2 < len(args); i += 3 {
				lo, hi, dst := pdfCode(args[i].str), pdfCode(args[i+1].str), args[i+2]
				for c := lo; c <= hi && c-lo < maxPDFCMapCodes && len(m.text) < maxPDFCMapCodes; c++ {
					if dst.list != nil {
						if c-lo < len(dst.list) {
							m.set(c, utf16Text(dst.list[c-lo]))
						}
						continue
					}
					// The first code's text, its last unit counting up.
					u := utf16.Decode(utf16Units(dst.str))
					if len(u) > 0 {
						u[len(u)-1] += rune(c - lo)
					}
					m.set(c, string(u))
				}
			}
		}
		args = args[:0]
	}
	if m.width == 0 {
		return nil
	}
	return m
}

// cmapToken is a token of a map's program: a string (hex <…>), a list
// of strings ([<…> <…>]), or an operator (any other word; numbers too,
// which the sections read do not use).
type cmapToken struct {
	str  string
	list []string
	op   string
}

// cmapTokens splits a map's program into tokens.
func cmapTokens(raw []byte) []cmapToken {
	var out []cmapToken
	var list []string
	inList := false
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case c == '%':
			for i < len(raw) && raw[i] != '\n' && raw[i] != '\r' {
				i++
			}
		case c == '<' && i+1 < len(raw) && raw[i+1] != '<':
			j := i + 1
			for j < len(raw) && raw[j] != '>' {
				j++
			}
			s := hexBytes(raw[i+1 : j])
			if inList {
				list = append(list, s)
			} else {
				out = append(out, cmapToken{str: s})
			}
			i = j + 1
		case c == '[':
			inList, list = true, nil
			i++
		case c == ']':
			if inList {
				out = append(out, cmapToken{list: list})
			}
			inList = false
			i++
		case c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0:
			i++
		default:
			j := i
			for j < len(raw) && !strings.ContainsRune(" \n\r\t\f\x00<>[]%", rune(raw[j])) {
				j++
			}
			if j == i {
				j++ // a lone ">" or ">>"
			}
			if !inList {
				out = append(out, cmapToken{op: string(raw[i:j])})
			}
			i = j
		}
	}
	return out
}

// hexBytes is the bytes a hex string writes (white space skipped, an odd
// last digit followed by 0, as PDF reads one).
func hexBytes(h []byte) string {
	var digits []byte
	for _, c := range h {
		if v, ok := hexDigit(c); ok {
			digits = append(digits, v)
		}
	}
	if len(digits)%2 == 1 {
		digits = append(digits, 0)
	}
	b := make([]byte, len(digits)/2)
	for i := range b {
		b[i] = digits[2*i]<<4 | digits[2*i+1]
	}
	return string(b)
}

func hexDigit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

func (m *pdfCMap) set(code int, text string) {
	if len(m.text) < maxPDFCMapCodes {
		m.text[code] = text
	}
}

// Decode returns the text of raw's codes; a code the map lacks is none.
func (m *pdfCMap) Decode(raw string) string {
	var b strings.Builder
	for i := 0; i+m.width <= len(raw); i += m.width {
		b.WriteString(m.text[pdfCode(raw[i:i+m.width])])
	}
	return b.String()
}

// pdfCode is a code's number: its bytes, big-endian.
func pdfCode(s string) int {
	c := 0
	for i := 0; i < len(s) && i < 4; i++ {
		c = c<<8 | int(s[i])
	}
	return c
}

func utf16Units(s string) []uint16 {
	u := make([]uint16, 0, len(s)/2)
	for i := 0; i+1 < len(s); i += 2 {
		u = append(u, uint16(s[i])<<8|uint16(s[i+1]))
	}
	return u
}

// utf16Text is the text of a map's UTF-16BE string.
func utf16Text(s string) string { return string(utf16.Decode(utf16Units(s))) }

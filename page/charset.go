package page

import (
	"bytes"
	"fmt"
	"mime"
	"regexp"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// windows1252High maps bytes 0x80..0x9F of windows-1252 to runes; the other
// high bytes are the same as Latin-1. Zero means the byte is unassigned.
var windows1252High = [32]rune{
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0,
}

// metaCharset finds a charset declared in <meta charset> or in the
// content of <meta http-equiv="Content-Type">.
var metaCharset = regexp.MustCompile(`(?i)<meta[^>]+charset\s*=\s*["']?\s*([a-z0-9_:.\-]+)`)

// charsetFromContentType returns the charset parameter of a Content-Type
// header value, or "".
func charsetFromContentType(contentType string) string {
	if contentType == "" {
		return ""
	}
	_, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return ""
	}
	return params["charset"]
}

// decodeHTML returns raw as UTF-8. The charset is taken, in order, from a
// byte order mark, the given label (from an HTTP header), and a <meta>
// declaration in the first 4 KiB. Only UTF-8, UTF-16 (with a BOM) and the
// Latin-1 family (which WHATWG maps to windows-1252) are supported: they
// cover help centers in practice and need no extra dependency.
func decodeHTML(raw []byte, label string) ([]byte, error) {
	switch {
	case bytes.HasPrefix(raw, []byte("\xEF\xBB\xBF")):
		return validUTF8(raw[3:]), nil
	case bytes.HasPrefix(raw, []byte("\xFF\xFE")):
		return decodeUTF16(raw[2:], false), nil
	case bytes.HasPrefix(raw, []byte("\xFE\xFF")):
		return decodeUTF16(raw[2:], true), nil
	}
	if label == "" {
		head := raw[:min(len(raw), 4096)]
		if m := metaCharset.FindSubmatch(head); m != nil {
			label = string(m[1])
		}
	}
	switch strings.ToLower(strings.TrimSpace(label)) {
	case "", "utf-8", "utf8", "unicode-1-1-utf-8":
		if utf8.Valid(raw) {
			return raw, nil
		}
		if label == "" && !hasUTF8Multibyte(raw) {
			// Undeclared and not UTF-8 at all: browsers assume windows-1252.
			return decodeWindows1252(raw), nil
		}
		// UTF-8 with a few stray bytes: keep the rest of the text.
		return validUTF8(raw), nil
	case "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso_8859-1",
		"latin1", "latin-1", "l1", "us-ascii", "ascii", "ansi_x3.4-1968", "iso-ir-100", "cp819", "ibm819":
		return decodeWindows1252(raw), nil
	case "utf-16", "utf-16le":
		return decodeUTF16(raw, false), nil
	case "utf-16be":
		return decodeUTF16(raw, true), nil
	default:
		return nil, fmt.Errorf("charset %q: %w", label, ErrCharset)
	}
}

func validUTF8(b []byte) []byte {
	if utf8.Valid(b) {
		return b
	}
	return bytes.ToValidUTF8(b, []byte("\uFFFD"))
}

// hasUTF8Multibyte reports whether b holds at least one valid multi-byte
// UTF-8 sequence, a sign that it is UTF-8 with errors rather than a legacy
// single-byte charset.
func hasUTF8Multibyte(b []byte) bool {
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if size > 1 && r != utf8.RuneError {
			return true
		}
		b = b[size:]
	}
	return false
}

func decodeWindows1252(b []byte) []byte {
	out := make([]byte, 0, len(b)+len(b)/8)
	for _, c := range b {
		switch {
		case c < 0x80:
			out = append(out, c)
		case c < 0xA0:
			r := windows1252High[c-0x80]
			if r == 0 {
				r = rune(c) // unassigned: WHATWG maps these to the C1 control
			}
			out = utf8.AppendRune(out, r)
		default:
			out = utf8.AppendRune(out, rune(c))
		}
	}
	return out
}

func decodeUTF16(b []byte, bigEndian bool) []byte {
	units := make([]uint16, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		if bigEndian {
			units = append(units, uint16(b[i])<<8|uint16(b[i+1]))
		} else {
			units = append(units, uint16(b[i+1])<<8|uint16(b[i]))
		}
	}
	var out []byte
	for _, r := range utf16.Decode(units) {
		out = utf8.AppendRune(out, r)
	}
	return out
}

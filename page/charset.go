package page

import (
	"bytes"
	"fmt"
	"mime"
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

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
// byte order mark, the given label (from an HTTP header), UTF-16 recognised
// by its zero bytes, and a <meta> declaration in the first 4 KiB; labels are
// those of the WHATWG Encoding standard. Bytes that are not text at all
// (an image or archive saved as .html) give ErrBinary.
func decodeHTML(raw []byte, label string) ([]byte, error) {
	text, err := decodeText(raw, label)
	if err != nil {
		return nil, err
	}
	if looksBinary(text) {
		return nil, ErrBinary
	}
	return text, nil
}

func decodeText(raw []byte, label string) ([]byte, error) {
	switch {
	case bytes.HasPrefix(raw, []byte("\xEF\xBB\xBF")):
		return validUTF8(raw[3:]), nil
	case bytes.HasPrefix(raw, []byte("\xFF\xFE")):
		return decodeWith(unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), raw[2:])
	case bytes.HasPrefix(raw, []byte("\xFE\xFF")):
		return decodeWith(unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), raw[2:])
	}
	if label == "" {
		if e := sniffUTF16(raw); e != nil {
			return decodeWith(e, raw)
		}
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
			return decodeWith(charmap.Windows1252, raw)
		}
		// UTF-8 with a few stray bytes: keep the rest of the text.
		return validUTF8(raw), nil
	case "utf-16", "utf-16le":
		// Declared, but no BOM: little-endian unless the zeros say not.
		if e := sniffUTF16(raw); e != nil {
			return decodeWith(e, raw)
		}
		return decodeWith(unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), raw)
	}
	e, name := charset.Lookup(label)
	if e == nil || name == "replacement" {
		return nil, fmt.Errorf("charset %q: %w", label, ErrCharset)
	}
	return decodeWith(e, raw)
}

func decodeWith(e encoding.Encoding, raw []byte) ([]byte, error) {
	out, err := e.NewDecoder().Bytes(raw)
	if err != nil {
		return nil, fmt.Errorf("decoding: %w", ErrCharset)
	}
	return validUTF8(out), nil
}

// sniffUTF16 recognises UTF-16 without a byte order mark by where its zero
// bytes fall: an HTML page is mostly ASCII, so in UTF-16LE nearly every odd
// byte is zero and no even one is, and the reverse in UTF-16BE.
func sniffUTF16(raw []byte) encoding.Encoding {
	head := raw[:min(len(raw), 1024)&^1]
	if len(head) < 8 {
		return nil
	}
	var evenZero, oddZero int
	for i := 0; i < len(head); i += 2 {
		if head[i] == 0 {
			evenZero++
		}
		if head[i+1] == 0 {
			oddZero++
		}
	}
	pairs := len(head) / 2
	switch {
	case oddZero*10 >= pairs*8 && evenZero*10 < pairs:
		return unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)
	case evenZero*10 >= pairs*8 && oddZero*10 < pairs:
		return unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)
	}
	return nil
}

// looksBinary reports whether decoded bytes are not text: a file type Go
// recognises as not text (images, archives, PDFs), or more than 1 in 100
// characters control characters or undecodable bytes.
func looksBinary(text []byte) bool {
	if ct := http.DetectContentType(text); !strings.HasPrefix(ct, "text/") && !strings.Contains(ct, "xml") {
		return true
	}
	bad := bytes.Count(text, []byte("\uFFFD"))
	for _, c := range text {
		if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') || c == 0x7f {
			bad++
		}
	}
	return bad > 8 && bad*100 > utf8.RuneCount(text)
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

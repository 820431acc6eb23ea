package lexical

import (
	"bytes"
	"regexp"
	"strings"
)

// A help page's words may name HTML ("insert a <div> element", "the tag
// <OPTION VALUE=...>") or a value to fill in ("--editable <LOCATION>").
// Markdown reads each as raw HTML, which a reply's renderer drops; the
// backslash that escapes its "<" makes it text.

// rawHTMLStart matches what Markdown reads as raw HTML at the start of s:
// a tag (its name in group 1), or a comment, processing instruction or
// declaration ("<!--", "<?", "<!DOCTYPE").
var rawHTMLStart = regexp.MustCompile(`^(?:</?([A-Za-z][A-Za-z0-9-]*)(?:\s[^<>\n]*)?/?>|<[!?])`)

// EscapeRawHTML escapes with a backslash the "<" of what Markdown would
// read as raw HTML in text, Markdown, outside code spans, where
// escape(name) is true: name is the tag's, "" for a comment, processing
// instruction or declaration. A "<" that a backslash escapes already is
// left as it is.
func EscapeRawHTML(text string, escape func(name string) bool) string {
	return escapeRawHTML(text, escape, false)
}

// EscapeWordsHTML is EscapeRawHTML of a page's plain words, every name:
// a backslash in them is the page's own ("C:\Settings\<username>"), so
// the backslashes right before a "<" it escapes are doubled, to show.
func EscapeWordsHTML(words string) string {
	return escapeRawHTML(words, func(string) bool { return true }, true)
}

// UnescapeWordsHTML undoes EscapeWordsHTML: a page's words as it wrote them.
func UnescapeWordsHTML(text string) string {
	if !strings.Contains(text, `\<`) {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		if text[i] != '\\' {
			b.WriteByte(text[i])
			continue
		}
		run := len(text[i:]) - len(strings.TrimLeft(text[i:], `\`))
		end := i + run
		if run%2 == 1 && end < len(text) && rawHTMLStart.MatchString(text[end:]) {
			run /= 2 // the page's own, doubled, and the escape
		}
		b.WriteString(strings.Repeat(`\`, run))
		i = end - 1
	}
	return b.String()
}

func escapeRawHTML(text string, escape func(name string) bool, words bool) string {
	out := make([]byte, 0, len(text)+8)
	for i := 0; i < len(text); {
		switch text[i] {
		case '\\':
			if words {
				break // the page's own, doubled before a "<" escaped
			}
			end := min(i+2, len(text)) // the escape and what it escapes
			out = append(out, text[i:end]...)
			i = end
			continue
		case '`':
			n := 1
			for i+n < len(text) && text[i+n] == '`' {
				n++
			}
			end := RunEnd(text[i+n:], '`', n)
			if end < 0 {
				end = 0 // no span: the backticks are text
			}
			end += i + n
			out = append(out, text[i:end]...)
			i = end
			continue
		case '<':
			if m := rawHTMLStart.FindStringSubmatch(text[i:]); m != nil && escape(m[1]) {
				if words {
					run := len(out) - len(bytes.TrimRight(out, `\`))
					out = append(out, bytes.Repeat([]byte(`\`), run)...)
				}
				out = append(out, '\\')
			}
		}
		out = append(out, text[i])
		i++
	}
	return string(out)
}

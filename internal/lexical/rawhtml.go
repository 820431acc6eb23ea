package lexical

import (
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

// EscapeWords writes a page's plain words as Markdown text: the "<" of
// what Markdown would read as raw HTML escaped (EscapeRawHTML of every
// name), and every backslash outside code spans and links doubled. A
// backslash in the words is the page's own ("C:\Settings\<username>", a
// pattern "https?:\/\/"), and Markdown reads one before any punctuation
// as an escape and drops it: the reply showed "https?://". Doubled, it
// shows. A link is the readers' Markdown ("[\[TUT01\]](biblio.html)",
// its text's brackets escaped), left as they wrote it.
func EscapeWords(words string) string {
	return escapeRawHTML(words, func(string) bool { return true }, true)
}

// UnescapeWords undoes EscapeWords: a page's words as it wrote them. Each
// run of backslashes outside code spans and links is halved: a run
// EscapeWords wrote is the page's doubled, and one more before a "<" it
// escaped.
func UnescapeWords(text string) string {
	if !strings.Contains(text, `\`) {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); {
		switch text[i] {
		case '`', '[':
			end := verbatimEnd(text, i)
			b.WriteString(text[i:end])
			i = end
		case '\\':
			run := len(text[i:]) - len(strings.TrimLeft(text[i:], `\`))
			b.WriteString(strings.Repeat(`\`, run/2))
			i += run
		default:
			b.WriteByte(text[i])
			i++
		}
	}
	return b.String()
}

// verbatimEnd returns where the code span or link opening at text[i]
// ends (see codeSpanEnd, linkEnd); i+1 when none does.
func verbatimEnd(text string, i int) int {
	if text[i] == '`' {
		return codeSpanEnd(text, i)
	}
	if end := linkEnd(text, i); end > 0 {
		return end
	}
	return i + 1
}

// linkEnd returns where the Markdown link opening at text[i], a "[", ends:
// "[text](target)", the text's brackets escaped by a backslash (as the
// readers write it: a target has no space or parenthesis). -1: no link.
func linkEnd(text string, i int) int {
	j := i + 1
	for ; j < len(text) && text[j] != ']'; j++ {
		switch text[j] {
		case '\\':
			j++ // an escaped character
		case '[', '\n':
			return -1
		}
	}
	if j+1 >= len(text) || text[j+1] != '(' {
		return -1
	}
	end := strings.IndexAny(text[j+2:], ") \n")
	if end < 0 || text[j+2+end] != ')' {
		return -1
	}
	return j + 2 + end + 1
}

// codeSpanEnd returns where the code span opening at text[i] (a run of
// backticks) ends; with no closing run, the backticks are text, and it is
// the end of the run.
func codeSpanEnd(text string, i int) int {
	n := 1
	for i+n < len(text) && text[i+n] == '`' {
		n++
	}
	end := RunEnd(text[i+n:], '`', n)
	if end < 0 {
		return i + n
	}
	return i + n + end
}

func escapeRawHTML(text string, escape func(name string) bool, words bool) string {
	out := make([]byte, 0, len(text)+8)
	for i := 0; i < len(text); {
		switch text[i] {
		case '\\':
			if words {
				out = append(out, '\\') // the page's own, doubled
				break
			}
			end := min(i+2, len(text)) // the escape and what it escapes
			out = append(out, text[i:end]...)
			i = end
			continue
		case '`':
			end := codeSpanEnd(text, i)
			out = append(out, text[i:end]...)
			i = end
			continue
		case '[':
			if end := linkEnd(text, i); words && end > 0 {
				out = append(out, text[i:end]...)
				i = end
				continue
			}
		case '<':
			if m := rawHTMLStart.FindStringSubmatch(text[i:]); m != nil && escape(m[1]) {
				out = append(out, '\\')
			}
		}
		out = append(out, text[i])
		i++
	}
	return string(out)
}

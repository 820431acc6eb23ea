package web

import (
	"regexp"
	"strings"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// A help page writes what a customer fills in between angle brackets:
// "pip install --editable <LOCATION>", "https://<your freedombox>/deluge",
// "# -*- coding: <encoding name> -*-". The readers keep it as text (inline
// code is words of its line), but Markdown reads such a word as a raw HTML
// tag, which goldmark drops: the reply showed "https:///deluge". A tag whose
// name is no HTML element is escaped, so it shows as written; a real
// element (the page's own HTML, a customer's) is dropped as before.

// tagStart matches what Markdown reads as an HTML tag at the start of s.
var tagStart = regexp.MustCompile(`^</?([A-Za-z][A-Za-z0-9-]*)(?:\s[^<>\n]*)?/?>`)

// htmlElements are the names of HTML's elements (the living standard's,
// and the obsolete ones browsers still parse).
var htmlElements = func() map[string]bool {
	m := make(map[string]bool)
	for _, name := range strings.Fields(`a abbr acronym address applet area article aside audio b base basefont
		bdi bdo bgsound big blink blockquote body br button canvas caption center cite code col colgroup
		data datalist dd del details dfn dialog dir div dl dt em embed fieldset figcaption figure font
		footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe image img input
		ins isindex kbd keygen label legend li link listing main map mark marquee math menu menuitem meta
		meter nav nobr noembed noframes noscript object ol optgroup option output p param picture
		plaintext pre progress q rb rp rt rtc ruby s samp script search section select slot small
		source spacer span strike strong style sub summary sup svg table tbody td template textarea
		tfoot th thead time title tr track tt u ul var video wbr xmp`) {
		m[name] = true
	}
	return m
}()

// escapePlaceholders escapes the "<" of each tag in text, outside code
// spans, whose name is no HTML element.
func escapePlaceholders(text string) string {
	if !strings.Contains(text, "<") {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); {
		switch text[i] {
		case '`':
			n := 1
			for i+n < len(text) && text[i+n] == '`' {
				n++
			}
			end := lexical.RunEnd(text[i+n:], '`', n)
			if end < 0 {
				end = 0 // no span: the backticks are text
			}
			end += i + n
			b.WriteString(text[i:end])
			i = end
			continue
		case '<':
			if m := tagStart.FindStringSubmatch(text[i:]); m != nil && !htmlElements[strings.ToLower(m[1])] {
				b.WriteString(`\<`)
				i++
				continue
			}
		}
		b.WriteByte(text[i])
		i++
	}
	return b.String()
}

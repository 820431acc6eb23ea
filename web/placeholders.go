package web

import (
	"strings"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// A help page writes what a customer fills in between angle brackets:
// "pip install --editable <LOCATION>", "https://<your freedombox>/deluge",
// "# -*- coding: <encoding name> -*-". The readers keep it as text (inline
// code is words of its line), but Markdown reads such a word as a raw HTML
// tag, which goldmark drops: the reply showed "https:///deluge". A node's
// text comes with every such "<" escaped (kgbuild, lexical.EscapeWords);
// in other text (a support agent's, a customer's, a store built before),
// a tag whose name is no HTML element is escaped, so it shows as written,
// and a real element is dropped as raw HTML.

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
	return lexical.EscapeRawHTML(text, func(name string) bool {
		return name != "" && !htmlElements[strings.ToLower(name)]
	})
}

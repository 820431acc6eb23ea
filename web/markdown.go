package web

import (
	"html"
	"net/url"
	"regexp"
	"strings"

	"github.com/a-h/templ"
	"github.com/helpgraph/helpgraph/internal/lexical"
)

// Resolution text is Markdown-lite: [text](url) links, line breaks and list
// lines are rendered; everything else is escaped. static/chat.js mirrors this.

var (
	listItemRE = regexp.MustCompile(`^\s*(?:[-*•]|\d+[.)])\s+`)
	orderedRE  = regexp.MustCompile(`^\s*\d+[.)]\s+`)
	headingRE  = regexp.MustCompile(`^#{1,6}\s+`)
	tableRowRE = regexp.MustCompile(`^\|(.*)\|$`)
)

// markdownLite renders text as safe HTML.
func markdownLite(text string) templ.Component {
	return templ.Raw(renderMarkdownLite(text))
}

func renderMarkdownLite(text string) string {
	var sb strings.Builder
	var para []string
	list := "" // "ul" or "ol" while inside a list
	flushPara := func() {
		if len(para) > 0 {
			sb.WriteString("<p>")
			sb.WriteString(strings.Join(para, "<br>"))
			sb.WriteString("</p>")
			para = nil
		}
	}
	closeList := func() {
		if list != "" {
			sb.WriteString("</" + list + ">")
			list = ""
		}
	}
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			flushPara()
			closeList()
		case listItemRE.MatchString(line):
			flushPara()
			kind := "ul"
			if orderedRE.MatchString(line) {
				kind = "ol"
			}
			if list != kind {
				closeList()
				sb.WriteString("<" + kind + ">")
				list = kind
			}
			sb.WriteString("<li>")
			sb.WriteString(inline(listItemRE.ReplaceAllString(line, "")))
			sb.WriteString("</li>")
		default:
			closeList()
			para = append(para, inline(plainLine(trimmed)))
		}
	}
	flushPara()
	closeList()
	return sb.String()
}

// plainLine drops a heading's hashes and a table row's outer pipes, which
// read as noise in a chat bubble; cells stay apart with " – ".
func plainLine(s string) string {
	if m := tableRowRE.FindStringSubmatch(s); m != nil {
		cells := strings.Split(m[1], "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		return strings.Join(cells, " – ")
	}
	return headingRE.ReplaceAllString(s, "")
}

// inline escapes s, turning [text](url) with an http(s) URL into a link.
func inline(s string) string {
	var sb strings.Builder
	last := 0
	for _, m := range lexical.MarkdownLink.FindAllStringSubmatchIndex(s, -1) {
		sb.WriteString(html.EscapeString(s[last:m[0]]))
		text, href := s[m[2]:m[3]], s[m[4]:m[5]]
		if safeLink(href) {
			sb.WriteString(`<a href="` + html.EscapeString(href) + `" rel="noopener noreferrer" target="_blank">`)
			sb.WriteString(html.EscapeString(text))
			sb.WriteString("</a>")
		} else {
			sb.WriteString(html.EscapeString(s[m[0]:m[1]]))
		}
		last = m[1]
	}
	sb.WriteString(html.EscapeString(s[last:]))
	return sb.String()
}

// safeLink reports whether href is an absolute http or https URL.
func safeLink(href string) bool {
	u, err := url.Parse(href)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

package page

import (
	"bytes"
	"regexp"
	"strings"
)

// Writerside's Markdown (JetBrains' documentation tool): semantic elements
// written as tags on lines of their own (<tabs>, <tab title="…">,
// <procedure title="…"> of <step>s, <note>, <tip>, <warning>) and
// attribute lists in braces, on the line after a block ("> …" then
// {style="note"}: the quote is a note) or at a heading's end ("## Title
// {id="x" collapsible="true"}"). writersideBlocks rewrites them into what
// renderDialects reads: notes as Docusaurus' ":::note", tabs as <Tabs> and
// <TabItem label=…>, a procedure as its title and a numbered list of its
// steps; attribute lists go. Read as written, the tags' text ran together
// into one line ("Run the installer. Drag the app. Open Settings …") and
// "{style="note"}" stayed in the text.

var (
	wsAttrs     = regexp.MustCompile(`^\{\s*[\w-]+\s*=.*\}\s*$`)
	wsStyle     = regexp.MustCompile(`style\s*=\s*"(note|tip|warning)"`)
	wsHeadAttrs = regexp.MustCompile(`^(#{1,6}\s.*?)\s*\{\s*[\w-]+\s*=[^}]*\}\s*$`)
	wsTag       = regexp.MustCompile(`^<(/?)(tabs|tab|procedure|step|note|tip|warning)\b([^>]*)>(.*)$`)
	wsTitle     = regexp.MustCompile(`title\s*=\s*"([^"]*)"`)
	wsStepEnd   = regexp.MustCompile(`</step>\s*$`)
)

// writersideMarks are byte sequences one of which Writerside's syntax
// holds.
var writersideMarks = [][]byte{[]byte("<tabs"), []byte("<procedure"), []byte("<note"), []byte("<tip"), []byte("<warning"), []byte("\n{"), []byte(" {")}

// hasWriterside reports whether src may hold Writerside's syntax.
func hasWriterside(src []byte) bool {
	for _, m := range writersideMarks {
		if bytes.Contains(src, m) {
			return true
		}
	}
	return bytes.HasPrefix(src, []byte("{"))
}

// writersideBlocks rewrites src's Writerside syntax (see above). Code
// fences are left as they are.
func writersideBlocks(src []byte) []byte {
	if !hasWriterside(src) {
		return src
	}
	lines := strings.Split(string(src), "\n")
	out := make([]string, 0, len(lines))
	var fences codeFences
	quoteStart := -1 // in out, the first line of the blockquote just written
	inStep := false
	for _, line := range lines {
		t := strings.TrimSpace(line)
		if fences.code(line) {
			out = append(out, line)
			continue
		}
		if strings.HasPrefix(t, ">") {
			if quoteStart < 0 {
				quoteStart = len(out)
			}
			out = append(out, line)
			continue
		}
		if wsAttrs.MatchString(t) {
			if m := wsStyle.FindStringSubmatch(t); m != nil && quoteStart >= 0 {
				// The quote above is a note of that style.
				note := []string{"", ":::" + m[1]}
				for _, q := range out[quoteStart:] {
					q = strings.TrimPrefix(strings.TrimSpace(q), ">")
					note = append(note, strings.TrimPrefix(q, " "))
				}
				out = append(append(out[:quoteStart], note...), ":::", "")
			}
			quoteStart = -1
			continue // an attribute list is no text
		}
		quoteStart = -1
		if m := wsHeadAttrs.FindStringSubmatch(line); m != nil {
			out = append(out, m[1])
			continue
		}
		m := wsTag.FindStringSubmatch(t)
		if m == nil {
			if inStep && t != "" {
				line = "   " + line // the step's text stays in its item
				if wsStepEnd.MatchString(t) {
					line, inStep = "   "+wsStepEnd.ReplaceAllString(t, ""), false
				}
			}
			out = append(out, line)
			continue
		}
		closing, tag, attrs, rest := m[1] == "/", m[2], m[3], strings.TrimSpace(m[4])
		title := ""
		if tm := wsTitle.FindStringSubmatch(attrs); tm != nil {
			title = tm[1]
		}
		switch {
		case tag == "tabs" && closing:
			out = append(out, "</Tabs>", "")
		case tag == "tabs":
			out = append(out, "", "<Tabs>")
		case tag == "tab" && closing:
			out = append(out, "</TabItem>")
		case tag == "tab":
			out = append(out, `<TabItem label="`+jsxQuote(title)+`">`)
		case tag == "procedure" && closing:
			out = append(out, "")
		case tag == "procedure":
			out = append(out, "")
			if title != "" {
				out = append(out, title+":", "")
			}
		case tag == "step" && closing:
			inStep = false
		case tag == "step":
			item := "1. " + wsStepEnd.ReplaceAllString(rest, "")
			inStep = !wsStepEnd.MatchString(rest)
			out = append(out, item)
		case closing: // a note
			out = append(out, ":::", "")
		default:
			out = append(out, "", ":::"+tag+" "+title)
			if rest != "" {
				out = append(out, rest)
			}
		}
	}
	return []byte(strings.Join(out, "\n"))
}

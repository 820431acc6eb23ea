package page

import (
	"bytes"
	"regexp"
	"strings"
)

// MDC, the Markdown of Nuxt Content (Docus, Nuxt UI's docs): block
// components opened by "::name{attrs}" and closed by "::", one colon more
// for each level of nesting (":::tabs-item{label="npm"}" … ":::"), their
// props in braces or in a YAML block after the opening line, named slots
// opened by "#name" lines. mdcBlocks rewrites the components a help page
// is made of into what renderDialects reads: notes (note, tip, warning,
// caution, important, callout and alert by their type or colour) as
// Docusaurus' ":::kind Title", tabs and their items as <Tabs> and
// <TabItem label=…>, a code group as VitePress', collapsible parts and
// accordion items as ":::details Title", a card as a <Card> linking its
// page. Any other component's lines go, what it encloses stays. Read as
// written, "::note Notes are read. ::" was the text, and tabs were no
// alternatives.

var (
	mdcOpen  = regexp.MustCompile(`^(:{2,})([A-Za-z][\w-]*)(\{[^}]*\})?\s*(?:\[([^\]]*)\])?\s*$`)
	mdcClose = regexp.MustCompile(`^(:{2,})\s*$`)
	mdcAttr  = regexp.MustCompile(`([A-Za-z][\w-]*)=(?:"([^"]*)"|'([^']*)'|([^\s"'}]+))`)
	mdcSlot  = regexp.MustCompile(`^#[A-Za-z][\w-]*\s*$`)
	mdcProp  = regexp.MustCompile(`^([A-Za-z][\w-]*):\s*["']?(.*?)["']?\s*$`)
)

// mdcNoteKinds are the note components and the kind each is.
var mdcNoteKinds = map[string]string{
	"note": "note", "tip": "tip", "warning": "warning", "caution": "caution", "important": "important",
	"info": "info", "danger": "danger", "success": "tip",
}

// mdcColourKinds are the kinds of a callout or alert by its type or colour.
var mdcColourKinds = map[string]string{
	"info": "info", "primary": "info", "neutral": "note", "secondary": "note", "blue": "info",
	"success": "tip", "green": "tip", "tip": "tip",
	"warning": "warning", "yellow": "warning", "orange": "warning", "caution": "caution",
	"error": "danger", "danger": "danger", "red": "danger",
}

// mdcBlocks rewrites src's MDC block components (see above). Code fences
// are left as they are.
func mdcBlocks(src []byte) []byte {
	if !bytes.Contains(src, []byte("\n::")) && !bytes.HasPrefix(src, []byte("::")) {
		return src
	}
	lines := strings.Split(string(src), "\n")
	out := make([]string, 0, len(lines))
	var fences codeFences
	type open struct {
		colons int
		closer []string
	}
	var stack []open
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		t := strings.TrimSpace(line)
		if fences.code(line) {
			out = append(out, line)
			continue
		}
		if m := mdcClose.FindStringSubmatch(t); m != nil && len(stack) > 0 && len(m[1]) == stack[len(stack)-1].colons {
			out = append(out, stack[len(stack)-1].closer...)
			stack = stack[:len(stack)-1]
			continue
		}
		m := mdcOpen.FindStringSubmatch(t)
		// A component of the top level has two colons; one of more is
		// one nested in an open component (":::note" alone is Docusaurus').
		if m == nil || len(m[1]) != 2 && (len(stack) == 0 || len(m[1]) <= stack[len(stack)-1].colons) {
			if len(stack) > 0 && mdcSlot.MatchString(t) {
				continue
			}
			out = append(out, line)
			continue
		}
		attrs := map[string]string{}
		for _, a := range mdcAttr.FindAllStringSubmatch(m[3], -1) {
			attrs[a[1]] = a[2] + a[3] + a[4]
		}
		if i+1 < len(lines) && strings.TrimSpace(lines[i+1]) == "---" { // props as YAML
			for j := i + 2; j < len(lines); j++ {
				if strings.TrimSpace(lines[j]) == "---" {
					i = j
					break
				}
				if p := mdcProp.FindStringSubmatch(strings.TrimSpace(lines[j])); p != nil {
					attrs[p[1]] = p[2]
				}
			}
		}
		title := firstOf(attrs, "title", "label", "name")
		if m[4] != "" {
			title = m[4]
		}
		opening, closer := mdcComponent(strings.ToLower(m[2]), title, attrs)
		out = append(out, opening...)
		stack = append(stack, open{colons: len(m[1]), closer: closer})
	}
	return []byte(strings.Join(out, "\n"))
}

// mdcComponent returns the lines that open and close component name,
// titled title, with attrs, as renderDialects reads them.
func mdcComponent(name, title string, attrs map[string]string) (opening, closer []string) {
	switch {
	case mdcNoteKinds[name] != "" || name == "callout" || name == "alert":
		kind := mdcNoteKinds[name]
		if k := mdcColourKinds[strings.ToLower(firstOf(attrs, "type", "color"))]; k != "" {
			kind = k
		}
		if kind == "" {
			kind = "note"
		}
		return []string{"", ":::" + kind + " " + title}, []string{":::", ""}
	case name == "tabs":
		return []string{"", "<Tabs>"}, []string{"</Tabs>", ""}
	case name == "tabs-item" || name == "tab":
		return []string{`<TabItem label="` + jsxQuote(title) + `">`}, []string{"</TabItem>"}
	case name == "code-group":
		return []string{"", "::: code-group"}, []string{":::", ""}
	case name == "collapsible" || name == "accordion-item" || name == "details":
		return []string{"", ":::details " + title}, []string{":::", ""}
	case name == "card" && title != "":
		tag := `<Card title="` + jsxQuote(title) + `"`
		if to := firstOf(attrs, "to", "href"); to != "" {
			tag += ` href="` + jsxQuote(to) + `"`
		}
		return []string{"", tag + ">"}, []string{"</Card>", ""}
	}
	return []string{""}, []string{""}
}

// firstOf returns the first of keys attrs has a value for, or "".
func firstOf(attrs map[string]string, keys ...string) string {
	for _, k := range keys {
		if v := strings.TrimSpace(attrs[k]); v != "" {
			return v
		}
	}
	return ""
}

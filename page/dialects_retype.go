package page

import (
	"bytes"
	"regexp"
	"strings"
)

// Retype (retype.com) and Docsify write their blocks with a line that
// closes them, or none, where MkDocs indents a block's content:
//
//   - Retype's callouts "!!!warning Title" … "!!!", its tabs "+++ Windows" …
//     "+++ macOS" … "+++", its panels "=== Title" … "===";
//   - Docsify's tips "?> …" and warnings "!> …" (a paragraph), and the tabs
//     of its tabs plugin: "<!-- tabs:start -->", a heading of a bold label
//     per tab ("#### **Windows**"), "<!-- tabs:end -->".
//
// closedBlocks rewrites them into the Docusaurus syntax renderDialects
// reads: ":::warning Title" notes, <Tabs> with a <TabItem label=…> per tab,
// ":::details Title" panels. Read as written, their markers stayed in the
// text ("!!! warning Backup first Back up …") and the tabs were no
// alternatives. MkDocs' "!!! note" (content indented, no closing line) and
// "=== "Tab"" (a quoted label) are left to renderDialects.

var (
	// retypeCallout opens a Retype callout: "!!!", its variant written
	// against it ("!!!danger"), then its title.
	retypeCallout = regexp.MustCompile(`^!!!([A-Za-z]*)(?:\s+(.*?))?\s*$`)
	retypeTab     = regexp.MustCompile(`^\+\+\+(?:\s+(.*?))?\s*$`)
	retypePanel   = regexp.MustCompile(`^===\s+([^"\s].*?)\s*$`)
	docsifyNote   = regexp.MustCompile(`^([?!])>\s*(.*)$`)
	docsifyTab    = regexp.MustCompile(`^#{1,6}\s+\*\*(.+?)\*\*\s*$`)
)

// retypeKinds are the note kinds of Retype's callout variants; any other
// (primary, secondary, info, light, dark, contrast, ghost, question) is a
// note.
var retypeKinds = map[string]string{"success": "tip", "tip": "tip", "warning": "warning", "danger": "danger", "info": "info"}

// hasClosedBlocks reports whether src may hold Retype's or Docsify's blocks.
func hasClosedBlocks(src []byte) bool {
	return bytes.Contains(src, []byte("!!!")) || bytes.Contains(src, []byte("+++")) || bytes.Contains(src, []byte("===")) ||
		bytes.Contains(src, []byte("?>")) || bytes.Contains(src, []byte("!>")) || bytes.Contains(src, []byte("tabs:start"))
}

// closedBlocks rewrites src's Retype and Docsify blocks (see above). Code
// fences are left as they are.
func closedBlocks(src []byte) []byte {
	if !hasClosedBlocks(src) {
		return src
	}
	lines := strings.Split(string(src), "\n")
	out := make([]string, 0, len(lines))
	var fences codeFences
	var open []string // the closing line of each open block, innermost last
	inTabs, docsifyTabs := false, false
	closes := func(i int, marker string) bool { // a line "marker" alone follows i
		for _, l := range lines[i+1:] {
			if strings.TrimSpace(l) == marker {
				return true
			}
		}
		return false
	}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		t := strings.TrimSpace(line)
		if fences.code(line) || indentOf(line) >= 4 {
			out = append(out, line)
			continue
		}
		switch {
		case t == "<!-- tabs:start -->":
			docsifyTabs = true
			out = append(out, "<Tabs>")
			continue
		case t == "<!-- tabs:end -->" && docsifyTabs:
			if inTabs {
				out = append(out, "</TabItem>")
			}
			docsifyTabs, inTabs = false, false
			out = append(out, "</Tabs>")
			continue
		case docsifyTabs && docsifyTab.MatchString(t):
			if inTabs {
				out = append(out, "</TabItem>")
			}
			inTabs = true
			out = append(out, `<TabItem label="`+jsxQuote(docsifyTab.FindStringSubmatch(t)[1])+`">`)
			continue
		case len(open) > 0 && t == open[len(open)-1]:
			out = append(out, closer(t))
			if t == "+++" {
				out = append(out, "</Tabs>")
				inTabs = false
			}
			open = open[:len(open)-1]
			continue
		}
		if m := retypeCallout.FindStringSubmatch(t); m != nil && closes(i, "!!!") && !nextIndented(lines, i) {
			kind, title := strings.ToLower(m[1]), m[2]
			if k := retypeKinds[kind]; k != "" {
				kind = k
			} else {
				kind = "note"
			}
			out = append(out, "", ":::"+kind+" "+title)
			open = append(open, "!!!")
			continue
		}
		if m := retypeTab.FindStringSubmatch(t); m != nil && m[1] != "" && (inTabs && !docsifyTabs || closes(i, "+++")) {
			if inTabs {
				out = append(out, "</TabItem>")
			} else {
				out = append(out, "<Tabs>")
				open = append(open, "+++")
				inTabs = true
			}
			out = append(out, `<TabItem label="`+jsxQuote(m[1])+`">`)
			continue
		}
		if m := retypePanel.FindStringSubmatch(t); m != nil && closes(i, "===") && !nextIndented(lines, i) {
			out = append(out, "", ":::details "+m[1])
			open = append(open, "===")
			continue
		}
		if m := docsifyNote.FindStringSubmatch(line); m != nil {
			kind := "tip"
			if m[1] == "!" {
				kind = "warning"
			}
			out = append(out, "", ":::"+kind, m[2])
			for i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" {
				i++
				out = append(out, lines[i])
			}
			out = append(out, ":::", "")
			continue
		}
		out = append(out, line)
	}
	return []byte(strings.Join(out, "\n"))
}

// closer is what ends the block a Retype closing line closes.
func closer(marker string) string {
	if marker == "+++" {
		return "</TabItem>"
	}
	return ":::\n"
}

// nextIndented reports whether the first line after i with text is
// indented as MkDocs indents a block's content.
func nextIndented(lines []string, i int) bool {
	for _, l := range lines[i+1:] {
		if strings.TrimSpace(l) != "" {
			return indentOf(l) >= 4
		}
	}
	return false
}

// jsxQuote makes s safe inside a double-quoted JSX attribute.
func jsxQuote(s string) string {
	return strings.ReplaceAll(strings.TrimSpace(s), `"`, "&quot;")
}

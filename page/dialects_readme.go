package page

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// ReadMe (readme.com) pages as its rdme tool syncs a project's guides with
// a docs folder: Markdown in which the legacy editor's blocks are JSON
// objects between "[block:TYPE]" and "[/block]" lines, callouts of the
// newer editor are blockquotes opened by an emoji ("> 📘 Title"), and a
// link to another guide is "doc:slug". readmeBlocks rewrites them into the
// Markdown the other dialects use: a header block is a section's heading, a callout
// a labelled note ("> [!warning] Title"), code blocks fenced code (several
// are tabs, one per sample), a parameters block a table, an image its
// caption, an embed a link, a doc link a link to the page of that file
// name. Read as they were, the blocks put their JSON into the page's text
// and their headings nowhere. A block whose JSON does not parse, or of a
// kind not read here, is left as it was: nothing is dropped.

var (
	readmeBlockOpen = regexp.MustCompile(`^\[block:([\w-]+)\]\s*$`)
	// readmeDocLink is a link to another guide by its slug, with an anchor
	// or not: "[Configure](doc:configure#proxy)".
	readmeDocLink = regexp.MustCompile(`\]\(doc:([\w.-]+)(?:#[^)\s]*)?\)`)
	// readmeEmojiCallout is the first line of a callout of the newer
	// editor: a blockquote opened by its theme's emoji and its title.
	readmeEmojiCallout = regexp.MustCompile(`^(\s*>\s*)(📘|👍|🚧|❗️|❗|ℹ️|✅|⚠️)\s*(.*)$`)
)

// readmeThemes are the kinds of ReadMe's callouts by their "type" or
// emoji, as admonition kinds.
var readmeThemes = map[string]string{
	"info": "info", "📘": "info", "ℹ️": "info",
	"success": "tip", "okay": "tip", "👍": "tip", "✅": "tip",
	"warning": "warning", "warn": "warning", "🚧": "warning", "⚠️": "warning",
	"danger": "danger", "error": "danger", "❗️": "danger", "❗": "danger",
}

// hasReadMe reports whether src may hold ReadMe's syntax.
func hasReadMe(src []byte) bool {
	return bytes.Contains(src, []byte("[block:")) || bytes.Contains(src, []byte("(doc:")) ||
		bytes.ContainsAny(src, "📘👍🚧❗")
}

// readmeBlocks rewrites src's ReadMe syntax into Markdown (see above).
// Code fences are left as they are.
func readmeBlocks(src []byte) []byte {
	if !hasReadMe(src) {
		return src
	}
	lines := strings.Split(string(src), "\n")
	var out strings.Builder
	var fences codeFences
	quoted := false // the line before was part of a blockquote
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		if fences.code(line) {
			out.WriteString(line + "\n")
			continue
		}
		if m := readmeBlockOpen.FindStringSubmatch(trimmed); m != nil {
			end := i + 1
			for end < len(lines) && strings.TrimSpace(lines[end]) != "[/block]" {
				end++
			}
			if end < len(lines) {
				if md, ok := readmeBlock(m[1], strings.Join(lines[i+1:end], "\n")); ok {
					out.WriteString("\n" + md + "\n\n")
					i, quoted = end, false
					continue
				}
			}
		}
		if m := readmeEmojiCallout.FindStringSubmatch(line); m != nil && !quoted {
			line = m[1] + "[!" + readmeThemes[m[2]] + "] " + m[3]
		}
		quoted = strings.HasPrefix(trimmed, ">")
		out.WriteString(readmeDocLink.ReplaceAllStringFunc(line, func(l string) string {
			slug := readmeDocLink.FindStringSubmatch(l)[1]
			return "]" + wikiDestination(slug)
		}) + "\n")
	}
	return []byte(strings.TrimSuffix(out.String(), "\n"))
}

// readmeBlockData is what the legacy editor's blocks hold, each kind its
// fields.
type readmeBlockData struct {
	Title string `json:"title"`
	Level int    `json:"level"`
	Type  string `json:"type"`
	Body  string `json:"body"`
	Codes []struct {
		Code     string `json:"code"`
		Language string `json:"language"`
		Name     string `json:"name"`
	} `json:"codes"`
	Images []struct {
		Image   []any  `json:"image"`
		Caption string `json:"caption"`
	} `json:"images"`
	Data map[string]string `json:"data"`
	Cols int               `json:"cols"`
	Rows int               `json:"rows"`
	HTML string            `json:"html"`
	URL  string            `json:"url"`
}

// readmeBlock returns the Markdown of a block of kind whose JSON is
// body, or false when it does not parse or is of another kind.
func readmeBlock(kind, body string) (string, bool) {
	var b readmeBlockData
	if err := json.Unmarshal([]byte(lenientJSON(body)), &b); err != nil {
		return "", false
	}
	switch kind {
	case "api-header":
		if strings.TrimSpace(b.Title) == "" {
			return "", true
		}
		// A section of the page, below its title (ReadMe shows the
		// title above the body): an "#" opening the body would be read
		// as the title again.
		return strings.Repeat("#", min(max(b.Level, 2), 6)) + " " + collapse(b.Title), true
	case "callout":
		theme := readmeThemes[strings.ToLower(b.Type)]
		if theme == "" {
			theme = "note"
		}
		md := "> [!" + theme + "] " + collapse(b.Title)
		for _, l := range strings.Split(strings.TrimSpace(b.Body), "\n") {
			md += "\n> " + l
		}
		return md, true
	case "code":
		return readmeCode(b), len(b.Codes) > 0
	case "parameters":
		return readmeTable(b), b.Cols > 0
	case "image":
		var parts []string
		for _, im := range b.Images {
			if c := strings.TrimSpace(im.Caption); c != "" {
				parts = append(parts, c)
			}
		}
		return strings.Join(parts, "\n\n"), true
	case "html":
		return b.HTML, true
	case "embed":
		if b.URL == "" {
			return "", true
		}
		title := collapse(b.Title)
		if title == "" {
			title = b.URL
		}
		return "[" + title + "](" + b.URL + ")", true
	}
	return "", false
}

// readmeCode writes a code block's samples: one fenced, several as tabs
// named by their samples' names (or languages).
func readmeCode(b readmeBlockData) string {
	var sb strings.Builder
	tabs := len(b.Codes) > 1
	for _, c := range b.Codes {
		indent := ""
		if tabs {
			name := c.Name
			if name == "" {
				name = c.Language
			}
			fmt.Fprintf(&sb, "=== %q\n\n", name)
			indent = "    "
		}
		fence := "```"
		for strings.Contains(c.Code, fence) {
			fence += "`"
		}
		sb.WriteString(indent + fence + c.Language + "\n")
		for _, l := range strings.Split(c.Code, "\n") {
			sb.WriteString(indent + l + "\n")
		}
		sb.WriteString(indent + fence + "\n\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}

// readmeTable writes a parameters block, cells keyed "h-COL" (the header)
// and "ROW-COL", as a Markdown table.
func readmeTable(b readmeBlockData) string {
	cell := func(key string) string {
		s := strings.ReplaceAll(strings.TrimSpace(b.Data[key]), "\n", "<br>")
		return strings.ReplaceAll(s, "|", `\|`)
	}
	cols := min(b.Cols, 64)
	row := func(key func(c int) string) string {
		cells := make([]string, cols)
		for c := range cols {
			cells[c] = cell(key(c))
		}
		return "| " + strings.Join(cells, " | ") + " |"
	}
	lines := []string{row(func(c int) string { return fmt.Sprintf("h-%d", c) }), "|" + strings.Repeat(" --- |", cols)}
	for r := range min(b.Rows, 10000) {
		lines = append(lines, row(func(c int) string { return fmt.Sprintf("%d-%d", r, c) }))
	}
	return strings.Join(lines, "\n")
}

// lenientJSON returns s with the backslashes JSON does not allow dropped
// ("\`" in a callout's body, which ReadMe's editor writes and reads).
func lenientJSON(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			if strings.IndexByte(`"\/bfnrtu`, s[i+1]) < 0 {
				continue
			}
			sb.WriteByte(s[i])
			i++
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

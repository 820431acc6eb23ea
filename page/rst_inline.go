package page

import (
	"html"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Inline markup of reStructuredText: emphasis, literals, references and
// roles become the HTML Sphinx writes for them; what only the build reads
// (footnote references, undefined substitutions) is dropped.

var (
	roleStart   = regexp.MustCompile(`^:([A-Za-z][\w+.-]*(?::[\w+.-]+)*):` + "`")
	roleSuffix  = regexp.MustCompile(`^:([A-Za-z][\w+.-]*(?::[\w+.-]+)*):`)
	footnoteRef = regexp.MustCompile(`^\[(?:#[\w.-]*|\*|\d+|[A-Za-z][\w.-]*)\]_`)
	// embedded is a reference's text with its target: "text <target>".
	embedded = regexp.MustCompile(`(?s)^(.*?)\s*<([^<>]+)>$`)
	// wordRef is a reference by a name of one word ("PyPI_").
	wordRef = regexp.MustCompile(`[A-Za-z0-9](?:[\w.+-]*[A-Za-z0-9])?__?`)
)

// startPrefix are the characters inline markup may follow, besides white
// space (docutils' inline markup recognition rules, in short).
const startPrefix = "-:/'\"<([{"

// endSuffix are the characters inline markup may be followed by.
const endSuffix = "-.,:;!?\\/'\")]}>"

// canStart reports whether the start-string of n bytes at s[i] opens
// inline markup: at the start or after white space or an opening
// character, and followed by a character that is not white space.
func canStart(s string, i, n int) bool {
	if i+n >= len(s) {
		return false
	}
	if next, _ := utf8.DecodeRuneInString(s[i+n:]); unicode.IsSpace(next) {
		return false
	}
	if i == 0 {
		return true
	}
	prev, _ := utf8.DecodeLastRuneInString(s[:i])
	return unicode.IsSpace(prev) || strings.ContainsRune(startPrefix, prev) || unicode.Is(unicode.Ps, prev) || unicode.Is(unicode.Pi, prev)
}

// isEnd reports whether the end-string end at s[k] can close inline
// markup: after a character that is not white space nor an escape, and
// before the end, white space or closing punctuation.
func isEnd(s string, k int, end string) bool {
	if k == 0 || !strings.HasPrefix(s[k:], end) {
		return false
	}
	prev, _ := utf8.DecodeLastRuneInString(s[:k])
	if unicode.IsSpace(prev) || prev == '\\' && end != "``" {
		return false
	}
	after := k + len(end)
	if after == len(s) {
		return true
	}
	next, _ := utf8.DecodeRuneInString(s[after:])
	return unicode.IsSpace(next) || strings.ContainsRune(endSuffix, next) || unicode.Is(unicode.Pe, next) || unicode.Is(unicode.Pf, next) ||
		(end == "`" || end == "|") && (next == '_' || next == ':')
}

// inlineEnds are the places in a paragraph where each end-string can
// close markup, found once: a paragraph of unclosed start-strings
// ("*a *b *c …") is then read in one pass, not once per start-string.
type inlineEnds struct {
	s    string
	ends map[string][]int
}

// find returns where end closes markup whose content starts at from, or
// -1 (content is never empty).
func (e *inlineEnds) find(from int, end string) int {
	at, ok := e.ends[end]
	if !ok {
		for k := strings.Index(e.s, end); k >= 0; {
			if isEnd(e.s, k, end) {
				at = append(at, k)
			}
			next := strings.Index(e.s[k+1:], end)
			if next < 0 {
				break
			}
			k += 1 + next
		}
		if e.ends == nil {
			e.ends = map[string][]int{}
		}
		e.ends[end] = at
	}
	if i, _ := slices.BinarySearch(at, from+1); i < len(at) {
		return at[i]
	}
	return -1
}

// inline renders a paragraph's inline markup as HTML.
func (r *rstReader) inline(s string) string {
	save := r.ends
	r.ends = &inlineEnds{s: s}
	defer func() { r.ends = save }()
	var sb strings.Builder
	start := 0
	flush := func(to int) {
		if to > start {
			sb.WriteString(r.plain(s[start:to]))
		}
	}
	for i := 0; i < len(s); {
		n, out := r.markup(s, i)
		if n == 0 {
			i++
			continue
		}
		to := i
		if s[i] == '[' {
			// A footnote reference goes with the space before it.
			for to > start && (s[to-1] == ' ' || s[to-1] == '\n') {
				to--
			}
		}
		flush(to)
		sb.WriteString(out)
		i += n
		start = i
	}
	flush(len(s))
	return sb.String()
}

// markup reads the inline markup at s[i]: the bytes it spans and its
// HTML, or 0 when none starts there.
func (r *rstReader) markup(s string, i int) (int, string) {
	rest := s[i:]
	switch rest[0] {
	case '\\':
		if len(rest) == 1 {
			return 1, ""
		}
		c, size := utf8.DecodeRuneInString(rest[1:])
		if unicode.IsSpace(c) {
			return 1 + size, ""
		}
		return 1 + size, html.EscapeString(string(c))
	case '`':
		if strings.HasPrefix(rest, "``") && canStart(s, i, 2) {
			if end := r.ends.find(i+2, "``"); end >= 0 {
				return end + 2 - i, "<code>" + html.EscapeString(s[i+2:end]) + "</code>"
			}
			return 0, ""
		}
		if !canStart(s, i, 1) {
			return 0, ""
		}
		end := r.ends.find(i+1, "`")
		if end < 0 {
			return 0, ""
		}
		inner, k := s[i+1:end], end+1
		switch {
		case strings.HasPrefix(s[k:], "__"):
			return k + 2 - i, r.reference(inner)
		case strings.HasPrefix(s[k:], "_"):
			return k + 1 - i, r.reference(inner)
		}
		if m := roleSuffix.FindString(s[k:]); m != "" {
			return k + len(m) - i, r.role(strings.Trim(m, ":"), inner)
		}
		return k - i, html.EscapeString(unescapeRST(inner))
	case ':':
		m := roleStart.FindStringSubmatch(rest)
		if m == nil || !canStart(s, i, 1) {
			return 0, ""
		}
		end := r.ends.find(i+len(m[0]), "`")
		if end < 0 {
			return 0, ""
		}
		return end + 1 - i, r.role(m[1], s[i+len(m[0]):end])
	case '*':
		for _, mark := range []string{"**", "*"} {
			if strings.HasPrefix(rest, mark) && canStart(s, i, len(mark)) {
				if end := r.ends.find(i+len(mark), mark); end >= 0 {
					tag := "em"
					if mark == "**" {
						tag = "strong"
					}
					return end + len(mark) - i, "<" + tag + ">" + r.inline(s[i+len(mark):end]) + "</" + tag + ">"
				}
				return 0, ""
			}
		}
	case '|':
		if !canStart(s, i, 1) {
			return 0, ""
		}
		end := r.ends.find(i+1, "|")
		if end < 0 {
			return 0, ""
		}
		k := end + 1
		if strings.HasPrefix(s[k:], "__") {
			k += 2
		} else if strings.HasPrefix(s[k:], "_") {
			k++
		}
		return k - i, html.EscapeString(r.subs[strings.ToLower(collapse(s[i+1:end]))])
	case '[':
		if m := footnoteRef.FindString(rest); m != "" {
			return len(m), ""
		}
	case '_':
		if strings.HasPrefix(rest, "_`") && canStart(s, i, 2) {
			if end := r.ends.find(i+2, "`"); end >= 0 {
				return end + 1 - i, html.EscapeString(unescapeRST(s[i+2 : end]))
			}
		}
	}
	return 0, ""
}

// plain escapes text with no markup, linking the references by one word
// to a target the page defines ("PyPI_").
func (r *rstReader) plain(s string) string {
	if len(r.targets) == 0 || !strings.Contains(s, "_") {
		return html.EscapeString(s)
	}
	var sb strings.Builder
	last := 0
	for _, m := range wordRef.FindAllStringIndex(s, -1) {
		if m[1] < len(s) && (isWordRune(rune(s[m[1]])) || s[m[1]] == '_') || m[0] > 0 && isWordRune(rune(s[m[0]-1])) {
			continue
		}
		name := strings.TrimRight(s[m[0]:m[1]], "_")
		url, ok := r.targets[rstRefName(name)]
		if !ok {
			continue
		}
		sb.WriteString(html.EscapeString(s[last:m[0]]))
		sb.WriteString(link(url, name))
		last = m[1]
	}
	sb.WriteString(html.EscapeString(s[last:]))
	return sb.String()
}

// link is an HTML link.
func link(url, text string) string {
	return `<a href="` + html.EscapeString(url) + `">` + html.EscapeString(text) + "</a>"
}

// unescapeRST drops reStructuredText's backslash escapes.
func unescapeRST(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == ' ' || s[i] == '\n' {
				continue
			}
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// reference renders `text <url>`_ or `name`_: a link where the target
// is a URL, else (a section of a page) its text.
func (r *rstReader) reference(inner string) string {
	text, target := collapse(unescapeRST(inner)), ""
	if m := embedded.FindStringSubmatch(inner); m != nil {
		text, target = collapse(unescapeRST(m[1])), strings.Join(strings.Fields(m[2]), "")
		if name, ok := strings.CutSuffix(target, "_"); ok {
			target = r.targets[rstRefName(strings.Trim(name, "`"))]
		}
		if text == "" {
			text = target
		}
	} else {
		target = r.targets[rstRefName(text)]
	}
	if target == "" {
		return html.EscapeString(text)
	}
	return link(target, text)
}

// role renders interpreted text of a role as its text (Sphinx's cross-
// references, :pep:, :kbd: …); a :doc: is a link to the page.
func (r *rstReader) role(name, content string) string {
	content = collapse(content)
	title, target, explicit := content, content, false
	if m := embedded.FindStringSubmatch(content); m != nil && m[1] != "" {
		title, target, explicit = collapse(unescapeRST(m[1])), strings.TrimSpace(m[2]), true
	}
	base := roleName(name)
	switch base {
	case "doc":
		if !explicit {
			title = ""
			if r.folder.docTitle != nil {
				title = r.folder.docTitle(target)
			}
			if title == "" {
				title = titleFromPath(strings.TrimPrefix(target, "~"))
			}
		}
		return link(strings.TrimPrefix(target, "~"), title)
	case "ref":
		name := rstRefName(target)
		_, here := r.labels[name]
		href, t, there := "", "", false
		if !here && r.folder.label != nil {
			href, t, there = r.folder.label(name)
		}
		if here {
			t = r.labels[name]
		}
		if !explicit {
			if t != "" {
				title = t
			} else if !strings.Contains(target, " ") {
				title = collapse(wordSeparators.Replace(target))
			}
		}
		if there {
			// A section of another page: a link to the page.
			return link(href, unescapeRST(title))
		}
	case "pep", "rfc":
		num, _, _ := strings.Cut(target, "#")
		if !explicit {
			title = strings.ToUpper(base) + " " + num
		}
	case "menuselection":
		title = strings.ReplaceAll(title, "-->", ">")
	case "guilabel":
		title = strings.ReplaceAll(strings.ReplaceAll(title, "&&", "\x00"), "&", "")
		title = strings.ReplaceAll(title, "\x00", "&")
	case "download":
		if !explicit {
			title = path.Base(target)
		}
	default:
		if !explicit {
			title = objectName(title)
		}
	}
	return html.EscapeString(unescapeRST(title))
}

package page

import (
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

// The inline syntax of the dialects: Liquid tags and variables, Hugo
// shortcodes, wikilinks, MDX and Obsidian comments (see renderDialects).

// inline rewrites the inline syntax of a line outside its code spans.
func (r *dialectWriter) inline(s string) string {
	if !strings.ContainsAny(s, "{[%") {
		return s
	}
	var sb strings.Builder
	for s != "" {
		i := strings.IndexByte(s, '`')
		if i < 0 {
			sb.WriteString(r.inlineText(s))
			break
		}
		before := s[:i]
		s = s[i:]
		n := len(s) - len(strings.TrimLeft(s, "`"))
		ticks := s[:n]
		end := strings.Index(s[n:], ticks)
		// A MyST role: {name} right before the code span.
		var role []int
		if strings.HasSuffix(before, "}") {
			role = mystRoleName.FindStringSubmatchIndex(before)
		}
		if role != nil && end >= 0 {
			sb.WriteString(r.inlineText(before[:role[0]]))
			sb.WriteString(r.mystRole(before[role[2]:role[3]], strings.TrimSpace(s[n:n+end])))
			s = s[n+end+n:]
			continue
		}
		sb.WriteString(r.inlineText(before))
		if end < 0 {
			sb.WriteString(ticks)
			s = s[n:]
			continue
		}
		sb.WriteString(s[:n+end+n])
		s = s[n+end+n:]
	}
	return sb.String()
}

// liquidEnd reports whether line is the Liquid tag {% name %}.
func liquidEnd(line, name string) bool {
	m := liquidTag.FindStringSubmatch(line)
	return m != nil && m[1] == name && strings.TrimSpace(liquidTag.ReplaceAllString(line, "")) == ""
}

// inlineText rewrites text with no code span in it; what a Liquid raw
// tag encloses stays as written.
func (r *dialectWriter) inlineText(s string) string {
	if loc := rawStart.FindStringIndex(s); loc != nil {
		before, rest := r.inlineText(s[:loc[0]]), s[loc[1]:]
		end := rawEnd.FindStringIndex(rest)
		if end == nil {
			r.raw = true // closes on a later line
			return before + rest
		}
		return before + rest[:end[0]] + r.inlineText(rest[end[1]:])
	}
	return r.rewrite(s)
}

// rewrite rewrites text with no code span or raw block in it.
func (r *dialectWriter) rewrite(s string) string {
	if strings.Contains(s, "{/*") {
		s = jsxComment.ReplaceAllString(s, "")
	}
	if strings.Contains(s, "%%") {
		s = obsidianNote.ReplaceAllString(s, "")
	}
	if strings.Contains(s, "{!") {
		s = r.inlineIncludes(s)
	}
	if strings.Contains(s, "{{<") || strings.Contains(s, "{{%") {
		s = hugoShortcode.ReplaceAllStringFunc(s, r.shortcode)
	}
	if strings.Contains(s, "{%") {
		s = r.liquidTags(s)
	}
	if strings.Contains(s, "{{") {
		s = liquidOutput.ReplaceAllStringFunc(s, r.liquidVar)
	}
	if strings.Contains(s, "[[") {
		s = wikilink.ReplaceAllStringFunc(s, wikiLink)
	}
	if strings.Contains(s, "](") && r.env != nil && r.env.linkTitle != nil {
		s = lexical.MarkdownLink.ReplaceAllStringFunc(s, r.titledLink)
	}
	return s
}

// titledLink writes a link m whose text is its own target, a file name
// ("[sign-in.md](sign-in.md)", as GitBook's page references write
// them), with the title of the page it leads to: a customer reads "Sign
// in", not a file name.
func (r *dialectWriter) titledLink(m string) string {
	sm := lexical.MarkdownLink.FindStringSubmatch(m)
	text, href := sm[1], sm[2]
	if text != href && (text != path.Base(href) || path.Ext(text) == "") {
		return m // words of its own ("install"), not a file's name
	}
	title := r.env.linkTitle(href)
	if title == "" || strings.ContainsAny(title, "[]") {
		return m
	}
	return "[" + title + "](" + href + ")"
}

// includeMark is a markdown-include macro within a line.
var includeMark = regexp.MustCompile(`\{!\s*(.+?)\s*!\}`)

// inlineIncludes writes the text before each {! file !} of a line, then
// the file, and returns the rest of the line.
func (r *dialectWriter) inlineIncludes(s string) string {
	for {
		loc := includeMark.FindStringSubmatchIndex(s)
		if loc == nil {
			return s
		}
		if before := s[:loc[0]]; strings.TrimSpace(before) != "" {
			r.emit(before)
		}
		r.includeFile(s[loc[2]:loc[3]])
		s = s[loc[1]:]
	}
}

// shortcode renders a Hugo shortcode: ref and relref become the path they
// name, figure its caption or alt text; any other (paired ones included)
// is dropped, keeping what is between its tags.
func (r *dialectWriter) shortcode(m string) string {
	sm := hugoShortcode.FindStringSubmatch(m)
	if sm[2] == "/" {
		return ""
	}
	args := sm[4]
	switch sm[3] {
	case "ref", "relref":
		if q := quotedArg.FindStringSubmatch(args); q != nil {
			return q[1]
		}
		return strings.TrimSpace(args)
	case "figure", "img", "image":
		attrs := map[string]string{}
		for _, a := range shortcodeAttr.FindAllStringSubmatch(args, -1) {
			attrs[a[1]] = a[2]
		}
		for _, k := range []string{"alt", "caption", "title"} {
			if attrs[k] != "" {
				return attrs[k]
			}
		}
	}
	return ""
}

// liquidTags renders the Liquid tags of a line: include tags are resolved
// (their content, on a line of its own, is the included file's), link
// tags give their path, raw and comment open their blocks, highlight
// becomes a code fence, and every other tag is dropped with what it
// encloses kept.
func (r *dialectWriter) liquidTags(s string) string {
	var sb strings.Builder
	for {
		loc := liquidTag.FindStringSubmatchIndex(s)
		if loc == nil {
			sb.WriteString(s)
			return sb.String()
		}
		sb.WriteString(s[:loc[0]])
		name, args := s[loc[2]:loc[3]], s[loc[4]:loc[5]]
		s = s[loc[1]:]
		switch name {
		case "include", "include_relative", "include_cached":
			file, _, _ := strings.Cut(strings.TrimSpace(args), " ")
			before := sb.String()
			sb.Reset()
			if strings.TrimSpace(before) != "" {
				r.emit(before)
			}
			r.includeFile(strings.Trim(file, `"'`))
		case "link", "post_url":
			sb.WriteString(strings.Trim(strings.TrimSpace(args), `"'`))
		case "comment":
			end := strings.Index(s, "endcomment")
			if end < 0 {
				r.comment = true
				return sb.String()
			}
			// The comment ends on this line: drop it, keep what follows.
			if close := strings.Index(s[end:], "%}"); close >= 0 {
				s = s[end+close+2:]
			}
		case "highlight":
			lang, _, _ := strings.Cut(strings.TrimSpace(args), " ")
			r.fence, r.liquid = "```", true
			return "```" + lang
		}
	}
}

// liquidVar renders a Liquid output: a variable the folder knows, a
// quoted string (through relative_url or absolute_url), else nothing.
func (r *dialectWriter) liquidVar(m string) string {
	if strings.HasPrefix(m, "{{<") || strings.HasPrefix(m, "{{%") {
		return ""
	}
	expr := liquidOutput.FindStringSubmatch(m)[1]
	value, filters, _ := strings.Cut(expr, "|")
	value = strings.TrimSpace(value)
	if q := quotedArg.FindStringSubmatch(value); q != nil {
		v := q[1]
		if strings.Contains(filters, "relative_url") || strings.Contains(filters, "absolute_url") {
			v = r.vars("site.baseurl") + v
		}
		return v
	}
	return r.vars(strings.ReplaceAll(value, " ", ""))
}

func (r *dialectWriter) vars(key string) string {
	if r.env == nil {
		return ""
	}
	if key == "page.title" {
		return r.env.title
	}
	return r.env.vars[key]
}

// wikiLink writes an Obsidian wikilink as a Markdown link the folder
// resolves (wikiScheme); an embedded image becomes an image with its name
// as alt text.
func wikiLink(m string) string {
	sm := wikilink.FindStringSubmatch(m)
	target, label := strings.TrimSpace(sm[2]), strings.TrimSpace(sm[3])
	name, heading, _ := strings.Cut(target, "#")
	if sm[1] == "!" && imageExt[strings.ToLower(path.Ext(name))] {
		alt := label
		if alt == "" {
			alt = strings.TrimSuffix(path.Base(name), path.Ext(name))
		}
		return "![" + alt + "](" + (&url.URL{Path: name}).EscapedPath() + ")"
	}
	if label == "" {
		label = name
		if heading != "" {
			label = strings.TrimSpace(heading)
			if name != "" {
				label = name + " > " + label
			}
		}
	}
	if name == "" {
		return label // a heading of the same page
	}
	return "[" + label + "]" + wikiDestination(name)
}

// wikiDestination is the destination of a Markdown link to the page of the
// folder named name (file name, title or alias), which the folder resolves
// (wikiScheme).
func wikiDestination(name string) string {
	return "(<" + wikiScheme + url.PathEscape(name) + ">)"
}

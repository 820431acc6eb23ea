package web

import (
	"bytes"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/a-h/templ"
	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/util"

	"github.com/helpgraph/helpgraph/conversation"
)

// Every text shown as Markdown (the bot's replies, the support team's, the
// transcripts and resolutions on the admin pages) is rendered here, on the
// server, and the chat script inserts the result: one renderer, no copy in
// JavaScript. goldmark drops raw HTML and dangerous link schemes; a line
// break in the text stays one (help pages put steps on lines of their own);
// bluemonday's user-content policy checks what is left, since transcripts
// hold what customers typed.
//
// No text shown is written with emphasis: a page's words reach a node's
// text as plain words (inline code, a formula, a wildcard among them), and
// read as Markdown, "*.example.org or *.example.com" and "2*PI" became
// italics and lost their stars. So "*", "_" and "~" are text: no emphasis,
// no strikethrough.
var (
	richMarkdown = goldmark.New(
		goldmark.WithParser(parser.NewParser(
			parser.WithBlockParsers(parser.DefaultBlockParsers()...),
			parser.WithInlineParsers(withoutEmphasis(parser.DefaultInlineParsers())...),
			parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
		)),
		goldmark.WithExtensions(extension.Linkify, extension.Table, extension.TaskList, codeLines{}),
		goldmark.WithRendererOptions(html.WithHardWraps()),
	)
	richPolicy = func() *bluemonday.Policy {
		p := bluemonday.UGCPolicy()
		p.RequireNoFollowOnLinks(true)
		p.AddTargetBlankToFullyQualifiedLinks(true)
		p.RequireNoReferrerOnLinks(true)
		return p
	}()
)

// withoutEmphasis is inline parsers less the one that reads "*" and "_"
// as emphasis.
func withoutEmphasis(inline []util.PrioritizedValue) []util.PrioritizedValue {
	return slices.DeleteFunc(inline, func(p util.PrioritizedValue) bool {
		ip, ok := p.Value.(parser.InlineParser)
		return ok && bytes.ContainsAny(ip.Trigger(), "*_")
	})
}

// renderRich renders Markdown text as sanitised HTML.
func renderRich(text string) string {
	var buf bytes.Buffer
	if err := richMarkdown.Convert([]byte(escapePlaceholders(endListsBeforeText(text))), &buf); err != nil {
		// goldmark writes to a buffer; it fails only on writer errors.
		return richPolicy.Sanitize("<p>" + templ.EscapeString(text) + "</p>")
	}
	return keepRefsWhole(string(richPolicy.SanitizeBytes(buf.Bytes())))
}

var htmlTag = regexp.MustCompile(`<[^>]*>`)

// keepRefsWhole puts each handoff reference in the text (not in a tag's
// attributes) in a span that does not break: a phone broke "HG-4P843K"
// after its hyphen, and a reference is read out and typed in whole.
func keepRefsWhole(h string) string {
	if !strings.Contains(h, "HG-") {
		return h
	}
	var out strings.Builder
	last := 0
	for _, tag := range htmlTag.FindAllStringIndex(h, -1) {
		out.WriteString(conversation.RefPattern.ReplaceAllString(h[last:tag[0]], `<span class="ref">$0</span>`))
		out.WriteString(h[tag[0]:tag[1]])
		last = tag[1]
	}
	out.WriteString(conversation.RefPattern.ReplaceAllString(h[last:], `<span class="ref">$0</span>`))
	return out.String()
}

// endListsBeforeText puts a blank line between a list item and a line of
// text after it that is no item: each line of a help page's text is a block
// of its own ("- the last step" then "Info: this needs version 2"), but
// Markdown reads such a line as the item's lazy continuation and shows the
// note inside the last step.
func endListsBeforeText(text string) string {
	if !strings.Contains(text, "\n") {
		return text
	}
	lines := strings.Split(text, "\n")
	out := make([]string, 0, len(lines)+2)
	for i, line := range lines {
		if i > 0 && isListLine(lines[i-1]) && line != "" && !isListLine(line) && !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, "\t") {
			out = append(out, "")
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// isListLine reports whether line is an item of a Markdown list.
func isListLine(line string) bool {
	l := strings.TrimLeft(line, " \t")
	if strings.HasPrefix(l, "- ") || strings.HasPrefix(l, "* ") || strings.HasPrefix(l, "+ ") {
		return true
	}
	i := strings.IndexFunc(l, func(r rune) bool { return r < '0' || r > '9' })
	return i > 0 && i <= 3 && (strings.HasPrefix(l[i:], ". ") || strings.HasPrefix(l[i:], ") "))
}

func richText(text string) templ.Component { return templ.Raw(renderRich(text)) }

// replyCacheSize bounds the rendered replies kept: a help center's sections
// and the fixed lead-ins make up most of what the bot says.
const replyCacheSize = 4096

// newReplyCache returns the cache of rendered chat replies.
func newReplyCache() *lru.Cache[string, string] {
	c, _ := lru.New[string, string](replyCacheSize) // fails only for a size ≤ 0
	return c
}

// replyHTML renders a chat reply, from the cache when the same text was
// rendered before: rendering costs tens of microseconds, every turn.
func (s *Server) replyHTML(text string) string {
	if h, ok := s.replies.Get(text); ok {
		return h
	}
	h := renderRich(text)
	s.replies.Add(text, h)
	return h
}

// safeLink reports whether href is an absolute http or https URL: the only
// links the pages make of URLs that come from help pages or customers.
func safeLink(href string) bool {
	u, err := url.Parse(href)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

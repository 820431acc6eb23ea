package web

import (
	"bytes"

	"github.com/a-h/templ"
	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
)

// Admin pages render transcripts as Markdown on the server: goldmark drops
// raw HTML and dangerous link schemes, and bluemonday's user-content policy
// checks what is left, since transcripts hold what customers typed.
var (
	richMarkdown = goldmark.New(goldmark.WithExtensions(extension.GFM))
	richPolicy   = func() *bluemonday.Policy {
		p := bluemonday.UGCPolicy()
		p.RequireNoFollowOnLinks(true)
		p.AddTargetBlankToFullyQualifiedLinks(true)
		p.RequireNoReferrerOnLinks(true)
		return p
	}()
)

// renderRich renders Markdown text as sanitised HTML.
func renderRich(text string) string {
	var buf bytes.Buffer
	if err := richMarkdown.Convert([]byte(text), &buf); err != nil {
		// goldmark writes to a buffer; it fails only on writer errors.
		return richPolicy.Sanitize("<p>" + templ.EscapeString(text) + "</p>")
	}
	return string(richPolicy.SanitizeBytes(buf.Bytes()))
}

func richText(text string) templ.Component { return templ.Raw(renderRich(text)) }

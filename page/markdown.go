package page

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
)

// markdown renders help-center Markdown: GitHub tables and lists, and raw
// HTML passed through, since the HTML cleaner removes what is unsafe.
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM, extension.DefinitionList),
	goldmark.WithRendererOptions(html.WithUnsafe()),
)

// ParseMarkdown cleans a Markdown page by rendering it to HTML and cleaning
// that, so both kinds of page share one cleaner. The title is the front
// matter's title: when there is one, else the first # heading.
func ParseMarkdown(raw []byte, url string) (*Document, error) {
	text, err := decodeHTML(raw, "utf-8")
	if err != nil {
		return nil, err
	}
	body, title := frontMatter(text)
	var out bytes.Buffer
	if err := markdown.Convert(body, &out); err != nil {
		return nil, fmt.Errorf("rendering Markdown: %w", err)
	}
	doc, err := ParseHTML(out.Bytes(), url)
	if err != nil {
		return nil, err
	}
	if title != "" {
		doc.Title = title
	}
	sum := sha256.Sum256(raw)
	doc.ContentHash = hex.EncodeToString(sum[:])
	return doc, nil
}

// frontMatter splits YAML-style front matter (between --- lines at the very
// start) from the body, and returns its title: value. Only that one key is
// read, so no YAML parser is needed.
func frontMatter(src []byte) (body []byte, title string) {
	rest, ok := bytes.CutPrefix(src, []byte("---"))
	if !ok {
		return src, ""
	}
	nl := bytes.IndexByte(rest, '\n')
	if nl < 0 || strings.TrimSpace(string(rest[:nl])) != "" {
		return src, ""
	}
	rest = rest[nl+1:]
	var front []byte
	for {
		nl := bytes.IndexByte(rest, '\n')
		line := rest
		if nl >= 0 {
			line = rest[:nl]
		}
		if t := strings.TrimSpace(string(line)); t == "---" || t == "..." {
			if nl < 0 {
				rest = nil
			} else {
				rest = rest[nl+1:]
			}
			break
		}
		if nl < 0 {
			return src, "" // no closing line: not front matter
		}
		front = append(front, line...)
		front = append(front, '\n')
		rest = rest[nl+1:]
	}
	for _, line := range strings.Split(string(front), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "title" {
			v = strings.TrimSpace(v)
			if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
				v = v[1 : len(v)-1]
			}
			title = collapse(v)
		}
	}
	return rest, title
}

package kgbuild

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/internal/lexical"
	"github.com/helpgraph/helpgraph/page"
)

// docFrom builds a Document from Markdown-like lines, the form Text()
// renders: "# " headings, "- " and "1. " list items indented two spaces per
// level, "| a | b |" table rows, anything else a paragraph.
func docFrom(t testing.TB, url, title, src string) *page.Document {
	t.Helper()
	doc := &page.Document{URL: url, Title: title}
	for _, line := range strings.Split(strings.TrimSpace(src), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		trimmed := strings.TrimLeft(line, " ")
		depth := (len(line)-len(trimmed))/2 + 1
		var b page.Block
		switch {
		case strings.HasPrefix(trimmed, "#"):
			level := len(trimmed) - len(strings.TrimLeft(trimmed, "#"))
			b = page.Block{Kind: page.Heading, Level: level, Text: strings.TrimSpace(trimmed[level:])}
		case strings.HasPrefix(trimmed, "- "):
			b = page.Block{Kind: page.ListItem, Depth: depth, Text: trimmed[2:]}
		case strings.HasPrefix(trimmed, "1. "):
			b = page.Block{Kind: page.ListItem, Depth: depth, Ordered: true, Text: trimmed[3:]}
		case strings.HasPrefix(trimmed, "| "):
			b = page.Block{Kind: page.TableRow, Text: strings.TrimSuffix(strings.TrimPrefix(trimmed, "| "), " |")}
		default:
			b = page.Block{Kind: page.Paragraph, Text: trimmed}
		}
		for _, m := range lexical.MarkdownLink.FindAllStringSubmatch(b.Text, -1) {
			b.Links = append(b.Links, page.Link{Text: m[1], URL: m[2]})
		}
		doc.Blocks = append(doc.Blocks, b)
	}
	sum := sha256.Sum256([]byte(src))
	doc.ContentHash = hex.EncodeToString(sum[:])
	return doc
}

package page

import (
	"bytes"
	"path"
	"regexp"
	"strings"
)

// Notion's "Markdown & CSV" export: every page a Markdown file, its name the
// page's title and the page's id, 32 hexadecimal digits ("Refunds
// 1a2b…7890.md", its sub-pages in a folder named the same way). A page of a
// database (a help center kept as a Notion database, each article a row)
// writes the row's properties as lines of text under its title:
//
//	# Refunds
//
//	Owner: Support team
//	Last edited time: March 3, 2026 10:12 AM
//	Tags: billing, refunds
//
//	You can ask for a refund within 14 days.
//
// Read as text, they were the opening of the article's answer ("Owner:
// Support team Last edited time: …" before the refund rules). They are the
// page's metadata, as front matter is: dropped from its text, the values of
// a tags or keywords property its keywords. The id is no word of a title.

// notionID is the id Notion's export ends a page's or folder's name with.
var notionID = regexp.MustCompile(` [0-9a-f]{32}$`)

// isNotionExport reports whether the page at u (a path or URL) is a page
// of Notion's export: its file name ends with a Notion id.
func isNotionExport(u string) bool {
	name := unescapePath(path.Base(u))
	return notionID.MatchString(strings.TrimSuffix(name, path.Ext(name)))
}

// withoutNotionID returns a file or folder name without the id Notion's
// export ends it with.
func withoutNotionID(name string) string { return notionID.ReplaceAllString(name, "") }

// notionProperty is a line of a database row's properties: a name of at
// most four words (letters, digits, spaces), a colon and its value.
var notionProperty = regexp.MustCompile(`^(\pL[\pL\pN]*(?: [\pL\pN]+){0,3}): (\S.*)$`)

// notionKeywords are the property names whose values are the page's
// keywords (lowercased).
var notionKeywords = map[string]bool{"tags": true, "keywords": true, "category": true, "categories": true, "topic": true, "topics": true}

// notionProperties returns body without the properties block Notion's
// export writes under a database row's title, and the keywords it holds.
// The block is the run of property lines after the "# Title" line and a
// blank line, up to a blank line or the end; a run with a line that is not
// a property is text, and stays.
func notionProperties(body []byte) ([]byte, []string) {
	lines := bytes.SplitAfter(body, []byte("\n"))
	i := 0
	for i < len(lines) && len(bytes.TrimSpace(lines[i])) == 0 {
		i++
	}
	if i >= len(lines) || !bytes.HasPrefix(lines[i], []byte("# ")) {
		return body, nil
	}
	i++
	for i < len(lines) && len(bytes.TrimSpace(lines[i])) == 0 {
		i++
	}
	start := i
	var keywords []string
	for ; i < len(lines); i++ {
		line := strings.TrimSpace(string(lines[i]))
		if line == "" {
			break
		}
		m := notionProperty.FindStringSubmatch(line)
		if m == nil {
			return body, nil
		}
		if notionKeywords[strings.ToLower(m[1])] {
			for _, k := range strings.Split(m[2], ",") {
				if k = strings.TrimSpace(k); k != "" {
					keywords = append(keywords, k)
				}
			}
		}
	}
	if i == start {
		return body, nil
	}
	out := bytes.Join(lines[:start], nil)
	return append(out, bytes.Join(lines[i:], nil)...), keywords
}

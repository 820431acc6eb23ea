package page

import (
	"bytes"
	"strings"
)

// meta is what scanning a page file found in its bytes: its front matter
// and first # heading, for Markdown pages.
type meta struct {
	fm FrontMatter
	h1 string
	// labels are a reStructuredText page's labels (rstLabels).
	labels map[string]string
	md     bool
	draft  bool
	// mallard is what a Mallard page says of itself for the others: its
	// id, description and the guides it is listed in (mallardMeta).
	mallard *mallardMeta
	// ditaMap is what a DITA map says (a map is no page).
	ditaMap *ditaMapInfo
	// desc is the page's description, which the pages listing it show
	// beside its link (site.descs).
	desc string
	// notPage: an .xml file that is neither DocBook nor DITA (a sitemap,
	// a build's configuration) is no page.
	notPage bool
}

// scanMeta reads a Markdown page's front matter and first # heading. A
// front matter that does not parse is left for readPage to report.
func scanMeta(raw []byte, rel string) meta {
	if pageKind(rel) == "adoc" {
		return meta{h1: adocTitleLine(raw)}
	}
	switch pageKind(rel) {
	case "xml":
		switch xmlVocabulary(raw) {
		case "dita":
			return scanDITA(raw)
		case "docbook":
			return meta{}
		}
		return meta{notPage: true}
	case "dita":
		return scanDITA(raw)
	case "ditamap":
		return meta{ditaMap: scanDITAMap(raw)}
	}
	if pageKind(rel) == "mallard" {
		m := scanMallard(raw)
		if m == nil {
			return meta{}
		}
		return meta{h1: m.title, desc: m.desc, mallard: m}
	}
	front, format, body := splitFrontMatter(raw)
	fm, _ := parseFrontMatter(front, format)
	if pageKind(rel) == "rst" {
		lines := rstLines(string(raw))
		return meta{md: true, h1: rstTitle(lines), labels: rstLabels(lines)}
	}
	if pageKind(rel) != "md" {
		// An HTML page with front matter (Jekyll, Hugo) may name its
		// permalink, and be a draft.
		return meta{fm: fm, draft: fm.Draft}
	}
	m := meta{fm: fm, md: true, draft: fm.Draft, desc: collapse(fm.Description)}
	myst := hasMyST(body)
	fenced, label := false, ""
	for len(body) > 0 {
		line := body
		if i := bytes.IndexByte(body, '\n'); i >= 0 {
			line, body = body[:i], body[i+1:]
		} else {
			body = nil
		}
		t := bytes.TrimSpace(line)
		if m := fenceOpen.FindSubmatch(t); m != nil && isFence(string(t), string(m[1])) {
			fenced = !fenced
		}
		if fenced {
			continue
		}
		if m.h1 == "" && bytes.HasPrefix(t, []byte("# ")) {
			m.h1 = collapse(string(t[2:]))
			if !myst {
				break
			}
		}
		label = m.mystLabel(label, string(t))
	}
	return m
}

// mystLabel notes a MyST target, "(label)=", a page's line t: its label
// (folded, as reStructuredText's) with the title of the heading right
// after it, "" when no heading follows; a {ref} to it is a link to the
// page. label is the target of the line before ("" when none), and the
// result the target this line leaves open for the next.
func (m *meta) mystLabel(label, t string) string {
	if mystTarget.MatchString(t) {
		if m.labels == nil {
			m.labels = map[string]string{}
		}
		name := rstRefName(t[1 : len(t)-2])
		if _, seen := m.labels[name]; !seen {
			m.labels[name] = ""
		}
		return name
	}
	if label == "" || t == "" {
		return label
	}
	if h := headingLine.FindStringSubmatch(t); h != nil {
		m.labels[label] = collapse(strings.TrimSpace(strings.TrimRight(t[len(h[1]):], "# ")))
	}
	return ""
}

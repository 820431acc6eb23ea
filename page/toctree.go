package page

import (
	"strings"
)

// toctree is what a Sphinx toctree directive shows where it stands, in
// reStructuredText and MyST alike: its caption and a list of links to the
// documents it names, each by its title. Sphinx shows nothing of a hidden
// one (it only builds the sidebar). An index page that is a toctree and a
// line ("Topics", pip's reference) reads as that list, as on the site,
// where it was a page with nothing to say. Titles only: Sphinx nests a
// document's own section headings under its title down to :maxdepth:,
// which would make the index a copy of every heading of the pages below
// it, outranking them on their own words.
type toctree struct {
	caption string
	hidden  bool
	entries []tocDoc
}

// tocDoc is a document a toctree names: its explicit title ("" for the
// document's own) and its name, relative to the page's folder or, opening
// with "/", to the pages folder.
type tocDoc struct{ title, target string }

// parseToctree reads a toctree's lines, options and entries, as Sphinx
// does: ":hidden:", ":caption: Text" and ":glob:" are read (or, in MyST,
// the same as YAML between "---" lines), other options skipped; an entry is "name" or "Title <name>". Left out: "self" (the
// page itself), a glob pattern (the documents it matches are the build's
// to know) and a URL without a title.
func parseToctree(lines []string) toctree {
	var t toctree
	glob, yaml := false, false
	option := func(name, value string) {
		switch strings.ToLower(name) {
		case "hidden":
			t.hidden = value == "" || strings.EqualFold(value, "true")
		case "caption":
			t.caption = collapse(strings.Trim(value, `"'`))
		case "glob":
			glob = value == "" || strings.EqualFold(value, "true")
		}
	}
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if l == "---" && (yaml || i == 0) {
			// MyST's options as YAML, between "---" lines first.
			yaml = !yaml
			continue
		}
		if yaml {
			name, value, _ := strings.Cut(l, ":")
			option(name, strings.TrimSpace(value))
			continue
		}
		if m := fieldLine.FindStringSubmatch(l); m != nil {
			option(m[1], strings.TrimSpace(m[2]))
			continue
		}
		if l == "" || l == "self" || glob && strings.ContainsAny(l, "*?[") {
			continue
		}
		e := tocDoc{target: l}
		if m := mystRoleTarget.FindStringSubmatch(l); m != nil && m[1] != "" {
			e = tocDoc{title: collapse(m[1]), target: strings.TrimSpace(m[2])}
		}
		if e.title == "" && strings.Contains(e.target, "://") {
			continue
		}
		t.entries = append(t.entries, e)
	}
	return t
}

// entryTitle is an entry's title: its own, else the title of the page it
// names (title, "" when unknown), else its name made readable.
func (e tocDoc) entryTitle(title func(href string) string) string {
	if e.title != "" {
		return e.title
	}
	if title != nil {
		if t := title(e.target); t != "" {
			return t
		}
	}
	return titleFromPath(e.target)
}

package page

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestMediaWikiGolden reads a wiki page written as a help center's
// MediaWiki pages are (testdata/mediawiki): its title from DISPLAYTITLE,
// a note and a warning template, numbered steps with a bulleted sub-item,
// an external link, a file's caption, a table with a styled cell, a term,
// code led by spaces, <nowiki>; references, comments, magic words, other
// templates and categories are no text.
func TestMediaWikiGolden(t *testing.T) {
	name := "Reset_your_password.wiki"
	doc, err := parseMediaWiki(readFixture(t, filepath.Join("mediawiki", name)), name, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "mediawiki.golden", "Title: "+doc.Title+"\nKeywords: "+strings.Join(doc.Keywords, ", ")+"\n\n"+doc.Text()+"\n")
}

// TestMediaWiki: the wikitext shapes, one a row.
func TestMediaWiki(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"headings: '=' is the page's own level, deeper ones nest", "Intro.\n= Top =\nA.\n== Setup ==\nB.\n=== Cables ===\nC.",
			"# Help\nIntro.\n## Top\nA.\n## Setup\nB.\n### Cables\nC."},
		{"lists nest by their markers; a sibling item closes the one above", "* a\n** a1\n** a2\n* b\n# one\n# two",
			"- a\n  - a1\n  - a2\n- b\n1. one\n1. two"},
		{"lines of a paragraph are one; a blank line parts them", "one\ntwo\n\nthree",
			"# Help\none two\nthree"},
		{"a template in a template is dropped whole; an unclosed one runs to the end", "Before {{a|{{b|x}} y}} after.\n\n{{c|never closed\nlost",
			"# Help\nBefore after."},
		{"a link's trail is part of its label (a page the folder lacks is its text); a section link is its text", "Use [[Printer]]s and [[#Costs|the costs]].",
			"# Help\nUse Printers and the costs."},
		{"<pre> and <syntaxhighlight> are code, kept as written", "<syntaxhighlight lang=\"bash\">\nls ''x''\n</syntaxhighlight>\n<pre>one</pre>",
			"# Help\nls ''x''\none"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := parseMediaWiki([]byte(tc.src), "Help.wiki", nil)
			if err != nil {
				t.Fatal(err)
			}
			got := doc.Text()
			if !strings.HasPrefix(tc.want, "# ") {
				got = strings.TrimPrefix(got, "# Help\n")
			}
			if got != tc.want {
				t.Errorf("text:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

// TestReadDirMediaWiki: a folder's wiki pages are pages, titled by their
// file names, and [[links]] between them lead to each other; GitHub's
// _Sidebar is no page.
func TestReadDirMediaWiki(t *testing.T) {
	dir := filepath.Join("testdata", "mediawiki")
	docs, failed, err := ReadDir(t.Context(), dir, ReadOptions{})
	if err != nil || len(failed) > 0 {
		t.Fatal(err, failed)
	}
	var titles, links []string
	for _, d := range docs {
		titles = append(titles, d.URL+": "+d.Title)
		for _, l := range d.Links() {
			links = append(links, d.URL+" -> "+l.URL)
		}
	}
	if want := []string{"Account_security.wiki: Account security", "Reset_your_password.wiki: Reset your password"}; !slices.Equal(titles, want) {
		t.Errorf("pages %q, want %q", titles, want)
	}
	for _, want := range []string{"Account_security.wiki -> Reset_your_password.wiki", "Reset_your_password.wiki -> Account_security.wiki"} {
		if !slices.Contains(links, want) {
			t.Errorf("links %q lack %q", links, want)
		}
	}
	_ = errors.New
}

// FuzzParseMediaWiki: no wikitext panics the reader or leaves markup in a
// page.
func FuzzParseMediaWiki(f *testing.F) {
	f.Add(readFixture(f, filepath.Join("mediawiki", "Reset_your_password.wiki")))
	f.Add([]byte("{{Note|a|b=c}}\n{|\n|a||b\n{|\n|c\n|}\n|}\n;t : d\n:: x\n*# y\n<pre>z\n[[File:x.png|thumb|cap]] [[Category:K]] [[:a:b|c]]d <nowiki>''x''</nowiki>"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc, err := parseMediaWiki(raw, "f.wiki", nil)
		if err != nil {
			return
		}
		checkCleanDocument(t, doc)
	})
}

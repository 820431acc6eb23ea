package page

import (
	"strings"
	"testing"
)

// TestDocBookWrapperTitle: an HTML fragment of DocBook (no <title>) whose
// article wraps one titled section and a table of contents is read as that
// section: its title is the page's, and the wrapper's title is no heading
// (it was a page whose first section repeated its text). A wrapper with
// text of its own or with several sections keeps its title.
func TestDocBookWrapperTitle(t *testing.T) {
	const toc = `<div class="toc"><div class="toc-title">Table of Contents</div><ul class="toc"><li><a href="#s1">Photo Albums (Gallery)</a></li></ul></div>`
	section := func(id, title, body string) string {
		return `<section class="section" id="` + id + `"><div class="titlepage"><div><div><h2 class="title">` + title + `</h2></div></div></div>` + body + `</section>`
	}
	inner := section("s1", "Photo Albums (Gallery)",
		`<p>Albums keep pictures together.</p>`+
			`<section class="section" id="s2"><div class="titlepage"><div><div><h3 class="title">Sharing an album</h3></div></div></div><p>Open the album and press Share.</p></section>`)
	tests := []struct {
		name, html string
		title      string
		headings   []string
	}{
		{"article wrapping one section",
			`<section class="article" id="a"><div class="titlepage"><div><div><h2 class="title">PhotoAlbums</h2></div></div><hr/></div>` + toc + inner + `</section>`,
			"Photo Albums (Gallery)", []string{"Photo Albums (Gallery)", "Sharing an album"}},
		{"empty index anchors beside the section",
			`<div class="sect2"><div class="titlepage"><h3 class="title">PhotoAlbums</h3></div><a class="indexterm" id="i1"></a>` + inner + `</div>`,
			"Photo Albums (Gallery)", []string{"Photo Albums (Gallery)", "Sharing an album"}},
		{"wrapper with text of its own",
			`<section class="article" id="a"><div class="titlepage"><h2 class="title">PhotoAlbums</h2></div><p>Pictures, kept.</p>` + inner + `</section>`,
			"PhotoAlbums", []string{"PhotoAlbums", "Photo Albums (Gallery)", "Sharing an album"}},
		{"wrapper with two sections",
			`<section class="article" id="a"><div class="titlepage"><h2 class="title">PhotoAlbums</h2></div>` + toc + inner + section("s3", "Printing", "<p>Print an album from its menu.</p>") + `</section>`,
			"PhotoAlbums", []string{"PhotoAlbums", "Photo Albums (Gallery)", "Sharing an album", "Printing"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := ParseHTML([]byte(tt.html), "albums.part.html")
			if err != nil {
				t.Fatal(err)
			}
			if doc.Title != tt.title {
				t.Errorf("title %q, want %q", doc.Title, tt.title)
			}
			var got []string
			for _, b := range doc.Blocks {
				if b.Kind == Heading {
					got = append(got, b.Text)
				}
			}
			if strings.Join(got, " | ") != strings.Join(tt.headings, " | ") {
				t.Errorf("headings %q, want %q", got, tt.headings)
			}
		})
	}
}

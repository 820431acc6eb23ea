package page

import (
	"strings"
	"testing"
)

// TestManPagePurpose: an AsciiDoc manual page's NAME line, which both
// generators put in the header outside the content, opens the page; an
// article's header (its title, author and revision) stays out.
func TestManPagePurpose(t *testing.T) {
	const content = `<div id="content"><div class="sect1"><h2 id="_synopsis">SYNOPSIS</h2><div class="sectionbody"><p>acme sweep [-f]</p></div></div>
<div class="sect1"><h2 id="_description">DESCRIPTION</h2><div class="sectionbody"><p>Sweeps the shelf of boxes nobody has claimed.</p></div></div></div>`
	tests := []struct {
		name, header string
		want         string // the first block's text
	}{
		{
			"asciidoc",
			`<body class="manpage"><div id="header"><h1>acme-sweep(1) Manual Page</h1><h2>NAME</h2><div class="sectionbody"><p>acme-sweep -
   Remove unclaimed boxes from the shelf
</p></div></div>`,
			"acme-sweep - Remove unclaimed boxes from the shelf",
		},
		{
			"asciidoctor",
			`<body class="manpage"><div id="header"><h1>acme-sweep(1) Manual Page</h1><h2 id="_name">NAME</h2><div class="sectionbody"><p>acme-sweep - Remove unclaimed boxes from the shelf</p></div></div>`,
			"acme-sweep - Remove unclaimed boxes from the shelf",
		},
		{
			"article",
			`<body class="article"><div id="header"><h1>Sweeping</h1><span id="author">Ada Lovelace</span><div class="sectionbody"><p>Revision 2</p></div></div>`,
			"SYNOPSIS",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw := `<html><head><title>acme-sweep(1)</title></head>` + tc.header + content + `</body></html>`
			doc, err := ParseHTML([]byte(raw), "acme-sweep.html")
			if err != nil {
				t.Fatal(err)
			}
			if got := doc.Blocks[0].Text; got != tc.want {
				t.Errorf("first block %q, want %q", got, tc.want)
			}
			if text := doc.Text(); strings.Contains(text, "NAME") || strings.Contains(text, "Lovelace") {
				t.Errorf("the header's heading or byline reached the text:\n%s", text)
			}
		})
	}
}

package page

import (
	"reflect"
	"slices"
	"testing"
)

// TestNoteTitles: every reader that knows notes marks the block that opens
// with a note's title (Block.NoteTitle), whether the title stands alone
// before a list or opens the note's first paragraph; a line that only
// looks like one ("Restrictions:" written as text) is not marked.
func TestNoteTitles(t *testing.T) {
	for _, tc := range []struct {
		name string
		read func([]byte, string) (*Document, error)
		src  string
		want []string // the texts of the marked blocks
	}{
		{"docusaurus, a title before a list", ParseMarkdown,
			"# Rules\n\nText.\n\n:::caution Restrictions\n\n- Apps cannot use a wildcard.\n- Nor a negation.\n\n:::\n",
			[]string{"Restrictions:"}},
		{"docusaurus, a title in brackets", ParseMarkdown,
			"# Rules\n\nText.\n\n:::note[Limitations]\nOnly on Windows.\n:::\n",
			[]string{"Limitations: Only on Windows."}},
		{"docusaurus, a kind only", ParseMarkdown,
			"# Rules\n\nText.\n\n:::info\nIf you use Android, restart.\n:::\n",
			[]string{"Info: If you use Android, restart."}},
		{"mkdocs", ParseMarkdown,
			"# Rules\n\nText.\n\n!!! warning \"Limitations\"\n    - Only one rule.\n",
			[]string{"Limitations:"}},
		{"github callout", ParseMarkdown,
			"# Rules\n\nText.\n\n> [!IMPORTANT]\n> Back up first.\n",
			[]string{"Important: Back up first."}},
		{"myst", ParseMarkdown,
			"# Rules\n\nText.\n\n```{admonition} Limitations\n- Only one rule.\n```\n",
			[]string{"Limitations:"}},
		{"myst version note is no title", ParseMarkdown,
			"# Rules\n\nText.\n\n```{versionchanged} 2.0\nRules are checked.\n```\n",
			nil},
		{"rst admonition", ParseRST,
			"Rules\n=====\n\nText.\n\n.. admonition:: Limitations\n\n   - Only one rule.\n",
			[]string{"Limitations:"}},
		{"rst note", ParseRST,
			"Rules\n=====\n\nText.\n\n.. warning:: Back up first.\n",
			[]string{"Warning: Back up first."}},
		{"html, sphinx's title longer than a kind", ParseHTML,
			`<main><h1>Rules</h1><p>Text.</p><div class="admonition note"><p class="admonition-title">Where to get help:</p><p>Ask on the forum.</p></div></main>`,
			[]string{"Where to get help:"}},
		{"html, docbook's title heading", ParseHTML,
			`<main><h1>Rules</h1><p>Text.</p><div class="caution"><h3 class="title">Before you change the router</h3><p>Write its address down.</p></div></main>`,
			[]string{"Before you change the router"}},
		{"plain text is no title", ParseMarkdown,
			"# Rules\n\nText.\n\nRestrictions:\n\n- Apps cannot use a wildcard.\n",
			nil},
		{"html, a title outside a note is none", ParseHTML,
			`<main><h1>Rules</h1><p class="title">Restrictions</p><ul><li>Apps cannot use a wildcard.</li></ul></main>`,
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := tc.read([]byte(tc.src), "https://help.example.com/rules")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, b := range doc.Blocks {
				if b.NoteTitle {
					got = append(got, b.Text)
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("marked %q, want %q\n%s", got, tc.want, doc.Text())
			}
		})
	}
}

// TestTextAfterNote: the block after a note (a DocBook sidebar read as
// one, an admonition) is marked as its section's again.
func TestTextAfterNote(t *testing.T) {
	raw := `<html><head><meta name="generator" content="DocBook XSL Stylesheets V1.79.1"></head><body><div class="section"><h2 class="title">Sources</h2><p>Each line describes a source.</p>` +
		`<div class="sidebar"><div class="titlepage"><p class="title"><strong>TIP Files in sources.list.d</strong></p></div><p>Split many sources into several files.</p></div>` +
		`<p>CD-ROM entries describe the discs you have.</p></div></body></html>`
	doc, err := ParseHTML([]byte(raw), "https://acme.example/sources.html")
	if err != nil {
		t.Fatal(err)
	}
	var ends []string
	for _, b := range doc.Blocks {
		if b.TabsEnd {
			ends = append(ends, b.Text)
		}
	}
	if want := []string{"CD-ROM entries describe the discs you have."}; !slices.Equal(ends, want) {
		t.Errorf("blocks marked as the section's again %q, want %q", ends, want)
	}
}

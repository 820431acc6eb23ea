package page

import (
	"errors"
	"strings"
	"testing"
)

// texinfoPage is a node page as makeinfo writes it: version 6 (a "header"
// panel, "copiable-anchor" links) or 7 (texi2any, a "nav-panel" at the top
// and the bottom, "copiable-link").
func texinfoPage(generator, panel, anchor, title, body string) string {
	nav := `<div class="` + panel + `"><p>Next: <a href="Restore.html" accesskey="n" rel="next">Restore</a>, Previous: <a href="Setup.html" accesskey="p" rel="prev">Setup</a>, Up: <a href="Using-Acme.html" accesskey="u" rel="up">Using Acme</a> &nbsp; [<a href="Index.html" title="Index" rel="index">Index</a>]</p></div>`
	// The panel again at the bottom of a long node, its links without rel.
	bottom := `<div class="` + panel + `"><p>Next: <a href="Restore.html">Restore</a>, Previous: <a href="Setup.html">Setup</a>, Up: <a href="Using-Acme.html">Using Acme</a> &nbsp; [<a href="Index.html" title="Index" rel="index">Index</a>]</p></div>`
	return `<!DOCTYPE html><html><!-- Created by GNU Texinfo --><head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<title>` + title + `</title>
<meta name="description" content="` + title + `">
<meta name="keywords" content="` + title + `">
<meta name="Generator" content="` + generator + `">
<link href="index.html" rel="start" title="Top">
<link href="Using-Acme.html" rel="up" title="Using Acme">
</head><body lang="en"><div class="section-level-extent" id="Backups">` + nav + `<hr>` +
		strings.ReplaceAll(body, "ANCHOR", `<a class="`+anchor+`" href="#Backups-1"> &para;</a>`) + `<hr>` + bottom + `</div></body></html>`
}

// TestTexinfoHTML: a Texinfo manual's node page is its heading and text,
// without the navigation panels, the section numbers, the heading
// anchors and the manual's name; an index node is generated (no page).
func TestTexinfoHTML(t *testing.T) {
	const body = `<h3 class="section" id="Backups-1"><span>2.1 Backing up your files ANCHOR</span></h3>
<p>Acme copies your files every night. Choose <strong>Settings</strong> to change the hour.</p>
<h4 class="subsection"><span>2.1.1 Where backups are kept ANCHOR</span></h4>
<p>Backups are kept on the external disk.</p>`
	for _, tc := range []struct {
		name, generator, panel, anchor string
	}{
		{"Texinfo 6", "makeinfo", "header", "copiable-anchor"},
		{"Texinfo 7", "texi2any", "nav-panel", "copiable-link"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := ParseHTML([]byte(texinfoPage(tc.generator, tc.panel, tc.anchor, "Backups (Acme Manual)", body)), "Backups.html")
			if err != nil {
				t.Fatal(err)
			}
			if doc.Title != "Backing up your files" {
				t.Errorf("title %q, want the heading without its number", doc.Title)
			}
			text := doc.Text()
			for _, chrome := range []string{"Next:", "Previous:", "Restore", "¶", "2.1", "Acme Manual"} {
				if strings.Contains(text, chrome) {
					t.Errorf("text has %q:\n%s", chrome, text)
				}
			}
			for _, want := range []string{"Where backups are kept", "Backups are kept on the external disk."} {
				if !strings.Contains(text, want) {
					t.Errorf("text lacks %q:\n%s", want, text)
				}
			}
			if len(doc.Keywords) > 0 {
				t.Errorf("keywords %q, want none (makeinfo's are the title again)", doc.Keywords)
			}
		})
	}
	t.Run("index node", func(t *testing.T) {
		index := `<h2 class="unnumbered">Index</h2><div class="printindex cp-printindex"><table class="cp-entries-printindex"><tr><td><a href="Backups.html#index-backup">backup</a></td><td><a href="Backups.html">Backups</a></td></tr></table></div>`
		if _, err := ParseHTML([]byte(texinfoPage("texi2any", "nav-panel", "copiable-link", "Index (Acme Manual)", index)), "Index.html"); !errors.Is(err, ErrGenerated) {
			t.Errorf("err %v, want ErrGenerated", err)
		}
	})
	t.Run("a manual in one page", func(t *testing.T) {
		// makeinfo --no-split: every node on one page, the index at its end.
		one := body + `<h2 class="unnumbered">Index</h2><table><tr><th>Jump to: </th><td><a class="summary-letter" href="#Index_cp_letter-B"><b>B</b></a></td></tr></table><table class="index-cp"><tr><td><a href="#index-backup">backup schedule</a></td></tr></table>`
		doc, err := ParseHTML([]byte(texinfoPage("makeinfo", "header", "copiable-anchor", "Acme Manual", one)), "acme.html")
		if err != nil {
			t.Fatal(err)
		}
		if text := doc.Text(); !strings.Contains(text, "Backups are kept on the external disk.") || strings.Contains(text, "backup schedule") || strings.Contains(text, "Jump to") {
			t.Errorf("want the nodes' text without the index:\n%s", text)
		}
	})
	t.Run("a node named as chrome", func(t *testing.T) {
		// The node's section is named by the node; "comments" and "menu"
		// are words of page chrome too.
		for name, heading := range map[string]string{"Block-Comments": "2.7.2 Block Comments", "Uimenu-Properties": "15.3.3.14 Uimenu Properties", "Comments": "2.7 Comments in Acme Scripts"} {
			node := `<h4 class="subsection">` + heading + `</h4><p>Lines between #{ and #} are left out.</p>`
			raw := strings.Replace(texinfoPage("makeinfo", "header", "copiable-anchor", heading+" (Acme Manual)", node), `id="Backups"`, `id="`+name+`"`, 1)
			doc, err := ParseHTML([]byte(raw), name+".html")
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !strings.Contains(doc.Text(), "Lines between #{ and #} are left out.") {
				t.Errorf("%s: text %q lost the node's text", name, doc.Text())
			}
		}
	})
	t.Run("definitions", func(t *testing.T) {
		// A definition's category, or the colon alone where the manual
		// gives none, before its signature.
		defs := `<h3 class="section">2.1 Backups</h3><dl class="first-deftypefn"><dt class="deftypefn" id="index-backup"><span class="category">: </span><span><var>ok</var> = <strong>backup</strong> <code>(<var>dir</var>)</code></span></dt><dd><p>Copy dir to the external disk.</p></dd></dl><dl class="first-deffn"><dt class="deffn" id="index-restore"><span class="category">Command: </span><span><strong>restore</strong> <var>dir</var></span></dt><dd><p>Copy dir back.</p></dd></dl>`
		doc, err := ParseHTML([]byte(texinfoPage("makeinfo", "header", "copiable-anchor", "Backups (Acme Manual)", defs)), "Backups.html")
		if err != nil {
			t.Fatal(err)
		}
		text := doc.Text()
		for _, want := range []string{"\nok = backup (dir)\n", "\nCommand: restore dir\n"} {
			if !strings.Contains(text, want) {
				t.Errorf("text lacks %q:\n%s", want, text)
			}
		}
		if strings.Contains(text, ": ok") {
			t.Errorf("a colon with no category before the signature:\n%s", text)
		}
	})
	t.Run("an anchor's redirect", func(t *testing.T) {
		// makeinfo writes a page for each anchor and index entry that
		// sends the reader on to the node holding it.
		xref := `<html><!-- This file redirects to the location of a node or anchor --><head><title>XREFbackup (Acme Manual)</title><meta name="Generator" content="makeinfo"><meta http-equiv="Refresh" content="0; url=Backups.html#XREFbackup"></head><body><p>The node you are looking for is at <a href="Backups.html#XREFbackup">XREFbackup</a>.</p></body></html>`
		if _, err := ParseHTML([]byte(xref), "XREFbackup.html"); !errors.Is(err, ErrGenerated) {
			t.Errorf("err %v, want ErrGenerated", err)
		}
	})
	t.Run("another site's header", func(t *testing.T) {
		// A "header" div on a page Texinfo did not write is its heading area.
		raw := `<html><head><title>Help</title></head><body><div class="header"><h1>Getting started</h1><p>Open the app and sign in.</p></div></body></html>`
		doc, err := ParseHTML([]byte(raw), "start.html")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(doc.Text(), "Open the app and sign in.") {
			t.Errorf("text %q lost the header's content", doc.Text())
		}
	})
}

func TestTexinfoTitleAndLabels(t *testing.T) {
	for _, tc := range []struct{ in, title string }{
		{"Backups (Acme Manual)", "Backups"},
		{"Top (Acme Manual)", "Acme Manual"},
		{"Files (and folders) (Acme Manual)", "Files (and folders)"},
		{"Backups", "Backups"},
	} {
		if got := texinfoTitle(tc.in); got != tc.title {
			t.Errorf("texinfoTitle(%q) = %q, want %q", tc.in, got, tc.title)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"2.1 Backing up", "Backing up"},
		{"1 Overview", "Overview"},
		{"A.2 Licences", "Licences"},
		{"Appendix B Copying", "Copying"},
		{"42", "42"},
		{"Backups", "Backups"},
		{"3D printing", "3D printing"},
	} {
		if got := withoutLabel(texinfoSectionLabel, tc.in); got != tc.want {
			t.Errorf("withoutLabel(texinfoSectionLabel, %q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

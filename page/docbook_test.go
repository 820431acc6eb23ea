package page

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocBookGolden: a handbook kept as DocBook in KDE's shapes (a DTD's
// entities, declared in the file and not, book information, chapters,
// a procedure, a menu path, a variable list, a table, a FAQ) and a
// glossary, as the graph reads them.
func TestDocBookGolden(t *testing.T) {
	checkDirGolden(t, "docbook", "docbook-source.golden")
}

func TestDocBook(t *testing.T) {
	checkXMLReader(t, func(raw []byte) (*Document, error) { return parseDocBook(raw, "x.docbook", docbookFolder{}) }, ErrDocBook, []xmlCase{
		{"an article without a DOCTYPE; an undeclared entity is its name",
			`<article><title>Printing with &kprinter;</title><para>Press <keycombo>&Ctrl;<keycap>P</keycap></keycombo>.</para></article>`,
			"# Printing with Kprinter\nPress Ctrl+P."},
		{"a chapter's sections nest; a cross-reference with no text is its target's title",
			`<chapter id="c"><title>T</title><sect1 id="a"><title>A &amp; B</title><para>One.</para><sect2><title>Deeper</title><para>See <xref linkend="a"/>.</para></sect2></sect1></chapter>`,
			"# T\n## A & B\nOne.\n### Deeper\nSee [A & B](x.docbook#a-b)."},
		{"a paragraph holding a list: its text, then the list's entries each a line",
			`<article><title>T</title><para>The menu:<variablelist><varlistentry><term><menuchoice><guimenu>View</guimenu><guimenuitem>Zoom In</guimenuitem></menuchoice></term>` +
				`<listitem><para>Enlarges icons.</para></listitem></varlistentry><varlistentry><term>Split</term><listitem><para>Splits the view.</para></listitem></varlistentry></variablelist></para></article>`,
			"# T\nThe menu:\nView > Zoom In\nEnlarges icons.\nSplit\nSplits the view."},
		{"an address entity and an editorial remark are no text",
			`<article><title>T</title><para>Write to &Ada.Example.mail;.<remark>todo</remark></para></article>`,
			"# T\nWrite to ."},
	}, map[string]string{
		"not XML":          "Title\n=====\n",
		"another document": `<html><body><p>x</p></body></html>`,
		"a DITA topic":     `<topic id="x"><title>T</title></topic>`,
		"nested too deep":  strings.Repeat("<book><chapter><sect1>", 30),
	})
}

// TestDocBookSplit: a long handbook is pages, one a chapter, and none of
// them takes the book's keywords, which say what the whole book is about
// (on its opening part they answered every question on its features).
func TestDocBookSplit(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<book><bookinfo><title>Handbook</title><keywordset><keyword>photo</keyword></keywordset></bookinfo>`)
	for _, ch := range []string{"Introduction", "Rotating", "Cropping"} {
		fmt.Fprintf(&b, "<chapter><title>%s</title>", ch)
		for range 60 {
			fmt.Fprintf(&b, "<para>%s is one of the things the viewer does, said in many words here.</para>", ch)
		}
		b.WriteString("</chapter>")
	}
	b.WriteString("</book>")
	doc, err := parseDocBook([]byte(b.String()), "h/index.docbook", docbookFolder{})
	if err != nil {
		t.Fatal(err)
	}
	parts := Split(doc)
	var titles []string
	for _, p := range parts {
		titles = append(titles, p.Title)
		if len(p.Keywords) > 0 {
			t.Errorf("part %q has the book's keywords %q", p.Title, p.Keywords)
		}
	}
	if got := strings.Join(titles, ", "); got != "Introduction, Rotating, Cropping" {
		t.Errorf("parts %s, want one a chapter", got)
	}
	if parts[1].URL != "h/index.docbook#rotating" {
		t.Errorf("second part at %s", parts[1].URL)
	}
}

// TestDocBookSplitCrossReferences: a cross-reference between the parts of
// a split book leads to the part that holds its target: the part that
// opens at it, the part a section too short to be a part of its own is
// in, and for the book itself its opening part.
func TestDocBookSplitCrossReferences(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<book id="handbook"><bookinfo><title>Handbook</title></bookinfo>`)
	b.WriteString(`<chapter id="intro"><title>Introduction</title><para>Turn a photo: see <xref linkend="rotating"/>.
		Cut one: see <link linkend="crop-tip">the tip</link>. About: <xref linkend="handbook"/>.</para>`)
	b.WriteString(strings.Repeat("<para>The viewer shows photos, said in many words here and again.</para>", 60) + "</chapter>")
	b.WriteString(`<chapter id="rotating"><title>Rotating</title>` + strings.Repeat("<para>Rotating is one of the things the viewer does, said in many words.</para>", 60) + "</chapter>")
	b.WriteString(`<chapter id="cropping"><title>Cropping</title>` + strings.Repeat("<para>Cropping is one of the things the viewer does, said in many words.</para>", 40))
	b.WriteString(`<sect1 id="crop-tips"><title>Tips</title><para id="crop-tip">Hold Shift to keep the ratio.</para></sect1></chapter></book>`)
	doc, err := parseDocBook([]byte(b.String()), "h/index.docbook", docbookFolder{})
	if err != nil {
		t.Fatal(err)
	}
	parts := Split(doc)
	if len(parts) != 3 {
		t.Fatalf("%d parts, want 3", len(parts))
	}
	want := "Turn a photo: see [Rotating](h/index.docbook#rotating). Cut one: see [the tip](h/index.docbook#cropping). About: Handbook."
	if got := parts[0].Blocks[1].Text; got != want {
		t.Errorf("the introduction says\n%s\nwant\n%s", got, want)
	}
}

// FuzzParseDocBook: no document, however malformed, panics the reader or
// makes a page with markup in it.
func FuzzParseDocBook(f *testing.F) {
	raw, err := os.ReadFile(filepath.Join("testdata", "docbook", "lumen", "index.docbook"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	f.Add([]byte(`<!DOCTYPE a [<!ENTITY x "&y;"><!ENTITY y "&x;">]><article><title>&x;</title><qandaset><qandaentry><question/><answer><informaltable><tgroup><row><entry><xref/></entry></row></tgroup></informaltable></answer></qandaentry></qandaset></article>`))
	f.Add([]byte(`<!DOCTYPE a [<!ENTITY % p "%p;%p;"> %p; <!ENTITY m "<guimenu>M</guimenu>">]><article><para><menuchoice>&m; &m;</menuchoice> <ulink url="&m;x">&m;</ulink></para></article>`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc, err := parseDocBook(raw, "f.docbook", docbookFolder{})
		if err != nil {
			return
		}
		checkCleanDocument(t, doc)
	})
}

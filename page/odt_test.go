package page

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestODTGolden: the Word document of TestDOCXGolden, opened in
// LibreOffice and saved as OpenDocument text, zipped and flat, reads as
// the Word one does (testdata/odt.golden is docx.golden's text).
func TestODTGolden(t *testing.T) {
	for _, name := range []string{"faq.odt", "faq.fodt"} {
		t.Run(name, func(t *testing.T) {
			doc, err := parseODT(readFixture(t, filepath.Join("odt", name)), name, strings.HasSuffix(name, ".fodt"))
			if err != nil {
				t.Fatal(err)
			}
			if doc.Lang != "en-US" {
				t.Errorf("language %q, want en-US", doc.Lang)
			}
			checkGolden(t, "odt.golden", "Title: "+doc.Title+"\n\n"+doc.Text()+"\n")
		})
	}
}

// fodt is a flat OpenDocument text of the given styles (inside
// <office:styles>), automatic styles, properties and body, in the
// documented namespaces.
func fodt(styles, automatic, meta, body string) []byte {
	return []byte(`<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:dc="http://purl.org/dc/elements/1.1/" office:mimetype="application/vnd.oasis.opendocument.text">
<office:meta>` + meta + `</office:meta>
<office:styles>` + styles + `</office:styles>
<office:automatic-styles>` + automatic + `</office:automatic-styles>
<office:body><office:text>` + body + `</office:text></office:body></office:document>`)
}

// TestODT: what makes a paragraph a heading, the title, a list item or
// code, in the documented OpenDocument shapes, read by the styles a
// paragraph is built on; what is no text of the page is left out.
func TestODT(t *testing.T) {
	styles := `<style:default-style style:family="paragraph"><style:text-properties fo:language="de" fo:country="DE"/></style:default-style>
<style:style style:name="Standard" style:family="paragraph"/>
<style:style style:name="Heading" style:family="paragraph" style:parent-style-name="Standard"/>
<style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph" style:parent-style-name="Heading" style:default-outline-level="1"/>
<style:style style:name="Heading_20_2" style:display-name="Heading 2" style:family="paragraph" style:parent-style-name="Heading"/>
<style:style style:name="Kapitel" style:family="paragraph" style:parent-style-name="Standard" style:default-outline-level="3"/>
<style:style style:name="Title" style:family="paragraph" style:parent-style-name="Heading"/>
<style:style style:name="Preformatted_20_Text" style:display-name="Preformatted Text" style:family="paragraph"/>
<text:list-style style:name="Nummern"><text:list-level-style-number text:level="1" style:num-format="1"/><text:list-level-style-bullet text:level="2" text:bullet-char="•"/></text:list-style>
<text:list-style style:name="Gliederung"><text:list-level-style-number text:level="1" style:num-format="1"/></text:list-style>`
	automatic := `<style:style style:name="P1" style:family="paragraph" style:parent-style-name="Heading_20_2"/>
<style:style style:name="P2" style:family="paragraph" style:parent-style-name="Preformatted_20_Text"/>
<style:style style:name="T1" style:family="text"><style:text-properties fo:language="fr" fo:country="FR"/></style:style>`
	p := func(style, text string) string {
		return `<text:p text:style-name="` + style + `">` + text + `</text:p>`
	}
	for _, tc := range []struct {
		name, meta, body, title, lang string
		want                          []string
	}{
		{"the title paragraph; headings by <text:h>, by a style built on Heading 2, by an outline level",
			"", p("Title", "Hilfe") + `<text:h text:style-name="Heading_20_1" text:outline-level="1">Konto</text:h>` + p("P1", "Passwort") + p("Kapitel", "Vergessen") + p("Standard", "Text."),
			"Hilfe", "de-DE", []string{"h1 Hilfe", "h2 Konto", "h3 Passwort", "h4 Vergessen", "p Text."}},
		{"the properties' title and language; a heading LibreOffice numbers is no list item",
			"<dc:title>Handbuch</dc:title><dc:language>de-AT</dc:language>",
			`<text:list text:style-name="Gliederung"><text:list-item><text:h text:outline-level="1">Einleitung</text:h></text:list-item></text:list>` + p("Standard", "Willkommen."),
			"Handbuch", "de-AT", []string{"h1 Handbuch", "h2 Einleitung", "p Willkommen."}},
		{"lists: numbered, with a bulleted level; an item's paragraphs",
			"", `<text:list text:style-name="Nummern"><text:list-item>` + p("Standard", "Öffnen.") + `<text:list><text:list-item>` + p("Standard", "Auf dem Handy: tippen.") + `</text:list-item></text:list></text:list-item><text:list-item>` + p("Standard", "Speichern.") + p("Standard", "Dann schließen.") + `</text:list-item></text:list>` + p("Standard", "Fertig."),
			"", "", []string{"h1 Help", "1. Öffnen.", "2- Auf dem Handy: tippen.", "1. Speichern. Dann schließen.", "p Fertig."}},
		{"a link, spaces, a tab, a break, a span",
			"", p("Standard", `Siehe<text:s text:c="2"/><text:a xlink:type="simple" xlink:href="https://acme.example/hilfe">Hilfe</text:a><text:tab/>und<text:line-break/><text:span text:style-name="T1">Ende</text:span>.`),
			"", "", []string{"h1 Help", "p Siehe [Hilfe](https://acme.example/hilfe) und", "p Ende."}},
		{"code",
			"", p("Standard", "Starten Sie:") + p("P2", "sudo apt install hilfe"),
			"", "", []string{"h1 Help", "p Starten Sie:", "code sudo apt install hilfe"}},
		{"left out: a deletion, a comment, a footnote, a frame, a table of contents",
			"", `<text:tracked-changes><text:changed-region text:id="c1"><text:deletion><text:p>gelöscht</text:p></text:deletion></text:changed-region></text:tracked-changes>` +
				`<text:table-of-content><text:index-body>` + p("Standard", "Konto 1") + `</text:index-body></text:table-of-content>` +
				p("Standard", `Alt<office:annotation><text:p>Kommentar</text:p></office:annotation><text:note text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>Fußnote</text:p></text:note-body></text:note><draw:frame><draw:text-box><text:p>Kasten</text:p></draw:text-box></draw:frame> und neu.`),
			"", "", []string{"h1 Help", "p Alt und neu."}},
		{"opening with a heading and no title: titled by it, said once",
			"", `<text:h text:outline-level="1">Rückgabe</text:h>` + p("Standard", "Binnen 14 Tagen.") + `<text:h text:outline-level="1">Umtausch</text:h>`,
			"Rückgabe", "", []string{"h1 Rückgabe", "p Binnen 14 Tagen.", "h2 Umtausch"}},
		{"lists nested deeper than nine levels: the ninth's items",
			"", strings.Repeat(`<text:list text:style-name="Nummern"><text:list-item>`, 11) + p("Standard", "Tief.") + strings.Repeat(`</text:list-item></text:list>`, 11) + p("Standard", "Ende."),
			"", "", []string{"h1 Help", "9- Tief.", "p Ende."}},
		{"a table, its cells' paragraphs joined",
			"", `<table:table><table:table-header-rows><table:table-row><table:table-cell>` + p("Standard", "Tarif") + `</table:table-cell><table:table-cell>` + p("Standard", "Rechnung") + p("Standard", "(PDF)") + `</table:table-cell></table:table-row></table:table-header-rows></table:table>`,
			"", "", []string{"h1 Help", "p Tarif | Rechnung (PDF)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := parseODT(fodt(styles, automatic, tc.meta, tc.body), "help.fodt", true)
			if err != nil {
				t.Fatal(err)
			}
			if want := tc.title; want != "" && doc.Title != want {
				t.Errorf("title %q, want %q", doc.Title, want)
			}
			if tc.lang != "" && doc.Lang != tc.lang {
				t.Errorf("language %q, want %q", doc.Lang, tc.lang)
			}
			if got := odtBlockLines(doc.Blocks); strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("blocks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
	if _, err := parseODT([]byte("PK not a zip"), "x.odt", false); !errors.Is(err, ErrODT) {
		t.Errorf("not a zip: err %v, want ErrODT", err)
	}
	if _, err := parseODT(docxZip(t, map[string]string{"mimetype": "application/vnd.oasis.opendocument.text"}), "x.odt", false); !errors.Is(err, ErrODT) {
		t.Errorf("no content.xml: err %v, want ErrODT", err)
	}
	if _, err := parseODT([]byte("<html><body>x</body></html>"), "x.fodt", true); !errors.Is(err, ErrODT) {
		t.Errorf("flat, no document body: err %v, want ErrODT", err)
	}
}

// odtBlockLines is blockLines with a list item's depth and kind ("1." a
// numbered item, "2-" a bulleted one at depth 2) and code marked.
func odtBlockLines(blocks []Block) []string {
	var out []string
	for _, b := range blocks {
		switch {
		case b.Kind == ListItem && b.Ordered:
			out = append(out, string(rune('0'+b.Depth))+". "+b.Text)
		case b.Kind == ListItem:
			out = append(out, string(rune('0'+b.Depth))+"- "+b.Text)
		case b.Code:
			out = append(out, "code "+b.Text)
		default:
			out = append(out, blockLines([]Block{b})...)
		}
	}
	return out
}

// TestReadDirODT: a folder's OpenDocument texts, zipped and flat, are
// pages beside its others; one that is none fails alone, and
// LibreOffice's lock file (hidden) is no page.
func TestReadDirODT(t *testing.T) {
	titles, failed := readDirOf(t, map[string][]byte{
		"faq.odt":         readFixture(t, filepath.Join("odt", "faq.odt")),
		"billing.fodt":    fodt("", "", "", `<text:h text:outline-level="1">Billing</text:h><text:p>Invoices come monthly.</text:p>`),
		"contact.md":      []byte("# Contact\n\nWrite to us.\n"),
		"broken.odt":      []byte("not a document"),
		".~lock.faq.odt#": []byte(",Jane Doe,host,28.11.2026 15:50,file:///home/jane;"),
	})
	if want := []string{"billing.fodt: Billing", "contact.md: Contact", "faq.odt: Acme support FAQ"}; !slices.Equal(titles, want) {
		t.Errorf("pages %q, want %q", titles, want)
	}
	if len(failed) != 1 || !errors.Is(failed[0].Err, ErrODT) {
		t.Errorf("failed %v, want broken.odt as no OpenDocument text", failed)
	}
}

// FuzzParseODT fuzzes a flat document: the same reader reads a zipped
// document's parts.
func FuzzParseODT(f *testing.F) {
	f.Add(fodt(`<text:list-style style:name="L"><text:list-level-style-number text:level="99" style:num-format="1"/></text:list-style><style:style style:name="A" style:family="paragraph" style:parent-style-name="B"/><style:style style:name="B" style:family="paragraph" style:parent-style-name="A"/>`, "", "",
		`<text:list text:style-name="L"><text:list-item><text:list><text:list-item><text:p text:style-name="A">a<text:s text:c="-4"/><text:a xlink:href="javascript:alert(1)">b</text:a></text:p></text:list-item></text:list></text:list-item></text:list><table:table><table:table-row><table:table-cell><table:table><table:table-row><table:table-cell><text:p>c</text:p></table:table-cell></table:table-row></table:table></table:table-cell></table:table-row></table:table><text:h text:outline-level="40">&lt;x&gt;</text:h>`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc, err := parseODT(raw, "f.fodt", true)
		if err != nil {
			return
		}
		checkCleanDocument(t, doc)
	})
}

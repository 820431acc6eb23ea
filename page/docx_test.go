package page

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDOCXGolden reads a Word document LibreOffice wrote from
// testdata/docx/faq-source.html (soffice --convert-to docx): the title from
// its properties, its headings as sections below it, numbered and bulleted
// lists nested, a link, a table, a Windows path as written.
func TestDOCXGolden(t *testing.T) {
	doc, err := parseDOCX(readFixture(t, filepath.Join("docx", "faq.docx")), "faq.docx")
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "docx.golden", "Title: "+doc.Title+"\n\n"+doc.Text()+"\n")
}

// TestDOCX: the parts of a Word document that say what a paragraph is, in
// the documented Office Open XML shapes, read by their meaning, not their
// names in one language.
func TestDOCX(t *testing.T) {
	styles := `<w:styles xmlns:w="w">
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
<w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="heading 1"/></w:style>
<w:style w:type="paragraph" w:styleId="Artikel"><w:name w:val="Artikelkopf"/><w:basedOn w:val="berschrift1"/></w:style>
<w:style w:type="paragraph" w:styleId="Gliederung"><w:name w:val="Gliederung"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr></w:style>
</w:styles>`
	numbering := `<w:numbering xmlns:w="w">
<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum>
<w:num w:numId="3"><w:abstractNumId w:val="0"/></w:num>
</w:numbering>`
	rels := `<Relationships xmlns="r"><Relationship Id="rId9" Type="hyperlink" Target="https://acme.example/hilfe" TargetMode="External"/></Relationships>`
	para := func(style, body string) string {
		return `<w:p><w:pPr><w:pStyle w:val="` + style + `"/></w:pPr>` + body + `</w:p>`
	}
	run := func(s string) string { return `<w:r><w:t xml:space="preserve">` + s + `</w:t></w:r>` }
	item := func(lvl, s string) string {
		return `<w:p><w:pPr><w:numPr><w:ilvl w:val="` + lvl + `"/><w:numId w:val="3"/></w:numPr></w:pPr>` + run(s) + `</w:p>`
	}
	for _, tc := range []struct {
		name, body, title string
		want              []string
	}{
		{"title, a heading in a German Word, a style built on it, an outline level",
			para("Title", run("Hilfe")) + para("berschrift1", run("Konto")) + para("Artikel", run("Passwort")) + para("Gliederung", run("Vergessen")) + `<w:p>` + run("Text.") + `</w:p>`,
			"Hilfe", []string{"h1 Hilfe", "h2 Konto", "h2 Passwort", "h3 Vergessen", "p Text."}},
		{"lists: numbered, with a bulleted level",
			item("0", "Öffnen.") + item("1", "Auf dem Handy: tippen.") + item("0", "Speichern.") + `<w:p>` + run("Fertig.") + `</w:p>`,
			"", []string{"h1 Help", "p Öffnen.", "p Auf dem Handy: tippen.", "p Speichern.", "p Fertig."}},
		{"a link, a tab, a break",
			`<w:p>` + run("Siehe") + `<w:r><w:tab/></w:r><w:hyperlink r:id="rId9" xmlns:r="r">` + run("Hilfe") + `</w:hyperlink><w:r><w:br/></w:r>` + run("Ende.") + `</w:p>`,
			"", []string{"h1 Help", "p Siehe [Hilfe](https://acme.example/hilfe)", "p Ende."}},
		{"left out: deleted text, field codes, text boxes' second copy, a table of contents",
			`<w:sdt><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/></w:docPartObj></w:sdtPr><w:sdtContent>` + `<w:p>` + run("Konto 1") + `</w:p></w:sdtContent></w:sdt>` +
				`<w:p>` + run("Alt") + `<w:del><w:r><w:delText>gelöscht</w:delText></w:r></w:del><w:r><w:instrText>HYPERLINK x</w:instrText></w:r>` +
				`<mc:AlternateContent xmlns:mc="mc"><mc:Choice></mc:Choice><mc:Fallback><w:pict><w:txbxContent><w:p>` + run("Kasten") + `</w:p></w:txbxContent></w:pict></mc:Fallback></mc:AlternateContent>` + run(" und neu.") + `</w:p>`,
			"", []string{"h1 Help", "p Alt und neu."}},
		{"opening with a heading and no title: titled by it, said once",
			para("berschrift1", run("Rückgabe")) + `<w:p>` + run("Binnen 14 Tagen.") + `</w:p>` + para("berschrift1", run("Umtausch")),
			"Rückgabe", []string{"h1 Rückgabe", "p Binnen 14 Tagen.", "h2 Umtausch"}},
		{"opening with its title as a heading: said once",
			para("Title", run("Rückgabe")) + para("berschrift1", run("Rückgabe")) + `<w:p>` + run("Binnen 14 Tagen.") + `</w:p>`,
			"Rückgabe", []string{"h1 Rückgabe", "p Binnen 14 Tagen."}},
		{"a table, its cells' paragraphs joined",
			`<w:tbl><w:tr><w:tc><w:p>` + run("Tarif") + `</w:p></w:tc><w:tc><w:p>` + run("Rechnung") + `</w:p><w:p>` + run("(PDF)") + `</w:p></w:tc></w:tr></w:tbl>`,
			"", []string{"h1 Help", "p Tarif | Rechnung (PDF)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw := docxZip(t, map[string]string{
				"word/document.xml":            `<w:document xmlns:w="w"><w:body>` + tc.body + `</w:body></w:document>`,
				"word/styles.xml":              styles,
				"word/numbering.xml":           numbering,
				"word/_rels/document.xml.rels": rels,
			})
			doc, err := parseDOCX(raw, "help.docx")
			if err != nil {
				t.Fatal(err)
			}
			if want := tc.title; want != "" && doc.Title != want {
				t.Errorf("title %q, want %q", doc.Title, want)
			}
			if got := blockLines(doc.Blocks); strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("blocks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
	if _, err := parseDOCX([]byte("PK not a zip"), "x.docx"); !errors.Is(err, ErrDocx) {
		t.Errorf("not a zip: err %v, want ErrDocx", err)
	}
	if _, err := parseDOCX(docxZip(t, map[string]string{"word/other.xml": "<x/>"}), "x.docx"); !errors.Is(err, ErrDocx) {
		t.Errorf("no document part: err %v, want ErrDocx", err)
	}
}

// docxZip zips parts into a document.
func docxZip(t *testing.T, parts map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for name, body := range parts {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestReadDirDOCX: a folder's Word documents are pages, beside its others;
// one that is none fails alone, and Word's lock file is no page.
func TestReadDirDOCX(t *testing.T) {
	titles, failed := readDirOf(t, map[string][]byte{
		"faq.docx":    readFixture(t, filepath.Join("docx", "faq.docx")),
		"contact.md":  []byte("# Contact\n\nWrite to us.\n"),
		"broken.docx": []byte("not a document"),
		"~$faq.docx":  []byte("\x05Jane Doe"), // Word's lock file while faq.docx is open
	})
	if want := []string{"contact.md: Contact", "faq.docx: Acme support FAQ"}; !slices.Equal(titles, want) {
		t.Errorf("pages %q, want %q", titles, want)
	}
	if len(failed) != 1 || !errors.Is(failed[0].Err, ErrDocx) {
		t.Errorf("failed %v, want broken.docx as no Word document", failed)
	}
}

// readDirOf writes files into a folder and reads it: the pages as "URL:
// title", and the pages that failed.
func readDirOf(t *testing.T, files map[string][]byte) ([]string, []PageError) {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	docs, failed, err := ReadDir(context.Background(), dir, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, d := range docs {
		titles = append(titles, d.URL+": "+d.Title)
	}
	return titles, failed
}

// FuzzParseDOCX fuzzes a document's body (its word/document.xml, zipped
// with the parts beside it: a zip's own bytes are checksummed, and a
// mutated one is refused before any XML is read).
func FuzzParseDOCX(f *testing.F) {
	f.Add([]byte(`<w:document xmlns:w="w"><w:body><w:p><w:pPr><w:numPr><w:ilvl w:val="7"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>a</w:t></w:r></w:p><w:tbl><w:tr><w:tc><w:tbl><w:tr><w:tc><w:p><w:r><w:t>b</w:t></w:r></w:p></w:tc></w:tr></w:tbl></w:tc></w:tr></w:tbl></w:body></w:document>`))
	f.Add([]byte(`<w:document xmlns:w="w"><w:body><w:p><w:pPr><w:outlineLvl w:val="-3"/></w:pPr><w:hyperlink r:id="rId1" xmlns:r="r"><w:r><w:t>&lt;x&gt;</w:t></w:r></w:hyperlink></w:p></w:body></w:document>`))
	f.Fuzz(func(t *testing.T, body []byte) {
		raw := docxZip(t, map[string]string{
			"word/document.xml":            string(body),
			"word/_rels/document.xml.rels": `<Relationships xmlns="r"><Relationship Id="rId1" Target="javascript:alert(1)" TargetMode="External"/></Relationships>`,
		})
		doc, err := parseDOCX(raw, "f.docx")
		if err != nil {
			return
		}
		checkCleanDocument(t, doc)
	})
}

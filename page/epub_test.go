package page

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// epubOf writes an EPUB book of chapters (an XHTML body each), titled
// title, with a navigation document, the files named opf (the package)
// and container (META-INF/container.xml; "" for the usual).
func epubOf(t testing.TB, title string, opf, container string, chapters ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	write := func(name, body string) {
		w, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprint(w, body)
	}
	write("mimetype", "application/epub+zip")
	if container == "" {
		container = `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`
	}
	write("META-INF/container.xml", container)
	manifest := `<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>`
	spine := `<itemref idref="nav"/>`
	for i, c := range chapters {
		name := fmt.Sprintf("text/ch%d.xhtml", i+1)
		write("OEBPS/"+name, `<?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body>`+c+`</body></html>`)
		manifest += fmt.Sprintf(`<item id="ch%d" href="%s" media-type="application/xhtml+xml"/>`, i+1, name)
		spine += fmt.Sprintf(`<itemref idref="ch%d"/>`, i+1)
	}
	write("OEBPS/nav.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><nav><h1>Contents</h1><ol><li>Every chapter</li></ol></nav></body></html>`)
	if opf == "" {
		opf = `<?xml version="1.0" encoding="utf-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>` + title +
			`</dc:title><dc:language>en</dc:language></metadata><manifest>` + manifest + `</manifest><spine>` + spine + `</spine></package>`
	}
	write("OEBPS/content.opf", opf)
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// chapter is a chapter titled title of n sentences.
func chapter(title string, n int) string {
	return "<h1>" + title + "</h1><p>" + strings.Repeat("Each step of this chapter takes a few words more to say what it does. ", n) + "</p>"
}

// TestEPUB reads a book's chapters in its spine's order, its navigation
// document (the table of contents) left out, and splits a long book at
// its chapters.
func TestEPUB(t *testing.T) {
	short := epubOf(t, "Notes app guide", "", "", "<h1>Installing</h1><p>Run the installer.</p>", "<h1>Backing up</h1><p>Open Settings and choose Backup.</p>")
	doc, err := parseEPUB(short, "guide.epub")
	if err != nil {
		t.Fatal(err)
	}
	if want := "# Notes app guide\n# Installing\nRun the installer.\n# Backing up\nOpen Settings and choose Backup."; doc.Text() != want || doc.Lang != "en" {
		t.Errorf("text %q (lang %q), want %q", doc.Text(), doc.Lang, want)
	}

	titles, failed := readDirOf(t, map[string][]byte{"guide.epub": epubOf(t, "Notes app guide", "", "", chapter("Installing the app", 30), chapter("Backing up your data", 30), chapter("Restoring a backup", 30))})
	want := []string{"guide.epub: Installing the app", "guide.epub#backing-up-your-data: Backing up your data", "guide.epub#restoring-a-backup: Restoring a backup"}
	if len(failed) > 0 || !slices.Equal(titles, want) {
		t.Errorf("pages %q (failed %v), want %q", titles, failed, want)
	}

	for name, raw := range map[string][]byte{
		"no zip":         []byte("not a book"),
		"no container":   epubOf(t, "x", "", `<container/>`, "<p>a</p>"),
		"no chapter":     epubOf(t, "x", `<package><manifest/><spine/></package>`, ""),
		"broken package": epubOf(t, "x", `<package><manifest><item`, "", "<p>a</p>"),
	} {
		if _, err := parseEPUB(raw, "x.epub"); !errors.Is(err, ErrEPUB) {
			t.Errorf("%s: err %v, want ErrEPUB", name, err)
		}
	}
}

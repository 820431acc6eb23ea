package page

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/internal/shareddata"
)

// BenchmarkParseHTML cleans the doc2dial SSA pages, reporting pages/s and
// the input throughput.
func BenchmarkParseHTML(b *testing.B) {
	dir := filepath.Join(shareddata.Doc2DialSSA(b), "docs", "ssa")
	files, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no doc2dial SSA pages in %s: %v", dir, err)
	}
	var pages [][]byte
	var size int64
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, raw)
		size += int64(len(raw))
	}
	b.SetBytes(size / int64(len(pages)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		raw := pages[i%len(pages)]
		if _, err := ParseHTML(raw, "https://www.ssa.gov/benefits/page.html"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkParseMarkdown renders the Docusaurus pages of adguard-kb/en
// (front matter, admonitions, tabs, links), reporting pages/s.
func BenchmarkParseMarkdown(b *testing.B) {
	dir := filepath.Join(shareddata.AdguardKB(b), "en")
	var pages [][]byte
	var size int64
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (filepath.Ext(p) == ".md" || filepath.Ext(p) == ".mdx") {
			raw, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			pages = append(pages, raw)
			size += int64(len(raw))
		}
		return nil
	})
	if len(pages) == 0 {
		b.Fatalf("no adguard-kb pages in %s", dir)
	}
	b.SetBytes(size / int64(len(pages)))
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := ParseMarkdown(pages[i%len(pages)], "guides/page.md"); err != nil && err != ErrNoText {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkParsePDF reads PDFs from their layout and splits a long one
// into its parts: the fixtures (a LibreOffice FAQ, Chromium's pages, a
// Japanese article, a manual of three chapters), and Debian's FreedomBox
// manual (278 pages) where the freedombox-doc-en package installed it.
func BenchmarkParsePDF(b *testing.B) {
	var fixtures [][]byte
	for _, name := range []string{"faq", "manual", "ja", "long"} {
		fixtures = append(fixtures, readFixture(b, filepath.Join("pdf", name+".pdf")))
	}
	run := func(b *testing.B, files [][]byte) {
		var size int64
		for _, f := range files {
			size += int64(len(f))
		}
		b.SetBytes(size / int64(len(files)))
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			doc, err := parsePDF(files[i%len(files)], "f.pdf")
			if err != nil {
				b.Fatal(err)
			}
			Split(doc)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "files/s")
	}
	b.Run("fixtures", func(b *testing.B) { run(b, fixtures) })
	b.Run("freedombox-manual", func(b *testing.B) {
		raw, err := os.ReadFile("/usr/share/freedombox/manual/en/freedombox-manual.pdf")
		if err != nil {
			b.Skip("Debian's freedombox-doc-en is not installed")
		}
		run(b, [][]byte{raw})
	})
}

// BenchmarkDocBookSharedDTD reads a book kept as a file per chapter whose
// chapters all name one large DTD beside them (as GnuCash's help names
// gnc-gui-C.dtd), reporting chapters/s: what the DOCTYPE declares is
// worked out once for the folder.
func BenchmarkDocBookSharedDTD(b *testing.B) {
	dir := b.TempDir()
	var dtd strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&dtd, "<!ENTITY %% gm.item%d \"<guimenuitem>Item %d</guimenuitem>\">\n<!ENTITY gm.item%d \"%%gm.item%d;\">\n", i, i, i, i)
	}
	if err := os.WriteFile(filepath.Join(dir, "book.dtd"), []byte(dtd.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	const chapters = 40
	for i := range chapters {
		ch := fmt.Sprintf("<?xml version=\"1.0\"?>\n<!DOCTYPE chapter SYSTEM \"book.dtd\">\n<chapter id=\"c%d\"><title>Chapter %d</title><para>Choose <menuchoice>&gm.item%d; &gm.item%d;</menuchoice>.</para></chapter>\n", i, i, i, i+1)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("ch%02d.xml", i)), []byte(ch), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		docs, failed, err := ReadDir(context.Background(), dir, ReadOptions{})
		if err != nil || len(failed) > 0 || len(docs) != chapters {
			b.Fatalf("ReadDir: %d pages, failed %v, %v", len(docs), failed, err)
		}
	}
	b.ReportMetric(float64(b.N*chapters)/b.Elapsed().Seconds(), "chapters/s")
}

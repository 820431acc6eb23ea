package page

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/helpgraph/helpgraph/internal/shareddata"
)

// BenchmarkParseHTML cleans the doc2dial SSA pages, reporting pages/s and
// the input throughput.
func BenchmarkParseHTML(b *testing.B) {
	dir := filepath.Join("..", "..", "shared", "data", "doc2dial-ssa", "docs", "ssa")
	files, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil || len(files) == 0 {
		b.Skipf("doc2dial SSA pages not found in %s", dir)
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

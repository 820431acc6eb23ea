package page

import (
	"os"
	"path/filepath"
	"testing"
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

package kgbuild

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/helpgraph/helpgraph/page"
)

// BenchmarkStructuralSSA measures offline extraction throughput, parsing
// included, on the real ssa pages.
func BenchmarkStructuralSSA(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(ssaDir(b), "ssa", "*.html"))
	if len(files) == 0 {
		b.Fatalf("no ssa pages under %s", ssaDir(b))
	}
	raws := make([][]byte, len(files))
	for i, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		raws[i] = raw
	}
	ex := NewStructural()
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for i, raw := range raws {
			doc, err := page.ParseHTML(raw, files[i])
			if err != nil {
				b.Fatal(err)
			}
			if _, err := ex.Extract(ctx, doc); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N*len(raws))/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkBuildHelpcenter measures a full offline build of the sample help
// center into SQLite: extraction, linking, validation and Replace.
func BenchmarkBuildHelpcenter(b *testing.B) {
	docs, errs := readDir(b, helpcenterDir)
	st := openStore(b)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		// A fresh version each time, so every page is extracted again.
		ex := &countingExtractor{Extractor: NewStructural(), version: "bench-" + string(rune('a'+i%26))}
		if _, err := (&Builder{Store: st, Extractor: ex}).Build(ctx, docs, errs); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(docs))/b.Elapsed().Seconds(), "pages/s")
}

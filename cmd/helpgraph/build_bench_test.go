package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/graph/graphtest"
)

// benchPages is the size of the synthetic help center the build benchmarks
// read: 5,000 Markdown pages, about 50k nodes.
const benchPages = 5000

// BenchmarkBuild measures `helpgraph build --pages` end to end (reading,
// extraction, linking, SQLite write) on a synthetic help center: a fresh
// build, a rebuild with nothing changed, and a rebuild after one page changed.
func BenchmarkBuild(b *testing.B) {
	dir := b.TempDir()
	paths, err := graphtest.WriteSyntheticPages(dir, benchPages*10, 1)
	if err != nil {
		b.Fatal(err)
	}
	build := func(b *testing.B, db string) string {
		var out bytes.Buffer
		m := &Main{
			Config: config.FromLookup(func(string) (string, bool) { return "", false }),
			Stdin:  strings.NewReader(""),
			Stdout: &out,
			Stderr: &bytes.Buffer{},
		}
		if err := m.Run(context.Background(), []string{"build", "--pages", dir, "--store", db, "--llm", "off"}); err != nil {
			b.Fatal(err)
		}
		return out.String()
	}
	b.Run("fresh", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			db := filepath.Join(b.TempDir(), "g.db")
			b.StartTimer()
			build(b, db)
		}
		b.ReportMetric(float64(b.N*len(paths))/b.Elapsed().Seconds(), "pages/s")
	})
	db := filepath.Join(b.TempDir(), "g.db")
	build(b, db)
	b.Run("unchanged", func(b *testing.B) {
		for b.Loop() {
			if out := build(b, db); !strings.Contains(out, "nothing changed") {
				b.Fatalf("rebuild changed something:\n%s", out)
			}
		}
	})
	b.Run("one-page-changed", func(b *testing.B) {
		orig, err := os.ReadFile(paths[0])
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			text := fmt.Appendf(append([]byte{}, orig...), "\nRevision %d.\n", i)
			if err := os.WriteFile(paths[0], text, 0o644); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if out := build(b, db); !strings.Contains(out, "1 extracted") {
				b.Fatalf("rebuild after one change:\n%s", out)
			}
		}
	})
}

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/graph/graphtest"
)

// benchPages is the size of the synthetic help center the build benchmarks
// read: 5,000 Markdown pages, about 50k nodes.
const benchPages = 5000

// BenchmarkBuild measures `helpgraph build --pages` end to end (hashing,
// reading, extraction, linking, SQLite write, closing the store) on a
// synthetic help center: a fresh build, a rebuild with nothing changed, and
// rebuilds after one page and after fifty pages (1%) changed.
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
		var cpu time.Duration
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			db := filepath.Join(b.TempDir(), "g.db")
			b.StartTimer()
			start := cpuTime()
			build(b, db)
			cpu += cpuTime() - start
		}
		b.ReportMetric(float64(b.N*len(paths))/b.Elapsed().Seconds(), "pages/s")
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	})
	db := filepath.Join(b.TempDir(), "g.db")
	build(b, db)
	b.Run("unchanged", func(b *testing.B) {
		var cpu time.Duration
		for b.Loop() {
			start := cpuTime()
			if out := build(b, db); !strings.Contains(out, "nothing changed") {
				b.Fatalf("rebuild changed something:\n%s", out)
			}
			cpu += cpuTime() - start
		}
		b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	})
	// A partial change: every changed page extracted again, only those
	// written (an Update), no other page parsed into nodes.
	for _, changed := range []int{1, 50} {
		b.Run(fmt.Sprintf("%d-pages-changed", changed), func(b *testing.B) {
			origs := make([][]byte, changed)
			for k := range origs {
				if origs[k], err = os.ReadFile(paths[k*len(paths)/changed]); err != nil {
					b.Fatal(err)
				}
			}
			var cpu time.Duration
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				for k, orig := range origs {
					text := fmt.Appendf(append([]byte{}, orig...), "\n## Revision %d\n\nSee the notes of revision %d.\n", i, i)
					if err := os.WriteFile(paths[k*len(paths)/changed], text, 0o644); err != nil {
						b.Fatal(err)
					}
				}
				b.StartTimer()
				start := cpuTime()
				out := build(b, db)
				cpu += cpuTime() - start
				if !strings.Contains(out, fmt.Sprintf(" %d extracted", changed)) || !strings.Contains(out, "changed pages only") {
					b.Fatalf("rebuild after %d changes:\n%s", changed, out)
				}
			}
			b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}

package evaluator

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/dialogue"
	"github.com/helpgraph/helpgraph/graph/sqlite"
	"github.com/helpgraph/helpgraph/inquiry"
	"github.com/helpgraph/helpgraph/kgbuild"
	"github.com/helpgraph/helpgraph/page"
	"github.com/helpgraph/helpgraph/simulator"
)

// BenchmarkSimulateEvaluate1000 simulates 1,000 dialogues offline with the
// graph agent over the sample help center (the inquiry set repeated) and
// evaluates them; it reports the seconds for one whole run.
func BenchmarkSimulateEvaluate1000(b *testing.B) {
	ctx := context.Background()
	docs, perrs, err := page.ReadDir(ctx, "../testdata/helpcenter", page.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	st, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "graph.db"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	if _, err := (&kgbuild.Builder{Store: st, Extractor: kgbuild.NewStructural()}).Build(ctx, docs, perrs); err != nil {
		b.Fatal(err)
	}
	g, err := st.Load(ctx)
	if err != nil {
		b.Fatal(err)
	}
	base, err := inquiry.ReadFile("../testdata/inquiries/helpcenter.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	qs := make([]inquiry.Inquiry, 1000)
	for i := range qs {
		qs[i] = base[i%len(base)]
		qs[i].ID = fmt.Sprintf("%s-%d", qs[i].ID, i)
	}
	agent := dialogue.NewGraphAgent(g, dialogue.Options{})
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	for b.Loop() {
		var buf bytes.Buffer
		if _, err := simulator.Run(ctx, agent, qs, &buf, simulator.Options{AgentName: "graph"}); err != nil {
			b.Fatal(err)
		}
		ds, err := simulator.ReadDialogues(&buf)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Evaluate(ctx, ds, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(time.Since(start).Seconds()/float64(b.N), "s/1000dialogues")
}

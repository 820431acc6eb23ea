package kgbuild

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/page"
)

// sectionsPage is one HTML page with n <h2> sections, each with a
// paragraph and a short list: the shape of a long FAQ page.
func sectionsPage(n int) []byte {
	var sb strings.Builder
	sb.WriteString("<html><head><title>Everything</title></head><body><main><h1>Everything</h1>")
	for i := range n {
		fmt.Fprintf(&sb, "<h2>How do I change setting %d?</h2><p>Open the settings page and pick option %d, then save.</p>"+
			"<ul><li>Step one for %d.</li><li>Step two for %d.</li></ul>", i, i, i, i)
	}
	sb.WriteString("</main></body></html>")
	return []byte(sb.String())
}

// BenchmarkBuildSections builds one page of 1,000 to 10,000 sections, parse
// to store. The ns/section metric must stay flat as the page grows: it was
// quadratic when every node's grounding check normalised the whole page.
func BenchmarkBuildSections(b *testing.B) {
	for _, n := range []int{1_000, 2_000, 4_000, 10_000} {
		b.Run(fmt.Sprintf("sections=%d", n), func(b *testing.B) {
			raw := sectionsPage(n)
			st := openStore(b)
			ctx := context.Background()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				doc, err := page.ParseHTML(raw, "https://help.example.com/hc/everything")
				if err != nil {
					b.Fatal(err)
				}
				ex := &countingExtractor{Extractor: NewStructural(), version: fmt.Sprintf("bench-%d", i)}
				if _, err := (&Builder{Store: st, Extractor: ex}).Build(ctx, []*page.Document{doc}, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/section")
		})
	}
}

// TestBuildLargePageCancel checks that a build of one huge page cancelled
// mid-page (after its extraction, during the checks of its 10,000 nodes)
// ends with the cancellation and leaves the store as it was. How soon it
// ends is BenchmarkBuildSections' business, not a test's.
func TestBuildLargePageCancel(t *testing.T) {
	doc, err := page.ParseHTML(sectionsPage(10_000), "https://help.example.com/hc/everything")
	if err != nil {
		t.Fatal(err)
	}
	st := openStore(t)
	ctx, cancel := context.WithCancel(context.Background())
	ex := &cancellingExtractor{Extractor: NewStructural(), cancel: cancel}
	_, err = (&Builder{Store: st, Extractor: ex}).Build(ctx, []*page.Document{doc}, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Build after it was cancelled: %v, want context.Canceled", err)
	}
	if ex.calls != 1 {
		t.Fatalf("extractor ran %d times, want 1", ex.calls)
	}
	if _, err := st.LastBuild(context.Background()); !errors.Is(err, graph.ErrNotFound) {
		t.Errorf("store after a cancelled first build: %v, want no build", err)
	}
}

// cancellingExtractor cancels the build as it returns a page's graph.
type cancellingExtractor struct {
	Extractor
	cancel context.CancelFunc
	calls  int
}

func (c *cancellingExtractor) Extract(ctx context.Context, doc *page.Document) (*PageGraph, error) {
	c.calls++
	defer c.cancel()
	return c.Extractor.Extract(ctx, doc)
}

package helpdesk

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/page"
)

// BenchmarkEach measures turning 1,000 articles, each of a dozen
// paragraphs with three links to other articles, into page documents.
func BenchmarkEach(b *testing.B) {
	const n = 1000
	arts := make([]Article, n)
	for i := range arts {
		var body strings.Builder
		for p := range 12 {
			fmt.Fprintf(&body, "<h2>Step %d</h2><p>Open the settings page, choose option %d and save. See <a href=\"/hc/en-us/articles/%d-old\">the related article</a>.</p>", p, p, (i+p)%n)
		}
		arts[i] = Article{ID: fmt.Sprint(i), Title: fmt.Sprintf("Article %d", i), Locale: "en-us",
			URL: fmt.Sprintf("https://help.example.com/hc/en-us/articles/%d-Article", i), Body: body.String()}
	}
	for b.Loop() {
		if _, err := Each(context.Background(), arts, func(*page.Document) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "articles/s")
}

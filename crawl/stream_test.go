package crawl

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/page"
)

// TestStream checks that a crawl hands its pages over as it fetches them,
// not at its end, and stops at fn's error.
func TestStream(t *testing.T) {
	const n = 20
	pages := map[string]response{"/": html("Home", `<p><a href="/p00">first</a></p>`)}
	for i := range n {
		pages[fmt.Sprintf("/p%02d", i)] = html(fmt.Sprintf("P%d", i), fmt.Sprintf(`<p>page %d, then <a href="/p%02d">next</a></p>`, i, i+1))
	}
	s, srv := newSite(t, pages)
	c := quick()
	c.Concurrency = 1
	got := 0
	pageErrs, err := c.Stream(context.Background(), srv.URL+"/", nil, func(d *page.Document) error {
		got++
		var i int
		if _, err := fmt.Sscanf(strings.TrimPrefix(d.URL, srv.URL), "/p%02d", &i); err == nil {
			// Page i+1 is found on page i: the page after it cannot have
			// been fetched yet when page i is handed over.
			if h := s.hit(fmt.Sprintf("/p%02d", i+2)); h != 0 {
				t.Errorf("page %d handed over after page %d was fetched", i, i+2)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if got != n+1 || len(pageErrs) != 1 { // /p20 is missing
		t.Errorf("%d pages, errors %v; want %d pages and /p20 failing", got, pageErrs, n+1)
	}

	stop := errors.New("enough")
	got = 0
	before := s.totalHits()
	if _, err := c.Stream(context.Background(), srv.URL+"/", nil, func(*page.Document) error {
		got++
		if got == 5 {
			return stop
		}
		return nil
	}); !errors.Is(err, stop) {
		t.Errorf("error = %v, want %v", err, stop)
	}
	if hits := s.totalHits() - before; got != 5 || hits > 8 {
		t.Errorf("after fn's error: %d pages handed over, %d fetched; want 5, and the crawl stopped", got, hits)
	}
}

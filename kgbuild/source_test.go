package kgbuild

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"testing"
	"weak"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/page"
)

// countingSource makes its pages as the build asks for them and, before
// handing over each, counts those the build still holds (still reachable,
// through weak pointers, after a collection).
type countingSource struct {
	t       testing.TB
	pages   int
	handed  []weak.Pointer[page.Document]
	maxLive int
	// fail, if set, is returned after that many pages.
	fail    error
	failAt  int
	onIndex func(i int)
}

func (s *countingSource) Each(ctx context.Context, fn func(*page.Document) error) ([]page.PageError, error) {
	for i := range s.pages {
		if s.fail != nil && i == s.failAt {
			return nil, s.fail
		}
		if s.onIndex != nil {
			s.onIndex(i)
		}
		runtime.GC()
		live := 0
		for _, w := range s.handed {
			if w.Value() != nil {
				live++
			}
		}
		s.maxLive = max(s.maxLive, live)
		if err := fn(s.doc(i)); err != nil {
			return nil, err
		}
	}
	return []page.PageError{{URL: "broken.md", Err: errors.New("unreadable")}}, nil
}

// doc makes page i and remembers it weakly.
func (s *countingSource) doc(i int) *page.Document {
	d := docFrom(s.t, fmt.Sprintf("p%03d.md", i), fmt.Sprintf("Topic %d", i), fmt.Sprintf(`
# Topic %d
How topic %d works, in a few words.
## When it fails
Open the settings of topic %d and try again.
`, i, i, i))
	s.handed = append(s.handed, weak.Make(d))
	return d
}

func (s *countingSource) Len() int { return s.pages + 1 }

// TestBuildFromHoldsFewDocuments checks that a build drops each document
// once it is extracted: however many pages the source has, the documents
// alive stay within the extraction's concurrency.
func TestBuildFromHoldsFewDocuments(t *testing.T) {
	const pages, concurrency = 120, 3
	src := &countingSource{t: t, pages: pages}
	var lastDone, lastTotal int
	b := &Builder{Store: openStore(t), Extractor: NewStructural(), Concurrency: concurrency,
		Progress: func(done, total int) { lastDone, lastTotal = done, total }}
	rep, err := b.BuildFrom(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	if rep.PagesOK != pages || len(rep.Failed) != 1 || rep.Pages != pages+1 {
		t.Errorf("report: %d pages, %d ok, %d failed; want %d, %d, 1", rep.Pages, rep.PagesOK, len(rep.Failed), pages+1, pages)
	}
	if lastDone != pages+1 || lastTotal != pages+1 {
		t.Errorf("last progress %d/%d, want %d/%d", lastDone, lastTotal, pages+1, pages+1)
	}
	// Those being extracted, and the one waiting for an extractor.
	if limit := concurrency + 1; src.maxLive > limit {
		t.Errorf("up to %d documents alive at once, want at most %d (concurrency %d)", src.maxLive, limit, concurrency)
	}
	t.Logf("%d pages, at most %d documents alive", pages, src.maxLive)
}

// TestBuildFromSourceFails checks that a source that fails, or a build
// cancelled while pages are read, writes nothing.
func TestBuildFromSourceFails(t *testing.T) {
	readErr := errors.New("disk on fire")
	tests := []struct {
		name   string
		fail   error
		cancel bool
		is     error
	}{
		{"source error", readErr, false, readErr},
		{"cancelled", nil, true, context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			src := &countingSource{t: t, pages: 40, fail: tt.fail, failAt: 20}
			if tt.cancel {
				src.onIndex = func(i int) {
					if i == 20 {
						cancel()
					}
				}
			}
			st := openStore(t)
			b := &Builder{Store: st, Extractor: NewStructural(), Concurrency: 2}
			if _, err := b.BuildFrom(ctx, src); !errors.Is(err, tt.is) {
				t.Fatalf("error = %v, want %v", err, tt.is)
			}
			if _, err := st.LastBuild(context.Background()); !errors.Is(err, graph.ErrNotFound) {
				t.Errorf("a failed build wrote the store (last build: %v)", err)
			}
		})
	}
}

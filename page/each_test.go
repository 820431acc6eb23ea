package page

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"weak"
)

// TestDirEach checks that Each hands the pages over in path order, keeps
// none it handed over, and stops at fn's error.
func TestDirEach(t *testing.T) {
	dir := t.TempDir()
	const pages = 40
	for i := range pages {
		body := fmt.Sprintf("# Page %d\n\nText of page %d, see [the next](p%02d.md).\n", i, i, i+1)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("p%02d.md", i)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	d, err := OpenDir(ctx, dir, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() != pages {
		t.Fatalf("Len = %d, want %d", d.Len(), pages)
	}
	var handed []weak.Pointer[Document]
	maxLive, n := 0, 0
	_, err = d.Each(ctx, func(doc *Document) error {
		if want := fmt.Sprintf("p%02d.md", n); doc.URL != want {
			t.Errorf("page %d is %s, want %s", n, doc.URL, want)
		}
		n++
		runtime.GC()
		live := 0
		for _, w := range handed {
			if w.Value() != nil {
				live++
			}
		}
		maxLive = max(maxLive, live)
		handed = append(handed, weak.Make(doc))
		return nil
	})
	if err != nil || n != pages {
		t.Fatalf("Each: %d pages, error %v; want %d", n, err, pages)
	}
	if maxLive > 0 {
		t.Errorf("%d pages handed over still alive, want none", maxLive)
	}

	stop := errors.New("enough")
	n = 0
	if _, err := d.Each(ctx, func(*Document) error {
		n++
		if n == 5 {
			return stop
		}
		return nil
	}); !errors.Is(err, stop) || n != 5 {
		t.Errorf("Each after fn's error: %d pages, error %v; want 5, %v", n, err, stop)
	}
}

func TestMayDeclareCanonical(t *testing.T) {
	tests := []struct {
		raw  string
		want bool
	}{
		{`<p>plain page</p>`, false},
		{`<link rel="canonical" href="https://x.example/a">`, true},
		{`<LINK REL="canonical" HREF="https://x.example/a">`, true},
		{`<link rel="CANONICAL" href="https://x.example/a">`, false}, // the selector is case-sensitive
		{`<link rel="&#99;anonical" href="https://x.example/a">`, true},
		{"<\x00p\x00>\x00", true}, // UTF-16
		{`# Markdown with a c at the end c`, false},
	}
	for _, tt := range tests {
		if got := mayDeclareCanonical([]byte(tt.raw)); got != tt.want {
			t.Errorf("mayDeclareCanonical(%q) = %v, want %v", tt.raw, got, tt.want)
		}
	}
}

// TestReadDirUpperCaseCanonical checks what mayDeclareCanonical relies on:
// ParseHTML ignores a rel value in upper case.
func TestReadDirUpperCaseCanonical(t *testing.T) {
	doc, err := ParseHTML([]byte(`<link rel="CANONICAL" href="https://x.example/a"><p>text</p>`), "a.html")
	if err != nil {
		t.Fatal(err)
	}
	if doc.URL != "a.html" {
		t.Errorf("URL = %q, want a.html: an upper-case rel declared a canonical URL, and mayDeclareCanonical misses it", doc.URL)
	}
}

package mediawiki

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/helpgraph/helpgraph/page"
)

// FuzzDecodeExport reads any bytes as an export and its pages as
// documents: an error or pages, never a panic, and every page with a
// title and a URL.
func FuzzDecodeExport(f *testing.F) {
	raw, err := os.ReadFile(filepath.Join("testdata", "export.xml"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	f.Add([]byte(`<mediawiki xml:lang="de"><page><title>A/B</title><ns>12</ns><redirect title="A"/></page></mediawiki>`))
	f.Fuzz(func(t *testing.T, b []byte) {
		pages, err := decodeExport(context.Background(), bytes.NewReader(b))
		if err != nil {
			return
		}
		for _, p := range pages {
			if p.Title == "" || p.URL == "" {
				t.Fatalf("page %+v without a title or URL", p)
			}
		}
		if _, err := each(context.Background(), pages, func(*page.Document) error { return nil }); err != nil {
			t.Fatal(err)
		}
	})
}

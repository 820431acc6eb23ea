package page

import (
	"errors"
	"path/filepath"
	"testing"
)

func TestParseFile(t *testing.T) {
	pdf := readFixture(t, filepath.Join("pdf", "faq.pdf"))
	docx := readFixture(t, filepath.Join("docx", "faq.docx"))
	tests := []struct {
		name, url, contentType string
		raw                    []byte
		ok                     bool
		err                    error
	}{
		{"pdf by type", "https://help.example.com/download?id=7", "application/pdf", pdf, true, nil},
		{"docx by type", "https://help.example.com/files/7", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", docx, true, nil},
		{"pdf by extension", "https://help.example.com/guide.PDF?v=2", "application/octet-stream", pdf, true, nil},
		{"no type", "https://help.example.com/form.docx", "", docx, true, nil},
		{"type wins over extension", "https://help.example.com/guide.pdf", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", pdf, true, ErrDocx},
		{"broken pdf", "https://help.example.com/guide.pdf", "application/pdf", []byte("%PDF-1.4 nothing"), true, ErrPDF},
		{"epub by type", "https://help.example.com/guide", "application/epub+zip", epubOf(t, "Guide", "", "", "<h1>Setup</h1><p>Plug it in.</p>"), true, nil},
		{"json", "https://help.example.com/data.json", "application/json", []byte(`{}`), false, nil},
		{"picture", "https://help.example.com/a.png", "image/png", []byte("\x89PNG"), false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, ok, err := ParseFile(tt.raw, tt.url, tt.contentType)
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v", ok, tt.ok)
			}
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Errorf("err = %v, want %v", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if ok && (doc.URL != tt.url || len(doc.Blocks) == 0) {
				t.Errorf("URL %q, %d blocks: want the document read at %s", doc.URL, len(doc.Blocks), tt.url)
			}
		})
	}
}

package page

import (
	"path/filepath"
	"reflect"
	"testing"
	"unicode/utf8"
)

func TestParseMarkdown(t *testing.T) {
	tests := []struct {
		file      string
		url       string
		wantTitle string
		wantText  string
		wantLinks []Link
	}{
		{
			file:      "frontmatter.md",
			url:       "guides/bags.md",
			wantTitle: "Baggage allowance",
			wantText: "# Bags on board\n" +
				"You may bring one bag. See [fees](fees.md) or [x](https://acme.example/x).\n" +
				"1. Measure the bag.\n" +
				"  - Max 55 cm.\n" +
				"1. Weigh it.\n" +
				"| Size | Fee |\n" +
				"| S | 0 |",
			wantLinks: []Link{{Text: "fees", URL: "fees.md"}, {Text: "x", URL: "https://acme.example/x"}},
		},
		{
			file:      "plain.md",
			url:       "https://acme.example/help/plain",
			wantTitle: "Main title",
			wantText:  "Intro line before any heading.\n## Second level\n# Main title\nText.",
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			doc, err := ParseMarkdown(readFixture(t, filepath.Join("md", tt.file)), tt.url)
			if err != nil {
				t.Fatal(err)
			}
			if doc.URL != tt.url {
				t.Errorf("URL = %q, want %q", doc.URL, tt.url)
			}
			if doc.Title != tt.wantTitle {
				t.Errorf("Title = %q, want %q", doc.Title, tt.wantTitle)
			}
			if got := doc.Text(); got != tt.wantText {
				t.Errorf("Text() =\n%s\nwant\n%s", got, tt.wantText)
			}
			if tt.wantLinks != nil && !reflect.DeepEqual(doc.Links(), tt.wantLinks) {
				t.Errorf("Links() = %+v, want %+v", doc.Links(), tt.wantLinks)
			}
		})
	}
}

func TestFrontMatter(t *testing.T) {
	tests := []struct {
		in, wantBody, wantTitle string
	}{
		{"---\ntitle: Hello\n---\nbody", "body", "Hello"},
		{"---\ntitle: 'Quoted: yes'\nother: 1\n...\nbody\n", "body\n", "Quoted: yes"},
		{"---\ntitle: never closed\nbody", "---\ntitle: never closed\nbody", ""},
		{"--- not front matter\ntitle: x\n---\n", "--- not front matter\ntitle: x\n---\n", ""},
		{"# no front matter", "# no front matter", ""},
	}
	for _, tt := range tests {
		body, title := frontMatter([]byte(tt.in))
		if string(body) != tt.wantBody || title != tt.wantTitle {
			t.Errorf("frontMatter(%q) = %q, %q, want %q, %q", tt.in, body, title, tt.wantBody, tt.wantTitle)
		}
	}
}

func FuzzParseMarkdown(f *testing.F) {
	f.Add(readFixture(f, "md/frontmatter.md"))
	f.Add(readFixture(f, "md/plain.md"))
	f.Add([]byte("---\ntitle: x\n---\n- a\n  - b\n\n| a |\n|---|\n| [l](../x) |"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		doc, err := ParseMarkdown(raw, "dir/page.md")
		if err != nil {
			return
		}
		if !utf8.ValidString(doc.Text()) || !utf8.ValidString(doc.Title) {
			t.Fatalf("Text() or Title is not valid UTF-8: %q", doc.Text())
		}
	})
}

package page

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// words is n words of filler text, one paragraph.
func words(n int, word string) Block {
	return Block{Kind: Paragraph, Text: strings.TrimSpace(strings.Repeat(word+" ", n))}
}

func heading(level int, text string) Block { return Block{Kind: Heading, Level: level, Text: text} }

// partsOf is how the parts of doc read: "URL | title | breadcrumb |
// heading levels".
func partsOf(parts []*Document) []string {
	var out []string
	for _, p := range parts {
		var levels []string
		for _, b := range p.Blocks {
			if b.Kind == Heading {
				levels = append(levels, fmt.Sprint(b.Level))
			}
		}
		out = append(out, fmt.Sprintf("%s | %s | %s | %s", p.URL, p.Title, strings.Join(p.Breadcrumb, " › "), strings.Join(levels, " ")))
	}
	return out
}

func TestSplit(t *testing.T) {
	long := maxPartWords // a chapter too long to stay whole with another
	tests := []struct {
		name   string
		blocks []Block
		partAt []string // nil: a reader that cannot address its sections
		want   []string
	}{
		{
			name:   "short",
			blocks: []Block{heading(1, "Guide"), heading(2, "Install"), words(100, "a"), heading(2, "Use"), words(100, "b")},
			partAt: []string{"", "page=2", "", "page=3", ""},
			want:   []string{"guide.pdf | Guide |  | 1 2 2"},
		},
		{
			name:   "no places",
			blocks: []Block{heading(1, "Guide"), heading(2, "Install"), words(long, "a"), heading(2, "Use"), words(long, "b")},
			want:   []string{"guide.pdf | Guide |  | 1 2 2"},
		},
		{
			name: "chapters, a long one at its sections",
			blocks: []Block{
				heading(1, "Guide"), words(20, "intro"),
				heading(2, "Contents"), // its lines were a table of contents, left out
				heading(2, "Install"), words(200, "a"), heading(3, "On Linux"), words(50, "l"),
				heading(2, "Apps"), words(30, "apps"),
				heading(3, "Mail"), words(long-30, "m"), heading(4, "Spam"), words(20, "s"),
				heading(3, "Chat"), words(100, "c"),
				heading(3, "Calendar"), words(100, "k"),
			},
			partAt: []string{"", "", "page=2", "page=3", "", "page=4", "", "page=5", "", "page=5", "", "page=9", "", "page=12", "", "page=12", ""},
			want: []string{
				"guide.pdf | Guide |  | 1",
				"guide.pdf#page=3 | Install | Guide | 1 2",
				"guide.pdf#page=5 | Apps | Guide | 1",
				"guide.pdf#page=5&part=4 | Mail | Guide › Apps | 1 2",
				"guide.pdf#page=12 | Chat | Guide › Apps | 1",
				"guide.pdf#page=12&part=6 | Calendar | Guide › Apps | 1",
			},
		},
		{
			name:   "an opening with nothing to say",
			blocks: []Block{heading(1, "Guide"), heading(2, "Install"), words(long, "a"), heading(2, "Use"), words(long, "b")},
			partAt: []string{"", "page=2", "", "page=3", ""},
			want:   []string{"guide.pdf | Install | Guide | 1", "guide.pdf#page=3 | Use | Guide | 1"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := &Document{URL: "guide.pdf", Title: "Guide", Blocks: tt.blocks, partAt: tt.partAt, ContentHash: "h"}
			parts := Split(doc)
			if got := partsOf(parts); !slices.Equal(got, tt.want) {
				t.Errorf("parts\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			// Nothing said is lost, and no part is another's.
			var text []string
			hashes := map[string]bool{}
			for _, p := range parts {
				for _, b := range p.Blocks[1:] {
					text = append(text, b.Text)
				}
				hashes[p.ContentHash] = true
			}
			var said []string
			for _, b := range tt.blocks {
				if b.Kind != Heading {
					said = append(said, b.Text)
				}
			}
			for _, s := range said {
				if !slices.Contains(text, s) {
					t.Errorf("%.20q… is in no part", s)
				}
			}
			if len(hashes) != len(parts) {
				t.Errorf("%d content hashes for %d parts", len(hashes), len(parts))
			}
		})
	}
}

// TestReadDirSplitsLongPDF reads testdata/pdf/long.pdf (long-source.html
// printed by Chromium: the title on the first page, three chapters each
// on a page of its own, 1,000 words in all) from a folder: each chapter a
// page at the page it opens on, the first at the file's address.
func TestReadDirSplitsLongPDF(t *testing.T) {
	titles, failed := readDirOf(t, map[string][]byte{"long.pdf": readFixture(t, filepath.Join("pdf", "long.pdf"))})
	want := []string{"long.pdf: Installing the app", "long.pdf#page=3: Backing up your data", "long.pdf#page=4: Restoring a backup"}
	if len(failed) > 0 || !slices.Equal(titles, want) {
		t.Errorf("pages %q (failed %v), want %q", titles, failed, want)
	}
}

// TestReadDirSplitsLongDOCX reads testdata/docx/long.docx (the same
// manual LibreOffice saved as a Word document) from a folder: a Word
// document has no place a viewer opens, so each part is named by its
// heading.
func TestReadDirSplitsLongDOCX(t *testing.T) {
	titles, failed := readDirOf(t, map[string][]byte{"long.docx": readFixture(t, filepath.Join("docx", "long.docx"))})
	want := []string{"long.docx: Installing the app", "long.docx#backing-up-your-data: Backing up your data", "long.docx#restoring-a-backup: Restoring a backup"}
	if len(failed) > 0 || !slices.Equal(titles, want) {
		t.Errorf("pages %q (failed %v), want %q", titles, failed, want)
	}
}

package page

import (
	"bytes"
	"context"
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestNotionExport: a page of Notion's export (its file name ends with a
// Notion id) has a database row's properties under its title dropped from
// its text, its tags its keywords; the same lines on any other page, or a
// run that is not all properties, stay text. The id is no word of a title
// made from the file name.
func TestNotionExport(t *testing.T) {
	const notion = "Help%20Center%200a1b2c3d4e5f67890a1b2c3d4e5f6789/Refunds%2011112222333344445555666677778888.md"
	const row = "# Refunds\n\nOwner: Support team\nLast edited time: March 3, 2026 10:12 AM\nTags: billing, card payments\n\nYou can ask for a refund within 14 days.\n"
	for _, tc := range []struct {
		name, url, src string
		text           string // the page's text has it
		gone           string // and not this ("" : nothing checked)
		keywords       []string
	}{
		{"a database row", notion, row, "You can ask for a refund", "Owner", []string{"billing", "card payments"}},
		{"not Notion's export", "help/refunds.md", row, "Owner: Support team", "", nil},
		{"a run that is text", notion, "# Refunds\n\nNote: refunds take a week.\nAsk us if it takes longer.\n\nMore.\n", "Note: refunds take a week.", "", nil},
		{"a page without properties", notion, "# Refunds\n\nYou can ask for a refund.\n", "You can ask for a refund.", "", nil},
	} {
		doc, err := ParseMarkdown([]byte(tc.src), tc.url)
		if err != nil {
			t.Fatal(err)
		}
		text := doc.Text()
		if !strings.Contains(text, tc.text) || tc.gone != "" && strings.Contains(text, tc.gone) {
			t.Errorf("%s: text %q, want %q in it, not %q", tc.name, text, tc.text, tc.gone)
		}
		for _, k := range tc.keywords {
			if !slices.Contains(doc.Keywords, k) {
				t.Errorf("%s: keywords %q, want %q among them", tc.name, doc.Keywords, k)
			}
		}
	}
	for _, tc := range []struct{ path, want string }{
		{notion, "Refunds"},
		{"Help Center 0a1b2c3d4e5f67890a1b2c3d4e5f6789/Reset your password 99990000aaaabbbbccccddddeeeeffff.md", "Reset your password"},
		{"Help Center 0a1b2c3d4e5f67890a1b2c3d4e5f6789/index.md", "Help Center"},
		{"guides/take-screenshot.md", "Take screenshot"},
	} {
		if got := titleFromPath(tc.path); got != tc.want {
			t.Errorf("titleFromPath(%q) = %q, want %q", tc.path, got, tc.want)
		}
	}
}

// FuzzNotionProperties: whatever a Notion page holds, reading its
// properties never fails and only takes out one run of its lines: the rest
// is the body as it was.
func FuzzNotionProperties(f *testing.F) {
	f.Add([]byte("# Refunds\n\nOwner: Support team\nTags: billing, refunds\n\nText.\n"))
	f.Add([]byte("\n\n# T\nA: b\n"))
	f.Add([]byte("# T\n\nNote: x\nnot a property\n"))
	f.Fuzz(func(t *testing.T, body []byte) {
		out, _ := notionProperties(body)
		a := 0
		for a < len(out) && a < len(body) && out[a] == body[a] {
			a++
		}
		if len(out) > len(body) || !bytes.HasSuffix(body, out[a:]) {
			t.Fatalf("notionProperties(%q) = %q: not the body less one run", body, out)
		}
		ParseMarkdown(body, "Page 0a1b2c3d4e5f67890a1b2c3d4e5f6789.md") // must not panic
	})
}

// TestNotionExportFolder: in a folder of Notion's export, a sub-page's
// breadcrumb is the titles of the pages it is under (its folders' names
// without their ids), and its title has no id.
func TestNotionExportFolder(t *testing.T) {
	const top, sub = "Help Center 0a1b2c3d4e5f67890a1b2c3d4e5f6789", "Billing 11112222333344445555666677778888"
	dir := writeFolder(t, t.TempDir(), "export", map[string]string{
		top + ".md":             "# Help Center\n\nAll our help.\n",
		top + "/" + sub + ".md": "# Billing\n\nAbout bills.\n",
		top + "/" + sub + "/Refunds 99990000aaaabbbbccccddddeeeeffff.md": "Ask within 14 days.\n",
	})
	docs, _, err := ReadDir(context.Background(), dir, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, d := range docs {
		got[d.Title] = strings.Join(d.Breadcrumb, " › ")
	}
	want := map[string]string{"Help Center": "", "Billing": "Help Center", "Refunds": "Help Center › Billing"}
	if !maps.Equal(got, want) {
		t.Errorf("titles and breadcrumbs %q, want %q", got, want)
	}
}

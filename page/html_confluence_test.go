package page

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestConfluenceExport reads the pages of a space exported from Confluence
// as HTML: a page is its article alone (not who edited it when, not its
// attachments, however short the article), titled without the space's
// name, its ancestors its breadcrumb; an expand macro is a collapsible
// part, a table-of-contents macro goes, the code macro is code. The
// export's index.html (the space's details and page tree) is no page.
func TestConfluenceExport(t *testing.T) {
	var got strings.Builder
	for _, tc := range []struct {
		file       string
		title      string
		breadcrumb []string
	}{
		{"Refunds_65545.html", "Refunds", []string{"Support Home", "Billing"}},
		{"Billing_65541.html", "Billing", []string{"Support Home"}},
	} {
		doc, err := ParseHTML(readFixture(t, filepath.Join("confluence", tc.file)), tc.file)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if doc.Title != tc.title || !slices.Equal(doc.Breadcrumb, tc.breadcrumb) {
			t.Errorf("%s: title %q, breadcrumb %q; want %q, %q", tc.file, doc.Title, doc.Breadcrumb, tc.title, tc.breadcrumb)
		}
		got.WriteString("== " + tc.file + "\n" + strings.Join(blockLines(doc.Blocks), "\n") + "\n")
	}
	checkGolden(t, "confluence.golden", got.String())
	if _, err := ParseHTML(readFixture(t, filepath.Join("confluence", "index.html")), "index.html"); !errors.Is(err, ErrGenerated) {
		t.Errorf("index.html: err %v, want ErrGenerated", err)
	}
}

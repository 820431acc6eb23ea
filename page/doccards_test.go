package page

import (
	"context"
	"strings"
	"testing"
)

// TestDocCardList: Docusaurus' <DocCardList /> on a category's index page
// is a list of links to the category's pages and to the index pages of
// the folders below it, each its title and description, in path order;
// pages deeper down or elsewhere are not listed. Before, the component was
// dropped and the page read as a title alone.
func TestDocCardList(t *testing.T) {
	dir := writeFolder(t, t.TempDir(), "docs", map[string]string{
		"guides/index.mdx":          "---\ntitle: Guides\n---\n\nimport DocCardList from '@theme/DocCardList';\n\nStep-by-step guides.\n\n<DocCardList />\n",
		"guides/01-install.md":      "---\ntitle: Install\ndescription: Install the app on any computer.\n---\n\nRun the installer.\n",
		"guides/02-sync.md":         "# Sync\n\nTurn on sync in Settings.\n",
		"guides/advanced/index.md":  "---\ntitle: Advanced\ndescription: For experts.\n---\n\nTuning and more.\n",
		"guides/advanced/tuning.md": "# Tuning\n\nRaise the cache size.\n",
		"other.md":                  "# Other\n\nElsewhere.\n",
	})
	docs, errs, err := ReadDir(context.Background(), dir, ReadOptions{BaseURL: "https://docs.example.org/"})
	if err != nil || len(errs) > 0 {
		t.Fatal(err, errs)
	}
	for _, d := range docs {
		if d.Title != "Guides" {
			continue
		}
		var got []string
		for _, l := range d.Links() {
			got = append(got, l.Text+" -> "+l.URL)
		}
		want := []string{
			"Install: Install the app on any computer. -> https://docs.example.org/guides/install/",
			"Sync -> https://docs.example.org/guides/sync/",
			"Advanced: For experts. -> https://docs.example.org/guides/advanced/",
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("links\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		return
	}
	t.Fatal("no Guides page")
}

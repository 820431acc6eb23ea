package page

import (
	"context"
	"strings"
	"testing"
)

// TestMySTRefLinks: a MyST {ref} to a label another page of the folder
// defines, a MyST "(label)=" or a reStructuredText ".. _label:", is a
// link to that page (a reference edge), titled by the section the label
// stands before unless the role gives its own text; a label no page
// defines stays text. Before, every {ref} was text (33 in pip's guide).
func TestMySTRefLinks(t *testing.T) {
	dir := writeFolder(t, t.TempDir(), "docs", map[string]string{
		"install.md": "(install-label)=\n# Installing\n\nRun the installer.\n\n(offline)=\n\n## Installing offline\n\nDownload the files first.\n",
		"guide.md":   "# Guide\n\nSee {ref}`offline`, {ref}`the install page <install-label>`, {ref}`missing-label` and {ref}`Config`.\n",
		"config.rst": ".. _config:\n\nConfiguration\n=============\n\nSet it in a file.\n",
	})
	docs, errs, err := ReadDir(context.Background(), dir, ReadOptions{BaseURL: "https://docs.example.org/"})
	if err != nil || len(errs) > 0 {
		t.Fatal(err, errs)
	}
	for _, d := range docs {
		if !strings.HasSuffix(d.URL, "/guide/") {
			continue
		}
		var got []string
		for _, l := range d.Links() {
			got = append(got, l.Text+" -> "+l.URL)
		}
		want := []string{"Installing offline -> https://docs.example.org/install/", "Configuration -> https://docs.example.org/config/"} // one link a page
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("links\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if text := d.Text(); !strings.Contains(text, "missing label") || !strings.Contains(text, "[the install page](https://docs.example.org/install/)") {
			t.Errorf("text %q: want the unknown label as text, the install page linked", text)
		}
		return
	}
	t.Fatal("no guide page")
}

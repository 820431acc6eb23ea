package page

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestLinkByNameStem: a page file named with an inner extension
// (Storage.part.html, an HTML fragment) is reached by a link to its name
// alone ("/manual/en/Storage#"), as the site that serves it links it; a
// page whose own name is that slug keeps it (sum.html over sum.intl.html),
// and a version-numbered name ("3.2.html") gives no slug.
func TestLinkByNameStem(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"Backups.part.html": `<section><h2>Backups</h2><p>Keep copies on a <a href="/manual/en/Storage#">disk</a>, see <a href="/manual/en/sum#">sums</a> and <a href="/manual/en/3#">notes</a>.</p></section>`,
		"Storage.part.html": `<section><h2>Storage</h2><p>Disks attached to the box.</p></section>`,
		"sum.html":          `<section><h2>Sum</h2><p>Adds numbers.</p></section>`,
		"sum.intl.html":     `<section><h2>Sum, international</h2><p>Adds numbers the international way.</p></section>`,
		"3.2.html":          `<section><h2>Release 3.2</h2><p>Notes of a release.</p></section>`,
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	docs, errs, err := ReadDir(context.Background(), dir, ReadOptions{})
	if err != nil || len(errs) > 0 {
		t.Fatalf("ReadDir: %v %v", err, errs)
	}
	var links []string
	for _, d := range docs {
		if d.URL == "Backups.part.html" {
			for _, l := range d.Links() {
				links = append(links, l.URL)
			}
		}
	}
	want := []string{"Storage.part.html", "sum.html", "manual/en/3"}
	if len(links) != len(want) {
		t.Fatalf("links %q, want %q", links, want)
	}
	for i := range want {
		if links[i] != want[i] {
			t.Errorf("link %d: %q, want %q", i, links[i], want[i])
		}
	}
}

func TestNameStem(t *testing.T) {
	tests := []struct{ name, want string }{
		{"backups.part", "backups"},
		{"refunds.en", "refunds"},
		{"func_workday.intl", "func_workday"},
		{"3.2.7", ""},
		{"page", ""},
		{"guide.v2", ""},
	}
	for _, tt := range tests {
		if got := nameStem(tt.name); got != tt.want {
			t.Errorf("nameStem(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

package page

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// writeFolder writes pages (name -> body) under parent/name.
func writeFolder(t *testing.T, parent, name string, pages map[string]string) string {
	t.Helper()
	dir := filepath.Join(parent, name)
	for p, body := range pages {
		path := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestFolders(t *testing.T) {
	root := t.TempDir()
	docs := writeFolder(t, root, "docs", map[string]string{
		"ssa/a.md":   "# Apply\n\nSee [renewal](b.md) or [the other site](https://other.example/x).\n",
		"ssa/b.md":   "# Renew\n\nRenew online.\n",
		"canon.html": `<html><head><title>Canon</title><link rel="canonical" href="https://docs.example/canon"></head><body><main><h1>Canon</h1><p>Text.</p></main></body></html>`,
	})
	kb := writeFolder(t, root, "kb", map[string]string{
		"reset.md": "# Reset\n\nSee [apply](apply.md).\n",
		"apply.md": "# Apply here\n\nApply in the app.\n",
	})
	live := writeFolder(t, filepath.Join(root, "x"), "kb", map[string]string{"start.md": "# Start\n\nSee [reset](reset.md).\n", "reset.md": "# Reset\n\nHold the button.\n"})

	fs, err := OpenFolders(context.Background(), []Folder{{Dir: docs}, {Dir: kb}, {Dir: live, BaseURL: "https://help.example.com/"}}, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if fs.Len() != 7 {
		t.Errorf("Len = %d, want 7", fs.Len())
	}
	links := map[string][]string{}
	var urls []string
	if _, err := fs.Each(context.Background(), func(d *Document) error {
		urls = append(urls, d.URL)
		for _, l := range d.Links() {
			links[d.URL] = append(links[d.URL], l.URL)
			if !strings.Contains(d.Text(), "("+l.URL+")") {
				t.Errorf("%s: Text() lacks the rewritten link %s", d.URL, l.URL)
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	wantURLs := []string{
		"https://docs.example/canon", "docs/ssa/a.md", "docs/ssa/b.md",
		"kb/apply.md", "kb/reset.md",
		"https://help.example.com/reset/", "https://help.example.com/start/",
	}
	if !reflect.DeepEqual(urls, wantURLs) {
		t.Errorf("URLs = %q, want %q", urls, wantURLs)
	}
	wantLinks := map[string][]string{
		"docs/ssa/a.md":                   {"docs/ssa/b.md", "https://other.example/x"},
		"kb/reset.md":                     {"kb/apply.md"},
		"https://help.example.com/start/": {"https://help.example.com/reset/"},
	}
	if !reflect.DeepEqual(links, wantLinks) {
		t.Errorf("links = %q, want %q", links, wantLinks)
	}

	// The digest changes with any folder's pages, and with how they are named.
	again := func(folders ...Folder) string {
		f, err := OpenFolders(context.Background(), folders, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return f.Digest()
	}
	d0 := again(Folder{Dir: docs}, Folder{Dir: kb})
	if d := again(Folder{Dir: docs}, Folder{Dir: kb}); d != d0 {
		t.Error("same folders, different digest")
	}
	if d := again(Folder{Dir: docs}, Folder{Dir: kb, BaseURL: "https://kb.example/"}); d == d0 {
		t.Error("a base URL did not change the digest")
	}
	if err := os.WriteFile(filepath.Join(kb, "apply.md"), []byte("# Apply here\n\nApply at the desk.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if d := again(Folder{Dir: docs}, Folder{Dir: kb}); d == d0 {
		t.Error("a changed page did not change the digest")
	}
}

func TestOpenFoldersErrors(t *testing.T) {
	root := t.TempDir()
	a := writeFolder(t, root, "kb", map[string]string{"a.md": "# A\n\nText.\n"})
	b := writeFolder(t, filepath.Join(root, "other"), "kb", map[string]string{"b.md": "# B\n\nText.\n"})
	tests := []struct {
		name    string
		folders []Folder
		want    string
	}{
		{"none", nil, "none given"},
		{"same name", []Folder{{Dir: a}, {Dir: b}}, `same name "kb"`},
		{"missing folder", []Folder{{Dir: a}, {Dir: filepath.Join(root, "nope")}}, "nope"},
		{"bad base URL", []Folder{{Dir: a}, {Dir: b, BaseURL: "kb.example"}}, "absolute http(s) URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := OpenFolders(context.Background(), tt.folders, ReadOptions{})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want one mentioning %q", err, tt.want)
			}
		})
	}
	// Same name is fine when one of them has a base URL.
	if _, err := OpenFolders(context.Background(), []Folder{{Dir: a}, {Dir: b, BaseURL: "https://kb.example/"}}, ReadOptions{}); err != nil {
		t.Errorf("same name, one with a base URL: %v", err)
	}
}

package page

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/internal/shareddata"
)

func TestReadDir(t *testing.T) {
	docs, pageErrs, err := ReadDir(context.Background(), filepath.Join("testdata", "site"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var urls []string
	links := make(map[string][]string)
	for _, d := range docs {
		urls = append(urls, d.URL)
		for _, l := range d.Links() {
			links[d.URL] = append(links[d.URL], l.URL)
		}
	}
	// Sorted by path; cancel.HTM declares a canonical URL; README.md describes
	// the folder and is not a page.
	wantURLs := []string{
		"faq.md",
		"index.html",
		"https://help.acme.example/cancel",
		"reservations/change.html",
		"reservations/index.html",
	}
	if !reflect.DeepEqual(urls, wantURLs) {
		t.Errorf("URLs = %q, want %q", urls, wantURLs)
	}
	wantLinks := map[string][]string{
		"faq.md":     {"index.html", "reservations/change.html"},
		"index.html": {"reservations/change.html", "reservations/index.html", "faq.md"},
		// ./ is the folder, served by its index page.
		"https://help.acme.example/cancel": {"reservations/index.html"},
		"reservations/change.html":         {"index.html", "https://help.acme.example/cancel", "faq.md", "https://other.example/page"},
		"reservations/index.html":          {"reservations/change.html"},
	}
	if !reflect.DeepEqual(links, wantLinks) {
		t.Errorf("links =\n%q\nwant\n%q", links, wantLinks)
	}
	for _, d := range docs {
		for _, l := range d.Links() {
			if !strings.Contains(d.Text(), "("+l.URL+")") {
				t.Errorf("%s: Text() lacks the rewritten link %s:\n%s", d.URL, l.URL, d.Text())
			}
		}
	}
	if len(pageErrs) != 1 || pageErrs[0].URL != "empty.html" || !errors.Is(pageErrs[0], ErrNoText) {
		t.Errorf("page errors = %v, want empty.html: %v", pageErrs, ErrNoText)
	}
}

// A pages folder given as a symbolic link (a corpus linked into a checkout)
// is read as the folder it names.
func TestReadDirThroughSymlink(t *testing.T) {
	target, err := filepath.Abs(filepath.Join("testdata", "site"))
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "site")
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	viaLink, _, err := ReadDir(context.Background(), link, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	direct, _, err := ReadDir(context.Background(), target, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(viaLink) == 0 || len(viaLink) != len(direct) {
		t.Fatalf("through the link: %d pages, directly: %d", len(viaLink), len(direct))
	}
	for i := range direct {
		if viaLink[i].URL != direct[i].URL {
			t.Errorf("page %d: %s through the link, %s directly", i, viaLink[i].URL, direct[i].URL)
		}
	}
}

// TestReadDirLinkedPages: a symbolic link to a page of the folder (a
// server's name for the page in its one language, "faq.html ->
// faq.en.html") is that page by another name: read once, and a link by
// the other name leads to it. A link out of the folder is read.
func TestReadDirLinkedPages(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	write := func(root, name, content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(root, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(dir, "faq.en.html", "<h1>FAQ</h1><p>Questions and answers.</p>")
	write(dir, "start.en.html", `<h1>Start</h1><p>Read the <a href="faq.html">FAQ</a> first.</p>`)
	write(outside, "shared.html", "<h1>Shared</h1><p>A page kept elsewhere.</p>")
	for link, target := range map[string]string{"faq.html": "faq.en.html", "start.html": "start.en.html", "shared.html": filepath.Join(outside, "shared.html")} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	docs, pageErrs, err := ReadDir(context.Background(), dir, ReadOptions{})
	if err != nil || len(pageErrs) > 0 {
		t.Fatal(err, pageErrs)
	}
	var urls []string
	var startLinks []string
	for _, d := range docs {
		urls = append(urls, d.URL)
		if d.URL == "start.en.html" {
			for _, l := range d.Links() {
				startLinks = append(startLinks, l.URL)
			}
		}
	}
	if want := []string{"faq.en.html", "shared.html", "start.en.html"}; !reflect.DeepEqual(urls, want) {
		t.Errorf("URLs = %q, want %q", urls, want)
	}
	if want := []string{"faq.en.html"}; !reflect.DeepEqual(startLinks, want) {
		t.Errorf("start.en.html links %q, want %q", startLinks, want)
	}
}

func TestReadDirBadFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("ok.html", "<p>fine</p>")
	write("big.html", "<p>"+strings.Repeat("x", 200)+"</p>")
	write("sub/unknown.htm", `<meta charset="x-no-such-charset"><p>x</p>`)
	write("upper.MD", "# Upper\n\ntext")
	write("odd #1.html", `<p>odd name, <a href="odd%20%231.html">itself</a></p>`)
	if err := os.Symlink(filepath.Join(dir, "missing"), filepath.Join(dir, "broken.html")); err != nil {
		t.Fatal(err)
	}

	docs, pageErrs, err := ReadDir(context.Background(), dir, ReadOptions{MaxBytes: 100})
	if err != nil {
		t.Fatal(err)
	}
	var urls []string
	for _, d := range docs {
		urls = append(urls, d.URL)
	}
	if want := []string{"odd%20%231.html", "ok.html", "upper.MD"}; !reflect.DeepEqual(urls, want) {
		t.Errorf("URLs = %q, want %q", urls, want)
	}
	if len(docs) > 0 && (len(docs[0].Links()) != 1 || docs[0].Links()[0].URL != docs[0].URL) {
		t.Errorf("%s links %v, want one link to itself", docs[0].URL, docs[0].Links())
	}
	wantErrs := []struct {
		url string
		is  error
	}{
		{"big.html", ErrTooBig},
		{"broken.html", fs.ErrNotExist},
		{"sub/unknown.htm", ErrCharset},
	}
	if len(pageErrs) != len(wantErrs) {
		t.Fatalf("page errors = %v, want %d", pageErrs, len(wantErrs))
	}
	for i, w := range wantErrs {
		if pageErrs[i].URL != w.url || !errors.Is(pageErrs[i], w.is) {
			t.Errorf("page error %d = %v, want %s: %v", i, pageErrs[i], w.url, w.is)
		}
	}
}

func TestReadDirErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file.html")
	if err := os.WriteFile(file, []byte("<p>x</p>"), 0o644); err != nil {
		t.Fatal(err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		dir  string
		is   error
	}{
		{"missing", context.Background(), filepath.Join(t.TempDir(), "nope"), fs.ErrNotExist},
		{"not a directory", context.Background(), file, nil},
		{"cancelled", cancelled, filepath.Join("testdata", "site"), context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, _, err := ReadDir(tt.ctx, tt.dir, ReadOptions{})
			if err == nil {
				t.Fatalf("ReadDir returned %d documents and no error", len(docs))
			}
			if !strings.Contains(err.Error(), tt.dir) {
				t.Errorf("error %q does not name the folder", err)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error = %v, want %v", err, tt.is)
			}
		})
	}
}

func TestReadDirSSA(t *testing.T) {
	dir := filepath.Join(shareddata.Doc2DialSSA(t), "docs")
	docs, pageErrs, err := ReadDir(context.Background(), dir, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(pageErrs) > 0 {
		t.Errorf("page errors: %v", pageErrs)
	}
	if len(docs) != 78 {
		t.Errorf("read %d pages, want 78", len(docs))
	}
	for _, d := range docs {
		if len(d.Blocks) < 2 || d.Title == "" {
			t.Errorf("%s: title %q, %d blocks", d.URL, d.Title, len(d.Blocks))
		}
	}
}

// TestReadDirCanonicalClaims checks that a page naming another page's
// canonical URL does not take its place, whatever the file order.
func TestReadDirCanonicalClaims(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"aaa-evil.html":  `<link rel="canonical" href="https://h.example/help/refunds"><p>hijacker text</p>`,
		"refunds.html":   `<link rel="canonical" href="https://h.example/help/refunds"><p>the real refunds text</p>`,
		"a.html":         `<link rel="canonical" href="https://h.example/help/shared"><p>first claimer</p>`,
		"b.html":         `<link rel="canonical" href="https://h.example/help/shared"><p>second claimer</p>`,
		"sub/index.html": `<link rel="canonical" href="https://h.example/help/sub/"><p>folder index</p>`,
		"sub/zzz.html":   `<link rel="canonical" href="https://h.example/help/sub/"><p>claims the folder</p>`,
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	docs, pageErrs, err := ReadDir(context.Background(), dir, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, d := range docs {
		got[d.URL] = d.Text()
	}
	want := map[string]string{
		"https://h.example/help/refunds": "the real refunds text",
		"https://h.example/help/shared":  "first claimer",
		"https://h.example/help/sub/":    "folder index",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("documents = %q, want %q", got, want)
	}
	var failed []string
	for _, e := range pageErrs {
		if !errors.Is(e, ErrCanonicalTaken) {
			t.Errorf("page error %v, want ErrCanonicalTaken", e)
		}
		failed = append(failed, e.URL)
	}
	sort.Strings(failed)
	if w := []string{"aaa-evil.html", "b.html", "sub/zzz.html"}; !reflect.DeepEqual(failed, w) {
		t.Errorf("failed pages = %q, want %q", failed, w)
	}
}

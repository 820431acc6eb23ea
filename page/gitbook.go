package page

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
)

// A book (GitBook, mdBook, HonKit) keeps a table of contents beside its
// pages, a list of links the site shows as its navigation, not as a page;
// its README is its first page ("Introduction"), not the repository's, as
// a Docsify site's is its home page. A
// GitBook synced from a repository says in its .gitbook.yaml which folder
// holds its pages (root) and which files these two are (structure).

// gitbookFile is the file that makes a repository a GitBook.
const gitbookFile = ".gitbook.yaml"

// book names, relative to the pages folder (slash paths), a book's table
// of contents and first page, and the page that is the app showing the
// book's pages (Docsify's index.html), no page itself; the zero book is
// no book.
type book struct{ summary, readme, shell string }

// docsifyBook is a Docsify site: its index.html loads the app that shows
// the Markdown pages beside it, its README.md is the home page.
var docsifyBook = book{readme: "README.md", shell: "index.html"}

// defaultBook is a book as GitBook and mdBook name its files.
var defaultBook = book{summary: "SUMMARY.md", readme: "README.md"}

// bookFolder returns the folder of dir's pages and its book: with a
// .gitbook.yaml in dir, the root folder it names inside dir and the files
// its structure names; else dir, a book when it holds a SUMMARY.md.
func bookFolder(dir string) (string, book) {
	var cfg struct {
		Root      string `yaml:"root"`
		Structure struct {
			Readme  string `yaml:"readme"`
			Summary string `yaml:"summary"`
		} `yaml:"structure"`
	}
	raw, err := os.ReadFile(filepath.Join(dir, gitbookFile))
	if err != nil || yaml.Unmarshal(raw, &cfg) != nil {
		if _, err := os.Stat(filepath.Join(dir, defaultBook.summary)); err == nil {
			return dir, defaultBook
		}
		if shell, err := os.ReadFile(filepath.Join(dir, docsifyBook.shell)); err == nil && bytes.Contains(shell, []byte("$docsify")) {
			return dir, docsifyBook
		}
		return dir, book{}
	}
	b := defaultBook
	if name := bookPath(cfg.Structure.Summary); name != "" {
		b.summary = name
	}
	if name := bookPath(cfg.Structure.Readme); name != "" {
		b.readme = name
	}
	if root := bookPath(cfg.Root); root != "" {
		if info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(root))); err == nil && info.IsDir() {
			dir = filepath.Join(dir, filepath.FromSlash(root))
		}
	}
	return dir, b
}

// bookPath returns a path a .gitbook.yaml gives ("./docs/") as a clean
// slash path inside the folder ("docs"), or "" for none or one leading
// out of it.
func bookPath(p string) string {
	p = path.Clean(strings.TrimSpace(p))
	if p == "." || !filepath.IsLocal(filepath.FromSlash(p)) {
		return ""
	}
	return p
}

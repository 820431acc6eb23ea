package page

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
)

// Folder is one pages folder of a help center read from several folders.
type Folder struct {
	Dir string
	// BaseURL is the live site the folder is published at (as
	// ReadOptions.BaseURL); empty for none.
	BaseURL string
}

// Folders is several pages folders read as one help center: a team's two
// help centers, or several sites' pages in one graph. Each folder keeps its
// own base URL. The pages of a folder without one are named by the folder's
// name and their path in it ("ssa/x.html" in folder docs is "docs/ssa/x.html",
// and the links between them likewise), so that two folders' pages never
// share a URL and a page's first path segment says which folder it came from.
type Folders struct {
	dirs     []*Dir
	prefixes []string // "docs/", or "" for a folder with a base URL
	digest   string
}

// OpenFolders lists and hashes the pages of each folder (OpenDir). Two
// folders without a base URL may not have the same name. opts.BaseURL is
// ignored: each folder has its own.
func OpenFolders(ctx context.Context, folders []Folder, opts ReadOptions) (*Folders, error) {
	if len(folders) == 0 {
		return nil, fmt.Errorf("pages folders: none given")
	}
	fs := &Folders{}
	h := sha256.New()
	byName := map[string]string{}
	for _, f := range folders {
		prefix := ""
		if strings.TrimSpace(f.BaseURL) == "" {
			name := filepath.Base(filepath.Clean(f.Dir))
			if name == "." || name == ".." || name == string(filepath.Separator) {
				if abs, err := filepath.Abs(f.Dir); err == nil {
					name = filepath.Base(abs)
				}
			}
			if other, dup := byName[name]; dup {
				return nil, fmt.Errorf("pages folders %s and %s have the same name %q: give one a base URL, or rename it", other, f.Dir, name)
			}
			byName[name] = f.Dir
			prefix = url.PathEscape(name) + "/"
		}
		o := opts
		o.BaseURL = f.BaseURL
		d, err := OpenDir(ctx, f.Dir, o)
		if err != nil {
			return nil, err
		}
		fs.dirs = append(fs.dirs, d)
		fs.prefixes = append(fs.prefixes, prefix)
		fmt.Fprintf(h, "folder %q %s\n", prefix, d.Digest())
	}
	fs.digest = hex.EncodeToString(h.Sum(nil))
	return fs, nil
}

// Digest identifies the input of every folder, and how its pages are named.
func (fs *Folders) Digest() string { return fs.digest }

// Len is the number of page files of all folders, failing ones included.
func (fs *Folders) Len() int {
	n := 0
	for _, d := range fs.dirs {
		n += d.Len()
	}
	return n
}

// Each calls fn with each page of each folder, folder by folder in the
// order given (Dir.Each), and returns the pages that could not be read.
func (fs *Folders) Each(ctx context.Context, fn func(*Document) error) ([]PageError, error) {
	var pageErrs []PageError
	for i, d := range fs.dirs {
		prefix := fs.prefixes[i]
		errs, err := d.Each(ctx, func(doc *Document) error {
			if prefix != "" {
				doc.URL = prefixURL(prefix, doc.URL)
				relink(doc, func(u string) string { return prefixURL(prefix, u) })
			}
			return fn(doc)
		})
		if err != nil {
			return nil, err
		}
		for _, pe := range errs {
			pe.URL = prefixURL(prefix, pe.URL)
			pageErrs = append(pageErrs, pe)
		}
	}
	return pageErrs, nil
}

// prefixURL puts a folder's prefix before a URL that is a path in the
// folder; absolute URLs (a canonical URL, another site, mail) and links
// within the page stay.
func prefixURL(prefix, u string) string {
	if prefix == "" || u == "" || strings.HasPrefix(u, "#") || strings.HasPrefix(u, "/") {
		return u
	}
	if p, err := url.Parse(u); err != nil || p.Scheme != "" || p.Host != "" {
		return u
	}
	return prefix + strings.TrimPrefix(u, "./")
}

package page

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// DefaultMaxBytes is the default limit on the size of one page.
const DefaultMaxBytes = 10 << 20

// ReadOptions tune ReadDir.
type ReadOptions struct {
	// MaxBytes is the largest page read; larger pages are reported as
	// ErrTooBig without being read. Zero means DefaultMaxBytes.
	MaxBytes int64
}

// ReadDir reads every .html, .htm and .md file under dir, recursively and in
// sorted order, skipping hidden files and folders and the folder's own
// README, CHANGELOG, LICENSE and CONTRIBUTING files. A page's URL is its slash
// path relative to dir unless it declares a canonical URL, and links between
// the pages are resolved to the same form so that they match page URLs.
// Pages that cannot be read are returned as PageErrors; the error is only
// for a folder that cannot be walked or a cancelled ctx.
func ReadDir(ctx context.Context, dir string, opts ReadOptions) ([]*Document, []PageError, error) {
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxBytes
	}
	info, err := os.Stat(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("pages folder %s: %w", dir, err)
	}
	if !info.IsDir() {
		return nil, nil, fmt.Errorf("pages folder %s: not a directory", dir)
	}

	files, err := listPages(ctx, dir)
	if err != nil {
		return nil, nil, err
	}
	// Pages are parsed on every core; the results keep the folder's order.
	type parsed struct {
		doc *Document
		err error
	}
	out := make([]parsed, len(files))
	forEachFile(ctx, files, func(i int, f pageFile) {
		out[i].doc, out[i].err = readPage(f.path, f.rel, opts.MaxBytes)
	})
	if err := ctx.Err(); err != nil {
		return nil, nil, fmt.Errorf("reading pages folder %s: %w", dir, err)
	}
	var docs []*Document
	var rels []string // where each of docs was read from
	var pageErrs []PageError
	for i, f := range files {
		switch {
		case f.err != nil:
			pageErrs = append(pageErrs, PageError{URL: f.rel, Err: f.err})
		case out[i].err != nil:
			pageErrs = append(pageErrs, PageError{URL: f.rel, Err: out[i].err})
		default:
			docs = append(docs, out[i].doc)
			rels = append(rels, f.rel)
		}
	}
	docs, rels, pageErrs = settleCanonicalClaims(docs, rels, pageErrs)
	linkCanonicalURLs(docs, rels)
	return docs, pageErrs, nil
}

// pageFile is a page file ReadDir reads, or an entry of the folder that
// could not be walked (err).
type pageFile struct {
	path, rel string
	err       error
}

// listPages returns the page files under dir in sorted order (see ReadDir).
func listPages(ctx context.Context, dir string) ([]pageFile, error) {
	var files []pageFile
	walkErr := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		rel, relErr := filepath.Rel(dir, p)
		if relErr != nil {
			return relErr
		}
		// Escaped, so that a name with # or ? in it stays a path.
		rel = (&url.URL{Path: filepath.ToSlash(rel)}).String()
		if err != nil {
			if p == dir {
				return err
			}
			files = append(files, pageFile{rel: rel, err: err})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if p != dir && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() || pageKind(d.Name()) == "" {
			return nil
		}
		files = append(files, pageFile{path: p, rel: rel})
		return nil
	})
	if walkErr != nil {
		if ctxErr := ctx.Err(); ctxErr != nil && errors.Is(walkErr, ctxErr) {
			return nil, fmt.Errorf("reading pages folder %s: %w", dir, walkErr)
		}
		return nil, fmt.Errorf("pages folder %s: %w", dir, walkErr)
	}
	return files, nil
}

// forEachFile calls fn for each readable file of files on every core, and
// stops early when ctx is cancelled.
func forEachFile(ctx context.Context, files []pageFile, fn func(i int, f pageFile)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(1, len(files))) {
		wg.Go(func() {
			for i := range next {
				fn(i, files[i])
			}
		})
	}
feed:
	for i, f := range files {
		if f.err != nil {
			continue
		}
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
}

// HashDir returns a digest of the pages ReadDir would read from dir (their
// paths and raw bytes, and opts) without parsing any: two equal digests
// mean the same input. A page that cannot be read counts by its error.
// It also returns how many page files there are.
func HashDir(ctx context.Context, dir string, opts ReadOptions) (digest string, pages int, err error) {
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxBytes
	}
	files, err := listPages(ctx, dir)
	if err != nil {
		return "", 0, err
	}
	sums := make([]string, len(files))
	forEachFile(ctx, files, func(i int, f pageFile) {
		sums[i] = hashFile(f.path, opts.MaxBytes)
	})
	if err := ctx.Err(); err != nil {
		return "", 0, fmt.Errorf("reading pages folder %s: %w", dir, err)
	}
	h := sha256.New()
	fmt.Fprintf(h, "max-bytes %d\n", opts.MaxBytes)
	for i, f := range files {
		if f.err != nil {
			fmt.Fprintf(h, "%s\terror %v\n", f.rel, f.err)
			continue
		}
		fmt.Fprintf(h, "%s\t%s\n", f.rel, sums[i])
	}
	return hex.EncodeToString(h.Sum(nil)), len(files), nil
}

// hashBuffers are the read buffers of hashFile.
var hashBuffers = sync.Pool{New: func() any { return new([32 << 10]byte) }}

// hashFile is the hex SHA-256 of the file's bytes, or a note of why it
// cannot be read.
func hashFile(file string, maxBytes int64) string {
	f, err := os.Open(file)
	if err != nil {
		return "error " + err.Error()
	}
	defer f.Close()
	buf := hashBuffers.Get().(*[32 << 10]byte)
	defer hashBuffers.Put(buf)
	h := sha256.New()
	n, err := io.CopyBuffer(h, io.LimitReader(f, maxBytes+1), buf[:])
	if err != nil {
		return "error " + err.Error()
	}
	if n > maxBytes {
		return "too big"
	}
	return hex.EncodeToString(h.Sum(nil))
}

// ErrCanonicalTaken is a page that declares as its canonical URL one that
// another page of the folder holds.
var ErrCanonicalTaken = errors.New("declares the canonical URL of another page")

// settleCanonicalClaims keeps one page per URL. When several files declare
// the same canonical URL, the one whose file name matches the URL's last
// path segment owns it (help/refunds.html for …/help/refunds), else the
// first in path order; the others fail with ErrCanonicalTaken, so that a
// page cannot take another page's place by naming its URL.
func settleCanonicalClaims(docs []*Document, rels []string, pageErrs []PageError) ([]*Document, []string, []PageError) {
	owner := make(map[string]int) // URL -> index in docs
	for i, d := range docs {
		j, taken := owner[d.URL]
		if !taken || (!namesURL(rels[j], d.URL) && namesURL(rels[i], d.URL)) {
			owner[d.URL] = i
		}
	}
	var keptDocs []*Document
	var keptRels []string
	for i, d := range docs {
		if j := owner[d.URL]; j != i {
			pageErrs = append(pageErrs, PageError{URL: rels[i], Err: fmt.Errorf("%w %s (%s)", ErrCanonicalTaken, rels[j], d.URL)})
			continue
		}
		keptDocs = append(keptDocs, d)
		keptRels = append(keptRels, rels[i])
	}
	return keptDocs, keptRels, pageErrs
}

// namesURL reports whether the file at rel is the page at u by name: the
// same last path segment, extensions aside, or an index file for a folder.
func namesURL(rel, u string) bool {
	p, err := url.Parse(u)
	if err != nil {
		return false
	}
	stem := func(s string) string { return strings.TrimSuffix(s, path.Ext(s)) }
	seg := path.Base(p.Path)
	if strings.HasSuffix(p.Path, "/") || p.Path == "" {
		return folderURL(rel) != ""
	}
	return strings.EqualFold(stem(path.Base(rel)), stem(seg))
}

// repoDocs are the Markdown files that describe a folder rather than being
// help pages: a README beside the pages must not become a page of the graph.
var repoDocs = map[string]bool{"readme": true, "changelog": true, "license": true, "contributing": true}

// pageKind returns "html" or "md" for the page files ReadDir reads, else "".
func pageKind(name string) string {
	ext := strings.ToLower(filepath.Ext(name))
	if repoDocs[strings.ToLower(strings.TrimSuffix(name, filepath.Ext(name)))] {
		return ""
	}
	switch ext {
	case ".html", ".htm":
		return "html"
	case ".md", ".markdown":
		return "md"
	}
	return ""
}

// readPage reads and cleans one page file, reading at most maxBytes+1 bytes
// so a huge file costs no more than the limit.
func readPage(file, rel string, maxBytes int64) (*Document, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.Size() > maxBytes {
		return nil, fmt.Errorf("%d bytes, limit %d: %w", info.Size(), maxBytes, ErrTooBig)
	}
	raw, err := io.ReadAll(io.LimitReader(f, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading: %w", err)
	}
	if int64(len(raw)) > maxBytes {
		return nil, fmt.Errorf("over %d bytes: %w", maxBytes, ErrTooBig)
	}
	if pageKind(file) == "md" {
		return ParseMarkdown(raw, rel)
	}
	return ParseHTML(raw, rel)
}

// linkCanonicalURLs rewrites links between pages of a folder to the URLs the
// pages ended up with: a page's canonical URL when it declares one, and a
// folder's index page for a link to the folder. rels[i] is the path docs[i]
// was read from.
func linkCanonicalURLs(docs []*Document, rels []string) {
	final := make(map[string]string) // link target as resolved -> page URL
	for i, d := range docs {
		if d.URL != rels[i] {
			final[rels[i]] = d.URL
		}
		if f := folderURL(rels[i]); f != "" {
			final[f] = d.URL
			if f != "./" {
				final[strings.TrimSuffix(f, "/")] = d.URL
			}
		}
	}
	if len(final) == 0 {
		return
	}
	for _, d := range docs {
		for bi := range d.Blocks {
			b := &d.Blocks[bi]
			for li, l := range b.Links {
				to, ok := final[l.URL]
				if !ok || to == l.URL {
					continue
				}
				b.Text = strings.ReplaceAll(b.Text, "]("+escapeLinkURL(l.URL)+")", "]("+escapeLinkURL(to)+")")
				b.Links[li].URL = to
			}
		}
	}
}

// indexNames are the files that serve a folder's URL.
var indexNames = []string{"index.html", "index.htm", "index.md"}

// folderURL returns the URL of the folder an index page serves, or "".
func folderURL(rel string) string {
	dir, file := path.Split(rel)
	for _, name := range indexNames {
		if strings.EqualFold(file, name) {
			if dir == "" {
				return "./"
			}
			return dir
		}
	}
	return ""
}

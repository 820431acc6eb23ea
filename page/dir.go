package page

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
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
	// BaseURL is the live site the folder is published at
	// ("https://help.example.com/"): each page's URL, and each link
	// between pages, is then the page's address there (see sitePath).
	// Empty: a page's URL is its path in the folder.
	BaseURL string
	// AsciiDoc converts AsciiDoc pages to HTML. Nil: in this process,
	// where a panic in one of libasciidoc's own goroutines ends the
	// process; a program that can start itself as a child (the helpgraph
	// binary, with AsciiDocChildArg) passes an AsciiDocBox instead.
	AsciiDoc AsciiDocConverter
}

// ReadDir reads every .html, .htm, .md, .mdx, .rst, .adoc, .asciidoc,
// .docx, .odt and .fodt file under dir, recursively and in sorted order,
// skipping hidden files and folders, the folder's own README, CHANGELOG,
// LICENSE and CONTRIBUTING files, partials (isPartial) and drafts. A page's URL is its address under opts.BaseURL (sitePath),
// else its slash path relative to dir, unless it declares a canonical URL;
// links between the pages are resolved to the same form so that they
// match page URLs (site.link).
// Pages that cannot be read are returned as PageErrors; the error is only
// for a folder that cannot be walked or a cancelled ctx.
//
// ReadDir holds every page at once; Dir.Each hands them over one at a time.
func ReadDir(ctx context.Context, dir string, opts ReadOptions) ([]*Document, []PageError, error) {
	d, err := OpenDir(ctx, dir, opts)
	if err != nil {
		return nil, nil, err
	}
	var docs []*Document
	pageErrs, err := d.Each(ctx, func(doc *Document) error {
		docs = append(docs, doc)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return docs, pageErrs, nil
}

// HashDir returns a digest of the pages ReadDir would read from dir (their
// paths and raw bytes, and opts) without parsing any: two equal digests
// mean the same input. A page that cannot be read counts by its error.
// It also returns how many page files there are.
func HashDir(ctx context.Context, dir string, opts ReadOptions) (digest string, pages int, err error) {
	d, err := OpenDir(ctx, dir, opts)
	if err != nil {
		return "", 0, err
	}
	return d.Digest(), d.Len(), nil
}

// Dir is a folder of pages, listed and hashed but not parsed: its Digest
// tells whether it changed since a build, and Each parses its pages, on every
// core, and hands them over one at a time, so that a large folder is never
// held in memory at once. See ReadDir for which files are pages.
type Dir struct {
	dir    string
	opts   ReadOptions
	files  []pageFile
	digest string

	mu      sync.Mutex
	settled bool
	// links maps a link target as resolved to the URL of the page it
	// reaches (see linkMap); taken are the pages that lost their URL to
	// another (ErrCanonicalTaken), by index in files.
	links map[string]string
	taken map[int]PageError
	// aliases are the links to a page of the folder by another name (see
	// listPages), by the link's path: the page's.
	aliases map[string]string
	// site is what the pages know of each other (URLs, names, includes).
	site *site
}

// OpenDir lists and hashes the pages of dir, reading each file once. The
// error is for a folder that cannot be walked or a cancelled ctx.
func OpenDir(ctx context.Context, dir string, opts ReadOptions) (*Dir, error) {
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxBytes
	}
	base, err := parseBaseURL(opts.BaseURL)
	if err != nil {
		return nil, err
	}
	info, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("pages folder %s: %w", dir, err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("pages folder %s: not a directory", dir)
	}
	dir, b := bookFolder(dir)
	files, roots, aliases, err := listPages(ctx, dir, b)
	if err != nil {
		return nil, err
	}
	sums := make([]string, len(files))
	metas := make([]meta, len(files))
	forEachFile(ctx, files, func(i int, f pageFile) {
		sums[i], files[i].mayMove, metas[i] = scanFile(f.path, f.rel, opts.MaxBytes)
	})
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("reading pages folder %s: %w", dir, err)
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\nmax-bytes %d\n", ReaderVersion, opts.MaxBytes)
	if base != nil {
		fmt.Fprintf(h, "base-url %s\n", base)
	}
	for i, f := range files {
		if f.err != nil {
			fmt.Fprintf(h, "%s\terror %v\n", f.rel, f.err)
			continue
		}
		fmt.Fprintf(h, "%s\t%s\n", f.rel, sums[i])
	}
	for _, rel := range slices.Sorted(maps.Keys(aliases)) {
		fmt.Fprintf(h, "%s\talias %s\n", rel, aliases[rel])
	}
	// Partials (included by pages) and drafts count in the digest, but
	// are no pages.
	var pages []pageFile
	var pageMetas []meta
	for i, f := range files {
		if f.partial || metas[i].draft || metas[i].notPage {
			continue
		}
		pages, pageMetas = append(pages, f), append(pageMetas, metas[i])
	}
	s := newSite(dir, base, pages, pageMetas, roots)
	for i, f := range files {
		if metas[i].ditaMap != nil {
			s.addDITAMap(f.rel, metas[i].ditaMap)
		}
	}
	pages = slices.DeleteFunc(pages, func(f pageFile) bool { return s.ditaResources[f.rel] })
	s.adoc = opts.AsciiDoc
	s.hashInputs(h)
	return &Dir{dir: dir, opts: opts, files: pages, aliases: aliases, digest: hex.EncodeToString(h.Sum(nil)), site: s}, nil
}

// parseBaseURL checks a --base-url: an absolute http(s) URL, its path
// ending in "/" so that page paths resolve under it.
func parseBaseURL(s string) (*url.URL, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("base URL %q: want an absolute http(s) URL such as https://help.example.com/", s)
	}
	u.RawQuery, u.Fragment, u.RawFragment = "", "", ""
	if !strings.HasSuffix(u.Path, "/") {
		u.Path += "/"
		u.RawPath = ""
	}
	return u, nil
}

// Digest identifies the folder's input: the pages' paths and raw bytes, and
// the read options.
func (d *Dir) Digest() string { return d.digest }

// Len is the number of page files, failing ones included (a long PDF is
// one file of several pages: see Split).
func (d *Dir) Len() int { return len(d.files) }

// eachWindow is how many pages, per core, Each parses ahead of the one it
// hands over: enough to keep every core busy while fn is slow on one page.
const eachWindow = 2

// Each calls fn with each page of the folder, in path order, from the
// calling goroutine, and returns the pages that could not be read. Pages are
// parsed on every core, at most a few per core ahead of fn, and Each keeps
// no reference to a page it handed over: fn decides how long it lives.
// The error is fn's, or a cancelled ctx's; Each then stops.
func (d *Dir) Each(ctx context.Context, fn func(*Document) error) ([]PageError, error) {
	if err := d.settle(ctx); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type slot struct {
		i    int
		docs []*Document // the file's page, or its parts (Split)
		err  error
		done chan struct{}
	}
	workers := runtime.GOMAXPROCS(0)
	// ordered holds the pages in path order, parsed or being parsed: its
	// capacity bounds the parsed pages waiting for fn.
	ordered := make(chan *slot, eachWindow*workers)
	work := make(chan *slot)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for s := range work {
				s.docs, s.err = d.readPages(ctx, s.i)
				close(s.done)
			}
		})
	}
	go func() {
		defer close(ordered)
		defer close(work)
		for i, f := range d.files {
			if _, lost := d.taken[i]; lost {
				continue
			}
			s := &slot{i: i, done: make(chan struct{})}
			if f.err != nil {
				s.err = f.err
				close(s.done)
			}
			select {
			case ordered <- s:
			case <-ctx.Done():
				return
			}
			if f.err != nil {
				continue
			}
			select {
			case work <- s:
			case <-ctx.Done():
				return
			}
		}
	}()

	var pageErrs []PageError
	var fnErr error
	for s := range ordered {
		if ctx.Err() != nil {
			continue // draining, so that the feeder ends
		}
		select {
		case <-s.done:
		case <-ctx.Done():
			continue
		}
		if s.err != nil {
			pageErrs = append(pageErrs, d.pageError(s.i, s.err))
			continue
		}
		docs := s.docs
		s.docs = nil
		for _, doc := range docs {
			if err := fn(doc); err != nil {
				fnErr = err
				cancel()
				break
			}
		}
	}
	wg.Wait()
	if fnErr != nil {
		return nil, fnErr
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("reading pages folder %s: %w", d.dir, err)
	}
	for i := range d.files {
		if pe, lost := d.taken[i]; lost {
			pageErrs = append(pageErrs, pe)
		}
	}
	return pageErrs, nil
}

// pageError records that the page files[i] could not be read: under its
// live URL when the folder has a base URL, the file named in the error.
func (d *Dir) pageError(i int, err error) PageError {
	rel := d.files[i].rel
	if u := d.site.url(rel); u != rel {
		return PageError{URL: u, Err: fmt.Errorf("%s: %w", unescapePath(rel), err)}
	}
	return PageError{URL: rel, Err: err}
}

// readPages reads, cleans and links the page files[i], and splits it
// into its parts when it is a long document (Split).
func (d *Dir) readPages(ctx context.Context, i int) ([]*Document, error) {
	doc, err := d.parse(ctx, i)
	if err != nil {
		return nil, err
	}
	rewriteLinks(doc, d.links)
	d.liveLinks(doc)
	return Split(doc), nil
}

// parse reads and cleans the page files[i], with its folder's dialect
// context, and gives it its URL and language.
func (d *Dir) parse(ctx context.Context, i int) (*Document, error) {
	f := d.files[i]
	doc, err := readPage(ctx, f.path, f.rel, d.opts.MaxBytes, d.site)
	if err != nil {
		return nil, err
	}
	if doc.URL == f.rel {
		doc.URL = d.site.url(f.rel)
	}
	if len(doc.Breadcrumb) == 0 {
		doc.Breadcrumb = d.site.breadcrumb(f.rel)
	}
	if doc.Lang == "" {
		doc.Lang = d.site.pageLang(f.rel)
	}
	return doc, nil
}

// liveLinks makes the links of doc that lead to pages of the folder by
// path lead to the pages' URLs, and, with a base URL, every other link
// left relative absolute under it.
func (d *Dir) liveLinks(doc *Document) {
	if d.site.base == nil {
		if len(d.site.laidOut) > 0 {
			relink(doc, func(u string) string {
				if d.site.laidOut[u] {
					return d.site.url(u)
				}
				return u
			})
		}
		return
	}
	relink(doc, func(u string) string {
		if _, ok := d.site.pages[u]; ok {
			return d.site.url(u)
		}
		return d.site.absolute(u)
	})
}

// pageFile is a page file ReadDir reads, or an entry of the folder that
// could not be walked (err).
type pageFile struct {
	path, rel string
	err       error
	// mayMove is set for a page whose URL may not be its path (it may
	// declare a canonical URL) or that serves a folder's URL (an index):
	// the only pages other pages' links are rewritten to (see settle).
	mayMove bool
	// partial is a file pages include (in _includes/, or named _x.md):
	// part of the folder's digest, but no page.
	partial bool
}

// listPages returns the page files under dir in sorted order (see ReadDir),
// the folders of the Antora components in it (slash paths, "" for dir
// itself), innermost first: their files outside modules/NAME/pages/ are
// partials, and the aliases: a symbolic link to a page file of the folder
// ("basic-defs.html -> basic-defs.en.html", as a server negotiating the
// language keeps them) is that page by another name, not a page of its
// own (read as one, every page of the Debian FAQ was there twice), keyed
// by its path, the page's as the value.
func listPages(ctx context.Context, dir string, b book) ([]pageFile, []string, map[string]string, error) {
	// WalkDir does not follow a root that is a symbolic link (a folder
	// linked into a checkout, out/corpora/x -> …): it would list nothing.
	// Links inside the folder are still not followed, so no cycle is walked.
	root := dir
	if resolved, err := filepath.EvalSymlinks(dir); err == nil {
		root = resolved
	}
	var files []pageFile
	var roots []string
	aliases := map[string]string{}
	walkErr := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		relPath, relErr := filepath.Rel(root, p)
		if relErr != nil {
			return relErr
		}
		rel := escapedRel(relPath)
		if err != nil {
			if p == root {
				return err
			}
			files = append(files, pageFile{rel: rel, err: err})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		// "~$faq.docx" is the lock file Word keeps beside a document
		// while it is open: hidden on Windows, no document.
		if p != root && (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "~$")) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.IsDir() && d.Name() == antoraFile {
			roots = append(roots, strings.TrimPrefix(path.Dir(filepath.ToSlash(relPath)), "."))
		}
		if d.IsDir() || pageKind(d.Name()) == "" {
			return nil
		}
		// The folder's own README and LICENSE describe the repository (in
		// a subfolder, a page named so is a page: settings/license.md),
		// unless it is a book's first page; a book's table of contents
		// is no page, nor is the not-found page a site generator writes
		// at the top of a built site (404.html, Jekyll's 404.md).
		slashRel := filepath.ToSlash(relPath)
		base := strings.ToLower(strings.TrimSuffix(d.Name(), filepath.Ext(d.Name())))
		if slashRel == b.summary || slashRel == b.shell || filepath.Dir(p) == filepath.Clean(root) && (repoDocs[base] || base == "404") && slashRel != b.readme {
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			if target, ok := linkedPage(root, p); ok {
				aliases[rel] = target
				return nil
			}
		}
		files = append(files, pageFile{path: p, rel: rel, partial: isPartial(filepath.ToSlash(relPath)) || pageKind(d.Name()) == "ditamap"})
		return nil
	})
	if walkErr != nil {
		if ctxErr := ctx.Err(); ctxErr != nil && errors.Is(walkErr, ctxErr) {
			return nil, nil, nil, fmt.Errorf("reading pages folder %s: %w", dir, walkErr)
		}
		return nil, nil, nil, fmt.Errorf("pages folder %s: %w", dir, walkErr)
	}
	sortRoots(roots)
	for i, f := range files {
		if f.err == nil && antoraNotPage(unescapePath(f.rel), roots) {
			files[i].partial = true
		}
	}
	return files, roots, aliases, nil
}

// linkedPage returns the path (escaped, as a page's rel) of the page file
// under root that the symbolic link at p leads to, when it leads to one
// there that is not hidden: that file is listed itself.
func linkedPage(root, p string) (string, bool) {
	target, err := filepath.EvalSymlinks(p)
	if err != nil || pageKind(target) == "" {
		return "", false
	}
	rel, err := filepath.Rel(root, target)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	for _, part := range strings.Split(filepath.ToSlash(rel), "/") {
		if strings.HasPrefix(part, ".") {
			return "", false
		}
	}
	return escapedRel(rel), true
}

// escapedRel is the path rel (relative to a pages folder, in the OS's
// form) as a page's rel: slashed and escaped, so that a name with # or ?
// in it stays a path.
func escapedRel(rel string) string {
	return (&url.URL{Path: filepath.ToSlash(rel)}).String()
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

// scanBuffers are the read buffers of scanFile.
var scanBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// scanFile returns the hex SHA-256 of the file's bytes, or a note of why it
// cannot be read, and whether the page may not live at its path (see
// pageFile.mayMove).
func scanFile(file, rel string, maxBytes int64) (sum string, mayMove bool, m meta) {
	f, err := os.Open(file)
	if err != nil {
		return "error " + err.Error(), false, m
	}
	defer f.Close()
	buf := scanBuffers.Get().(*bytes.Buffer)
	defer scanBuffers.Put(buf)
	buf.Reset()
	n, err := buf.ReadFrom(io.LimitReader(f, maxBytes+1))
	if err != nil {
		return "error " + err.Error(), false, m
	}
	if n > maxBytes {
		return "too big", false, m
	}
	s := sha256.Sum256(buf.Bytes())
	m = scanMeta(buf.Bytes(), rel)
	return hex.EncodeToString(s[:]), folderURL(rel) != "" || mayDeclareCanonical(buf.Bytes()) || pathURL(rel) != rel, m
}

// partialFolders hold the files the generators include into pages, and
// their layouts and data: none is a page. Sphinx keeps its Jinja
// templates in _templates and writes a local build to _build, beside the
// .rst pages it would copy.
var partialFolders = map[string]bool{
	"_includes": true, "_layouts": true, "_partials": true, "_snippets": true, "_data": true,
	"_drafts": true, "_site": true, "node_modules": true, "_templates": true, "_build": true,
}

// isPartial reports whether the file at slash path rel is included by
// pages rather than one: in a partials folder, or named _x.md (Docusaurus
// partials; Hugo's _index.md is a section's page).
func isPartial(rel string) bool {
	segs := strings.Split(rel, "/")
	for _, s := range segs[:len(segs)-1] {
		if partialFolders[strings.ToLower(s)] {
			return true
		}
	}
	name := segs[len(segs)-1]
	return strings.HasPrefix(name, "_") && !isIndexName(strings.TrimSuffix(name, filepath.Ext(name)))
}

// mayDeclareCanonical reports whether a page's raw bytes could declare a
// canonical URL: they hold the word "canonical" (in lower case: the
// rel~=canonical selector of ParseHTML matches case-sensitively), a numeric
// character reference that could spell it, or zero bytes (UTF-16, whose
// letters are not single bytes). Every other page's URL is its path, known
// without parsing it.
func mayDeclareCanonical(raw []byte) bool {
	return bytes.Contains(raw, []byte("canonical")) || bytes.Contains(raw, []byte("&#")) || bytes.IndexByte(raw, 0) >= 0
}

// pathURL is the URL a page read from rel gets when it declares none (as
// ParseHTML makes it), or "" when rel is not a URL.
func pathURL(rel string) string {
	u, err := url.Parse(strings.TrimSpace(rel))
	if err != nil {
		return ""
	}
	u.Fragment, u.RawFragment = "", ""
	return u.String()
}

// repoDocs are the Markdown files that describe a folder rather than being
// help pages: a README beside the pages must not become a page of the graph.
var repoDocs = map[string]bool{"readme": true, "changelog": true, "license": true, "contributing": true}

// pageKind returns "html", "md", "rst", "adoc", "docx", "odt", "fodt", "pdf",
// "wiki", "mallard", "epub", "dita", "ditamap" (a map, read for the
// topics' breadcrumbs but no page), "docbook" or "xml" (DocBook or DITA by
// its root, else no page) for the files ReadDir reads, else "".
func pageKind(name string) string {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".html", ".htm":
		return "html"
	case ".md", ".markdown", ".mdx":
		return "md"
	case ".rst":
		return "rst"
	case ".adoc", ".asciidoc":
		return "adoc"
	case ".docx":
		return "docx"
	case ".odt":
		return "odt"
	case ".fodt":
		return "fodt"
	case ".pdf":
		return "pdf"
	case ".wiki", ".mediawiki":
		return "wiki"
	case ".page":
		return "mallard"
	case ".epub":
		return "epub"
	case ".dita":
		return "dita"
	case ".ditamap":
		return "ditamap"
	case ".docbook", ".dbk":
		return "docbook"
	case ".xml":
		return "xml" // DocBook or DITA, by its root (xmlVocabulary); else no page
	}
	return ""
}

// minDocxBytes is the least size limit of a document file (isDocumentKind):
// its pictures make it large, its text is a small part of it (parseDOCX
// and parseODT read that alone, within maxDocxPart; parsePDF its pages'
// programs).
const minDocxBytes = 64 << 20

// readPage reads and cleans one page file, reading at most maxBytes+1 bytes
// so a huge file costs no more than the limit.
func readPage(ctx context.Context, file, rel string, maxBytes int64, s *site) (*Document, error) {
	kind := pageKind(file)
	if isDocumentKind(kind) {
		maxBytes = max(maxBytes, minDocxBytes)
	}
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
	if doc, ok, err := parseDocument(kind, raw, rel); ok {
		return doc, err
	}
	switch kind {
	case "md":
		return parseMarkdown(raw, rel, s.env(rel), s.link(rel))
	case "rst":
		return parseRST(raw, rel, s.env(rel), s.link(rel), s.rstFolder(rel))
	case "adoc":
		return parseAsciiDoc(ctx, raw, rel, s.adocEnv(rel), s.adocLink(rel))
	case "wiki":
		return parseMediaWiki(raw, rel, s.link(rel))
	case "mallard":
		return parseMallard(raw, rel, s)
	case "dita":
		return parseDITA(raw, rel, s)
	case "docbook":
		return parseDocBook(raw, rel, s.docbook(rel))
	case "xml":
		switch xmlVocabulary(raw) {
		case "docbook":
			return parseDocBook(raw, rel, s.docbook(rel))
		case "dita":
			return parseDITA(raw, rel, s)
		}
		return nil, fmt.Errorf("%w: an .xml file neither DocBook nor DITA", ErrDocBook)
	}
	if front, format, body := splitFrontMatter(raw); format != "" {
		return parseTemplatedHTML(raw, front, format, body, rel, s)
	}
	p, err := parseHTMLPage(raw, rel, "", s.link(rel))
	if err != nil {
		return nil, err
	}
	return p.Document, nil
}

// parseTemplatedHTML reads an HTML page with front matter, as Jekyll and
// Hugo keep them: the front matter is read as a Markdown page's, and the
// body's Liquid rendered, before the HTML is cleaned.
func parseTemplatedHTML(raw, front []byte, format string, body []byte, rel string, s *site) (*Document, error) {
	fm, err := parseFrontMatter(front, format)
	if err != nil {
		return nil, err
	}
	if fm.Draft {
		return nil, ErrDraft
	}
	env := s.env(rel)
	env.title = fm.Title
	p, err := parseHTMLPage(renderDialects(body, env), rel, "", s.link(rel))
	if err != nil {
		return nil, err
	}
	doc := p.Document
	if fm.Title != "" {
		doc.Title = fm.Title
	}
	if lang := langTag(fm.Lang, false); lang != "" {
		doc.Lang = lang
	}
	doc.Keywords = fm.keywords(doc.Keywords)
	sum := sha256.Sum256(raw)
	doc.ContentHash = hex.EncodeToString(sum[:])
	return doc, nil
}

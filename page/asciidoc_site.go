package page

import (
	"io"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// What an AsciiDoc page needs of its folder: where it is published, the
// files it includes and the pages its cross references reach.

// adocPath is the path on the site of the AsciiDoc page read from rel
// (escaped, as sitePath's): its path with .html for its extension, as
// Asciidoctor writes it.
func (s *site) adocPath(rel string) string {
	file := unescapePath(rel)
	return (&url.URL{Path: strings.TrimSuffix(file, path.Ext(file)) + ".html"}).EscapedPath()
}

// adocEnv is the environment of the AsciiDoc page at rel.
func (s *site) adocEnv(rel string) *adocEnv {
	return &adocEnv{include: s.adocInclude, file: unescapePath(rel), lang: s.pageLang(rel)}
}

// adocInclude reads the file an include directive in the file at slash
// path from names: a path relative to from's folder; never a file outside
// the pages folder, by path or through a link (os.Root), nor one over
// maxInclude bytes.
func (s *site) adocInclude(from, target string) ([]byte, string, bool) {
	if strings.Contains(target, "://") || path.IsAbs(target) || filepath.IsAbs(target) {
		return nil, "", false
	}
	file := path.Join(path.Dir(from), target)
	if file == ".." || strings.HasPrefix(file, "../") {
		return nil, "", false
	}
	root, err := os.OpenRoot(s.root)
	if err != nil {
		return nil, "", false
	}
	defer root.Close()
	f, err := root.Open(filepath.FromSlash(file))
	if err != nil {
		return nil, "", false
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() || info.Size() > maxInclude {
		return nil, "", false
	}
	raw, err := io.ReadAll(io.LimitReader(f, maxInclude))
	if err != nil {
		return nil, "", false
	}
	return raw, file, true
}

// adocLink returns the resolver of links on the AsciiDoc page at from:
// a cross reference (xref:page.adoc[], which libasciidoc writes as a link
// to page.html) as any page's links (site.link).
func (s *site) adocLink(from string) func(string) (string, bool) {
	return s.link(from)
}

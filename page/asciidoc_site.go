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
// files it includes, the pages its cross references reach, and, in an
// Antora component, its component's attributes (antora.go).

// adocPath is the path on the site of the AsciiDoc page read from rel
// (escaped, as sitePath's): its path with .html for its extension, as
// Asciidoctor writes it; in an Antora component, as Antora publishes it
// (antoraPath), and antora is set: that path is the page's URL even
// without a base URL, as the site's links name it.
func (s *site) adocPath(rel string) (p string, antora bool) {
	file := unescapePath(rel)
	p = strings.TrimSuffix(file, path.Ext(file)) + ".html"
	if ap, ok := s.antoraPath(file); ok {
		p, antora = ap, true
	}
	return (&url.URL{Path: p}).EscapedPath(), antora
}

// adocEnv is the environment of the AsciiDoc page at rel.
func (s *site) adocEnv(rel string) *adocEnv {
	file := unescapePath(rel)
	return &adocEnv{include: s.adocInclude, file: file, lang: s.pageLang(rel), attrs: s.componentAttrs(file), convert: s.adoc}
}

// adocInclude reads the file an include directive in the file at slash
// path from names: a path relative to from's folder, or an Antora
// resource id (antoraInclude); never a file outside the pages folder, by
// path or through a link (os.Root), nor one over maxInclude bytes.
func (s *site) adocInclude(from, target string) ([]byte, string, bool) {
	if strings.Contains(target, "://") || path.IsAbs(target) || filepath.IsAbs(target) {
		return nil, "", false
	}
	file, isID, ok := s.antoraInclude(from, target)
	switch {
	case isID && !ok:
		return nil, "", false
	case !isID:
		file = path.Join(path.Dir(from), target)
	}
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
// an Antora cross reference by resource id first (antoraXref), then as
// any page's links (site.link).
func (s *site) adocLink(from string) func(string) (string, bool) {
	plain := s.link(from)
	file := unescapePath(from)
	at, inModule := s.antoraOf(file)
	return func(href string) (string, bool) {
		if inModule {
			if rel, ok := s.antoraXref(at, file, href); ok {
				return rel, true
			}
		}
		return plain(href)
	}
}

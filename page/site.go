package page

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"
)

// site is what the pages of a folder know of each other, read from their
// paths and front matter when the folder is opened: each page's URL on the
// live site, and the names links and wikilinks reach it by.
type site struct {
	root string   // the folder on disk
	base *url.URL // the live site (--base-url), nil without one
	lang string   // the folder's own language, when its name is one
	// pages maps a page's path relative to the folder (escaped, as page
	// URLs are) to its path on the site, relative to the base URL
	// ("a/b/", see sitePath).
	pages map[string]string
	// byPath maps a path key (pathKey) to the page it reaches; byName a
	// folded file name, title or alias (wikilinks).
	byPath map[string]string
	byName map[string]string
	// bySlug maps the last segment of a page's path keys to the page, when
	// only one page has it ("" when several do): a link by slug
	// ("/article/123-refunds") reaches a page wherever its file is.
	bySlug map[string]string
	// labels maps a folder (slash path, "." for the root) to the label
	// its _category_.json gives it (Docusaurus).
	labels map[string]string
	// jekyll is the folder's Jekyll configuration, nil when it has none.
	jekyll *jekyllConfig
	// vars are the Liquid variables the site resolves (siteVars).
	vars map[string]string
	// fileLangs maps a page to the language its file name says, where
	// its translations are its siblings by name (fileLanguages).
	fileLangs map[string]string
	// titles maps a page to its title, where its front matter or first
	// heading gives one (a reStructuredText :doc: reference's text).
	titles map[string]string
	// anchors maps a reStructuredText label (folded) to the page that
	// defines it first, and the title of the section it stands before.
	anchors map[string]anchor
	// mallard holds what the folder's Mallard pages say of each other:
	// each page's description and the topics each guide lists.
	mallard mallardSite
	// docbookIDs are the elements of the folder's DocBook files by id,
	// indexed once a file refers to one it does not hold (docbook_folder.go).
	docbookOnce sync.Once
	docbookIDs  map[string][]docbookTarget
	// dtdDeclared keeps what a DOCTYPE declares, by the folder of the
	// pages that name it and its text (folderDTD).
	dtdDeclared sync.Map
	// ditaTrails are the breadcrumbs the folder's DITA maps give its
	// topics (addDITAMap).
	ditaTrails map[string][]string
	// ditaKeys are the keys the folder's DITA maps define; ditaTrees the
	// topic files content is reused from, parsed once (rel → *xmlNode,
	// nil when unreadable).
	ditaKeys  map[string]ditaKeyTarget
	ditaTrees sync.Map
	// ditaResources are the topics the maps name as resources only:
	// content other topics reuse, no pages.
	ditaResources map[string]bool
	// ditaChildren are, per topic, the topics nested under it in the
	// folder's maps, in map order (addDITAMap).
	ditaChildren map[string][]string
	// descs are the pages' descriptions, which the pages listing them
	// show beside their links: a Mallard page's desc (a guide's topic
	// links), a DITA topic's short description (its parent's child links),
	// a Markdown page's front matter description (Docusaurus' doc cards).
	descs map[string]string
	// components are the folder's Antora components, innermost first
	// (antora.go); laidOut are the pages whose URL is their path on the
	// site even without a base URL (an Antora page's).
	components []component
	laidOut    map[string]bool
	// adoc converts the AsciiDoc pages (ReadOptions.AsciiDoc).
	adoc AsciiDocConverter
}

// anchor is where a label leads: a page, and a section's title ("").
type anchor struct{ rel, title string }

// newSite indexes the pages of the folder dir; metas[i] is what scanning
// files[i] found; roots are the folders of its Antora components,
// innermost first.
func newSite(dir string, base *url.URL, files []pageFile, metas []meta, roots []string) *site {
	s := &site{root: dir, base: base, pages: map[string]string{}, byPath: map[string]string{}, byName: map[string]string{},
		bySlug: map[string]string{}, labels: map[string]string{}, titles: map[string]string{}, anchors: map[string]anchor{}, jekyll: readJekyllConfig(dir), vars: siteVars(base),
		laidOut: map[string]bool{}, descs: map[string]string{}}
	for _, r := range roots {
		s.components = append(s.components, readComponent(dir, r))
	}
	if abs, err := filepath.Abs(dir); err == nil {
		s.lang = langTag(filepath.Base(abs), true)
	}
	// stems are the pages' names without inner extensions (nameStem): a
	// slug only where no page has it as its own.
	stems := map[string]string{}
	for i, f := range files {
		if f.err != nil {
			continue
		}
		for d := path.Dir(unescapePath(f.rel)); d != "." && d != "/"; d = path.Dir(d) {
			if _, seen := s.labels[d]; seen {
				break
			}
			s.labels[d] = categoryLabel(filepath.Join(dir, filepath.FromSlash(d)))
		}
		m := metas[i]
		if t := cmp.Or(m.fm.Title, m.h1); t != "" {
			s.titles[f.rel] = t
		}
		if m.mallard != nil {
			s.mallard.add(f.rel, m.mallard)
		}
		if m.desc != "" {
			s.descs[f.rel] = m.desc
		}
		for name, title := range m.labels {
			if _, taken := s.anchors[name]; !taken {
				s.anchors[name] = anchor{rel: f.rel, title: title}
			}
		}
		sp := s.sitePath(f.rel, m.fm, m.md)
		if pageKind(f.rel) == "adoc" {
			var antora bool
			sp, antora = s.adocPath(f.rel)
			s.laidOut[f.rel] = antora
		}
		s.pages[f.rel] = sp
		file := unescapePath(f.rel)
		// The first page to claim a key keeps it: files are in path order.
		slugs := map[string]bool{}
		for _, k := range []string{file, docPath(file), sp} {
			if _, taken := s.byPath[pathKey(k)]; !taken {
				s.byPath[pathKey(k)] = f.rel
			}
			if slug := path.Base(pathKey(k)); slug != "." && slug != "/" && !slugs[slug] {
				slugs[slug] = true
				if other, taken := s.bySlug[slug]; taken && other != f.rel {
					s.bySlug[slug] = ""
				} else {
					s.bySlug[slug] = f.rel
				}
			}
		}
		if stem := nameStem(path.Base(pathKey(file))); stem != "" {
			if other, taken := stems[stem]; taken && other != f.rel {
				stems[stem] = ""
			} else {
				stems[stem] = f.rel
			}
		}
		names := []string{strings.TrimSuffix(path.Base(file), path.Ext(file)), file, m.fm.Title, m.h1}
		names = append(names, m.fm.Aliases...)
		for _, n := range names {
			if k := foldName(n); k != "" {
				if _, taken := s.byName[k]; !taken {
					s.byName[k] = f.rel
				}
			}
		}
	}
	for stem, rel := range stems {
		if _, taken := s.bySlug[stem]; !taken && rel != "" {
			s.bySlug[stem] = rel
		}
	}
	s.fileLangs = fileLanguages(files)
	return s
}

// fileLanguages returns the language of each page whose file name carries
// one before its extension, the convention of Hugo's translations by file
// name ("about.fr.md") and of sites served with content negotiation
// ("ch05.zh-tw.html", Debian's manuals): a page counts only where a file
// of the same name and folder has another language or none ("about.md",
// the default language's), so "setup.io.md" alone says nothing.
func fileLanguages(files []pageFile) map[string]string {
	type named struct{ rel, lang string }
	byStem := map[string][]named{}
	for _, f := range files {
		if f.err != nil {
			continue
		}
		file := unescapePath(f.rel)
		ext := path.Ext(file)
		rest := strings.TrimSuffix(file, ext)
		lang := path.Ext(rest)
		if tag := langTag(strings.TrimPrefix(lang, "."), true); tag != "" {
			stem := strings.TrimSuffix(rest, lang) + ext
			byStem[stem] = append(byStem[stem], named{f.rel, tag})
		} else {
			byStem[file] = append(byStem[file], named{f.rel, ""}) // the default language's ("about.md")
		}
	}
	out := map[string]string{}
	for _, pages := range byStem {
		for _, p := range pages[1:] {
			if p.lang != pages[0].lang {
				for _, q := range pages {
					if q.lang != "" {
						out[q.rel] = q.lang
					}
				}
				break
			}
		}
	}
	return out
}

// hashInputs writes what the site read besides the pages, and what the
// pages' URLs and text depend on, to h: its configuration and its folders'
// labels.
func (s *site) hashInputs(h io.Writer) {
	if s.jekyll != nil {
		fmt.Fprintf(h, "_config.yml %x\n", s.jekyll.sum)
	}
	s.hashComponents(h)
	for _, f := range slices.Sorted(maps.Keys(s.fileLangs)) {
		fmt.Fprintf(h, "lang %s\t%s\n", f, s.fileLangs[f])
	}
	for _, f := range slices.Sorted(maps.Keys(s.labels)) {
		if s.labels[f] != "" {
			fmt.Fprintf(h, "label %s\t%s\n", f, s.labels[f])
		}
	}
}

// categoryNames are the files that name a Docusaurus sidebar category.
var categoryNames = []string{"_category_.json", "_category_.yml", "_category_.yaml"}

// categoryLabel is the label a folder's _category_ file gives it, or "".
func categoryLabel(folder string) string {
	for _, name := range categoryNames {
		raw, ok := readSmall(filepath.Join(folder, name))
		if !ok {
			continue
		}
		var c struct {
			Label string `json:"label" yaml:"label"`
		}
		if strings.HasSuffix(name, ".json") {
			_ = json.Unmarshal(raw, &c)
		} else {
			_ = yaml.Unmarshal(raw, &c)
		}
		return collapse(c.Label)
	}
	return ""
}

// breadcrumb is the labels of the folders the page at rel is in (a
// _category_ file's, or the title of the Notion page a folder of Notion's
// export holds the sub-pages of), outermost first; folders without one
// are left out.
func (s *site) breadcrumb(rel string) []string {
	var out []string
	for d := path.Dir(unescapePath(rel)); d != "." && d != "/"; d = path.Dir(d) {
		if l := s.labels[d]; l != "" {
			out = append(out, l)
		} else if name := path.Base(d); notionID.MatchString(name) {
			// Notion's export: a sub-page's folder is named for the page
			// it is under, with that page's id.
			out = append(out, withoutNotionID(name))
		}
	}
	slices.Reverse(out)
	return out
}

// url is the URL of the page read from rel: on the live site when there is
// a base URL, else its path in the folder (an Antora page's path on the
// site, see adocPath).
func (s *site) url(rel string) string {
	p, ok := s.pages[rel]
	if ok && s.base == nil && s.laidOut[rel] {
		return p
	}
	if s.base == nil || !ok {
		return rel
	}
	return s.base.ResolveReference(&url.URL{Path: p}).String()
}

// pageLang is the language of the page at rel that its folder or file
// name tells: a language folder (de/, i18n/de/), its file name among its
// translations' (fileLanguages), or the folder's own name.
func (s *site) pageLang(rel string) string {
	segs := strings.Split(unescapePath(rel), "/")
	segs = segs[:len(segs)-1]
	for i, seg := range segs {
		if i == 0 || segs[i-1] == "i18n" {
			if tag := langTag(seg, true); tag != "" {
				return tag
			}
		}
	}
	if tag := s.fileLangs[rel]; tag != "" {
		return tag
	}
	return s.lang
}

// folderLang matches a folder name that is a language: "de", "pt-BR",
// "zh-Hans"; a longer word ("api", "faq") is not.
var folderLang = regexp.MustCompile(`^[a-z]{2}([-_][A-Za-z]{2,4})?$`)

// langTag returns s as a BCP 47 tag, or "" when it is none. A folder name
// must look like one (folderLang), since many words parse as tags.
func langTag(s string, folder bool) string {
	s = strings.TrimSpace(s)
	if s == "" || folder && !folderLang.MatchString(s) {
		return ""
	}
	tag, err := language.Parse(strings.ReplaceAll(s, "_", "-"))
	if err != nil {
		return ""
	}
	if _, conf := tag.Base(); conf == language.No {
		return ""
	}
	return tag.String()
}

// link returns the resolver of links on the page at from: a link that
// reaches another page of the folder (by relative or site-absolute path,
// doc path, slug, permalink, or a live URL under the base URL; a wikilink
// by file name, title or alias) resolves to that page's path in the
// folder, which readPage then turns into the page's URL.
func (s *site) link(from string) func(string) (string, bool) {
	return func(href string) (string, bool) {
		if name, ok := strings.CutPrefix(href, wikiScheme); ok {
			n, err := url.PathUnescape(name)
			if err != nil {
				return "", false
			}
			rel, ok := s.byName[foldName(n)]
			if !ok {
				rel, ok = s.byPath[pathKey(n)]
			}
			return rel, ok
		}
		if s.base == nil && strings.Contains(href, ":") {
			return "", false // another site, mail: no page of the folder
		}
		u, err := url.Parse(href)
		if err != nil {
			return "", false
		}
		p := u.Path
		if u.Scheme != "" || u.Host != "" {
			if s.base == nil || !strings.EqualFold(u.Host, s.base.Host) || !strings.HasPrefix(p, s.base.Path) {
				return "", false
			}
			p = "/" + strings.TrimPrefix(p, s.base.Path)
		}
		if p == "" {
			return "", false
		}
		var cands []string
		if strings.HasPrefix(p, "/") {
			cands = append(cands, p)
			if s.base != nil && len(s.base.Path) > 1 {
				if rest, ok := strings.CutPrefix(p, s.base.Path); ok {
					cands = append(cands, rest)
				}
			}
		} else {
			file := unescapePath(from)
			// Relative to the file (Markdown links to .md files), and to
			// the page's URL with and without a trailing slash (links
			// written as the site resolves them).
			cands = append(cands, path.Join(path.Dir(file), p))
			if sp, ok := s.pages[from]; ok {
				cands = append(cands, path.Join(sp, p), path.Join(path.Dir(strings.TrimSuffix(sp, "/")), p))
			}
		}
		for _, c := range cands {
			if rel, ok := s.byPath[pathKey(c)]; ok {
				return rel, true
			}
		}
		// A link by slug alone, to the one page that has it.
		if slug := path.Base(pathKey(p)); slug != "." && slug != "/" && slug != "" {
			if rel := s.bySlug[slug]; rel != "" {
				return rel, true
			}
		}
		return "", false
	}
}

// rstFolder is what the references of the reStructuredText page at from
// need: the title of the page a link reaches ("" when it is no page of
// the folder or has none), and the page and section title of a label
// another page defines.
func (s *site) rstFolder(from string) *rstFolder {
	return &rstFolder{
		docTitle: s.linkTitle(from),
		label: func(name string) (string, string, bool) {
			a, ok := s.anchors[name]
			if !ok || a.rel == from {
				return "", "", false
			}
			return "/" + unescapePath(a.rel), a.title, true
		},
	}
}

// include returns the resolver of includes on the page at from: the file
// named relative to the page's folder, in an _includes or _snippets folder
// of it or an ancestor, or relative to the pages folder; never outside it.
func (s *site) include(from string) func(string) ([]byte, bool) {
	return func(name string) ([]byte, bool) {
		dir := path.Dir(unescapePath(from))
		var cands []string
		cands = append(cands, path.Join(dir, name))
		for d := dir; ; d = path.Dir(d) {
			cands = append(cands, path.Join(d, "_includes", name), path.Join(d, "_snippets", name), path.Join(d, "_partials", name))
			if d == "." || d == "/" {
				break
			}
		}
		cands = append(cands, path.Clean(name))
		for _, c := range cands {
			if c == ".." || strings.HasPrefix(c, "../") || path.IsAbs(c) {
				continue
			}
			if raw, ok := readSmall(filepath.Join(s.root, filepath.FromSlash(c))); ok {
				return raw, true
			}
		}
		return nil, false
	}
}

// maxInclude bounds an included file.
const maxInclude = 1 << 20

func readSmall(file string) ([]byte, bool) {
	f, err := os.Open(file)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() || info.Size() > maxInclude {
		return nil, false
	}
	raw, err := io.ReadAll(io.LimitReader(f, maxInclude))
	return raw, err == nil
}

// env is the rendering environment of the page at rel.
func (s *site) env(rel string) *renderEnv {
	return &renderEnv{vars: s.vars, include: s.include(rel), lang: s.pageLang(rel), linkTitle: s.linkTitle(rel), ref: s.rstFolder(rel).label,
		docCards: func() string { return s.docCards(rel) }}
}

// linkTitle returns, for the page at from, the title of the folder's page
// a link leads to, "" when it leads to none or that page has none.
func (s *site) linkTitle(from string) func(href string) string {
	resolve := s.link(from)
	return func(href string) string {
		if to, ok := resolve(href); ok {
			return s.titles[to]
		}
		return ""
	}
}

// siteVars are the Liquid variables of the site at base (nil: none).
func siteVars(base *url.URL) map[string]string {
	vars := map[string]string{"site.baseurl": "", "site.url": ""}
	if base != nil {
		vars["site.url"] = strings.TrimSuffix((&url.URL{Scheme: base.Scheme, Host: base.Host}).String(), "/")
		vars["site.baseurl"] = strings.TrimSuffix(base.Path, "/")
	}
	return vars
}

// sitePath is the path on the site of the page read from rel (escaped),
// relative to the base URL: its permalink, else its slug, else its file
// path without extension, numeric ordering prefixes ("01-") and index
// file names, ending in "/" as the generators publish pages. An HTML file
// keeps its path.
//
// In a Jekyll site (a _config.yml in the folder), a permalink may use
// Jekyll's placeholders, a collection's pages (_articles/x.md) get their
// collection's permalink, and a page without one is published as
// path.html unless the site's permalink style is "pretty".
func (s *site) sitePath(rel string, fm FrontMatter, md bool) string {
	file := unescapePath(rel)
	if !md {
		if p := fm.Permalink; p != "" && !strings.Contains(p, ":") {
			return strings.TrimPrefix(p, "/")
		}
		return file
	}
	if p := fm.Permalink; p != "" {
		if !strings.Contains(p, ":") {
			return strings.TrimPrefix(p, "/")
		}
		if s.jekyll != nil {
			return s.jekyll.expand(p, file, fm)
		}
	}
	if s.jekyll != nil && fm.Slug == "" {
		if p, ok := s.jekyll.path(file, fm); ok {
			return p
		}
	}
	p := docPath(file)
	if slug := fm.Slug; slug != "" {
		if strings.HasPrefix(slug, "/") {
			p = strings.TrimPrefix(slug, "/")
		} else {
			dir := path.Dir(strings.TrimSuffix(p, "/"))
			if isIndexName(strings.TrimSuffix(path.Base(file), path.Ext(file))) {
				dir = strings.TrimSuffix(p, "/")
			}
			p = strings.TrimPrefix(path.Join(dir, slug), "./")
			if dir == "." || dir == "" {
				p = slug
			}
		}
	}
	if p != "" && !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return p
}

// docPath is a Markdown file's path as the generators publish it: no
// extension, no numeric prefixes, an index file as its folder ("" for the
// root's). A file named as its folder (guides/guides.md) is the folder's
// index too, as Docusaurus makes it.
func docPath(file string) string {
	segs := strings.Split(file, "/")
	// Docusaurus translations: i18n/de/docusaurus-plugin-content-docs/
	// current/x.md is published as de/x.
	if len(segs) > 2 && segs[0] == "i18n" && langTag(segs[1], true) != "" {
		segs = segs[1:]
		if len(segs) > 3 && strings.HasPrefix(segs[1], "docusaurus-plugin-content-") {
			segs = append(segs[:1], segs[3:]...)
		}
	}
	last := len(segs) - 1
	segs[last] = strings.TrimSuffix(segs[last], path.Ext(segs[last]))
	for i, seg := range segs {
		segs[i] = stripNumberPrefix(seg)
	}
	if isIndexName(segs[last]) || last > 0 && strings.EqualFold(segs[last], segs[last-1]) {
		segs = segs[:last]
	}
	return strings.Join(segs, "/")
}

// pathKey makes paths comparable: no leading or trailing slash, no page
// extension, no index file name, lower case.
func pathKey(p string) string {
	p = strings.Trim(path.Clean("/"+p), "/")
	switch strings.ToLower(path.Ext(p)) {
	case ".md", ".mdx", ".markdown", ".html", ".htm", ".rst", ".adoc", ".asciidoc":
		p = strings.TrimSuffix(p, path.Ext(p))
	}
	if isIndexName(path.Base(p)) {
		p = strings.Trim(path.Dir(p), "./")
	}
	return strings.ToLower(p)
}

// nameStem is a file name without the inner extensions a build writes
// before the page's own ("Backups.part" of Backups.part.html, a fragment;
// "refunds.en" of a language's copy): the slug the site links the page by
// ("/manual/en/Backups"). A name whose stem has no letter ("3.2.7", a
// version) or whose tail is not letters gives "".
func nameStem(name string) string {
	stem, tail, ok := strings.Cut(name, ".")
	if !ok || strings.IndexFunc(stem, unicode.IsLetter) < 0 || tail == "" {
		return ""
	}
	for _, r := range tail {
		if !unicode.IsLetter(r) && r != '.' {
			return ""
		}
	}
	return stem
}

// foldName makes wikilink names comparable: case, extension and spacing
// folded.
func foldName(s string) string {
	s = strings.TrimSpace(s)
	switch strings.ToLower(path.Ext(s)) {
	case ".md", ".mdx", ".markdown", ".rst", ".adoc", ".asciidoc":
		s = strings.TrimSuffix(s, path.Ext(s))
	}
	return strings.ToLower(collapse(wordSeparators.Replace(s)))
}

func unescapePath(rel string) string {
	if p, err := url.PathUnescape(rel); err == nil {
		return p
	}
	return rel
}

// absolute makes a link left relative (to a file of the folder that is no
// page, an image, a PDF) absolute against the base URL.
func (s *site) absolute(link string) string {
	if s.base == nil {
		return link
	}
	u, err := url.Parse(link)
	if err != nil || u.Scheme != "" || u.Host != "" {
		return link
	}
	return s.base.ResolveReference(u).String()
}

package page

import (
	"crypto/sha256"
	"fmt"
	"io"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Antora sites: a component is a folder with an antora.yml; its pages
// are the AsciiDoc files under modules/NAME/pages/, published as
// NAME/path.html (the ROOT module's without its name); its partials,
// examples, attachments, images, assets and each module's nav.adoc are
// no pages, though pages include them. Links between pages are cross
// references by resource id (xref:module:path/page.adoc[]), which
// antoraXref resolves. A folder of AsciiDoc pages without an antora.yml
// is read as Asciidoctor publishes it: each page at its path.

// antoraFile is the file that makes a folder an Antora component.
const antoraFile = "antora.yml"

// component is an Antora component of the folder.
type component struct {
	root  string // slash path of its folder in the pages folder, "" for the root
	name  string
	attrs map[string]string // antora.yml's asciidoc attributes
	sum   [32]byte          // of antora.yml, for the folder's digest
}

// readComponent reads the antora.yml of the component at slash path root
// in the folder dir; a file that does not parse gives a component without
// a name or attributes.
func readComponent(dir, root string) component {
	c := component{root: root}
	raw, ok := readSmall(filepath.Join(dir, filepath.FromSlash(root), antoraFile))
	if !ok {
		return c
	}
	c.sum = sha256.Sum256(raw)
	var y struct {
		Name     any `yaml:"name"`
		AsciiDoc struct {
			Attributes map[string]any `yaml:"attributes"`
		} `yaml:"asciidoc"`
	}
	if yaml.Unmarshal(raw, &y) != nil {
		return c
	}
	c.name = scalar(y.Name)
	for k, v := range y.AsciiDoc.Attributes {
		// false or null unsets an attribute; a value ending in "@" is
		// one a page may override, as any is here.
		switch v := v.(type) {
		case nil:
			continue
		case bool:
			if !v {
				continue
			}
			if c.attrs == nil {
				c.attrs = map[string]string{}
			}
			c.attrs[k] = ""
			continue
		}
		if c.attrs == nil {
			c.attrs = map[string]string{}
		}
		c.attrs[k] = strings.TrimSuffix(fmt.Sprint(v), "@")
	}
	return c
}

// antoraPlace is where a file sits in a component: the module and its
// path under the module's folder (family folder first: "pages/a/b.adoc").
type antoraPlace struct {
	comp   *component
	module string
	rest   string
}

// antoraOf returns the place of the file at slash path file, false when
// it is in no component's modules folder.
func (s *site) antoraOf(file string) (antoraPlace, bool) {
	for i := range s.components {
		c := &s.components[i]
		rel, ok := underRoot(file, c.root)
		if !ok {
			continue
		}
		segs := strings.SplitN(rel, "/", 3)
		if len(segs) < 3 || segs[0] != "modules" {
			return antoraPlace{comp: c}, false
		}
		return antoraPlace{comp: c, module: segs[1], rest: segs[2]}, true
	}
	return antoraPlace{}, false
}

// antoraNotPage reports whether the file at slash path file is in an
// Antora component (whose folders are roots, innermost first) but no
// page of it: only modules/NAME/pages/ holds pages.
func antoraNotPage(file string, roots []string) bool {
	for _, r := range roots {
		rel, ok := underRoot(file, r)
		if !ok {
			continue
		}
		segs := strings.SplitN(rel, "/", 4)
		return len(segs) < 4 || segs[0] != "modules" || segs[2] != "pages"
	}
	return false
}

// underRoot returns the slash path file relative to the component folder
// root ("" for the pages folder itself), false when it is not under it.
func underRoot(file, root string) (string, bool) {
	if root == "" {
		return file, true
	}
	return strings.CutPrefix(file, root+"/")
}

// families are the folders of a module that Antora's resource ids name.
var families = map[string]string{"partial": "partials", "example": "examples", "page": "pages"}

// antoraPath is the path on the site of the page at slash path file
// when it is a page of an Antora component: MODULE/path.html, the ROOT
// module's path.html; false when it is none.
func (s *site) antoraPath(file string) (string, bool) {
	at, ok := s.antoraOf(file)
	if !ok {
		return "", false
	}
	page, ok := strings.CutPrefix(at.rest, "pages/")
	if !ok {
		return "", false
	}
	p := strings.TrimSuffix(page, path.Ext(page)) + ".html"
	if at.module != "ROOT" {
		p = at.module + "/" + p
	}
	return p, true
}

// componentAttrs are the attributes the component the file at slash path
// file is in sets (antora.yml's asciidoc attributes), nil for none.
func (s *site) componentAttrs(file string) map[string]string {
	if at, _ := s.antoraOf(file); at.comp != nil {
		return at.comp.attrs
	}
	return nil
}

// antoraInclude is the slash path of the file an include target that is
// an Antora resource id (partial$x.adoc, module:example$y) names, from
// the module of the file at from; isID is false for a target that is no
// resource id, ok false for one that reaches no file of the folder.
func (s *site) antoraInclude(from, target string) (file string, isID, ok bool) {
	id, rest, isID := antoraResource(target)
	if !isID {
		return "", false, false
	}
	at, in := s.antoraOf(from)
	dir, known := families[id.family]
	if !in || !known {
		return "", true, false
	}
	comp := at.comp
	if id.component != "" {
		if comp = s.componentNamed(id.component); comp == nil {
			return "", true, false
		}
	}
	return path.Join(comp.root, "modules", cmpOr(id.module, at.module), dir, rest), true, true
}

// resourceID is an Antora resource id's coordinates:
// [version@][component:][module:][family$]path.
type resourceID struct{ component, module, family string }

// antoraResource splits an Antora resource id; false when id names no
// family (a plain path).
func antoraResource(id string) (resourceID, string, bool) {
	var r resourceID
	coords, rest, ok := strings.Cut(id, "$")
	if !ok {
		return r, "", false
	}
	if _, after, versioned := strings.Cut(coords, "@"); versioned {
		coords = after
	}
	parts := strings.Split(coords, ":")
	r.family = parts[len(parts)-1]
	switch len(parts) {
	case 2:
		r.module = parts[0]
	case 3:
		r.component, r.module = parts[0], parts[1]
	}
	return r, rest, len(parts) <= 3
}

// componentNamed returns the folder's component named name, or nil.
func (s *site) componentNamed(name string) *component {
	for i := range s.components {
		if s.components[i].name == name {
			return &s.components[i]
		}
	}
	return nil
}

// antoraXref resolves a cross reference, as libasciidoc writes one
// (xref:module:path/page.adoc#id[] as href "module:path/page.html#id"),
// from a page of the component at: [version@][component:][module:]
// [page$]path, relative to the module's pages folder ("./" relative to
// the page's own folder).
func (s *site) antoraXref(at antoraPlace, from, href string) (string, bool) {
	if strings.Contains(href, "://") || strings.HasPrefix(href, "mailto:") || strings.HasPrefix(href, "/") {
		return "", false
	}
	if i := strings.IndexAny(href, "#?"); i >= 0 {
		href = href[:i]
	}
	if i, j := strings.IndexByte(href, '@'), strings.IndexByte(href, ':'); i >= 0 && (j < 0 || i < j) {
		href = href[i+1:]
	}
	href = strings.Replace(href, "page$", "", 1)
	parts := strings.Split(href, ":")
	comp, module, p := at.comp, at.module, parts[len(parts)-1]
	switch len(parts) {
	case 1:
	case 2:
		module = parts[0]
	case 3:
		if comp = s.componentNamed(parts[0]); comp == nil {
			return "", false
		}
		module = parts[1]
	default:
		return "", false
	}
	if p == "" {
		return "", false
	}
	u, err := url.PathUnescape(p)
	if err != nil {
		return "", false
	}
	var file string
	if strings.HasPrefix(u, "./") || strings.HasPrefix(u, "../") {
		file = path.Join(path.Dir(from), u)
	} else {
		file = path.Join(comp.root, "modules", cmpOr(module, "ROOT"), "pages", u)
	}
	if rel, ok := s.byPath[pathKey(file)]; ok {
		return rel, true
	}
	return "", false
}

// hashComponents writes the components' antora.yml digests to h: their
// attributes are the pages' text.
func (s *site) hashComponents(h io.Writer) {
	for _, c := range s.components {
		fmt.Fprintf(h, "%s %s %x\n", antoraFile, c.root, c.sum)
	}
}

// sortRoots orders the folder's components' roots innermost first, so
// that a file is placed in the nearest.
func sortRoots(roots []string) {
	slices.SortStableFunc(roots, func(a, b string) int { return len(b) - len(a) })
}

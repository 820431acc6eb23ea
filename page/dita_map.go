package page

import (
	"cmp"
	"html"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// DITA maps (.ditamap, a bookmap too) say how a help center's topics
// nest: a topic's breadcrumb is the titles of the topic references above
// it (a reference's navtitle, else its topic's title; a topichead's
// navtitle; a topicgroup has none). They also define keys, which topics
// use for the words a product's editions differ in (<ph keyref="product"/>)
// and for links (<xref keyref="pairing"/>): a key's text (its keywords,
// else its link text or navtitle) and the topic it names. A map is no
// page; the relationship table and maps a map references are not read.

// ditaMapRef is a topic reference of a map: the topic it names (its href
// as written, relative to the map), its navtitle, and the references
// above it, outermost first.
type ditaMapRef struct {
	href, navtitle string
	above          []ditaMapRef
}

// ditaKey is what a map's key stands for: its text and the topic it
// names (href, as written, relative to the map).
type ditaKey struct{ text, href string }

// ditaMapInfo is what a map says: its topic references, its keys, and
// the topics it names as resources only (content other topics reuse,
// processing-role="resource-only": no pages).
type ditaMapInfo struct {
	refs      []ditaMapRef
	keys      map[string]ditaKey
	resources []string
}

// scanDITAMap reads a map, or nil when raw is none.
func scanDITAMap(raw []byte) *ditaMapInfo {
	root, err := readXMLTree(raw, maxDITADepth, ditaAttr, nil)
	if err != nil || root.name != "map" && root.name != "bookmap" && !strings.Contains(root.attr["class"], "map/map") {
		return nil
	}
	info := &ditaMapInfo{keys: map[string]ditaKey{}}
	var keys func(n *xmlNode)
	keys = func(n *xmlNode) {
		for _, k := range n.kids {
			if k.name == "" || k.name == "reltable" {
				continue
			}
			for _, key := range strings.Fields(k.attr["keys"]) {
				if _, taken := info.keys[key]; !taken { // the first definition wins
					info.keys[key] = ditaKey{text: ditaKeyText(k), href: strings.TrimSpace(k.attr["href"])}
				}
			}
			keys(k)
		}
	}
	keys(root)
	var walk func(n *xmlNode, above []ditaMapRef)
	walk = func(n *xmlNode, above []ditaMapRef) {
		for _, k := range n.kids {
			switch {
			case k.name == "" || k.name == "reltable" || k.name == "topicmeta" || k.name == "keydef" || k.name == "mapref" || k.name == "title":
				continue
			case k.attr["processing-role"] == "resource-only":
				if href := strings.TrimSpace(k.attr["href"]); href != "" {
					info.resources = append(info.resources, href)
				}
				continue
			case k.attr["format"] != "" && k.attr["format"] != "dita":
				continue
			}
			ref := ditaMapRef{href: strings.TrimSpace(k.attr["href"]), navtitle: ditaNavtitle(k)}
			if ref.href != "" {
				ref.above = above
				info.refs = append(info.refs, ref)
			}
			inner := above
			if k.name != "topicgroup" && (ref.href != "" || ref.navtitle != "") {
				inner = append(append([]ditaMapRef(nil), above...), ditaMapRef{href: ref.href, navtitle: ref.navtitle})
			}
			walk(k, inner)
		}
	}
	walk(root, nil)
	return info
}

// ditaKeyText is the text a key definition gives its key: its
// topicmeta's keywords, else its link text or navtitle.
func ditaKeyText(def *xmlNode) string {
	var linktext string
	for _, k := range def.kids {
		if k.name != "topicmeta" {
			continue
		}
		for _, m := range k.kids {
			switch m.name {
			case "keywords":
				var words []string
				for _, w := range m.kids {
					if w.name == "keyword" {
						words = append(words, collapse(w.plain()))
					}
				}
				if len(words) > 0 {
					return strings.Join(words, " ")
				}
			case "linktext":
				linktext = collapse(m.plain())
			}
		}
	}
	if linktext != "" {
		return linktext
	}
	return ditaNavtitle(def)
}

// ditaNavtitle is a reference's navtitle: its topicmeta's, else its
// attribute.
func ditaNavtitle(n *xmlNode) string {
	for _, k := range n.kids {
		if k.name != "topicmeta" {
			continue
		}
		for _, m := range k.kids {
			if m.name == "navtitle" {
				return collapse(m.plain())
			}
		}
	}
	return collapse(n.attr["navtitle"])
}

// addDITAMap records the breadcrumbs map (at mapRel in the folder) gives
// the folder's topics, and its keys; a topic two maps name keeps the
// first's breadcrumb, a key two maps define the first's meaning.
func (s *site) addDITAMap(mapRel string, m *ditaMapInfo) {
	resolve := s.link(mapRel)
	for name, k := range m.keys {
		if _, taken := s.ditaKeys[name]; taken {
			continue
		}
		if s.ditaKeys == nil {
			s.ditaKeys = map[string]ditaKeyTarget{}
		}
		t := ditaKeyTarget{text: k.text}
		if rel, ok := resolve(stripFragment(k.href)); ok && k.href != "" {
			t.rel = rel
		}
		s.ditaKeys[name] = t
	}
	for _, href := range m.resources {
		if rel, ok := resolve(stripFragment(href)); ok {
			if s.ditaResources == nil {
				s.ditaResources = map[string]bool{}
			}
			s.ditaResources[rel] = true
		}
	}
	refs := m.refs
	title := func(r ditaMapRef) string {
		if r.navtitle != "" {
			return r.navtitle
		}
		if rel, ok := resolve(stripFragment(r.href)); ok {
			return s.titles[rel]
		}
		return ""
	}
	for _, r := range refs {
		rel, ok := resolve(stripFragment(r.href))
		if !ok {
			continue
		}
		s.addDITAChild(r, rel, resolve)
		if _, done := s.ditaTrails[rel]; done {
			continue
		}
		var trail []string
		for _, a := range r.above {
			if t := title(a); t != "" {
				trail = append(trail, t)
			}
		}
		if s.ditaTrails == nil {
			s.ditaTrails = map[string][]string{}
		}
		s.ditaTrails[rel] = trail
	}
}

// addDITAChild records the topic rel, which map reference r names, as a
// child of the topic the reference above it names (none under a
// topichead), once; resolve finds a map's reference in the folder.
func (s *site) addDITAChild(r ditaMapRef, rel string, resolve func(string) (string, bool)) {
	if len(r.above) == 0 {
		return
	}
	parent := r.above[len(r.above)-1]
	prel, ok := resolve(stripFragment(parent.href))
	if !ok || parent.href == "" || prel == rel || s.ditaResources[rel] || slices.Contains(s.ditaChildren[prel], rel) {
		return
	}
	if s.ditaChildren == nil {
		s.ditaChildren = map[string][]string{}
	}
	s.ditaChildren[prel] = append(s.ditaChildren[prel], rel)
}

// ditaChildLinks writes the links DITA-OT puts at the end of a topic
// that has topics nested under it in the maps: each child's title and
// short description, one link (as its child links hold them: the words
// are the child's). A topic whose text is a line and its children (a
// concept opening a chapter) says where its answers are.
func (s *site) ditaChildLinks(rel string) string {
	if s == nil {
		return ""
	}
	return s.pageLinks(s.ditaChildren[rel], func(c string) string { return cmp.Or(s.titles[c], titleFromPath(c)) },
		func(c string) string { return "/" + html.EscapeString(c) })
}

// stripFragment is href without its "#…" part.
func stripFragment(href string) string {
	h, _, _ := strings.Cut(href, "#")
	return h
}

// ditaKeyTarget is what a key of the folder's maps stands for: its text,
// and the folder's topic it names ("" for none).
type ditaKeyTarget struct{ text, rel string }

// ditaKey returns what the key named by a keyref ("key", or "key/element")
// stands for, and whether the folder's maps define it.
func (s *site) ditaKey(keyref string) (ditaKeyTarget, bool) {
	if s == nil {
		return ditaKeyTarget{}, false
	}
	name, _, _ := strings.Cut(keyref, "/")
	k, ok := s.ditaKeys[name]
	return k, ok
}

// ditaTrail is the breadcrumb the folder's maps give the topic at rel.
func (s *site) ditaTrail(rel string) []string {
	if s == nil {
		return nil
	}
	return s.ditaTrails[rel]
}

// maxConrefFile bounds the size of a topic file content is reused from.
const maxConrefFile = 8 << 20

// ditaTree returns the parsed topic file at rel in the folder, which a
// topic reuses content from (conref), or nil when it cannot be read;
// each file is read once.
func (s *site) ditaTree(rel string) *xmlNode {
	if s == nil || pageKind(rel) != "dita" {
		return nil
	}
	if t, ok := s.ditaTrees.Load(rel); ok {
		return t.(*xmlNode)
	}
	var root *xmlNode
	if f, err := os.Open(filepath.Join(s.root, filepath.FromSlash(unescapePath(rel)))); err == nil {
		raw, err := io.ReadAll(io.LimitReader(f, maxConrefFile))
		f.Close()
		if err == nil {
			root, _ = readDITA(raw)
		}
	}
	t, _ := s.ditaTrees.LoadOrStore(rel, root)
	return t.(*xmlNode)
}

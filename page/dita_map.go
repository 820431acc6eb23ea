package page

import (
	"strings"
)

// DITA maps (.ditamap, a bookmap too) say how a help center's topics
// nest: a topic's breadcrumb is the titles of the topic references above
// it (a reference's navtitle, else its topic's title; a topichead's
// navtitle; a topicgroup has none). A map is no page; the relationship
// table, the keys a map defines and maps a map references are not read.

// ditaMapRef is a topic reference of a map: the topic it names (its href
// as written, relative to the map), its navtitle, and the references
// above it, outermost first.
type ditaMapRef struct {
	href, navtitle string
	above          []ditaMapRef
}

// scanDITAMap reads the topic references of a map, or nil when raw is
// none.
func scanDITAMap(raw []byte) []ditaMapRef {
	root, err := readXMLTree(raw, maxDITADepth, ditaAttr)
	if err != nil || root.name != "map" && root.name != "bookmap" && !strings.Contains(root.attr["class"], "map/map") {
		return nil
	}
	var refs []ditaMapRef
	var walk func(n *xmlNode, above []ditaMapRef)
	walk = func(n *xmlNode, above []ditaMapRef) {
		for _, k := range n.kids {
			switch {
			case k.name == "" || k.name == "reltable" || k.name == "topicmeta" || k.name == "keydef" || k.name == "mapref" || k.name == "title":
				continue
			case k.attr["processing-role"] == "resource-only" || k.attr["format"] != "" && k.attr["format"] != "dita":
				continue
			}
			ref := ditaMapRef{href: strings.TrimSpace(k.attr["href"]), navtitle: ditaNavtitle(k)}
			if ref.href != "" {
				ref.above = above
				refs = append(refs, ref)
			}
			inner := above
			if k.name != "topicgroup" && (ref.href != "" || ref.navtitle != "") {
				inner = append(append([]ditaMapRef(nil), above...), ditaMapRef{href: ref.href, navtitle: ref.navtitle})
			}
			walk(k, inner)
		}
	}
	walk(root, nil)
	return refs
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
// the folder's topics; a topic two maps name keeps the first's.
func (s *site) addDITAMap(mapRel string, refs []ditaMapRef) {
	resolve := s.link(mapRel)
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

// stripFragment is href without its "#…" part.
func stripFragment(href string) string {
	h, _, _ := strings.Cut(href, "#")
	return h
}

// ditaTrail is the breadcrumb the folder's maps give the topic at rel.
func (s *site) ditaTrail(rel string) []string {
	if s == nil {
		return nil
	}
	return s.ditaTrails[rel]
}

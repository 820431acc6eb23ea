package page

import (
	"cmp"
	"net/url"
	"strings"
)

// What Mallard pages show of each other. yelp builds a guide page's
// lists from the topics that name the guide in their info (<link
// type="guide" xref="a11y#mobility">), each with its title and
// description, and shows a topic's guides as its trail; a folder's
// pages are scanned for that before any is read (scanMeta).

// mallardMeta is what a Mallard page says of itself: its id, title and
// description, the guides that list it, as its info names them
// ("a11y#mobility": a guide's section), and the pages it sees also.
type mallardMeta struct {
	id, title, desc string
	guides, seeAlso []string
}

// scanMallard reads m of a page, or nil when it is none.
func scanMallard(raw []byte) *mallardMeta {
	root, err := readMallard(raw)
	if err != nil {
		return nil
	}
	return metaOf(root)
}

// metaOf reads what the page root says of itself.
func metaOf(root *xmlNode) *mallardMeta {
	m := &mallardMeta{id: root.attr["id"]}
	for _, k := range root.kids {
		switch {
		case k.is("title"):
			m.title = collapse(k.plain())
		case k.is("info"):
			for _, i := range k.kids {
				switch {
				case i.is("desc"):
					m.desc = collapse(i.plain())
				case i.is("link") && i.attr["xref"] != "" && i.attr["type"] == "guide":
					m.guides = append(m.guides, i.attr["xref"])
				case i.is("link") && i.attr["xref"] != "" && i.attr["type"] == "seealso":
					m.seeAlso = append(m.seeAlso, i.attr["xref"])
				}
			}
		}
	}
	return m
}

// mallardSite is what the folder's Mallard pages say of each other.
type mallardSite struct {
	byID   map[string]string   // page id → the page (its path in the folder)
	id     map[string]string   // the page → its id
	guides map[string][]string // the page → the guides that list it
	topics map[string][]string // a guide, or a guide's section ("a11y#mobility") → the pages it lists, in path order
}

func (m *mallardSite) add(rel string, p *mallardMeta) {
	if m.byID == nil {
		*m = mallardSite{byID: map[string]string{}, id: map[string]string{},
			guides: map[string][]string{}, topics: map[string][]string{}}
	}
	if p.id != "" {
		if _, taken := m.byID[p.id]; !taken {
			m.byID[p.id] = rel
		}
		m.id[rel] = p.id
	}
	m.guides[rel] = p.guides
	for _, g := range p.guides {
		m.topics[g] = append(m.topics[g], rel)
	}
}

// mallardTopics writes the list of the pages the guide (or the guide's
// section) key lists, each a link of its title and its description, as
// yelp writes a guide's <links type="topic">.
func (s *site) mallardTopics(key string) string {
	if s == nil {
		return ""
	}
	return s.pageLinks(s.mallard.topics[key], func(rel string) string { return cmp.Or(s.titles[rel], s.mallard.id[rel]) },
		func(rel string) string { return wikiScheme + url.PathEscape(s.mallard.id[rel]) })
}

// mallardTrail is the breadcrumb of the page at rel: the title of the
// first guide that lists it, as yelp's trail ends.
func (s *site) mallardTrail(rel string) []string {
	if s == nil {
		return nil
	}
	for _, g := range s.mallard.guides[rel] {
		id, _, _ := strings.Cut(g, "#")
		if t := s.titles[s.mallard.byID[id]]; t != "" && s.mallard.byID[id] != rel {
			return []string{t}
		}
	}
	return nil
}

// mallardTitle is the title of the folder's page whose id is id, or id
// when the folder has none.
func (s *site) mallardTitle(id string) string {
	if s == nil {
		return id
	}
	return cmp.Or(s.titles[s.mallard.byID[id]], id)
}

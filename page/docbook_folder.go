package page

import (
	"os"
	"path"
	"path/filepath"
	"slices"
)

// A DocBook book kept as a file per chapter (GnuCash's help) refers from
// one to another by the id of a section ("see <xref linkend="acct-types"/>"),
// which the file that refers does not hold: read alone, the reference
// said nothing ("(see )") and led nowhere. The folder's DocBook files are
// indexed by the ids of their elements, the first time one refers
// outside itself, and such a reference reads as the title of its target
// and links to the place in the file that holds it (its section's,
// which is the address of that part when the book there is split).

// docbookTarget is an element of a DocBook file of the folder, by id.
type docbookTarget struct {
	rel string
	docbookRef
}

// docbook returns what the DocBook file at rel needs of the folder.
func (s *site) docbook(rel string) docbookFolder {
	return docbookFolder{
		link: s.link(rel),
		dtd:  s.dtd(rel),
		xref: func(id string) (string, string, bool) {
			s.docbookOnce.Do(s.indexDocBook)
			targets := s.docbookIDs[id]
			if len(targets) == 0 {
				return "", "", false
			}
			// Of the same id in several books (a translation beside
			// the original), the one beside the file.
			t := targets[0]
			if i := slices.IndexFunc(targets, func(t docbookTarget) bool { return path.Dir(t.rel) == path.Dir(rel) }); i >= 0 {
				t = targets[i]
			}
			if t.rel == rel {
				return "", "", false
			}
			file := "/" + unescapePath(t.rel)
			if t.place != "" {
				file += "#" + t.place
			}
			return file, t.title, true
		},
	}
}

// indexDocBook indexes the elements of the folder's DocBook files by id.
func (s *site) indexDocBook() {
	s.docbookIDs = map[string][]docbookTarget{}
	rels := make([]string, 0, len(s.pages))
	for rel := range s.pages {
		if k := pageKind(rel); k == "docbook" || k == "xml" {
			rels = append(rels, rel)
		}
	}
	slices.Sort(rels)
	for _, rel := range rels {
		file := filepath.Join(s.root, filepath.FromSlash(unescapePath(rel)))
		if info, err := os.Stat(file); err != nil || info.Size() > DefaultMaxBytes {
			continue
		}
		raw, err := os.ReadFile(file)
		if err != nil || (pageKind(rel) == "xml" && xmlVocabulary(raw) != "docbook") {
			continue
		}
		root, err := readDocBookTree(raw, s.dtd(rel))
		if err != nil {
			continue
		}
		for id, ref := range docbookTargets(root) {
			s.docbookIDs[id] = append(s.docbookIDs[id], docbookTarget{rel: rel, docbookRef: ref})
		}
	}
}

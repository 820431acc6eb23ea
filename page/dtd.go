package page

import (
	"bytes"
	"html"
	"maps"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// A DocBook file's entities are declared in its DOCTYPE, in the subset
// between its brackets (KDE's handbooks name their applications so) or in
// a DTD file beside it that the DOCTYPE names (GnuCash's help: "&app;" is
// the program's name, "&mac;" and "&win;" the systems, declared in
// gnc-docbookx.dtd, which gnc-gui-C.dtd includes through a parameter
// entity). Read without them, the help says "Introduction to app", and a
// menu path of entities ("&gm.business; &gmi.bu.pay;") says nothing.
// Each reference is replaced by its value before the file is parsed, as
// an XML parser that reads the DTD does, markup and all (a menu's items
// stay items); in a tag, its text alone. Parameter entities are expanded
// where XML expands them (in a value, and a reference between
// declarations, which may include another file); the first declaration
// of a name is the one that holds (the subset's over the file's).
// A file that the DOCTYPE names is read only from the folder
// (site.dtd), within limits: at most maxDTDFiles files, each at most
// maxInclude bytes, at most maxDTDWork bytes of declarations read in all
// (a parameter entity that names itself many times over is read again
// each time), each value at most maxEntityValue after expansion and all
// of them together at most maxDTDWork, and the file with its entities
// replaced at most maxExpansion times its size.

// dtdSource reads the DTD files a DOCTYPE names, and may keep what a
// DOCTYPE declares: every chapter of a book names the same files.
type dtdSource interface {
	// read returns the text of the DTD file a DOCTYPE or parameter
	// entity names, at a path relative to the folder of the file being
	// read; false when there is no such file within the pages folder.
	read(file string) (string, bool)
	// declared returns what the DOCTYPE doctype declares: declare's
	// result, kept for the next file with that DOCTYPE where the source
	// keeps it.
	declared(doctype string, declare func() map[string]string) map[string]string
}

const (
	maxDTDFiles    = 16
	maxEntityValue = 16 << 10
	// maxEntityRounds is how many times declared entities named in a
	// value are replaced: a name within a name within a name.
	maxEntityRounds = 4
	maxExpansion    = 4
	maxDTDWork      = 4 * maxInclude
)

var (
	dtdComment = regexp.MustCompile(`(?s)<!--.*?-->`)
	// dtdItem is, in order, a declaration of an entity (general or
	// parameter: "%"; its value in quotes, or an external one's system
	// identifier) or a parameter entity's reference between declarations.
	dtdItem = regexp.MustCompile(`<!ENTITY\s+(%\s+)?([A-Za-z_][\w.:-]*)\s+` +
		`(?:"([^"]*)"|'([^']*)'|SYSTEM\s+(?:"([^"]*)"|'([^']*)')|PUBLIC\s+(?:"[^"]*"|'[^']*')\s+(?:"([^"]*)"|'([^']*)'))` +
		`|%([A-Za-z_][\w.:-]*);`)
	paramRef   = regexp.MustCompile(`%([A-Za-z_][\w.:-]*);`)
	generalRef = regexp.MustCompile(`&([A-Za-z_][\w.:-]*);`)
	// refAt is a general entity's reference where a text is read.
	refAt = regexp.MustCompile(`^&([A-Za-z_][\w.:-]*);`)
	// doctype is a DOCTYPE: the system identifier it names, and its
	// subset.
	doctype = regexp.MustCompile(`<!DOCTYPE\s+[^\s\[>]+\s*(?:(?:SYSTEM\s+(?:"([^"]*)"|'([^']*)')|PUBLIC\s+(?:"[^"]*"|'[^']*')\s+(?:"([^"]*)"|'([^']*)'))\s*)?(?:\[((?s:.*?))\]\s*)?>`)
)

// dtdEntities collects the declarations of a DOCTYPE and the files it
// includes.
type dtdEntities struct {
	general map[string]string
	param   map[string]string
	// external are the parameter entities that name a file (by system
	// identifier).
	external map[string]string
	load     dtdSource
	files    int
	// work is how many bytes of declarations have been read (see
	// maxDTDWork; expanded bounds the values' expansion alike).
	work int
}

// expandEntities returns raw with the references to the entities its
// DOCTYPE declares replaced (see above); raw as it is when it declares
// none, or they expand too far.
func expandEntities(raw []byte, load dtdSource) []byte {
	head := raw[:min(len(raw), maxInclude)]
	loc := doctype.FindSubmatchIndex(head)
	if loc == nil || !onlyProlog(head[:loc[0]]) {
		return raw
	}
	group := func(i int) string {
		if loc[2*i] < 0 {
			return ""
		}
		return string(head[loc[2*i]:loc[2*i+1]])
	}
	system := group(1) + group(2) + group(3) + group(4)
	declare := func() map[string]string {
		d := &dtdEntities{general: map[string]string{}, param: map[string]string{}, external: map[string]string{}, load: load}
		d.read(group(5), ".", 0)
		d.include(system, 0)
		return d.expanded()
	}
	var values map[string]string
	if load != nil && system != "" {
		values = load.declared(string(head[loc[0]:loc[1]]), declare)
	} else {
		values = declare()
	}
	if len(values) == 0 {
		return raw
	}
	body := raw[loc[1]:]
	out := make([]byte, 0, len(raw))
	out = append(out, raw[:loc[1]]...)
	inTag := false
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '<':
			inTag = true
		case c == '>':
			inTag = false
		case c == '&':
			if m := refAt.FindSubmatchIndex(body[i:]); m != nil {
				if v, ok := values[string(body[i+m[2]:i+m[3]])]; ok {
					if inTag {
						v = attrText(v)
					}
					out = append(out, v...)
					i += m[1]
					if len(out) > maxExpansion*len(raw)+maxEntityValue {
						return raw
					}
					continue
				}
			}
		}
		out = append(out, c)
		i++
	}
	return out
}

// onlyProlog reports whether b, what comes before a DOCTYPE, is an XML
// declaration, comments and space: the DOCTYPE is the file's own.
func onlyProlog(b []byte) bool {
	b = bytes.TrimSpace(dtdComment.ReplaceAll(b, nil))
	if bytes.HasPrefix(b, []byte("<?xml")) {
		if end := bytes.Index(b, []byte("?>")); end >= 0 {
			b = bytes.TrimSpace(b[end+2:])
		}
	}
	return len(b) == 0
}

// attrText is an entity's value in an attribute: its text, quoted.
func attrText(v string) string {
	return html.EscapeString(markupTag.ReplaceAllString(v, ""))
}

// include reads the DTD file at file (relative to the page's folder).
func (d *dtdEntities) include(file string, depth int) {
	if d.load == nil || file == "" || d.files >= maxDTDFiles {
		return
	}
	d.files++
	if text, ok := d.load.read(file); ok {
		d.read(text, path.Dir(file), depth+1)
	}
}

// read reads the declarations of a DTD's text, from the file in folder
// dir (relative to the page's; a file it names is relative to it), depth
// files or parameter entities deep.
func (d *dtdEntities) read(text, dir string, depth int) {
	if depth > maxDTDFiles || d.work+len(text) > maxDTDWork {
		return
	}
	d.work += len(text)
	text = dtdComment.ReplaceAllString(text, "")
	for _, m := range dtdItem.FindAllStringSubmatch(text, -1) {
		if ref := m[9]; ref != "" {
			// A parameter entity between declarations: its
			// declarations, or the file it names, are read here.
			if file, ok := d.external[ref]; ok {
				delete(d.external, ref) // each file once
				d.include(file, depth)
			} else if value, ok := d.param[ref]; ok {
				d.read(value, dir, depth+1)
			}
			continue
		}
		name, value := m[2], m[3]+m[4]
		system := m[5] + m[6] + m[7] + m[8]
		isExternal := value == "" && system != ""
		if m[1] != "" { // a parameter entity
			if _, ok := d.param[name]; ok {
				continue
			}
			if _, ok := d.external[name]; ok {
				continue
			}
			if isExternal {
				d.external[name] = path.Join(dir, system)
			} else {
				d.param[name] = d.expandParams(value)
			}
			continue
		}
		if _, ok := d.general[name]; ok {
			continue
		}
		value = withoutEscapedMarkup(value)
		// An external general entity includes a file (a chapter): the
		// folder's reader reads it as a page of its own.
		if isExternal {
			d.general[name] = ""
		} else {
			d.general[name] = d.expandParams(value)
		}
	}
}

// expandParams replaces the parameter entities declared so far in value.
func (d *dtdEntities) expandParams(value string) string {
	for range maxEntityRounds {
		if !strings.Contains(value, "%") {
			break
		}
		value = capValue(paramRef.ReplaceAllStringFunc(value, func(ref string) string {
			if v, ok := d.param[ref[1:len(ref)-1]]; ok {
				return v
			}
			return ref
		}))
	}
	return value
}

// expanded returns the general entities' values with the declared
// entities they name replaced.
func (d *dtdEntities) expanded() map[string]string {
	out := make(map[string]string, len(d.general))
	work := 0
	// In the names' order, so that which are expanded when the work runs
	// out does not depend on a map's.
	for _, name := range slices.Sorted(maps.Keys(d.general)) {
		value := d.general[name]
		for range maxEntityRounds {
			if !strings.Contains(value, "&") || work > maxDTDWork {
				break
			}
			value = capValue(generalRef.ReplaceAllStringFunc(value, func(ref string) string {
				other := ref[1 : len(ref)-1]
				if v, ok := d.general[other]; ok && other != name {
					return v
				}
				return ref
			}))
			work += len(value)
		}
		out[name] = value
	}
	return out
}

// escapedTag is markup written escaped.
var escapedTag = regexp.MustCompile(`&lt;.*?&gt;`)

// withoutEscapedMarkup returns an entity's value without the markup it
// writes escaped, for a book's HTML output rather than its text (KDE's
// glossary ends a paragraph with "&newpara;", "&lt;/p&gt;&lt;p&gt;", and
// opens a link with "&linkstart;", "&lt;a href="): the text outside
// those tags, and nothing when half a tag is left.
func withoutEscapedMarkup(value string) string {
	if !strings.Contains(value, "&lt;") && !strings.Contains(value, "&gt;") {
		return value
	}
	value = escapedTag.ReplaceAllString(value, "")
	if strings.Contains(value, "&lt;") || strings.Contains(value, "&gt;") {
		return ""
	}
	return value
}

// capValue cuts an expanded value at maxEntityValue bytes: entities that
// name each other many times over grow without bound.
func capValue(s string) string {
	if len(s) <= maxEntityValue {
		return s
	}
	return strings.ToValidUTF8(s[:maxEntityValue], "")
}

// dtd returns the source of the DTD files the DocBook page at from names:
// a system identifier is a path relative to the page's folder, and only a
// file within the pages folder is read (no URL: a public DTD such as
// DocBook's own declares no text). What a DOCTYPE declares is kept for
// the folder's other pages beside it with that DOCTYPE.
func (s *site) dtd(from string) dtdSource {
	return folderDTD{s: s, dir: path.Dir(unescapePath(from))}
}

// folderDTD is the DTD files of the pages in dir, a folder of s.
type folderDTD struct {
	s   *site
	dir string
}

func (f folderDTD) read(file string) (string, bool) {
	if strings.Contains(file, ":") || path.IsAbs(file) {
		return "", false
	}
	p := path.Join(f.dir, file)
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	raw, ok := readSmall(filepath.Join(f.s.root, filepath.FromSlash(p)))
	return string(raw), ok
}

func (f folderDTD) declared(doctype string, declare func() map[string]string) map[string]string {
	key := f.dir + "\x00" + doctype
	if v, ok := f.s.dtdDeclared.Load(key); ok {
		return v.(map[string]string)
	}
	v, _ := f.s.dtdDeclared.LoadOrStore(key, declare())
	return v.(map[string]string)
}

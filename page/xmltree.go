package page

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"maps"
	"regexp"
	"strings"
)

// xmlNode is an element of a page kept as XML (Mallard, DITA), or a run
// of its text (name "").
type xmlNode struct {
	name  string // local name; "" for text
	space string // namespace
	attr  map[string]string
	text  string
	kids  []*xmlNode
}

// readXMLTree parses raw into its root element's tree, leniently (HTML's
// entities, as authors type them, without the DTD that declares them),
// at most maxDepth elements deep: sections and lists nest a few levels,
// a file that nests thousands is no page. attrKey names an attribute in
// attr (nil: its local name).
func readXMLTree(raw []byte, maxDepth int, attrKey func(xml.Attr) string) (*xmlNode, error) {
	d := xml.NewDecoder(bytes.NewReader(raw))
	d.Strict = false
	d.Entity = xml.HTMLEntity
	declared := false
	var stack []*xmlNode
	var root *xmlNode
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.Directive:
			// A DOCTYPE's internal subset may declare the entities the
			// text uses (KDE's handbooks name their applications so).
			if ents := declaredEntities(t); len(ents) > 0 && !declared {
				declared = true
				d.Entity = maps.Clone(xml.HTMLEntity)
				maps.Copy(d.Entity, ents)
			}
		case xml.StartElement:
			if len(stack) >= maxDepth {
				return nil, fmt.Errorf("nested over %d levels", maxDepth)
			}
			n := &xmlNode{name: t.Name.Local, space: t.Name.Space, attr: make(map[string]string, len(t.Attr))}
			for _, a := range t.Attr {
				key := a.Name.Local
				if attrKey != nil {
					key = attrKey(a)
				}
				n.attr[key] = a.Value
			}
			if len(stack) == 0 {
				if root != nil {
					return nil, fmt.Errorf("a second root element, <%s>", n.name)
				}
				root = n
			} else {
				parent := stack[len(stack)-1]
				parent.kids = append(parent.kids, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case xml.CharData:
			if len(stack) > 0 {
				parent := stack[len(stack)-1]
				parent.kids = append(parent.kids, &xmlNode{text: string(t)})
			}
		}
	}
	if root == nil {
		return nil, errors.New("no element")
	}
	return root, nil
}

// entityDecl is a general entity's declaration with its value in quotes
// (a parameter entity, "%", and an external one, SYSTEM, are none).
var entityDecl = regexp.MustCompile(`<!ENTITY\s+([A-Za-z_][\w.-]*)\s+(?:"([^"]*)"|'([^']*)')`)

// markupTag is a tag in an entity's value.
var markupTag = regexp.MustCompile(`<[^>]*>`)

// declaredEntities returns the general entities a DOCTYPE declares, by
// name, their values as text (markup dropped, a declared entity they
// name replaced by its text); nil for another directive.
func declaredEntities(dir xml.Directive) map[string]string {
	if !bytes.HasPrefix(dir, []byte("DOCTYPE")) {
		return nil
	}
	ents := map[string]string{}
	for _, m := range entityDecl.FindAllSubmatch(dir, -1) {
		value := string(m[2]) + string(m[3])
		ents[string(m[1])] = markupTag.ReplaceAllString(value, "")
	}
	for name, value := range ents {
		if strings.Contains(value, "&") {
			for other, text := range ents {
				if other != name && !strings.Contains(text, "&") {
					value = strings.ReplaceAll(value, "&"+other+";", text)
				}
			}
			ents[name] = value
		}
	}
	return ents
}

// xmlVocabulary tells what an .xml file is by its root element: "docbook"
// (a book, article, chapter…), "dita" (a topic, or a <dita> of topics),
// or "" for anything else (a sitemap, a build's configuration).
func xmlVocabulary(raw []byte) string {
	d := xml.NewDecoder(bytes.NewReader(raw))
	d.Strict = false
	for {
		tok, err := d.Token()
		if err != nil {
			return ""
		}
		if t, ok := tok.(xml.StartElement); ok {
			n := &xmlNode{name: t.Name.Local, attr: map[string]string{}}
			for _, a := range t.Attr {
				n.attr[a.Name.Local] = a.Value
			}
			switch {
			case docbookRoots[n.name] || docbookSections[n.name]:
				return "docbook"
			case n.name == "dita" || isDITATopic(n):
				return "dita"
			}
			return ""
		}
	}
}

// plain is n's text, its elements' included.
func (n *xmlNode) plain() string {
	if n.name == "" {
		return n.text
	}
	var b strings.Builder
	for _, k := range n.kids {
		b.WriteString(k.plain())
	}
	return b.String()
}

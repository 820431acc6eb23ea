package page

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
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
// attr (nil: its local name); dtd reads the DTD files its DOCTYPE names
// (nil: none is read; see expandEntities).
func readXMLTree(raw []byte, maxDepth int, attrKey func(xml.Attr) string, dtd dtdSource) (*xmlNode, error) {
	raw = expandEntities(raw, dtd)
	d := xml.NewDecoder(bytes.NewReader(raw))
	d.Strict = false
	d.Entity = xml.HTMLEntity
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

// markupTag is a tag in an entity's value.
var markupTag = regexp.MustCompile(`<[^>]*>`)

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

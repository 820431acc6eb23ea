package page

import (
	"strings"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// LibreOffice's help: HTML its build writes with XSLT from the help's .xhp
// files, shown by a viewer script. The viewer's chrome (header, module menu,
// index and contents panes, debug footer) is already chrome by its tags;
// what the page's structure says beyond them is read here:
//
//   - A switch (class "switch" or "switchinline") holds hidden cases, one
//     for each system or program (a shortcut on macOS and elsewhere, a step
//     in Writer and in Calc); the viewer's script shows the case of the
//     reader's system or program, else the case whose id starts "default".
//     Read without the script, every case would be dropped as hidden, and
//     with them whole pages' text. The reader shows what the viewer shows
//     when it knows neither: the default case, or every case of a switch
//     that has none (a sentence for one program only).
//   - "Related Topics": a label of class "related" and after it the blocks
//     that are nothing but links, to the end of their container. The label
//     is chrome by its class already; its links, one page title a line,
//     would become sections of their own.
//   - An icon beside its own name ("No List icon", the image's alt text
//     again): a picture with its caption, which the reader does not read.

// xhpHelp reports whether the page is LibreOffice's help: its content area
// is marked up as a program's help (schema.org's softwareHelp).
func xhpHelp(gq *goquery.Document) bool {
	return gq.Find(`[itemprop="softwareHelp"]`).Length() > 0
}

// readXHPHelp rewrites a page of LibreOffice's help into what its viewer
// shows, before the page is cleaned.
func readXHPHelp(root *html.Node) {
	var switches, related, icons []*html.Node
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		if n.Type == html.ElementNode {
			class, _ := attr(n, "class")
			switch {
			case isSwitch(class):
				switches = append(switches, n)
			case hasWord(strings.Fields(class), "related"):
				related = append(related, n)
			case iconWithName(n):
				icons = append(icons, n)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(root)
	// Innermost switches first: a case may hold a switch of its own.
	for i := len(switches) - 1; i >= 0; i-- {
		showSwitchCases(switches[i])
	}
	for _, n := range related {
		dropRelatedLinks(n)
	}
	for _, n := range icons {
		if n.Parent != nil {
			n.Parent.RemoveChild(n)
		}
	}
}

func isSwitch(class string) bool {
	for _, c := range strings.Fields(class) {
		if c == "switch" || c == "switchinline" {
			return true
		}
	}
	return false
}

// showSwitchCases unhides the case of switch n that the viewer shows when
// it knows neither the reader's system nor program (see readXHPHelp) and
// removes the others. A switch whose element children are not all hidden
// cases with an id is left as it is.
func showSwitchCases(n *html.Node) {
	var cases []*html.Node
	def := -1
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) == "":
		case c.Type != html.ElementNode:
			return
		default:
			_, hidden := attr(c, "hidden")
			id, _ := attr(c, "id")
			if !hidden || id == "" {
				return
			}
			if def < 0 && strings.HasPrefix(id, "default") {
				def = len(cases)
			}
			cases = append(cases, c)
		}
	}
	for i, c := range cases {
		if def >= 0 && i != def {
			n.RemoveChild(c)
			continue
		}
		removeAttr(c, "hidden")
	}
}

func removeAttr(n *html.Node, key string) {
	kept := n.Attr[:0]
	for _, a := range n.Attr {
		if a.Namespace != "" || a.Key != key {
			kept = append(kept, a)
		}
	}
	n.Attr = kept
}

// dropRelatedLinks removes a "Related Topics" label and the blocks of
// links after it. The label may stand in a box of its own (the box goes
// with it) or first in the box that holds the links.
func dropRelatedLinks(label *html.Node) {
	box := label
	if p := label.Parent; p != nil && p.DataAtom != atom.Body && textOfNode(p) == textOfNode(label) {
		box = p
	}
	for s := box.NextSibling; s != nil; {
		next := s.NextSibling
		switch {
		case s.Type == html.TextNode && strings.TrimSpace(s.Data) == "":
		case s.Type == html.ElementNode && onlyLinks(s):
			s.Parent.RemoveChild(s)
		default:
			if s.Type == html.ElementNode && s.DataAtom == atom.Br {
				break
			}
			next = nil
		}
		s = next
	}
	if box.Parent != nil {
		box.Parent.RemoveChild(box)
	}
}

// onlyLinks reports whether every word of n is the text of a link, and it
// has one.
func onlyLinks(n *html.Node) bool {
	link := false
	var visit func(*html.Node) bool
	visit = func(n *html.Node) bool {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode:
				if strings.IndexFunc(c.Data, isWordRune) >= 0 {
					return false
				}
			case c.Type != html.ElementNode:
			case c.DataAtom == atom.A:
				if _, ok := attr(c, "href"); ok && strings.IndexFunc(textOfNode(c), isWordRune) >= 0 {
					link = true
				}
			case !visit(c):
				return false
			}
		}
		return true
	}
	return visit(n) && link
}

// iconWithName reports whether n is an icon beside its name: a box of
// boxes (no table: a table of icons describes each) whose only image's alt
// text is all the text there is.
func iconWithName(n *html.Node) bool {
	if n.DataAtom != atom.Div {
		return false
	}
	var alt string
	images := 0
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && c.DataAtom == atom.Img {
				images++
				alt, _ = attr(c, "alt")
			}
			visit(c)
		}
	}
	visit(n)
	if images != 1 || strings.IndexFunc(alt, isWordRune) < 0 {
		return false
	}
	return strings.EqualFold(collapse(alt), collapse(textOfNode(n)))
}

// textOfNode is the collapsed text of n.
func textOfNode(n *html.Node) string {
	var sb strings.Builder
	textOf(n, &sb)
	return collapse(sb.String())
}

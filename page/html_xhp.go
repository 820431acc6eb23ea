package page

import (
	"strings"
	"unicode/utf8"

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
//     for each system (a shortcut on macOS and elsewhere) or for each
//     program (a step in Writer, in Calc); the viewer's script shows the
//     case of the reader's system or program, else the case whose id starts
//     "default". Read without the script, every case would be dropped as
//     hidden, and with them whole pages' text. The reader shows, of a
//     system switch (id "swlnsys…", as the script tells them apart) and of
//     a switch inside a sentence, one case: the default, else the first
//     with words (the cases are the same words for each reader, "Ctrl+F9"
//     or "Command+F9"); of a program's switch of blocks, every case (each
//     is text some program's users read, a section for Writer, another for
//     the others).
//   - "Related Topics": a label of class "related" and after it the blocks
//     that are nothing but links, to the end of their container. The label
//     is chrome by its class already; its links, one page title a line,
//     would become sections of their own.
//   - An icon beside its name ("No List icon"): a picture with its
//     caption, which the reader does not read (iconWithName); the name
//     goes to the sentence that leads into the icon ("click:"), when one
//     does (nameInLead).

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
	named := map[*html.Node]bool{}
	for _, n := range icons {
		if n.Parent != nil {
			nameInLead(n, named)
			n.Parent.RemoveChild(n)
		}
	}
}

// nameInLead gives the name of icon n (see iconWithName) to the sentence
// that leads into it, when one does: a paragraph just before it that ends
// unfinished or with a colon ("On the Standard bar, click", "In the
// Formatting toolbar, click:") names the button by its picture, and
// without the picture or its name tells the reader to click nothing. named
// holds the leads given a name already: a second icon after the same lead
// is added as a list.
func nameInLead(n *html.Node, named map[*html.Node]bool) {
	lead := leadBefore(n)
	if lead == nil {
		return
	}
	text := strings.TrimSpace(textOfNode(lead))
	last, _ := utf8.DecodeLastRuneInString(text)
	name := iconName(n)
	if text == "" || name == "" || strings.ContainsRune(".!?;。！？", last) {
		return
	}
	sep := " "
	if named[lead] {
		sep = ", "
	}
	lead.AppendChild(&html.Node{Type: html.TextNode, Data: sep + name})
	named[lead] = true
}

// leadBefore returns the paragraph just before n in the page's order,
// anchors and blank text between them aside, going up from n while n
// opens its parent; nil when something else comes first.
func leadBefore(n *html.Node) *html.Node {
	for p := n; p.Parent != nil && p.DataAtom != atom.Body; p = p.Parent {
		for s := p.PrevSibling; s != nil; s = s.PrevSibling {
			switch {
			case s.Type == html.TextNode && strings.TrimSpace(s.Data) == "":
			case s.Type == html.ElementNode && s.DataAtom == atom.A && textOfNode(s) == "":
			case s.Type == html.ElementNode && s.DataAtom == atom.P:
				return s
			default:
				return nil
			}
		}
	}
	return nil
}

// iconName is the name beside icon n (iconWithName): the text of its box
// without an image.
func iconName(n *html.Node) string {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && images(c) == 0 {
			return textOfNode(c)
		}
	}
	return ""
}

func isSwitch(class string) bool {
	for _, c := range strings.Fields(class) {
		if c == "switch" || c == "switchinline" {
			return true
		}
	}
	return false
}

// showSwitchCases unhides the cases of switch n that the reader shows (see
// readXHPHelp) and removes the others. A switch whose element children are
// not all hidden cases with an id is left as it is.
func showSwitchCases(n *html.Node) {
	var cases []*html.Node
	one := -1 // the one case shown, when one is
	class, _ := attr(n, "class")
	id, _ := attr(n, "id")
	alternatives := hasWord(strings.Fields(class), "switchinline") || strings.HasPrefix(id, "swlnsys")
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) == "":
		case c.Type != html.ElementNode:
			return
		default:
			_, hidden := attr(c, "hidden")
			caseID, _ := attr(c, "id")
			if !hidden || caseID == "" {
				return
			}
			if alternatives && strings.HasPrefix(caseID, "default") {
				one = len(cases)
			}
			cases = append(cases, c)
		}
	}
	if alternatives && one < 0 {
		for i, c := range cases {
			if strings.IndexFunc(textOfNode(c), isWordRune) >= 0 {
				one = i
				break
			}
		}
	}
	for i, c := range cases {
		if alternatives && i != one {
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
		case s.Type == html.TextNode && strings.TrimSpace(s.Data) == "",
			s.Type == html.ElementNode && s.DataAtom == atom.Br:
		case s.Type == html.ElementNode && onlyLinks(s):
			s.Parent.RemoveChild(s)
		default:
			next = nil // the page's text goes on: the links have ended
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

// iconWithName reports whether n is an icon beside its name: a row of two
// boxes, one holding an image and no words, the other a few words and no
// sentence ("No List icon", "Insert Frame Manually"). It is a picture with
// its caption, as imageFigure's: the reader does not read the picture, and
// its name standing alone would be taken for a heading. A sentence beside
// an icon (what the button does) stays.
func iconWithName(n *html.Node) bool {
	if n.DataAtom != atom.Div {
		return false
	}
	var cells []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) == "":
		case c.Type != html.ElementNode || len(cells) == 2:
			return false
		default:
			cells = append(cells, c)
		}
	}
	if len(cells) != 2 {
		return false
	}
	picture, name := cells[0], cells[1]
	if images(picture) == 0 {
		picture, name = name, picture
	}
	if images(picture) != 1 || images(name) != 0 || strings.IndexFunc(textOfNode(picture), isWordRune) >= 0 {
		return false
	}
	label := textOfNode(name)
	last, _ := utf8.DecodeLastRuneInString(label)
	words := len(strings.Fields(label))
	return words > 0 && words <= 8 && !strings.ContainsRune(".!?:", last)
}

// images counts the <img> elements under n.
func images(n *html.Node) int {
	count := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == atom.Img {
			count++
		}
		count += images(c)
	}
	return count
}

// textOfNode is the collapsed text of n.
func textOfNode(n *html.Node) string {
	var sb strings.Builder
	textOf(n, &sb)
	return collapse(sb.String())
}

package page

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// A Google Doc downloaded as a web page (File › Download › Web page) is one
// HTML file of styled paragraphs, recognised by its structure: the body of
// class "doc-content", lists of class "lst-kix_ID-LEVEL". What the HTML
// reader would miss there:
//   - the document's title is a paragraph of class "title" (its subtitle
//     one of class "subtitle"), and its headings start at <h1>: the first
//     <h1> was read as the title, the title paragraph as text;
//   - a nested list is a list of its own after its parent's, its level in
//     its class, not in the markup: every item read as one list;
//   - every link leads through Google's redirect
//     (https://www.google.com/url?q=TARGET&sa=D&…), which a reply showed.
// The document is rewritten as the HTML it stands for: the title an <h1>
// and the headings one level below it, each nested list inside the last
// item before it of the level above, the links to their targets. The
// subtitle is the page's description, so a keyword of it.

// googleDoc is what a Google Doc's export says of itself besides its body.
type googleDoc struct {
	title, subtitle string
}

// readGoogleDoc rewrites a Google Doc's export, in place, as the HTML it
// stands for (see above); ok is false, and nothing changed, when the page
// is none.
func readGoogleDoc(gq *goquery.Document) (d googleDoc, ok bool) {
	body := gq.Find("body.doc-content").First()
	if body.Length() == 0 {
		return d, false
	}
	if t := body.Find("p.title").First(); t.Length() > 0 {
		d.title = collapse(t.Text())
		t.Remove()
	}
	if s := body.Find("p.subtitle").First(); s.Length() > 0 {
		d.subtitle = collapse(s.Text())
		s.Remove()
	}
	if d.title != "" {
		// Deepest first, so that no heading moves twice.
		for level := 5; level >= 1; level-- {
			body.Find("h" + strconv.Itoa(level)).Each(func(_ int, s *goquery.Selection) {
				n := s.Get(0)
				n.Data = "h" + strconv.Itoa(level+1)
				n.DataAtom = atom.Lookup([]byte(n.Data))
			})
		}
		h1 := &html.Node{Type: html.ElementNode, Data: "h1", DataAtom: atom.H1}
		h1.AppendChild(&html.Node{Type: html.TextNode, Data: d.title})
		b := body.Get(0)
		b.InsertBefore(h1, b.FirstChild)
	}
	nestKixLists(body.Get(0))
	body.Find("a[href]").Each(func(_ int, s *goquery.Selection) {
		if href, ok := s.Attr("href"); ok {
			s.SetAttr("href", withoutGoogleRedirect(href))
		}
	})
	return d, true
}

// kixLevel returns the nesting level (0 outermost) that a list's
// "lst-kix_ID-LEVEL" class gives, or -1.
func kixLevel(n *html.Node) int {
	if n.Type != html.ElementNode || (n.DataAtom != atom.Ul && n.DataAtom != atom.Ol) {
		return -1
	}
	class, _ := attr(n, "class")
	for _, c := range strings.Fields(class) {
		if rest, ok := strings.CutPrefix(c, "lst-kix_"); ok {
			if i := strings.LastIndexByte(rest, '-'); i >= 0 {
				if lvl, err := strconv.Atoi(rest[i+1:]); err == nil && lvl >= 0 {
					return lvl
				}
			}
		}
	}
	return -1
}

// nestKixLists moves each list of the body's children that is a level
// deeper than a list before it into that list's last item, as the markup
// of a nested list has it.
func nestKixLists(body *html.Node) {
	type open struct {
		level int
		list  *html.Node
	}
	var stack []open
	for c := body.FirstChild; c != nil; {
		next := c.NextSibling
		level := kixLevel(c)
		switch {
		case level < 0:
			if c.Type == html.ElementNode {
				stack = stack[:0] // text between lists ends them
			}
		default:
			for len(stack) > 0 && stack[len(stack)-1].level >= level {
				stack = stack[:len(stack)-1]
			}
			if len(stack) > 0 {
				if item := lastChildElement(stack[len(stack)-1].list, atom.Li); item != nil {
					body.RemoveChild(c)
					item.AppendChild(c)
				}
			}
			stack = append(stack, open{level, c})
		}
		c = next
	}
}

// lastChildElement returns n's last child element of type a, or nil.
func lastChildElement(n *html.Node, a atom.Atom) *html.Node {
	for c := n.LastChild; c != nil; c = c.PrevSibling {
		if c.Type == html.ElementNode && c.DataAtom == a {
			return c
		}
	}
	return nil
}

// withoutGoogleRedirect returns the target of a link through Google's
// redirect (https://www.google.com/url?q=TARGET&…), else href.
func withoutGoogleRedirect(href string) string {
	u, err := url.Parse(href)
	if err != nil || u.Host != "www.google.com" || u.Path != "/url" {
		return href
	}
	if q := u.Query().Get("q"); q != "" {
		return q
	}
	return href
}

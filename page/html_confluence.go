package page

import (
	"strings"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Confluence's HTML export (Space tools › Export › HTML) is a folder of one
// file a page ("Refunds_65545.html") and an index.html. A page wraps the
// article (div#main-content.wiki-content) in its space's chrome: a
// breadcrumb (ol#breadcrumbs: the space, then the page's ancestors), a
// title that opens with the space's name ("Support : Refunds"), a line of
// who made it and when (div.page-metadata), the attachments and comments
// after it, and a footer. The index is the space's details and its page
// tree: no article (its #main-content has no wiki-content), a table of
// contents. Recognised by that structure, not by words. Its macros: an
// expand macro (div.expand-container: the control's text, then the
// content) is a collapsible part, as <details> is; an information macro
// is a note by its class; a table-of-contents macro (div.toc-macro) lists
// the page's own headings and is dropped.

// confluencePage is what a page of Confluence's export says of itself
// besides its article.
type confluencePage struct {
	// title is the page's own title, without its space's name.
	title string
	// breadcrumb is the page's ancestors, outermost first, without the
	// space (which every page of the export is in).
	breadcrumb []string
}

// confluenceArticle is the selector of a page's article in Confluence's
// export.
const confluenceArticle = "div#main-content.wiki-content"

// readConfluence reads a page of Confluence's export: ok is false when the
// page is none. On an export's page it makes the expand macros collapsible
// parts (<details>) and drops the table-of-contents macros, in place.
func readConfluence(gq *goquery.Document) (p confluencePage, ok bool) {
	title := gq.Find("#title-heading #title-text").First()
	if title.Length() == 0 || gq.Find(confluenceArticle).Length() == 0 {
		return p, false
	}
	crumbs := gq.Find("#breadcrumbs li")
	var space string
	crumbs.Each(func(i int, s *goquery.Selection) {
		name := collapse(s.Text())
		switch {
		case i == 0:
			space = name
		case name != "":
			p.breadcrumb = append(p.breadcrumb, name)
		}
	})
	p.title = collapse(title.Text())
	if rest, cut := strings.CutPrefix(p.title, space+" : "); cut && space != "" && rest != "" {
		p.title = rest
	}
	gq.Find(confluenceArticle + " div.toc-macro").Remove()
	gq.Find(confluenceArticle + " div.expand-container").Each(func(_ int, s *goquery.Selection) {
		expandAsDetails(s.Get(0))
	})
	return p, true
}

// confluenceIndex reports whether the page is the index.html of
// Confluence's export: its title and content boxes, but no article.
func confluenceIndex(gq *goquery.Document) bool {
	return gq.Find("#title-heading #title-text").Length() > 0 &&
		gq.Find("div#main-content.pageSection").Length() > 0 &&
		gq.Find(confluenceArticle).Length() == 0
}

// expandAsDetails rewrites an expand macro, n, as the <details> element it
// stands for: its control's text the <summary>, the rest as it was.
func expandAsDetails(n *html.Node) {
	var control *html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if class, _ := attr(c, "class"); c.Type == html.ElementNode && hasWord(strings.Fields(class), "expand-control") {
			control = c
			break
		}
	}
	if control == nil {
		return
	}
	var label strings.Builder
	goquery.NewDocumentFromNode(control).Find(".expand-control-text").Each(func(_ int, s *goquery.Selection) {
		label.WriteString(s.Text())
	})
	text := collapse(label.String())
	if text == "" {
		return
	}
	summary := &html.Node{Type: html.ElementNode, Data: "summary", DataAtom: atom.Summary}
	summary.AppendChild(&html.Node{Type: html.TextNode, Data: text})
	n.InsertBefore(summary, control)
	n.RemoveChild(control)
	n.Data, n.DataAtom = "details", atom.Details
}

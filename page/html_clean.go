package page

import (
	"regexp"
	"slices"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// contentSelectors name the page's main content, best first.
var contentSelectors = []string{
	// Confluence's article, inside #content beside who edited it when and
	// its attachments, however short it is.
	confluenceArticle,
	"main",
	"[role=main]",
	"article",
	"[itemprop=articleBody]",
	"#content, #main-content, #maincontent, #main_content, #page-content, #article-body, #article-content, #kb-article, #fullArticle",
	".main-content, .article-body, .article-content, .article__body, .content, .page-content, .post-content, .entry-content, .kb-article, " +
		".wiki-content, .markdown-body, .rst-content, .theme-doc-markdown, .md-content, .article",
}

// trustedSelectors is how many of contentSelectors, the first, name the
// content whatever its share of the page (see contentRoot).
const trustedSelectors = 3

// contentRoot picks the node whose text is the page's content: the first
// selector that matches something with text, and of its matches the one with
// the most text; else the body. Below the trusted selectors (Confluence's
// article, <main>, role=main), a match must hold a quarter of the page's
// text, so that a teaser <article> or a small .content box on a page that
// lacks a main one does not stand for the whole page.
func contentRoot(gq *goquery.Document) *html.Node {
	bodyLen := -1
	for i, sel := range contentSelectors {
		var best *html.Node
		bestLen := 0
		gq.Find(sel).Each(func(_ int, s *goquery.Selection) {
			if n := len(strings.TrimSpace(s.Text())); n > bestLen {
				best, bestLen = s.Get(0), n
			}
		})
		if best == nil {
			continue
		}
		if i >= trustedSelectors {
			if bodyLen < 0 {
				bodyLen = len(strings.TrimSpace(gq.Find("body").Text()))
			}
			if bestLen*4 < bodyLen {
				continue
			}
		}
		return best
	}
	if body := gq.Find("body"); body.Length() > 0 {
		return body.Get(0)
	}
	return gq.Get(0)
}

// droppedTags are never content.
var droppedTags = map[atom.Atom]bool{
	atom.Head: true, atom.Nav: true, atom.Aside: true, atom.Footer: true,
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true,
	atom.Iframe: true, atom.Svg: true, atom.Math: true, atom.Object: true,
	atom.Embed: true, atom.Canvas: true, atom.Video: true, atom.Audio: true,
	atom.Select: true, atom.Textarea: true, atom.Input: true, atom.Option: true,
	atom.Dialog: true, atom.Link: true, atom.Meta: true, atom.Img: true,
}

// droppedRoles are ARIA landmarks that are page chrome.
var droppedRoles = map[string]bool{
	"navigation": true, "banner": true, "contentinfo": true, "search": true,
	"complementary": true, "menu": true, "menubar": true, "dialog": true, "alertdialog": true,
}

// chromeWords are class and id words of page chrome.
var chromeWords = map[string]bool{
	"breadcrumb": true, "breadcrumbs": true, "cookie": true, "cookies": true, "consent": true,
	"skip": true, "skiplink": true, "sidebar": true, "menu": true, "share": true, "sharing": true,
	"social": true, "feedback": true, "nav": true, "navbar": true, "navigation": true,
	"pagination": true, "pager": true, "footer": true, "masthead": true,
	"related": true, "comments": true, "newsletter": true, "subscribe": true, "popup": true,
	"modal": true, "votes": true, "vote": true, "search": true, "toc": true,
	"meta": true, "byline": true, "author": true,
	// The site's slogan beside its logo, on every page ("Small. Fast.
	// Reliable. Choose any three." opened every SQLite page's section).
	"tagline": true, "slogan": true,
	// DocBook's chunked HTML: the prev/up/next/home links around each page.
	"navheader": true, "navfooter": true,
}

// hiddenWords are class words that hide an element.
var hiddenWords = map[string]bool{
	"hidden": true, "hide": true, "d-none": true, "sr-only": true, "visually-hidden": true,
	"visuallyhidden": true, "screen-reader-text": true, "invisible": true,
}

// clean removes everything that is not content from the tree.
func clean(n *html.Node) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		switch {
		case c.Type == html.CommentNode || c.Type == html.DoctypeNode:
			n.RemoveChild(c)
		case c.Type == html.ElementNode && dropped(c):
			n.RemoveChild(c)
		case c.Type == html.TextNode && iconGlyphs(c.Data):
			n.RemoveChild(c)
		default:
			clean(c)
		}
		c = next
	}
}

func dropped(n *html.Node) bool {
	if droppedTags[n.DataAtom] || imageFigure(n) || admonitionTitle(n) || sourceLink(n) || siteBanner(n) || wrapperTitle(n) || copiableAnchor(n) || qandaContents(n) || bodyBanner(n) || editLink(n) || languageLinks(n) {
		return true
	}
	switch n.DataAtom {
	case atom.Html, atom.Body, atom.Main, atom.Article:
		return false
	case atom.Header:
		// A header inside sectioning content is that section's header
		// (often holding its h1), not the site banner.
		if !hasAncestor(n, atom.Article, atom.Main, atom.Section) {
			return true
		}
	case atom.Form:
		// ASP.NET pages wrap the whole page in one form.
		if !containsContent(n, true) {
			return true
		}
	}
	if _, ok := attr(n, "hidden"); ok {
		return true
	}
	if v, _ := attr(n, "aria-hidden"); strings.EqualFold(v, "true") {
		return true
	}
	if v, ok := attr(n, "style"); ok {
		s := strings.ReplaceAll(strings.ToLower(v), " ", "")
		if strings.Contains(s, "display:none") || strings.Contains(s, "visibility:hidden") {
			return true
		}
	}
	class, _ := attr(n, "class")
	for _, c := range strings.Fields(strings.ToLower(class)) {
		if hiddenWords[c] {
			return true
		}
	}
	if v, _ := attr(n, "role"); droppedRoles[strings.ToLower(strings.TrimSpace(v))] && !containsContent(n, false) {
		return true
	}
	id, _ := attr(n, "id")
	// A note is content whatever else its class says: Sphinx names one by
	// its title ("admonition-you-can-t-share-pickles-between-versions"),
	// yelp styles one "note-sidebar".
	note := hasClass(n, "admonition") || hasClass(n, "note")
	if (isChrome(class) && !note || isChrome(id) && !headingAnchor(n, id) && !textBlock(n) && !target(n)) && !containsContent(n, true) && !inSentence(n) && !headingWords(n) {
		return true
	}
	return false
}

// headingWords reports whether n holds all the words of the heading it is
// in: the heading's text, whatever its class says. Docutils wraps each
// heading's text in a link back to the page's contents, <a
// class="toc-backref">, on every page with a table of contents (Python's
// FAQs, Django's settings reference); dropped for its "toc", every heading
// of those pages went, and a FAQ of a hundred questions was one section.
func headingWords(n *html.Node) bool {
	h := n.Parent
	for h != nil && !isHeading(h) {
		if h.Type != html.ElementNode || !phrasing(h) {
			return false
		}
		h = h.Parent
	}
	if h == nil {
		return false
	}
	own := headingKey(textOfNode(n))
	return own != "" && own == headingKey(textOfNode(h))
}

// isChrome reports whether a class or id attribute names page chrome.
func isChrome(v string) bool {
	if v == "" {
		return false
	}
	for _, w := range nameWords(v) {
		if chromeWords[w] || strings.HasSuffix(w, "nav") || strings.HasSuffix(w, "menu") ||
			strings.HasPrefix(w, "breadcrumb") || strings.HasPrefix(w, "cookie") {
			return true
		}
	}
	return false
}

// nameWords splits class or id values into lower-case words at spaces,
// punctuation and camelCase humps: "mainMenu skip-link" -> main menu skip link.
func nameWords(v string) []string {
	var words []string
	var cur []rune
	emit := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	var prev rune
	for _, r := range v {
		switch {
		case r >= 'A' && r <= 'Z':
			if prev >= 'a' && prev <= 'z' {
				emit()
			}
			cur = append(cur, r)
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			cur = append(cur, r)
		default:
			emit()
		}
		prev = r
	}
	emit()
	return words
}

// containsContent reports whether n holds the page's main content, so that
// a chrome-looking wrapper around everything is not dropped.
func containsContent(n *html.Node, h1 bool) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		switch c.DataAtom {
		case atom.Main, atom.Article:
			return true
		case atom.H1:
			if h1 {
				return true
			}
		}
		if v, _ := attr(c, "role"); strings.EqualFold(v, "main") {
			return true
		}
		if containsContent(c, h1) {
			return true
		}
	}
	return false
}

func hasAncestor(n *html.Node, atoms ...atom.Atom) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		for _, a := range atoms {
			if p.DataAtom == a {
				return true
			}
		}
		if v, _ := attr(p, "role"); strings.EqualFold(v, "main") {
			return true
		}
	}
	return false
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// hasClass reports whether element n has one of the classes names.
func hasClass(n *html.Node, names ...string) bool {
	class, _ := attr(n, "class")
	return slices.ContainsFunc(strings.Fields(class), func(c string) bool { return slices.Contains(names, c) })
}

// generator returns the lower-cased content of the page's generator meta
// element, or "".
func generator(gq *goquery.Document) string {
	content := ""
	gq.Find("meta[name][content]").EachWithBreak(func(_ int, s *goquery.Selection) bool {
		name, _ := s.Attr("name")
		if !strings.EqualFold(strings.TrimSpace(name), "generator") {
			return true
		}
		content, _ = s.Attr("content")
		content = strings.ToLower(strings.TrimSpace(content))
		return false
	})
	return content
}

// sourceFileView matches the address of a page's source file in a
// repository's web view or editor: GitHub's /blob/ and /edit/, GitLab's
// /-/blob/ and /-/edit/, Gitea's and Bitbucket's /src/ (Material for
// MkDocs, Docusaurus, VitePress, Read the Docs and Hugo themes put an
// "Edit this page" link to it on every page).
var sourceFileView = regexp.MustCompile(`^https?://[^/]+/.+/(?:-/)?(?:blob|edit|src)/[^?#]+\.(?:md|mdx|markdown|rst|adoc|asciidoc|txt|html?|ipynb|page|xml)(?:[?#].*)?$`)

// editLink reports whether n is such a link standing alone, an icon with
// no text or the whole of its element's text: the page's "Edit this
// page", chrome. In a sentence a link to a file is the sentence's.
func editLink(n *html.Node) bool {
	if n.DataAtom != atom.A {
		return false
	}
	href, _ := attr(n, "href")
	if !sourceFileView.MatchString(strings.TrimSpace(href)) {
		return false
	}
	var own, around strings.Builder
	textOf(n, &own)
	if strings.TrimSpace(own.String()) == "" || n.Parent == nil {
		return true
	}
	textOf(n.Parent, &around)
	return collapse(around.String()) == collapse(own.String())
}

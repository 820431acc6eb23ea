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
	"#content, #main-content, #maincontent, #main_content, #article-body, #article-content, #kb-article, #fullArticle",
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
	if droppedTags[n.DataAtom] || imageFigure(n) || admonitionTitle(n) || sourceLink(n) || siteBanner(n) || wrapperTitle(n) || copiableAnchor(n) || qandaContents(n) || bodyBanner(n) || editLink(n) {
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
	if (isChrome(class) && !note || isChrome(id) && !headingAnchor(n, id) && !textBlock(n) && !target(n)) && !containsContent(n, true) && !inSentence(n) {
		return true
	}
	return false
}

// headingAnchor reports whether id is the anchor of a heading, made from
// its words: n is a heading, or the section whose first child with text is
// one, and the heading's words are the id's or the id's are its (numbers
// aside). Documentation tools name headings and sections so, Markdown
// sites and Sphinx by a slug ("sharing-a-folder",
// "s-queries-over-related-objects"), Texinfo by the node ("Block-Comments"),
// and a heading with a word of page chrome in it ("Sharing a folder",
// "Queries over related objects", "Language cookie") was dropped as
// chrome, with its whole section where the section held it. A sidebar or a
// comment thread is named for what it is, not for its heading ("sidebar"
// over "Related articles"; "comments" over "3 thoughts on …").
func headingAnchor(n *html.Node, id string) bool {
	if isHeading(n) {
		return namedAfter(id, n)
	}
	// Sphinx gives a section the first of its targets as id (a module's,
	// "s-module-django.db.models.fields.related") and the others to empty
	// spans before its heading ("relationship-fields").
	ids := []string{id}
	h := leadingHeading(n, &ids)
	return h != nil && slices.ContainsFunc(ids, func(id string) bool { return namedAfter(id, h) })
}

// leadingHeading returns the heading n's text opens with, looking into the
// wrappers around it (yelp writes <div class="inner"><div class="hgroup">
// around a section's heading), or nil; it adds to ids those of the empty
// elements before it.
func leadingHeading(n *html.Node, ids *[]string) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode:
			if strings.IndexFunc(c.Data, isWordRune) >= 0 {
				return nil
			}
		case c.Type != html.ElementNode:
		case textOfNode(c) == "":
			if v, ok := attr(c, "id"); ok {
				*ids = append(*ids, v)
			}
		case isHeading(c):
			return c
		default:
			return leadingHeading(c, ids)
		}
	}
	return nil
}

// namedAfter reports whether id is made of the words of heading h, or h of
// id's. Both are lowercased first: a slug keeps no capitals to split words
// at ("SameSite cookies", "s-samesite-cookies").
func namedAfter(id string, h *html.Node) bool {
	heading, anchor := wordsNotNumbers(strings.ToLower(textOfNode(h))), wordsNotNumbers(strings.ToLower(id))
	return len(heading) > 0 && len(anchor) > 0 && (subset(heading, anchor) || subset(anchor, heading))
}

// target reports whether n is a link target, an <a> with an id and no
// href. Written as XML (<a id="_the_pager"/>), such an anchor holds, read
// as HTML, all that follows it in its block (Debian Reference's
// sections).
func target(n *html.Node) bool {
	if n.DataAtom != atom.A {
		return false
	}
	_, href := attr(n, "href")
	return !href
}

// textBlock reports whether n is a block of text, whose id is a target for
// links to it and not the name of page chrome: Sphinx marks what it
// documents so ("std-fieldlookup-search", "std-setting-SESSION_COOKIE_AGE"
// on a paragraph or a term), and a paragraph on the search lookup was
// dropped for its "search".
func textBlock(n *html.Node) bool {
	switch n.DataAtom {
	case atom.P, atom.Dl, atom.Dt, atom.Dd, atom.Li, atom.Pre, atom.Blockquote, atom.Table, atom.Tr, atom.Td, atom.Code:
		return true
	}
	return false
}

func isHeading(n *html.Node) bool {
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return true
	}
	return false
}

// wordsNotNumbers is nameWords less the numbers ("2.7.2 Block Comments").
func wordsNotNumbers(v string) []string {
	return slices.DeleteFunc(nameWords(v), func(w string) bool { return strings.Trim(w, "0123456789") == "" })
}

// subset reports whether every word of a is one of b.
func subset(a, b []string) bool {
	for _, w := range a {
		if !slices.Contains(b, w) {
			return false
		}
	}
	return true
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

package page

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// HTMLPage is an HTML page as a crawler sees it: the cleaned Document and
// the links of the raw page, navigation included, since navigation is how a
// crawler finds pages even though cleaning drops it.
type HTMLPage struct {
	// Document is nil when the page has no text (the error is ErrNoText).
	Document *Document
	// Hrefs are the absolute http(s) targets of the raw page's <a href>,
	// fragments dropped, in order, without duplicates.
	Hrefs []string
	// NoIndex and NoFollow are set by <meta name="robots">.
	NoIndex, NoFollow bool
}

// ParseHTML cleans an HTML page. baseURL is where the page came from: an
// absolute URL, or for a file the slash path relative to the pages folder;
// relative links are resolved against it (or the page's <base href>).
// A page with no text gives ErrNoText.
func ParseHTML(raw []byte, baseURL string) (*Document, error) {
	p, err := ParseHTMLPage(raw, baseURL, "")
	if err != nil {
		return nil, err
	}
	return p.Document, nil
}

// ParseHTMLPage is ParseHTML for a fetched page: contentType is the
// response's Content-Type header (its charset wins over the page's own
// declaration), and the raw page's links are returned too. When the error is
// ErrNoText the page is still returned, with a nil Document and its links.
func ParseHTMLPage(raw []byte, baseURL, contentType string) (*HTMLPage, error) {
	return parseHTMLPage(raw, baseURL, contentType, nil)
}

// parseHTMLPage is ParseHTMLPage; links, when set, resolves a link
// between pages of a folder before the page's URL does (see site.link).
func parseHTMLPage(raw []byte, baseURL, contentType string, links func(href string) (string, bool)) (*HTMLPage, error) {
	text, err := decodeHTML(raw, charsetFromContentType(contentType))
	if err != nil {
		return nil, err
	}
	root, err := html.Parse(bytes.NewReader(text))
	if err != nil {
		return nil, fmt.Errorf("parsing HTML: %w", err)
	}
	base, err := url.Parse(strings.TrimSpace(baseURL))
	if err != nil {
		return nil, fmt.Errorf("page URL %q: %w", baseURL, err)
	}
	base.Fragment, base.RawFragment = "", ""
	gq := goquery.NewDocumentFromNode(root)

	docURL := base
	linkBase := base
	if href, ok := gq.Find("base[href]").First().Attr("href"); ok {
		// Only a web base: a javascript: or data: base would turn every
		// relative link into script.
		if u, err := url.Parse(strings.TrimSpace(href)); err == nil {
			if b := base.ResolveReference(u); b.Scheme == "" || b.Scheme == "http" || b.Scheme == "https" {
				linkBase = b
			}
		}
	}
	if href, ok := gq.Find("link[rel~=canonical][href]").First().Attr("href"); ok {
		if u, err := url.Parse(strings.TrimSpace(href)); err == nil {
			u = base.ResolveReference(u)
			if (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
				u.Fragment, u.RawFragment = "", ""
				docURL = u
			}
		}
	}
	r := resolver{base: linkBase, relative: linkBase.Scheme == "" && linkBase.Host == "", site: links}

	p := &HTMLPage{}
	p.NoIndex, p.NoFollow = metaRobots(gq)
	p.Hrefs = r.hrefs(root)
	if u, ok := metaRefresh(gq, r); ok && !slices.Contains(p.Hrefs, u) {
		p.Hrefs = append(p.Hrefs, u)
	}

	title := pageTitle(gq)
	clean(root)
	content := contentRoot(goquery.NewDocumentFromNode(root))
	x := &extractor{r: r}
	x.node(content)
	x.flush()
	x.writeHeld()
	if len(x.blocks) == 0 && content != nil && content.DataAtom != atom.Body {
		// The content container held no text; the page may still have some.
		if body := goquery.NewDocumentFromNode(root).Find("body"); body.Length() > 0 {
			x.walk(body.Get(0))
			x.flush()
			x.writeHeld()
		}
	}
	if len(x.blocks) == 0 {
		return p, ErrNoText
	}
	if title == "" {
		title = firstHeading(x.blocks)
	}
	sum := sha256.Sum256(raw)
	lang := htmlLang(root)
	p.Document = &Document{
		URL:         docURL.String(),
		Title:       title,
		Lang:        langTag(lang, false),
		Blocks:      x.blocks,
		ContentHash: hex.EncodeToString(sum[:]),
	}
	return p, nil
}

// htmlLang is the lang attribute of the page's <html> element.
func htmlLang(root *html.Node) string {
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == atom.Html {
			lang, _ := attr(c, "lang")
			return lang
		}
	}
	return ""
}

// pageTitle returns the text of the page's <title>, not that of an SVG
// image's <title>.
func pageTitle(gq *goquery.Document) string {
	title := ""
	gq.Find("title").EachWithBreak(func(_ int, s *goquery.Selection) bool {
		if s.Closest("svg").Length() > 0 {
			return true
		}
		title = collapse(s.Text())
		return false
	})
	return title
}

// firstHeading returns the text of the first h1, else of the first heading,
// with link markup removed.
func firstHeading(blocks []Block) string {
	best := -1
	for i, b := range blocks {
		if b.Kind != Heading {
			continue
		}
		if b.Level == 1 {
			best = i
			break
		}
		if best < 0 {
			best = i
		}
	}
	if best < 0 {
		return ""
	}
	return plainLinks(blocks[best])
}

// plainLinks returns a block's text with [text](url) written as text.
func plainLinks(b Block) string {
	s := b.Text
	for _, l := range b.Links {
		s = strings.Replace(s, "["+escapeLinkText(l.Text)+"]("+escapeLinkURL(l.URL)+")", l.Text, 1)
	}
	return s
}

// metaRefresh returns the target of a <meta http-equiv="refresh"> redirect,
// which old help centers use to move pages.
func metaRefresh(gq *goquery.Document, r resolver) (string, bool) {
	var target string
	gq.Find("meta[http-equiv][content]").EachWithBreak(func(_ int, s *goquery.Selection) bool {
		equiv, _ := s.Attr("http-equiv")
		if !strings.EqualFold(strings.TrimSpace(equiv), "refresh") {
			return true
		}
		content, _ := s.Attr("content")
		_, after, ok := strings.Cut(content, ";")
		if !ok {
			return false
		}
		after = strings.TrimSpace(after)
		if len(after) >= 4 && strings.EqualFold(after[:4], "url=") {
			after = after[4:]
		}
		target = strings.Trim(strings.TrimSpace(after), `'"`)
		return false
	})
	if target == "" {
		return "", false
	}
	u, ok := r.resolve(target)
	if !ok || !(strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://")) {
		return "", false
	}
	return u, true
}

func metaRobots(gq *goquery.Document) (noIndex, noFollow bool) {
	gq.Find("meta[name][content]").Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		if !strings.EqualFold(name, "robots") {
			return
		}
		content, _ := s.Attr("content")
		for _, v := range strings.Split(strings.ToLower(content), ",") {
			switch strings.TrimSpace(v) {
			case "noindex":
				noIndex = true
			case "nofollow":
				noFollow = true
			case "none":
				noIndex, noFollow = true, true
			}
		}
	})
	return noIndex, noFollow
}

// contentSelectors name the page's main content, best first.
var contentSelectors = []string{
	"main",
	"[role=main]",
	"article",
	"[itemprop=articleBody]",
	"#content, #main-content, #maincontent, #main_content, #article-body, #article-content, #kb-article, #fullArticle",
	".main-content, .article-body, .article-content, .article__body, .content, .page-content, .post-content, .entry-content, .kb-article, " +
		".wiki-content, .markdown-body, .rst-content, .theme-doc-markdown, .md-content, .article",
}

// contentRoot picks the node whose text is the page's content: the first
// selector that matches something with text, and of its matches the one with
// the most text; else the body. Below <main>, a match must hold a quarter of
// the page's text, so that a teaser <article> or a small .content box on a
// page that lacks a main one does not stand for the whole page.
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
		if i >= 2 {
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
		default:
			clean(c)
		}
		c = next
	}
}

func dropped(n *html.Node) bool {
	if droppedTags[n.DataAtom] {
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
	if (isChrome(class) || isChrome(id)) && !containsContent(n, true) {
		return true
	}
	return false
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

// resolver makes link targets absolute against the page's URL.
type resolver struct {
	base *url.URL
	// relative is set for pages read from a folder, whose URLs are slash
	// paths relative to the folder: resolved links keep that form.
	relative bool
	// site, if set, resolves links to other pages of the folder first.
	site func(href string) (string, bool)
}

// resolve returns the target of href, or false when the link is not one to
// keep (javascript:, fragment-only, unparsable, odd schemes).
func (r resolver) resolve(href string) (string, bool) {
	href = strings.TrimSpace(href)
	if href == "" || strings.HasPrefix(href, "#") {
		return "", false
	}
	if r.site != nil {
		if u, ok := r.site(href); ok {
			return u, true
		}
	}
	u, err := url.Parse(href)
	if err != nil {
		return "", false
	}
	switch strings.ToLower(u.Scheme) {
	case "mailto", "tel":
		return href, true
	case "", "http", "https":
	default:
		return "", false
	}
	u = r.base.ResolveReference(u)
	if u.Scheme != "" && u.Scheme != "http" && u.Scheme != "https" {
		return "", false
	}
	u.Fragment, u.RawFragment = "", ""
	if r.relative && u.Scheme == "" && u.Host == "" {
		u.Path = strings.TrimPrefix(u.Path, "/")
		u.RawPath = ""
		if u.Path == "" && u.RawQuery == "" {
			u.Path = "./"
		}
	}
	return u.String(), true
}

// hrefs returns the absolute http(s) targets of every <a href> in the tree.
func (r resolver) hrefs(root *html.Node) []string {
	var out []string
	seen := make(map[string]bool)
	var visit func(n *html.Node)
	visit = func(n *html.Node) {
		if n.Type == html.ElementNode && (n.DataAtom == atom.A || n.DataAtom == atom.Area) {
			if href, ok := attr(n, "href"); ok {
				if u, ok := r.resolve(href); ok && !seen[u] &&
					(strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://")) {
					seen[u] = true
					out = append(out, u)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(root)
	return out
}

// listState is where the extractor is within lists.
type listState struct {
	depth   int  // nesting depth of the innermost list, 0 outside lists
	ordered bool // the innermost list is ordered
	inItem  bool // text goes to a list item
}

// extractor turns a cleaned tree into blocks. Inline content accumulates in
// buf until a block boundary flushes it as one block.
type extractor struct {
	r      resolver
	blocks []Block
	buf    strings.Builder
	links  []Link
	list   listState
	inline int // > 0 inside headings, table cells and links: no block breaks
	// held are the blocks of notes that opened the current section, to be
	// written after its own text (html_notes.go).
	held []Block
}

// flush emits the pending inline text as a paragraph or list item.
func (x *extractor) flush() {
	text, links := x.take()
	if text == "" {
		return
	}
	b := Block{Kind: Paragraph, Text: text, Links: links}
	if x.list.inItem {
		b.Kind, b.Depth, b.Ordered = ListItem, x.list.depth, x.list.ordered
	}
	x.blocks = append(x.blocks, b)
}

// linkMark sits between "]" and "(" of the links the extractor writes,
// until take: a "](" still in the text then came from the page's own words,
// and is broken up so that it never renders as a link the page did not
// make. It is a private-use character, dropped from page text.
const linkMark = "\ue000"

// ownLinks keeps the extractor's links and breaks up the page's literal ones.
var ownLinks = strings.NewReplacer("]"+linkMark+"(", "](", "](", "] (", linkMark, "")

// take returns and clears the pending inline text.
func (x *extractor) take() (string, []Link) {
	text := collapse(x.buf.String())
	if strings.Contains(text, "](") || strings.Contains(text, linkMark) {
		text = ownLinks.Replace(text)
	}
	links := x.links
	x.buf.Reset()
	x.links = nil
	if text == "" {
		return "", nil
	}
	return text, links
}

// space separates the text of adjacent block elements inside inline content.
func (x *extractor) space() { x.buf.WriteByte(' ') }

// breakBlock ends the current block, or only separates words where blocks
// cannot break.
func (x *extractor) breakBlock() {
	if x.inline > 0 || x.list.inItem {
		x.space()
		return
	}
	x.flush()
}

func (x *extractor) walk(n *html.Node) {
	if n == nil {
		return
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		x.node(c)
	}
}

func (x *extractor) node(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		x.buf.WriteString(strings.ReplaceAll(n.Data, linkMark, ""))
		return
	case html.ElementNode:
	default:
		x.walk(n)
		return
	}
	if x.inline > 0 {
		x.inlineNode(n)
		return
	}
	switch n.DataAtom {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		x.flush()
		x.writeHeld()
		x.inline++
		x.walk(n)
		x.inline--
		if text, links := x.take(); text != "" {
			level := int(n.Data[1] - '0')
			// A heading with the role of a tab is how the Markdown reader
			// writes a tab's label (dialectWriter.tabHeading).
			role, _ := attr(n, "role")
			x.blocks = append(x.blocks, Block{Kind: Heading, Level: level, Text: text, Links: links, Tab: strings.EqualFold(role, "tab")})
		}
	case atom.Ul, atom.Ol, atom.Menu, atom.Dir:
		x.flush()
		x.listItems(n, n.DataAtom == atom.Ol)
	case atom.Li:
		// An item outside any list: untidy markup.
		x.flush()
		x.item(n, x.list.depth+1, x.list.ordered)
	case atom.Dl:
		x.flush()
		x.walk(n)
		x.flush()
	case atom.Dt:
		x.flush()
		x.walk(n)
		x.flush()
	case atom.Dd:
		x.flush()
		x.item(n, x.list.depth+1, false)
	case atom.Table:
		x.flush()
		x.table(n)
	case atom.Pre:
		x.pre(n)
	case atom.Br, atom.Hr:
		x.breakBlock()
	case atom.A:
		x.link(n)
	case atom.P, atom.Div, atom.Section, atom.Blockquote:
		if !x.list.inItem && x.opensSection() && asideNote(n) {
			x.holdNote(n)
			return
		}
		x.breakBlock()
		x.walk(n)
		x.breakBlock()
	case atom.Article, atom.Main, atom.Header,
		atom.Address, atom.Figure, atom.Figcaption, atom.Center, atom.Fieldset, atom.Details,
		atom.Summary, atom.Hgroup, atom.Caption, atom.Form, atom.Legend, atom.Tr, atom.Td, atom.Th,
		atom.Tbody, atom.Thead, atom.Tfoot, atom.Body:
		x.breakBlock()
		x.walk(n)
		x.breakBlock()
	default:
		x.walk(n)
	}
}

// inlineNode handles an element inside a heading, table cell or link.
func (x *extractor) inlineNode(n *html.Node) {
	switch n.DataAtom {
	case atom.A:
		x.link(n)
	case atom.Span, atom.B, atom.Strong, atom.I, atom.Em, atom.U, atom.Code, atom.Small,
		atom.Abbr, atom.Font, atom.Nobr, atom.Mark, atom.Sup, atom.Sub, atom.Kbd, atom.S,
		atom.Q, atom.Cite, atom.Time, atom.Label, atom.Var, atom.Samp, atom.Big, atom.Tt:
		x.walk(n)
	default:
		x.space()
		x.walk(n)
		x.space()
	}
}

// listItems emits the items of a ul or ol, treating stray content in the
// list as items too.
func (x *extractor) listItems(list *html.Node, ordered bool) {
	depth := x.list.depth + 1
	for c := list.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) == "":
		case c.Type == html.ElementNode && (c.DataAtom == atom.Ul || c.DataAtom == atom.Ol):
			// A list directly inside a list: nest it under the last item.
			save := x.list
			x.list = listState{depth: depth, ordered: ordered}
			x.listItems(c, c.DataAtom == atom.Ol)
			x.list = save
		default:
			x.item(c, depth, ordered)
		}
	}
}

// item emits one list item: its own text as one block, nested lists as
// deeper blocks, text after a nested list as another block at its depth.
func (x *extractor) item(n *html.Node, depth int, ordered bool) {
	save := x.list
	x.list = listState{depth: depth, ordered: ordered, inItem: true}
	if n.Type == html.ElementNode {
		x.walk(n)
	} else {
		x.node(n)
	}
	x.flush()
	x.list = save
}

// table emits a data table as rows, or walks a layout table as blocks.
func (x *extractor) table(t *html.Node) {
	rows := tableRows(t)
	if isLayoutTable(t, rows) {
		x.walkLayout(t)
		return
	}
	saveList := x.list
	x.list = listState{}
	for _, c := range childElements(t, atom.Caption) {
		x.inline++
		x.walk(c)
		x.inline--
		x.flush()
	}
	for _, tr := range rows {
		var cells []string
		var links []Link
		nonEmpty := false
		for _, cell := range childElements(tr, atom.Td, atom.Th) {
			x.inline++
			x.walk(cell)
			x.inline--
			text, l := x.take()
			cells = append(cells, text)
			links = append(links, l...)
			nonEmpty = nonEmpty || text != ""
		}
		if nonEmpty {
			x.blocks = append(x.blocks, Block{Kind: TableRow, Text: strings.Join(cells, " | "), Links: links})
		}
	}
	x.list = saveList
}

// walkLayout walks a table used for page layout as ordinary blocks.
func (x *extractor) walkLayout(t *html.Node) {
	saveList := x.list
	x.list = listState{depth: saveList.depth}
	x.walk(t)
	x.flush()
	x.list = saveList
}

// tableRows returns the rows of t, not of tables nested in it.
func tableRows(t *html.Node) []*html.Node {
	var rows []*html.Node
	for c := t.FirstChild; c != nil; c = c.NextSibling {
		switch c.DataAtom {
		case atom.Tr:
			rows = append(rows, c)
		case atom.Thead, atom.Tbody, atom.Tfoot:
			rows = append(rows, childElements(c, atom.Tr)...)
		}
	}
	return rows
}

// isLayoutTable reports whether a table lays out content rather than holding
// data: one column, or cells holding headings, lists of paragraphs or tables.
func isLayoutTable(t *html.Node, rows []*html.Node) bool {
	maxCells := 0
	for _, tr := range rows {
		maxCells = max(maxCells, len(childElements(tr, atom.Td, atom.Th)))
	}
	if maxCells <= 1 {
		return true
	}
	layout := false
	var visit func(n *html.Node)
	visit = func(n *html.Node) {
		for c := n.FirstChild; c != nil && !layout; c = c.NextSibling {
			switch c.DataAtom {
			case atom.Table, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
				layout = true
				return
			}
			visit(c)
		}
	}
	visit(t)
	return layout
}

func childElements(n *html.Node, atoms ...atom.Atom) []*html.Node {
	var out []*html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		for _, a := range atoms {
			if c.DataAtom == a {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// pre emits preformatted text one line per block, since a block is a line.
func (x *extractor) pre(n *html.Node) {
	if x.list.inItem {
		x.walk(n)
		return
	}
	x.flush()
	var sb strings.Builder
	textOf(n, &sb)
	for _, line := range strings.Split(sb.String(), "\n") {
		if line = ownLinks.Replace(collapse(line)); line != "" {
			x.blocks = append(x.blocks, Block{Kind: Paragraph, Text: line})
		}
	}
}

func textOf(n *html.Node, sb *strings.Builder) {
	if n.Type == html.TextNode {
		sb.WriteString(n.Data)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		textOf(c, sb)
	}
}

// link writes an <a> as [text](url), or as its text when the target is not
// kept. A link with no text (an icon) is dropped.
func (x *extractor) link(n *html.Node) {
	var sb strings.Builder
	textOf(n, &sb)
	raw := strings.ReplaceAll(sb.String(), linkMark, "")
	text := collapse(raw)
	if text == "" {
		for _, k := range []string{"aria-label", "title"} {
			if v, _ := attr(n, k); collapse(v) != "" {
				text = collapse(v)
				break
			}
		}
	}
	if text == "" {
		return
	}
	href, _ := attr(n, "href")
	if strings.HasPrefix(strings.TrimSpace(href), "#") && isSymbol(text) {
		return // a heading's permalink: ¶, #, §
	}
	if startsWithSpace(raw) {
		x.space()
	}
	if u, ok := x.r.resolve(href); ok {
		x.buf.WriteString("[" + escapeLinkText(text) + "]" + linkMark + "(" + escapeLinkURL(u) + ")")
		x.links = append(x.links, Link{Text: text, URL: u})
	} else {
		x.buf.WriteString(text)
	}
	if endsWithSpace(raw) {
		x.space()
	}
}

// isSymbol reports whether s is one character that is not a letter or digit.
func isSymbol(s string) bool {
	r, size := utf8.DecodeRuneInString(s)
	return size == len(s) && !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

func startsWithSpace(s string) bool {
	return s != "" && strings.TrimLeft(s, " \t\r\n\f\u00a0") != s
}

func endsWithSpace(s string) bool {
	return s != "" && strings.TrimRight(s, " \t\r\n\f\u00a0") != s
}

var linkTextEscaper = strings.NewReplacer(`[`, `\[`, `]`, `\]`)

// escapeLinkText keeps brackets in link text from ending the link early.
func escapeLinkText(s string) string { return linkTextEscaper.Replace(s) }

var linkURLEscaper = strings.NewReplacer(`(`, `%28`, `)`, `%29`, ` `, `%20`)

// escapeLinkURL keeps parentheses in a URL from ending the link early.
func escapeLinkURL(s string) string { return linkURLEscaper.Replace(s) }

// invisible are characters dropped from page text: zero-width ones, and the
// bidirectional embeddings, overrides and isolates, which would let a page
// reorder what the chat and the admin pages show around its text.
const invisible = "\u200b\u200c\u200d\ufeff\u00ad\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"

var dropInvisible = strings.NewReplacer(
	"\u200b", "", "\u200c", "", "\u200d", "", "\ufeff", "", "\u00ad", "",
	"\u202a", "", "\u202b", "", "\u202c", "", "\u202d", "", "\u202e", "",
	"\u2066", "", "\u2067", "", "\u2068", "", "\u2069", "",
)

// collapse trims s and folds each run of white space to one space, dropping
// invisible characters and anything not valid UTF-8.
func collapse(s string) string {
	s = strings.ToValidUTF8(s, "")
	if strings.ContainsAny(s, invisible) {
		s = dropInvisible.Replace(s)
	}
	return strings.Join(strings.Fields(s), " ")
}

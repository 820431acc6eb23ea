package page

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

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
	delay, refreshTo := refresh(gq)
	if u, ok := metaRefresh(refreshTo, r); ok && !slices.Contains(p.Hrefs, u) {
		p.Hrefs = append(p.Hrefs, u)
	}

	makeinfo := generatedByMakeinfo(gq)
	if generatedPage(gq) || confluenceIndex(gq) || immediateRedirect(delay, refreshTo) {
		return p, ErrGenerated
	}
	title := withoutSiteName(pageTitle(gq), gq, docURL)
	keywords := metaKeywords(gq)
	if makeinfo {
		// Its keywords are the <title> again, the manual's name in it.
		title, keywords = texinfoTitle(title), nil
	}
	conf, isConf := readConfluence(gq)
	if isConf {
		title = conf.title
	}
	if doc, ok := readGoogleDoc(gq); ok {
		if doc.title != "" {
			title = doc.title
		}
		if doc.subtitle != "" {
			keywords = Keywords(append(keywords, doc.subtitle)...)
		}
	}
	crumb := htmlBreadcrumb(gq, title, docURL, linkBase)
	if isConf {
		crumb = conf.breadcrumb // the export's, less its space
	}
	docbook := generatedByDocBook(gq)
	if xhpHelp(gq) {
		readXHPHelp(root)
	}
	if docbook {
		readDocBookQanda(root)
		readDocBookSidebars(root)
	}
	index := makeinfo && readTexinfo(root)
	purpose := manPagePurpose(gq)
	clean(root)
	content := contentRoot(goquery.NewDocumentFromNode(root))
	x := &extractor{r: r}
	x.node(content)
	x.flush()
	x.writeHeld()
	if len(x.blocks) == 0 && content != nil && content.DataAtom != atom.Body {
		// The content container held no text; the page may still have some.
		if body := goquery.NewDocumentFromNode(root).Find("body"); body.Length() > 0 {
			x.tabsEnds = nil
			x.walk(body.Get(0))
			x.flush()
			x.writeHeld()
		}
	}
	if index && !slices.ContainsFunc(x.blocks, func(b Block) bool { return b.Kind != Heading }) {
		return p, ErrGenerated // an index node: its title and its index
	}
	if purpose != "" {
		// What the command does opens the page, as it does on screen.
		x.blocks = slices.Insert(x.blocks, 0, Block{Kind: Paragraph, Text: purpose})
		for i := range x.tabsEnds {
			x.tabsEnds[i]++
		}
	}
	if len(x.blocks) == 0 {
		return p, ErrNoText
	}
	x.markTabsEnds()
	leadTabSets(x.blocks)
	// The section numbers a documentation tool writes before headings.
	var label *regexp.Regexp
	switch {
	case docbook:
		label, title = sectionLabel, withoutSectionLabel(title)
	case makeinfo:
		label = texinfoSectionLabel
	}
	if label != nil {
		for i, b := range x.blocks {
			if b.Kind == Heading {
				x.blocks[i].Text = withoutLabel(label, b.Text)
			}
		}
	}
	if makeinfo {
		// A node's name is short ("Complex"); its heading says what it
		// is about ("Complex Types").
		if h := firstHeading(x.blocks); h != "" {
			title = h
		}
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
		Breadcrumb:  crumb,
		Keywords:    keywords,
	}
	return p, nil
}

// metaKeywords reads the keywords a page declares for search: <meta
// name="keywords"> and schema.org's <meta itemprop="keywords">. One tag
// holds a comma-separated list; a page that repeats the tag gives one
// keyword a tag (LibreOffice's help, one per index entry: "words,
// counting in text" is one entry, not the keyword "words").
func metaKeywords(gq *goquery.Document) []string {
	var tags []string
	gq.Find("meta[content]").Each(func(_ int, s *goquery.Selection) {
		name, _ := s.Attr("name")
		prop, _ := s.Attr("itemprop")
		if strings.EqualFold(name, "keywords") || strings.EqualFold(prop, "keywords") {
			content, _ := s.Attr("content")
			tags = append(tags, content)
		}
	})
	if len(tags) == 1 {
		tags = strings.Split(tags[0], ",")
	}
	return Keywords(tags...)
}

// htmlLang is the lang attribute of the page's <html> element, else of its
// <body> (GNOME's Yelp pages put it there).
func htmlLang(root *html.Node) string {
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || c.DataAtom != atom.Html {
			continue
		}
		if lang, _ := attr(c, "lang"); lang != "" {
			return lang
		}
		for b := c.FirstChild; b != nil; b = b.NextSibling {
			if b.Type == html.ElementNode && b.DataAtom == atom.Body {
				lang, _ := attr(b, "lang")
				return lang
			}
		}
		return ""
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

// titleSeparators stand between a page's own title and its site's name in
// a <title> ("Sending email — Example 1.0 documentation").
var titleSeparators = []string{" — ", " – ", " | ", " · ", " :: ", " - "}

// TitleTails returns the ends of title that begin at one of the
// separators a site's name stands behind ("Reset — Acme Help" gives
// " — Acme Help"), shortest first: a site names itself after the last
// separator, or after an earlier one with a section's name between
// ("Apply | Benefits | SSA").
func TitleTails(title string) []string {
	var tails []string
	for i := len(title) - 1; i > 0; i-- {
		for _, sep := range titleSeparators {
			if strings.HasPrefix(title[i:], sep) && strings.TrimSpace(title[i+len(sep):]) != "" {
				tails = append(tails, title[i:])
				break
			}
		}
	}
	return tails
}

// TailName returns the name a title's tail (one of TitleTails) gives
// after its separator: "Acme Help" for " — Acme Help".
func TailName(tail string) string {
	for _, sep := range titleSeparators {
		if name, ok := strings.CutPrefix(tail, sep); ok {
			return strings.TrimSpace(name)
		}
	}
	return strings.TrimSpace(tail)
}

// withoutSiteName drops the site's (or the book's) name from the end of a
// page's title when the page says it is the site's name: the text of one of
// its links to a home page or the title of its <link rel="home"> (Sphinx
// writes "Page — Project 1.0 documentation" on every page, the name linked
// to the contents; a hosted help center "Article – Acme Help Center", the
// name linked to its home above the page's folder, /hc/en-us). Left in, it
// is a title of every page (whole-page search counts titles twice) and the
// start of every option placed by its page. A tail no home link names
// ("Index - Keyword Search in the Help") stays. page is the page's URL.
func withoutSiteName(title string, gq *goquery.Document, page *url.URL) string {
	cut, tail := -1, ""
	for _, sep := range titleSeparators {
		if i := strings.LastIndex(title, sep); i > 0 && i > cut {
			cut, tail = i, strings.TrimSpace(title[i+len(sep):])
		}
	}
	if cut < 0 || tail == "" {
		return title
	}
	named := false
	gq.Find(`link[rel][title], a[href]`).EachWithBreak(func(_ int, s *goquery.Selection) bool {
		if goquery.NodeName(s) == "link" {
			rel, _ := s.Attr("rel")
			name, _ := s.Attr("title")
			named = homeRel(rel) && strings.EqualFold(collapse(name), tail)
			return !named
		}
		href, _ := s.Attr("href")
		named = (homeHref(href) || leadsUp(href, page)) && strings.EqualFold(collapse(s.Text()), tail)
		return !named
	})
	if !named {
		return title
	}
	return strings.TrimSpace(title[:cut])
}

// homeRel reports whether a <link>'s rel names the site's first page.
func homeRel(rel string) bool {
	for _, r := range strings.Fields(strings.ToLower(rel)) {
		if r == "home" || r == "top" || r == "start" {
			return true
		}
	}
	return false
}

// homeHref reports whether href leads up to a first page, naming no folder
// on the way: "/", "../", "index.html", "../../index.html" (a site's home,
// or the first page of the folder the page is in). "protection/" or
// "/app/protection/" lead down to a topic: a heading linked there is the
// topic's own.
func homeHref(href string) bool {
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil || u.Path == "" || u.Host != "" {
		return false
	}
	segments := strings.Split(u.Path, "/")
	for i, seg := range segments {
		switch {
		case seg == "" || seg == "." || seg == "..":
		case i == len(segments)-1 && (strings.EqualFold(seg, "index.html") || strings.EqualFold(seg, "index.htm")):
		default:
			return false
		}
	}
	return true
}

// leadsUp reports whether href leads to a folder page lies in, on its host:
// a help center's home above its articles ("/hc/en-us" for
// "/hc/en-us/articles/123-Reset").
func leadsUp(href string, page *url.URL) bool {
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil || page == nil {
		return false
	}
	u = page.ResolveReference(u)
	folder := strings.TrimSuffix(u.Path, "/")
	return u.Host == page.Host && folder != "" && strings.HasPrefix(page.Path, folder+"/") && len(page.Path) > len(folder)+1
}

// siteBanner reports whether n is a heading that is nothing but a link to
// a home page: the site's or the book's name above every page (Django's
// theme writes "<h1><a href="../index.html">Django 3.2.25
// documentation</a></h1>" before the page's own h1). Read as a heading it
// became each page's first h1, so the page's own title a section of it.
func siteBanner(n *html.Node) bool {
	if !isHeading(n) {
		return false
	}
	var link *html.Node
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch {
		case c.Type == html.TextNode && strings.TrimSpace(c.Data) == "":
		case c.Type == html.ElementNode && c.DataAtom == atom.A && link == nil:
			link = c
		default:
			return false
		}
	}
	if link == nil {
		return false
	}
	href, _ := attr(link, "href")
	var sb strings.Builder
	textOf(link, &sb)
	return homeHref(href) && strings.IndexFunc(sb.String(), isWordRune) >= 0
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

// metaRefresh returns the URL target, a <meta http-equiv="refresh">
// redirect's (refresh), leads to: old help centers move pages so.
func metaRefresh(target string, r resolver) (string, bool) {
	if target == "" {
		return "", false
	}
	u, ok := r.resolve(target)
	if !ok || !(strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://")) {
		return "", false
	}
	return u, true
}

// immediateRedirect reports whether a page's refresh (delay and target,
// from refresh) sends its reader on at once (content="0; url=…"): a stub
// written where a page used to be or for each anchor of a manual
// (Texinfo's XREF pages, Hugo's aliases, mkdocs-redirects,
// jekyll-redirect-from), with a line such as "Redirecting…" or "The node
// you are looking for is at …" and no text of its own. The Octave manual
// has 2,324 of them beside its 568 nodes.
func immediateRedirect(delay, target string) bool {
	seconds, err := strconv.ParseFloat(delay, 64)
	return target != "" && err == nil && seconds == 0
}

// refresh returns the delay and the target of the page's first <meta
// http-equiv="refresh">, "" and "" when it has none that names a target.
func refresh(gq *goquery.Document) (delay, target string) {
	gq.Find("meta[http-equiv][content]").EachWithBreak(func(_ int, s *goquery.Selection) bool {
		equiv, _ := s.Attr("http-equiv")
		if !strings.EqualFold(strings.TrimSpace(equiv), "refresh") {
			return true
		}
		content, _ := s.Attr("content")
		d, after, ok := strings.Cut(content, ";")
		if !ok {
			return false
		}
		after = strings.TrimSpace(after)
		if len(after) >= 4 && strings.EqualFold(after[:4], "url=") {
			after = after[4:]
		}
		delay, target = strings.TrimSpace(d), strings.Trim(strings.TrimSpace(after), `'"`)
		return false
	})
	return delay, target
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
// keep (javascript:, fragment-only, unparsable, odd schemes). A
// fragment-only link is kept only where the site says where it leads (a
// DocBook cross-reference to a section of a book that is split).
func (r resolver) resolve(href string) (string, bool) {
	href = strings.TrimSpace(href)
	if href == "" {
		return "", false
	}
	if r.site != nil {
		if u, ok := r.site(href); ok {
			return u, true
		}
	}
	if strings.HasPrefix(href, "#") {
		return "", false
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

// Package helpdesk reads the knowledge base of a hosted help desk through
// the help desk's own API: one subpackage per help desk (zendesk, intercom,
// freshdesk, helpscout, chatwoot; confluence and mediawiki, a wiki's pages), each a Reader that hands the builder its published articles
// as page documents, the way a folder of pages (page.Dir) or a crawl does.
//
// This package holds what they share: the API client with its retries, and
// the turning of an article (title, HTML body, public URL, locale, the
// names of the sections it sits in) into a page.Document through the HTML
// page reader, with links between articles pointed at the linked article's
// public URL, so that the builder makes them reference edges.
package helpdesk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/url"
	"os"
	"regexp"
	"strings"

	xhtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/helpgraph/helpgraph/page"
)

// Article is one published article of a help desk.
type Article struct {
	ID    string
	Title string
	// URL is the article's public page (Zendesk's html_url, Intercom's
	// url): the page URL customers are shown as the source.
	URL string
	// Body is the article's HTML.
	Body   string
	Locale string
	// Breadcrumb names the category, section or collection the article
	// sits in, outermost first.
	Breadcrumb []string
	// Keywords are the labels or tags the team gave the article for
	// search (Zendesk's label_names, Freshdesk's tags), or its short
	// description (Intercom's).
	Keywords []string
}

// Location is where a help desk's articles come from: an API base URL, or
// a file holding one answer of its article list (an export).
type Location struct {
	URL  *url.URL
	File string
}

// ParseLocation reads a --zendesk/--intercom/--freshdesk/--helpscout/--confluence/--mediawiki argument: an
// http(s) URL, or the path of an existing file.
func ParseLocation(s string) (Location, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Location{}, errors.New("no help desk URL or file given")
	}
	if strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") {
		u, err := url.Parse(s)
		if err != nil || u.Host == "" {
			return Location{}, fmt.Errorf("help desk URL %q is not a valid http(s) URL", s)
		}
		u.Fragment, u.RawFragment, u.RawQuery = "", "", ""
		u.Path = strings.TrimSuffix(u.Path, "/")
		return Location{URL: u}, nil
	}
	st, err := os.Stat(s)
	if err != nil {
		return Location{}, fmt.Errorf("%q is neither an http(s) URL nor a readable file: %w", s, err)
	}
	if st.IsDir() {
		return Location{}, fmt.Errorf("%q is a folder; give the help desk's URL or a file of its API's JSON", s)
	}
	return Location{File: s}, nil
}

// ReadFile decodes a JSON file into v.
func ReadFile(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return nil
}

// ID is an API id written as a JSON number or string (Intercom writes both).
type ID string

// UnmarshalJSON takes a number, a string or null.
func (id *ID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case string(b) == "null":
		*id = ""
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*id = ID(s)
	default:
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return fmt.Errorf("id %s: %w", b, err)
		}
		*id = ID(n.String())
	}
	return nil
}

// articlePath matches the path of an article's public page in all the
// help desks: Zendesk /hc/en-us/articles/123-Slug, Intercom
// /en/articles/123-slug, Freshdesk /support/solutions/articles/123-slug,
// Help Scout /article/123-slug (by the article's number), Confluence
// /wiki/spaces/SUP/pages/123/Title (or ?pageId=123, pageID).
var articlePath = regexp.MustCompile(`/(?:articles?/(\d+)(?:-[^/]*)?|pages/(\d+)(?:/[^/]*)?)/?$`)

// articleID is the id of the article at u, or "".
func articleID(u *url.URL) string {
	if m := articlePath.FindStringSubmatch(u.Path); m != nil {
		return m[1] + m[2]
	}
	return u.Query().Get("pageId")
}

// Each turns articles into page documents and calls fn with each, in
// order. A link to another of the articles, by its public URL on any of
// their hosts whatever the slug or locale, is pointed at that article's URL
// (of the same locale when there is one). An article whose body has no
// text is returned as a page error; fn's error stops it.
func Each(ctx context.Context, articles []Article, fn func(*page.Document) error) ([]page.PageError, error) {
	links := newLinkTable(articles)
	var failed []page.PageError
	seen := make(map[string]bool)
	for _, a := range articles {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if seen[a.URL] {
			continue // an article listed twice (a page boundary moved)
		}
		seen[a.URL] = true
		doc, err := Document(a, links.resolve)
		if err != nil {
			failed = append(failed, page.PageError{URL: a.URL, Err: err})
			continue
		}
		if err := fn(doc); err != nil {
			return nil, err
		}
	}
	return failed, nil
}

// Document renders a as an HTML page (its title as <title> and <h1>, its
// locale as <html lang>, its URL as the canonical link) and reads it with
// the HTML page reader. resolve, if set, rewrites each link's target.
func Document(a Article, resolve func(from Article, href string) string) (*page.Document, error) {
	if a.URL == "" {
		return nil, errors.New("article has no public URL")
	}
	body := a.Body
	// Only a body that may link to an article is parsed an extra time.
	if resolve != nil && (strings.Contains(body, "articles/") || strings.Contains(body, "article/") ||
		strings.Contains(body, "pages/") || strings.Contains(body, "pageId=")) {
		var err error
		if body, err = rewriteLinks(body, func(href string) string { return resolve(a, href) }); err != nil {
			return nil, err
		}
	}
	var sb strings.Builder
	sb.WriteString("<!DOCTYPE html><html")
	if a.Locale != "" {
		fmt.Fprintf(&sb, ` lang="%s"`, html.EscapeString(a.Locale))
	}
	fmt.Fprintf(&sb, `><head><meta charset="utf-8"><title>%s</title><link rel="canonical" href="%s"></head><body><main><h1>%s</h1>`,
		html.EscapeString(a.Title), html.EscapeString(a.URL), html.EscapeString(a.Title))
	sb.WriteString(body)
	sb.WriteString("</main></body></html>")
	doc, err := page.ParseHTML([]byte(sb.String()), a.URL)
	if err != nil {
		return nil, err
	}
	doc.Breadcrumb = a.Breadcrumb
	doc.Keywords = page.Keywords(a.Keywords...)
	return doc, nil
}

// rewriteLinks parses an article body and maps each <a href> through fn.
func rewriteLinks(body string, fn func(href string) string) (string, error) {
	ctx := &xhtml.Node{Type: xhtml.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := xhtml.ParseFragment(strings.NewReader(body), ctx)
	if err != nil {
		return "", fmt.Errorf("parsing article body: %w", err)
	}
	var visit func(n *xhtml.Node)
	visit = func(n *xhtml.Node) {
		if n.Type == xhtml.ElementNode && n.DataAtom == atom.A {
			for i, at := range n.Attr {
				if at.Key == "href" && at.Namespace == "" {
					n.Attr[i].Val = fn(at.Val)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	var buf bytes.Buffer
	for _, n := range nodes {
		visit(n)
		if err := xhtml.Render(&buf, n); err != nil {
			return "", fmt.Errorf("rendering article body: %w", err)
		}
	}
	return buf.String(), nil
}

// linkTable finds the article a link means.
type linkTable struct {
	hosts map[string]bool
	urls  map[string]string // id + "\x00" + locale → URL
	any   map[string]string // id → URL of one of its locales
}

func newLinkTable(articles []Article) *linkTable {
	t := &linkTable{hosts: map[string]bool{}, urls: map[string]string{}, any: map[string]string{}}
	for _, a := range articles {
		u, err := url.Parse(a.URL)
		if err != nil || a.ID == "" {
			continue
		}
		t.hosts[strings.ToLower(u.Host)] = true
		t.urls[a.ID+"\x00"+a.Locale] = a.URL
		if _, ok := t.any[a.ID]; !ok {
			t.any[a.ID] = a.URL
		}
	}
	return t
}

// resolve returns the URL of the article href (in from's body) means, or
// href itself when it means none of them.
func (t *linkTable) resolve(from Article, href string) string {
	base, err := url.Parse(from.URL)
	if err != nil {
		return href
	}
	u, err := url.Parse(strings.TrimSpace(href))
	if err != nil {
		return href
	}
	u = base.ResolveReference(u)
	if !t.hosts[strings.ToLower(u.Host)] {
		return href
	}
	id := articleID(u)
	if id == "" {
		return href
	}
	target, ok := t.urls[id+"\x00"+from.Locale]
	if !ok {
		if target, ok = t.any[id]; !ok {
			return href
		}
	}
	if u.Fragment != "" {
		target += "#" + u.Fragment
	}
	return target
}

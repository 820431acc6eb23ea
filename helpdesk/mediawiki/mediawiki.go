// Package mediawiki reads a help center kept on a MediaWiki: every page
// of its main and Help namespaces, through the wiki's Action API
// (api.php), or from a file of its Special:Export XML. A page's wikitext
// is read by the page package's MediaWiki reader; a [[link]] to another
// page read, directly or through a redirect, leads to that page's URL,
// so that the builder makes it a reference edge.
package mediawiki

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/helpgraph/helpgraph/helpdesk"
	"github.com/helpgraph/helpgraph/page"
)

// Namespaces read: the main one (0) and Help (12), where a wiki keeps
// its help pages. Templates, files, categories, users and talk pages are
// no help pages.
var namespaces = []int{0, 12}

// Reader reads a wiki's pages. It is a kgbuild.Source.
type Reader struct {
	Client *helpdesk.Client
	API    *url.URL // the wiki's api.php; unset when File is set
	File   string   // a Special:Export XML file
	creds  credentials
}

// userAgent names the reader to the wiki, as Wikimedia's API etiquette
// asks of every client.
const userAgent = "HelpgraphBot (+https://github.com/helpgraph/helpgraph)"

// New returns a Reader of loc. A public wiki needs no credentials; a
// private one, a bot password's user and password (see login).
func New(loc helpdesk.Location, user, password string) (*Reader, error) {
	if (user == "") != (password == "") {
		return nil, fmt.Errorf("mediawiki: set both %s and %s (a bot password from Special:BotPasswords), or neither for a public wiki", EnvUser, EnvPassword)
	}
	c := &helpdesk.Client{Header: http.Header{"User-Agent": {userAgent}}, Credentials: EnvUser + " and " + EnvPassword}
	return &Reader{Client: c, API: loc.URL, File: loc.File, creds: credentials{user, password}}, nil
}

// wikiPage is one page of the wiki, with its latest wikitext.
type wikiPage struct {
	Title string
	NS    int
	URL   string
	Lang  string
	Text  string
	// RedirectTo is the title a redirect leads to; a redirect is no page.
	RedirectTo string
}

// Each calls fn with each page of the wiki.
func (r *Reader) Each(ctx context.Context, fn func(*page.Document) error) ([]page.PageError, error) {
	var pages []wikiPage
	var err error
	if r.File != "" {
		pages, err = readExport(ctx, r.File)
	} else {
		pages, err = r.fetch(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("mediawiki: %w", err)
	}
	r.Client.Log().Info("mediawiki: pages listed", "pages", len(pages))
	return each(ctx, pages, fn)
}

// each reads pages as documents, in order, and calls fn with each. A page
// that cannot be read (no text) is returned as a page error.
func each(ctx context.Context, pages []wikiPage, fn func(*page.Document) error) ([]page.PageError, error) {
	link := newLinkTable(pages)
	var failed []page.PageError
	seen := make(map[string]bool)
	for _, p := range pages {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if p.RedirectTo != "" || !readNamespace(p.NS) || seen[p.URL] {
			continue
		}
		seen[p.URL] = true
		doc, err := page.ParseWikitext([]byte(p.Text), link.name(p.Title), p.URL, link.resolve)
		if err != nil {
			failed = append(failed, page.PageError{URL: p.URL, Err: err})
			continue
		}
		if p.Lang != "" {
			doc.Lang = p.Lang
		}
		doc.Breadcrumb = link.parents(p.Title)
		if err := fn(doc); err != nil {
			return nil, err
		}
	}
	return failed, nil
}

func readNamespace(ns int) bool {
	for _, n := range namespaces {
		if n == ns {
			return true
		}
	}
	return false
}

// linkTable finds a page by a link's name: its title, or a redirect's.
type linkTable struct {
	urls  map[string]string // folded title → page URL
	names map[string]string // folded title → title without its namespace
}

func newLinkTable(pages []wikiPage) linkTable {
	t := linkTable{urls: map[string]string{}, names: map[string]string{}}
	for _, p := range pages {
		if p.RedirectTo == "" && readNamespace(p.NS) {
			name := p.Title
			if _, rest, ok := strings.Cut(name, ":"); ok && p.NS != 0 {
				name = rest // "Help:Billing"
			}
			t.urls[foldTitle(p.Title)] = p.URL
			t.names[foldTitle(p.Title)] = name
		}
	}
	for _, p := range pages {
		if p.RedirectTo == "" {
			continue
		}
		target, _, _ := strings.Cut(p.RedirectTo, "#")
		if u, ok := t.urls[foldTitle(target)]; ok {
			if _, taken := t.urls[foldTitle(p.Title)]; !taken {
				t.urls[foldTitle(p.Title)] = u
			}
		}
	}
	return t
}

// resolve returns the URL of the page a [[link]] names.
func (t linkTable) resolve(name string) (string, bool) {
	u, ok := t.urls[foldTitle(name)]
	return u, ok
}

// name is how the page titled title is called on its own: without its
// namespace, a subpage by its last part ("Refunds" for
// "Help:Billing/Refunds", whose parents are its breadcrumb).
func (t linkTable) name(title string) string {
	n := t.names[foldTitle(title)]
	return n[strings.LastIndex(n, "/")+1:]
}

// parents is the breadcrumb of a subpage ("Manual/Install/Linux"): the
// names of the pages above it that the wiki has.
func (t linkTable) parents(title string) []string {
	var crumb []string
	for i, c := range title {
		if c != '/' {
			continue
		}
		if _, ok := t.names[foldTitle(title[:i])]; ok {
			crumb = append(crumb, t.name(title[:i]))
		}
	}
	return crumb
}

// foldTitle makes titles comparable: an underscore is a space, runs of
// spaces are one, and case does not count (MediaWiki ignores the first
// letter's; a namespace's name is written in any case; a wiki rarely
// has two titles that differ in case alone).
func foldTitle(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(s, "_", " ")), " "))
}

// pageURL is the address of the page titled title on a wiki whose main
// page is at mainPage (an export's <base>): the title, spaces written as
// underscores, in the place of the main page's, in the path
// (/wiki/Main_Page) or the title parameter (/index.php?title=Main_Page).
func pageURL(mainPage *url.URL, title string) string {
	name := strings.ReplaceAll(strings.TrimSpace(title), " ", "_")
	u := *mainPage
	u.Fragment, u.RawFragment = "", ""
	if q := u.Query(); q.Has("title") {
		q.Set("title", name)
		u.RawQuery = q.Encode()
		return u.String()
	}
	dir := u.Path[:strings.LastIndex(u.Path, "/")+1]
	u.Path = dir + name
	u.RawPath = ""
	return u.String()
}

// errNoPages is a wiki or an export with nothing to read.
var errNoPages = errors.New("no pages in the main or Help namespace")

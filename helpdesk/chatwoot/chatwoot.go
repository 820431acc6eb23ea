// Package chatwoot reads a Chatwoot help center (a portal's articles)
// through Chatwoot's application API
// (/api/v1/accounts/ACCOUNT/portals/PORTAL/articles), or from a file
// holding one answer of that list. Chatwoot keeps an article's content in
// Markdown; it is rendered as the HTML the other help desks serve.
package chatwoot

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"github.com/helpgraph/helpgraph/helpdesk"
	"github.com/helpgraph/helpgraph/page"
)

// EnvToken names the environment variable of the API access token (the
// one the Chatwoot handoff uses).
const EnvToken = "HELPGRAPH_CHATWOOT_TOKEN"

// maxPages bounds the pages of a list read (Chatwoot lists 25 a page).
const maxPages = 10000

// Reader reads the published articles of one portal. It is a
// kgbuild.Source.
type Reader struct {
	Client *helpdesk.Client
	// Portal is the portal's API URL
	// (https://HOST/api/v1/accounts/ACCOUNT/portals/PORTAL); unset when
	// File is set.
	Portal *url.URL
	File   string
}

// portalPath is the path of a portal in the application API: the server's
// own path before it, the account and the portal's slug.
var portalPath = regexp.MustCompile(`^(.*)/api/v1/accounts/(\d+)/portals/([^/]+)$`)

// New returns a Reader of loc: a portal's API URL, which needs token, or a
// file of its article list.
func New(loc helpdesk.Location, token string) (*Reader, error) {
	if loc.URL != nil {
		if !portalPath.MatchString(loc.URL.Path) {
			return nil, fmt.Errorf("chatwoot: %s is not a portal's API URL: give https://HOST/api/v1/accounts/ACCOUNT_ID/portals/PORTAL_SLUG", loc.URL)
		}
		if token == "" {
			return nil, fmt.Errorf("chatwoot: set %s to an access token (Profile settings › Access token in Chatwoot)", EnvToken)
		}
	}
	c := &helpdesk.Client{
		Credentials: EnvToken,
		Authorize:   func(r *http.Request) { r.Header.Set("api_access_token", token) },
	}
	return &Reader{Client: c, Portal: loc.URL, File: loc.File}, nil
}

// article is an article of the list (app/views/api/v1/accounts/articles).
type article struct {
	ID          helpdesk.ID `json:"id"`
	Slug        string      `json:"slug"`
	Title       string      `json:"title"`
	Content     string      `json:"content"` // Markdown
	Description string      `json:"description"`
	Status      any         `json:"status"` // "published", or its enum number (1)
	Locale      string      `json:"locale"`
	Category    *struct {
		Name   string `json:"name"`
		Locale string `json:"locale"`
	} `json:"category"`
	Portal *struct {
		Slug         string `json:"slug"`
		Name         string `json:"name"`
		CustomDomain string `json:"custom_domain"`
	} `json:"portal"`
}

// list is one answer of the article list.
type list struct {
	Payload []article `json:"payload"`
	Meta    struct {
		ArticlesCount int `json:"articles_count"`
	} `json:"meta"`
}

// Each calls fn with each published article.
func (r *Reader) Each(ctx context.Context, fn func(*page.Document) error) ([]page.PageError, error) {
	var listed []article
	if r.File != "" {
		var one list
		if err := helpdesk.ReadFile(r.File, &one); err != nil {
			return nil, fmt.Errorf("chatwoot: %w", err)
		}
		listed = one.Payload
	} else {
		var err error
		if listed, err = r.fetch(ctx); err != nil {
			return nil, fmt.Errorf("chatwoot: %w", err)
		}
	}
	var out []helpdesk.Article
	var failed []page.PageError
	for _, a := range listed {
		if !published(a.Status) {
			continue
		}
		ha, err := r.articleOf(a)
		if err != nil {
			failed = append(failed, page.PageError{URL: ha.URL, Err: err})
			continue
		}
		out = append(out, ha)
	}
	r.Client.Log().Info("chatwoot: published articles listed", "articles", len(out))
	more, err := helpdesk.Each(ctx, out, fn)
	return append(failed, more...), err
}

// fetch reads every page of the portal's published articles.
func (r *Reader) fetch(ctx context.Context) ([]article, error) {
	if r.Portal == nil {
		return nil, errors.New("no portal URL")
	}
	var out []article
	for n := 1; ; n++ {
		if n > maxPages {
			return nil, fmt.Errorf("more than %d pages of articles", maxPages)
		}
		var l list
		if err := r.Client.GetJSON(ctx, fmt.Sprintf("%s/articles?page=%d&status=published", r.Portal, n), &l); err != nil {
			return nil, err
		}
		out = append(out, l.Payload...)
		if len(l.Payload) == 0 || l.Meta.ArticlesCount > 0 && len(out) >= l.Meta.ArticlesCount {
			return out, nil
		}
	}
}

// published reports whether a list's status says published: the name, or
// its number in Chatwoot's enum (draft 0, published 1, archived 2).
func published(status any) bool {
	switch s := status.(type) {
	case string:
		return s == "published" || s == "1"
	case float64:
		return s == 1
	}
	return false
}

// articleOf returns a, a published article, as a help desk article. Its
// public page is /hc/PORTAL/articles/SLUG on the portal's custom domain,
// else on the Chatwoot server.
func (r *Reader) articleOf(a article) (helpdesk.Article, error) {
	host, portal := "", ""
	if r.Portal != nil {
		m := portalPath.FindStringSubmatch(r.Portal.Path)
		host, portal = r.Portal.Scheme+"://"+r.Portal.Host+m[1], m[3]
	}
	if a.Portal != nil {
		if a.Portal.Slug != "" {
			portal = a.Portal.Slug
		}
		if d := strings.TrimSpace(a.Portal.CustomDomain); d != "" {
			host = "https://" + strings.TrimSuffix(d, "/")
		}
	}
	slug := a.Slug
	if slug == "" {
		slug = string(a.ID)
	}
	if host == "" || portal == "" || slug == "" {
		return helpdesk.Article{}, errors.New("article has no public URL: the list names no portal or server (read it from the API, or a list whose articles carry their portal)")
	}
	u := host + "/hc/" + url.PathEscape(portal) + "/articles/" + url.PathEscape(slug)
	body, err := page.MarkdownHTML([]byte(a.Content))
	if err != nil {
		return helpdesk.Article{URL: u}, err
	}
	// The portal names the help center, the category the article's
	// topic: the breadcrumb above an article's title on the portal.
	locale := a.Locale
	var crumb []string
	if a.Portal != nil && a.Portal.Name != "" {
		crumb = append(crumb, a.Portal.Name)
	}
	if a.Category != nil {
		if locale == "" {
			locale = a.Category.Locale
		}
		if a.Category.Name != "" {
			crumb = append(crumb, a.Category.Name)
		}
	}
	return helpdesk.Article{ID: linkID(slug, a.ID), Title: a.Title, URL: u, Body: string(body), Locale: locale,
		Breadcrumb: crumb, Keywords: []string{a.Description}}, nil
}

// linkID is the id the help desks' shared link table finds an article's
// links by (helpdesk.articleID reads the digits an article URL's last part
// opens with): a Chatwoot slug opens with the time it was made
// ("1690000000-reset-your-password"), else the article's id.
func linkID(slug string, id helpdesk.ID) string {
	n := 0
	for n < len(slug) && slug[n] >= '0' && slug[n] <= '9' {
		n++
	}
	if n > 0 {
		return slug[:n]
	}
	return string(id)
}

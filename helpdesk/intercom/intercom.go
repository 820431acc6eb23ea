// Package intercom reads an Intercom help center through the Articles API
// (/articles, /help_center/collections), or from a file holding one
// /articles answer.
package intercom

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/helpgraph/helpgraph/helpdesk"
	"github.com/helpgraph/helpgraph/page"
)

// EnvToken names the environment variable of the access token.
const EnvToken = "HELPGRAPH_INTERCOM_TOKEN"

// DefaultBase is Intercom's API (https://api.eu.intercom.io and
// https://api.au.intercom.io serve the other regions).
const DefaultBase = "https://api.intercom.io"

// apiVersion is the Intercom-Version the answers are read as.
const apiVersion = "2.11"

// Reader reads the published articles, every translation of each. It is a
// kgbuild.Source.
type Reader struct {
	Client *helpdesk.Client
	Base   *url.URL // the API; unset when File is set
	File   string
}

// New returns a Reader of loc; an API needs token.
func New(loc helpdesk.Location, token string) (*Reader, error) {
	if loc.URL != nil && token == "" {
		return nil, fmt.Errorf("intercom: set %s to an access token with read access to articles", EnvToken)
	}
	c := &helpdesk.Client{
		Credentials: EnvToken,
		Header:      http.Header{"Intercom-Version": {apiVersion}},
		Authorize:   func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) },
	}
	return &Reader{Client: c, Base: loc.URL, File: loc.File}, nil
}

// content is an article's content in one locale.
type content struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Body        string `json:"body"`
	State       string `json:"state"` // published or draft
	URL         string `json:"url"`
}

type article struct {
	content
	ID            helpdesk.ID   `json:"id"`
	DefaultLocale string        `json:"default_locale"`
	ParentID      helpdesk.ID   `json:"parent_id"`
	ParentIDs     []helpdesk.ID `json:"parent_ids"`
	// TranslatedContent maps a locale to its content; its "type" member is
	// a string, so the values are decoded one at a time.
	TranslatedContent map[string]json.RawMessage `json:"translated_content"`
}

type collection struct {
	ID       helpdesk.ID `json:"id"`
	Name     string      `json:"name"`
	ParentID helpdesk.ID `json:"parent_id"`
}

// list is one answer of a list endpoint.
type list[T any] struct {
	Data  []T `json:"data"`
	Pages struct {
		Next json.RawMessage `json:"next"`
	} `json:"pages"`
}

// nextURL reads pages.next: a URL, or a cursor object
// ({"page":2,"starting_after":"…"}) applied to the current URL.
func nextURL(current string, next json.RawMessage) (string, error) {
	if len(next) == 0 || string(next) == "null" {
		return "", nil
	}
	var s string
	if json.Unmarshal(next, &s) == nil {
		return s, nil
	}
	var cur struct {
		Page          int    `json:"page"`
		StartingAfter string `json:"starting_after"`
	}
	if err := json.Unmarshal(next, &cur); err != nil {
		return "", fmt.Errorf("pages.next: %w", err)
	}
	u, err := url.Parse(current)
	if err != nil {
		return "", err
	}
	q := u.Query()
	if cur.StartingAfter != "" {
		q.Set("starting_after", cur.StartingAfter)
	} else if cur.Page > 0 {
		q.Set("page", fmt.Sprint(cur.Page))
	} else {
		return "", nil
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// maxPages stops a server whose next page never ends.
const maxPages = 10000

func fetchAll[T any](ctx context.Context, c *helpdesk.Client, first string) ([]T, error) {
	var out []T
	next := first
	for pages := 0; next != ""; pages++ {
		if pages >= maxPages {
			return nil, fmt.Errorf("%s: more than %d pages", first, maxPages)
		}
		var p list[T]
		if err := c.GetJSON(ctx, next, &p); err != nil {
			return nil, err
		}
		out = append(out, p.Data...)
		n, err := nextURL(next, p.Pages.Next)
		if err != nil {
			return nil, err
		}
		if n == next {
			return nil, fmt.Errorf("%s: the next page is the same page", next)
		}
		next = n
	}
	return out, nil
}

// Each calls fn with each published article.
func (r *Reader) Each(ctx context.Context, fn func(*page.Document) error) ([]page.PageError, error) {
	var (
		arts  []article
		colls []collection
		err   error
	)
	if r.File != "" {
		var l list[article]
		if err := helpdesk.ReadFile(r.File, &l); err != nil {
			return nil, fmt.Errorf("intercom: %w", err)
		}
		arts = l.Data
	} else {
		if r.Base == nil {
			return nil, errors.New("intercom: no API URL")
		}
		base := strings.TrimSuffix(r.Base.String(), "/")
		if colls, err = fetchAll[collection](ctx, r.Client, base+"/help_center/collections?per_page=50"); err != nil {
			return nil, fmt.Errorf("intercom: %w", err)
		}
		if arts, err = fetchAll[article](ctx, r.Client, base+"/articles?per_page=50"); err != nil {
			return nil, fmt.Errorf("intercom: %w", err)
		}
	}
	out := articles(arts, colls)
	r.Client.Log().Info("intercom: articles listed", "articles", len(arts), "published contents", len(out), "collections", len(colls))
	return helpdesk.Each(ctx, out, fn)
}

// articles returns the published content of each article, the default
// locale's first, with the article's collections as the breadcrumb.
func articles(arts []article, colls []collection) []helpdesk.Article {
	byID := make(map[helpdesk.ID]collection, len(colls))
	for _, c := range colls {
		byID[c.ID] = c
	}
	var out []helpdesk.Article
	for _, a := range arts {
		crumb := breadcrumb(a.ParentID, byID)
		add := func(locale string, c content) {
			if c.State != "published" {
				return
			}
			out = append(out, helpdesk.Article{
				ID: string(a.ID), Title: c.Title, URL: c.URL, Body: c.Body, Locale: locale, Breadcrumb: crumb, Keywords: []string{c.Description},
			})
		}
		add(a.DefaultLocale, a.content)
		locales := make([]string, 0, len(a.TranslatedContent))
		for l := range a.TranslatedContent {
			locales = append(locales, l)
		}
		sort.Strings(locales)
		for _, l := range locales {
			var c content
			if l == "type" || l == a.DefaultLocale || json.Unmarshal(a.TranslatedContent[l], &c) != nil {
				continue
			}
			add(l, c)
		}
	}
	return out
}

// breadcrumb names the collection id and its parents, outermost first.
func breadcrumb(id helpdesk.ID, colls map[helpdesk.ID]collection) []string {
	var names []string
	for depth := 0; id != "" && depth < 10; depth++ {
		c, ok := colls[id]
		if !ok {
			break
		}
		names = append([]string{c.Name}, names...)
		id = c.ParentID
	}
	return names
}

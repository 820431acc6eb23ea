// Package helpscout reads a Help Scout Docs site through the Docs API
// (/v1/collections, their categories and published articles, each
// article), or from a file holding articles with their text.
package helpscout

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

// EnvAPIKey names the environment variable of the Docs API key.
const EnvAPIKey = "HELPGRAPH_HELPSCOUT_API_KEY"

// DefaultBase is the Docs API.
const DefaultBase = "https://docsapi.helpscout.net"

// pageSize is the page size asked for (the API's largest).
const pageSize = 100

// Reader reads the published articles of the public collections. It is a
// kgbuild.Source.
type Reader struct {
	Client *helpdesk.Client
	Base   *url.URL // the API; unset when File is set
	File   string
}

// New returns a Reader of loc; the API needs apiKey.
func New(loc helpdesk.Location, apiKey string) (*Reader, error) {
	if loc.URL != nil && apiKey == "" {
		return nil, fmt.Errorf("helpscout: set %s to a Docs API key (Your Profile › Authentication in Help Scout)", EnvAPIKey)
	}
	c := &helpdesk.Client{
		Credentials: EnvAPIKey,
		Authorize:   func(r *http.Request) { r.SetBasicAuth(apiKey, "X") },
	}
	return &Reader{Client: c, Base: loc.URL, File: loc.File}, nil
}

type collection struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Visibility string `json:"visibility"` // public or private (admins only)
}

type category struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// article is an Article object; a list gives its reference without text.
type article struct {
	ID           string      `json:"id"`
	Number       helpdesk.ID `json:"number"`
	CollectionID string      `json:"collectionId"`
	Status       string      `json:"status"` // published or notpublished
	Name         string      `json:"name"`
	Text         string      `json:"text"` // HTML (or plain text)
	Categories   []string    `json:"categories"`
	PublicURL    string      `json:"publicUrl"`
	Keywords     []string    `json:"keywords"`
}

// list is the body of one answer of a list endpoint, under its name
// ({"articles": {...}}).
type list[T any] struct {
	Page  int `json:"page"`
	Pages int `json:"pages"`
	Items []T `json:"items"`
}

// fetchAll reads every page of the list at path, named name in its answers.
func fetchAll[T any](ctx context.Context, c *helpdesk.Client, path, query, name string) ([]T, error) {
	var out []T
	for n := 1; ; n++ {
		if n > 10000 {
			return nil, fmt.Errorf("%s: more than 10000 pages", path)
		}
		var answer map[string]list[T]
		if err := c.GetJSON(ctx, fmt.Sprintf("%s?page=%d&pageSize=%d%s", path, n, pageSize, query), &answer); err != nil {
			return nil, err
		}
		p := answer[name]
		out = append(out, p.Items...)
		if n >= p.Pages || len(p.Items) == 0 {
			return out, nil
		}
	}
}

// Each calls fn with each published article.
func (r *Reader) Each(ctx context.Context, fn func(*page.Document) error) ([]page.PageError, error) {
	var out []helpdesk.Article
	if r.File != "" {
		var answer map[string]list[article]
		if err := helpdesk.ReadFile(r.File, &answer); err != nil {
			return nil, fmt.Errorf("helpscout: %w", err)
		}
		for _, a := range answer["articles"].Items {
			out = add(out, a, nil)
		}
	} else {
		var err error
		if out, err = r.fetch(ctx); err != nil {
			return nil, fmt.Errorf("helpscout: %w", err)
		}
	}
	r.Client.Log().Info("helpscout: published articles listed", "articles", len(out))
	return helpdesk.Each(ctx, out, fn)
}

func (r *Reader) fetch(ctx context.Context) ([]helpdesk.Article, error) {
	if r.Base == nil {
		return nil, errors.New("no API URL")
	}
	api := strings.TrimSuffix(r.Base.String(), "/") + "/v1"
	cols, err := fetchAll[collection](ctx, r.Client, api+"/collections", "", "collections")
	if err != nil {
		return nil, err
	}
	var out []helpdesk.Article
	for _, c := range cols {
		if c.Visibility == "private" {
			continue // shown to the team's admins only, never to a customer
		}
		col := api + "/collections/" + url.PathEscape(c.ID)
		cats, err := fetchAll[category](ctx, r.Client, col+"/categories", "", "categories")
		if err != nil {
			return nil, err
		}
		names := make(map[string]string, len(cats))
		for _, cat := range cats {
			names[cat.ID] = cat.Name
		}
		refs, err := fetchAll[article](ctx, r.Client, col+"/articles", "&status=published", "articles")
		if err != nil {
			return nil, err
		}
		for _, ref := range refs {
			// A list gives no text: each article is asked for.
			var one struct {
				Article article `json:"article"`
			}
			if err := r.Client.GetJSON(ctx, api+"/articles/"+url.PathEscape(ref.ID), &one); err != nil {
				return nil, err
			}
			crumb := []string{c.Name}
			if len(one.Article.Categories) > 0 && names[one.Article.Categories[0]] != "" {
				crumb = append(crumb, names[one.Article.Categories[0]])
			}
			out = add(out, one.Article, crumb)
			r.Client.Progress("helpscout: reading articles", len(out))
		}
	}
	return out, nil
}

// add appends a when it is published, by its number: the links between a
// site's articles name an article by it (/article/123-slug).
func add(out []helpdesk.Article, a article, crumb []string) []helpdesk.Article {
	if a.Status != "published" || a.PublicURL == "" {
		return out
	}
	return append(out, helpdesk.Article{ID: string(a.Number), Title: a.Name, URL: a.PublicURL, Body: a.Text,
		Breadcrumb: crumb, Keywords: a.Keywords})
}

// Package freshdesk reads a Freshdesk knowledge base through the Solutions
// API (/api/v2/solutions/categories, their folders, the folders'
// articles), or from a file holding one articles answer.
package freshdesk

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/helpgraph/helpgraph/helpdesk"
	"github.com/helpgraph/helpgraph/page"
)

// EnvAPIKey names the environment variable of the API key.
const EnvAPIKey = "HELPGRAPH_FRESHDESK_API_KEY"

// statusPublished is a published article's status in the Solutions API
// (a draft's is 1).
const statusPublished = 2

// perPage is the page size asked for; a shorter page is the last.
const perPage = 100

// Reader reads the published solution articles. It is a kgbuild.Source.
type Reader struct {
	Client *helpdesk.Client
	// Base is the account (https://acme.freshdesk.com): the API's host and
	// the portal the articles' public URLs are on.
	Base *url.URL
	// File is a JSON array of articles (a folder's articles answer); its
	// articles' URLs are on Portal, or relative when Portal is unset.
	File   string
	Portal *url.URL
}

// New returns a Reader of loc; an API needs apiKey.
func New(loc helpdesk.Location, apiKey string) (*Reader, error) {
	if loc.URL != nil && apiKey == "" {
		return nil, fmt.Errorf("freshdesk: set %s to the API key of an agent who can read solutions", EnvAPIKey)
	}
	c := &helpdesk.Client{
		Credentials: EnvAPIKey,
		Authorize:   func(r *http.Request) { r.SetBasicAuth(apiKey, "X") },
	}
	return &Reader{Client: c, Base: loc.URL, File: loc.File, Portal: loc.URL}, nil
}

type category struct {
	ID   helpdesk.ID `json:"id"`
	Name string      `json:"name"`
}

type folder struct {
	ID   helpdesk.ID `json:"id"`
	Name string      `json:"name"`
}

type article struct {
	ID          helpdesk.ID `json:"id"`
	Title       string      `json:"title"`
	Description string      `json:"description"` // the HTML body
	Status      int         `json:"status"`
	FolderID    helpdesk.ID `json:"folder_id"`
	CategoryID  helpdesk.ID `json:"category_id"`
	Tags        []string    `json:"tags"`
}

// fetchAll reads every page of a list: page=N until a page is short.
func fetchAll[T any](ctx context.Context, c *helpdesk.Client, path string) ([]T, error) {
	var out []T
	for n := 1; ; n++ {
		if n > 10000 {
			return nil, fmt.Errorf("%s: more than 10000 pages", path)
		}
		var p []T
		if err := c.GetJSON(ctx, fmt.Sprintf("%s?page=%d&per_page=%d", path, n, perPage), &p); err != nil {
			return nil, err
		}
		out = append(out, p...)
		if len(p) < perPage {
			return out, nil
		}
	}
}

// Each calls fn with each published article.
func (r *Reader) Each(ctx context.Context, fn func(*page.Document) error) ([]page.PageError, error) {
	var out []helpdesk.Article
	if r.File != "" {
		var arts []article
		if err := helpdesk.ReadFile(r.File, &arts); err != nil {
			return nil, fmt.Errorf("freshdesk: %w", err)
		}
		for _, a := range arts {
			out = r.add(out, a, nil)
		}
	} else {
		var err error
		if out, err = r.fetch(ctx); err != nil {
			return nil, fmt.Errorf("freshdesk: %w", err)
		}
	}
	r.Client.Log().Info("freshdesk: published articles listed", "articles", len(out))
	return helpdesk.Each(ctx, out, fn)
}

func (r *Reader) fetch(ctx context.Context) ([]helpdesk.Article, error) {
	if r.Base == nil {
		return nil, errors.New("no account URL")
	}
	api := strings.TrimSuffix(r.Base.String(), "/") + "/api/v2/solutions"
	cats, err := fetchAll[category](ctx, r.Client, api+"/categories")
	if err != nil {
		return nil, err
	}
	var out []helpdesk.Article
	for _, c := range cats {
		folders, err := fetchAll[folder](ctx, r.Client, api+"/categories/"+url.PathEscape(string(c.ID))+"/folders")
		if err != nil {
			return nil, err
		}
		for _, f := range folders {
			if out, err = r.folder(ctx, api, f, []string{c.Name, f.Name}, out); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// maxDepth bounds the nesting of subfolders read (Freshdesk allows 5 levels).
const maxDepth = 5

// folder appends the articles of f and of its subfolders.
func (r *Reader) folder(ctx context.Context, api string, f folder, crumb []string, out []helpdesk.Article) ([]helpdesk.Article, error) {
	id := url.PathEscape(string(f.ID))
	arts, err := fetchAll[article](ctx, r.Client, api+"/folders/"+id+"/articles")
	if err != nil {
		return nil, err
	}
	for _, a := range arts {
		out = r.add(out, a, crumb)
	}
	if len(crumb) > maxDepth {
		return out, nil
	}
	subs, err := fetchAll[folder](ctx, r.Client, api+"/folders/"+id+"/subfolders")
	if errors.Is(err, helpdesk.ErrNotFound) {
		return out, nil // an account without nested folders
	}
	if err != nil {
		return nil, err
	}
	for _, sub := range subs {
		if out, err = r.folder(ctx, api, sub, append(slices.Clip(crumb), sub.Name), out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// add appends a when it is published, at its portal URL
// (/support/solutions/articles/ID, which the portal serves whatever slug follows).
func (r *Reader) add(out []helpdesk.Article, a article, crumb []string) []helpdesk.Article {
	if a.Status != statusPublished {
		return out
	}
	path := "/support/solutions/articles/" + url.PathEscape(string(a.ID))
	u := path
	if r.Portal != nil {
		p := *r.Portal
		p.Path, p.RawPath = path, ""
		u = p.String()
	}
	return append(out, helpdesk.Article{ID: string(a.ID), Title: a.Title, URL: u, Body: a.Description, Breadcrumb: crumb, Keywords: a.Tags})
}

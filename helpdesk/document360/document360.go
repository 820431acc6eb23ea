// Package document360 reads a Document360 knowledge base through its
// Customer API (v2: the project's main version, its category tree with the
// articles filed in each, each article), or from a file holding articles
// with their content.
package document360

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

// EnvAPIToken names the environment variable of the API token.
const EnvAPIToken = "HELPGRAPH_DOCUMENT360_API_TOKEN"

// DefaultBase is the API hub of Document360's EU data center; the US one
// is https://apihub.us.document360.io.
const DefaultBase = "https://apihub.document360.io"

// Reader reads the published articles of the main version's visible
// categories. It is a kgbuild.Source.
type Reader struct {
	Client *helpdesk.Client
	Base   *url.URL // the API hub; unset when File is set
	File   string
}

// New returns a Reader of loc; the API needs token.
func New(loc helpdesk.Location, token string) (*Reader, error) {
	if loc.URL != nil && token == "" {
		return nil, fmt.Errorf("document360: set %s to an API token (Settings › Knowledge base portal › API tokens in Document360)", EnvAPIToken)
	}
	c := &helpdesk.Client{
		Credentials: EnvAPIToken,
		Authorize:   func(r *http.Request) { r.Header.Set("api_token", token) },
	}
	return &Reader{Client: c, Base: loc.URL, File: loc.File}, nil
}

// answer is the envelope of every answer: what was asked for under "data".
type answer[T any] struct {
	Data T `json:"data"`
}

type language struct {
	Code    string `json:"code"`
	Default bool   `json:"set_as_default"`
}

type projectVersion struct {
	ID        string     `json:"id"`
	Main      bool       `json:"is_main_version"`
	Languages []language `json:"language_versions"`
}

type category struct {
	ID       string     `json:"id"`
	Name     string     `json:"name"`
	Hidden   bool       `json:"hidden"`
	Articles []article  `json:"articles"` // without their content
	Children []category `json:"child_categories"`
}

// article is an Article object; a category lists it without its content.
type article struct {
	ID            string `json:"id"`
	Title         string `json:"title"`
	Content       string `json:"content"`      // Markdown (the Markdown editor's)
	HTMLContent   string `json:"html_content"` // HTML (the WYSIWYG editor's, or the Markdown rendered)
	Description   string `json:"description"`
	Hidden        bool   `json:"hidden"`
	PublicVersion int    `json:"public_version"` // 0: never published
	URL           string `json:"url"`
	Language      string `json:"language_code"`
}

// published reports whether customers see a: a published version that is
// not hidden from the knowledge base site.
func (a article) published() bool { return a.PublicVersion > 0 && !a.Hidden }

// Each calls fn with each published article.
func (r *Reader) Each(ctx context.Context, fn func(*page.Document) error) ([]page.PageError, error) {
	var out []helpdesk.Article
	var failed []page.PageError
	if r.File != "" {
		var file answer[[]article]
		if err := helpdesk.ReadFile(r.File, &file); err != nil {
			return nil, fmt.Errorf("document360: %w", err)
		}
		for _, a := range file.Data {
			out, failed = add(out, failed, a, nil, "")
		}
	} else {
		var err error
		if out, failed, err = r.fetch(ctx); err != nil {
			return nil, fmt.Errorf("document360: %w", err)
		}
	}
	r.Client.Log().Info("document360: published articles listed", "articles", len(out))
	more, err := helpdesk.Each(ctx, out, fn)
	return append(failed, more...), err
}

// fetch reads the main version's category tree and each published
// article in it. Other versions are older or unreleased documentation of
// the same product, each article again.
func (r *Reader) fetch(ctx context.Context) ([]helpdesk.Article, []page.PageError, error) {
	if r.Base == nil {
		return nil, nil, errors.New("no API URL")
	}
	api := strings.TrimSuffix(r.Base.String(), "/") + "/v2"
	var versions answer[[]projectVersion]
	if err := r.Client.GetJSON(ctx, api+"/ProjectVersions", &versions); err != nil {
		return nil, nil, err
	}
	if len(versions.Data) == 0 {
		return nil, nil, errors.New("the project has no version")
	}
	main := versions.Data[0]
	for _, v := range versions.Data {
		if v.Main {
			main = v
			break
		}
	}
	locale := ""
	for _, l := range main.Languages {
		if l.Default {
			locale = l.Code
		}
	}
	var tree answer[[]category]
	if err := r.Client.GetJSON(ctx, api+"/ProjectVersions/"+url.PathEscape(main.ID)+"/categories", &tree); err != nil {
		return nil, nil, err
	}
	var out []helpdesk.Article
	var failed []page.PageError
	var walk func(cats []category, crumb []string) error
	walk = func(cats []category, crumb []string) error {
		for _, c := range cats {
			if c.Hidden {
				continue // hidden from the site, and all under it
			}
			here := append(crumb[:len(crumb):len(crumb)], c.Name)
			for _, ref := range c.Articles {
				if !ref.published() {
					continue
				}
				// A category lists no content: each article is asked
				// for, as published and as the site shows it (its
				// snippets and variables filled in).
				var one answer[article]
				if err := r.Client.GetJSON(ctx, api+"/Articles/"+url.PathEscape(ref.ID)+"?isForDisplay=true&isPublished=true", &one); err != nil {
					return err
				}
				out, failed = add(out, failed, one.Data, here, locale)
				r.Client.Progress("document360: reading articles", len(out)+len(failed))
			}
			if err := walk(c.Children, here); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(tree.Data, nil); err != nil {
		return nil, nil, err
	}
	return out, failed, nil
}

// add appends a, when it is published, as a help desk article: its HTML,
// or its Markdown rendered where it has none.
func add(out []helpdesk.Article, failed []page.PageError, a article, crumb []string, locale string) ([]helpdesk.Article, []page.PageError) {
	if !a.published() {
		return out, failed
	}
	body := a.HTMLContent
	if strings.TrimSpace(body) == "" {
		html, err := page.MarkdownHTML([]byte(a.Content))
		if err != nil {
			return out, append(failed, page.PageError{URL: a.URL, Err: err})
		}
		body = string(html)
	}
	if a.Language != "" {
		locale = a.Language
	}
	// An empty description is no keyword: helpdesk.Document reads them
	// through page.Keywords, which drops it.
	return append(out, helpdesk.Article{ID: a.ID, Title: a.Title, URL: a.URL, Body: body, Locale: locale,
		Breadcrumb: crumb, Keywords: []string{a.Description}}), failed
}

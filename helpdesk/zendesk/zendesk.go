// Package zendesk reads a Zendesk Guide help center through the Help
// Center API (/api/v2/help_center/articles.json, sections.json,
// categories.json), or from a file holding one articles.json answer.
package zendesk

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

// Credentials are read from these environment variables. Without them the
// public articles are read anonymously, as the help center shows them.
const (
	EnvEmail = "HELPGRAPH_ZENDESK_EMAIL"
	EnvToken = "HELPGRAPH_ZENDESK_TOKEN"
)

// Reader reads a help center's published articles, in every locale unless
// its URL names one. It is a kgbuild.Source.
type Reader struct {
	Client *helpdesk.Client
	// Base is the help center's address (https://acme.zendesk.com); a path
	// /hc/LOCALE reads that locale's articles. Unset when File is set.
	Base *url.URL
	// File is an articles.json answer, with sections and categories
	// sideloaded (?include=sections,categories) or not.
	File string
}

// New returns a Reader of loc, authenticated with an API token when email
// and token are set.
func New(loc helpdesk.Location, email, token string) *Reader {
	c := &helpdesk.Client{Credentials: EnvEmail + " and " + EnvToken}
	if email != "" && token != "" {
		c.Authorize = func(r *http.Request) { r.SetBasicAuth(email+"/token", token) }
	}
	return &Reader{Client: c, Base: loc.URL, File: loc.File}
}

type article struct {
	ID        helpdesk.ID `json:"id"`
	HTMLURL   string      `json:"html_url"`
	Title     string      `json:"title"`
	Body      *string     `json:"body"`
	Locale    string      `json:"locale"`
	Draft     bool        `json:"draft"`
	SectionID helpdesk.ID `json:"section_id"`
	Labels    []string    `json:"label_names"`
}

type section struct {
	ID              helpdesk.ID `json:"id"`
	Name            string      `json:"name"`
	CategoryID      helpdesk.ID `json:"category_id"`
	ParentSectionID helpdesk.ID `json:"parent_section_id"`
}

type category struct {
	ID   helpdesk.ID `json:"id"`
	Name string      `json:"name"`
}

// listPage is one answer of a list endpoint, paginated by cursor
// (meta.has_more, links.next) or by offset (next_page).
type listPage struct {
	Articles   []article  `json:"articles"`
	Sections   []section  `json:"sections"`
	Categories []category `json:"categories"`
	NextPage   *string    `json:"next_page"`
	Meta       struct {
		HasMore bool `json:"has_more"`
	} `json:"meta"`
	Links struct {
		Next *string `json:"next"`
	} `json:"links"`
}

func (p *listPage) next() string {
	if p.Meta.HasMore && p.Links.Next != nil {
		return *p.Links.Next
	}
	if p.NextPage != nil {
		return *p.NextPage
	}
	return ""
}

// Each calls fn with each published article, drafts skipped.
func (r *Reader) Each(ctx context.Context, fn func(*page.Document) error) ([]page.PageError, error) {
	if r.File != "" {
		var all listPage
		if err := helpdesk.ReadFile(r.File, &all); err != nil {
			return nil, fmt.Errorf("zendesk: %w", err)
		}
		return helpdesk.Each(ctx, articles(&all), fn)
	}
	if r.Base == nil {
		return nil, errors.New("zendesk: no help center URL")
	}
	locales, err := r.locales(ctx)
	if err != nil {
		return nil, fmt.Errorf("zendesk: %w", err)
	}
	var arts []helpdesk.Article
	for _, locale := range locales {
		var all listPage
		if err := r.fetch(ctx, r.apiBase(locale), &all); err != nil {
			return nil, fmt.Errorf("zendesk: %w", err)
		}
		published := articles(&all)
		r.Client.Log().Info("zendesk: articles listed", "locale", locale, "published", len(published),
			"skipped", len(all.Articles)-len(published), "sections", len(all.Sections), "categories", len(all.Categories))
		arts = append(arts, published...)
	}
	return helpdesk.Each(ctx, arts, fn)
}

// locales are the locales to read: the one Base names (/hc/de), else every
// locale the help center has, its default first; [""] (the default,
// unnamed) when it does not list them.
func (r *Reader) locales(ctx context.Context) ([]string, error) {
	if l := r.urlLocale(); l != "" {
		return []string{l}, nil
	}
	var list struct {
		Locales       []string `json:"locales"`
		DefaultLocale string   `json:"default_locale"`
	}
	err := r.Client.GetJSON(ctx, r.apiBase("")+"/locales.json", &list)
	if errors.Is(err, helpdesk.ErrNotFound) || err == nil && len(list.Locales) == 0 {
		return []string{""}, nil
	}
	if err != nil {
		return nil, err
	}
	out := []string{}
	if list.DefaultLocale != "" {
		out = append(out, list.DefaultLocale)
	}
	for _, l := range list.Locales {
		if l != "" && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out, nil
}

// fetch lists the articles, sections and categories at api, every page of each.
func (r *Reader) fetch(ctx context.Context, api string, all *listPage) error {
	for _, list := range []string{"categories", "sections", "articles"} {
		next := api + "/" + list + ".json?page%5Bsize%5D=100"
		for pages := 0; next != ""; pages++ {
			if pages >= maxPages {
				return fmt.Errorf("%s: more than %d pages", list, maxPages)
			}
			var p listPage
			if err := r.Client.GetJSON(ctx, next, &p); err != nil {
				return err
			}
			all.Articles = append(all.Articles, p.Articles...)
			all.Sections = append(all.Sections, p.Sections...)
			all.Categories = append(all.Categories, p.Categories...)
			next = p.next()
		}
	}
	return nil
}

// maxPages stops a server whose next page never ends.
const maxPages = 10000

// urlLocale is the locale Base names: /hc/de → de.
func (r *Reader) urlLocale() string {
	parts := strings.Split(strings.Trim(r.Base.Path, "/"), "/")
	for i, p := range parts {
		if (p == "hc" || p == "help_center") && i+1 < len(parts) && parts[i+1] != "" {
			return parts[i+1]
		}
	}
	return ""
}

// apiBase is the Help Center API of a locale ("": the default).
func (r *Reader) apiBase(locale string) string {
	u := *r.Base
	u.Path = "/api/v2/help_center"
	if locale != "" {
		u.Path += "/" + locale
	}
	u.RawPath = ""
	return strings.TrimSuffix(u.String(), "/")
}

// articles turns the published articles into helpdesk articles with their
// category and section names as the breadcrumb.
func articles(all *listPage) []helpdesk.Article {
	sections := make(map[helpdesk.ID]section, len(all.Sections))
	for _, s := range all.Sections {
		sections[s.ID] = s
	}
	categories := make(map[helpdesk.ID]string, len(all.Categories))
	for _, c := range all.Categories {
		categories[c.ID] = c.Name
	}
	var out []helpdesk.Article
	for _, a := range all.Articles {
		if a.Draft {
			continue
		}
		body := ""
		if a.Body != nil {
			body = *a.Body
		}
		out = append(out, helpdesk.Article{
			ID:         string(a.ID),
			Title:      a.Title,
			URL:        a.HTMLURL,
			Body:       body,
			Locale:     a.Locale,
			Breadcrumb: breadcrumb(a.SectionID, sections, categories),
			Keywords:   a.Labels,
		})
	}
	return out
}

// breadcrumb is the category, then the sections from the outermost down.
func breadcrumb(id helpdesk.ID, sections map[helpdesk.ID]section, categories map[helpdesk.ID]string) []string {
	var names []string
	var cat helpdesk.ID
	for depth := 0; id != "" && depth < 10; depth++ {
		s, ok := sections[id]
		if !ok {
			break
		}
		names = append([]string{s.Name}, names...)
		cat = s.CategoryID
		id = s.ParentSectionID
	}
	if name, ok := categories[cat]; ok && cat != "" {
		names = append([]string{name}, names...)
	}
	return names
}

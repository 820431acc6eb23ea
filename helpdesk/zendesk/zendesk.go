// Package zendesk reads a Zendesk Guide help center through the Help
// Center API (/api/v2/help_center/articles.json, sections.json,
// categories.json), or from a file holding one articles.json answer.
package zendesk

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
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

// Reader reads a help center's published articles. It is a kgbuild.Source.
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
	var all listPage
	if r.File != "" {
		if err := helpdesk.ReadFile(r.File, &all); err != nil {
			return nil, fmt.Errorf("zendesk: %w", err)
		}
	} else if err := r.fetch(ctx, &all); err != nil {
		return nil, fmt.Errorf("zendesk: %w", err)
	}
	arts := articles(&all)
	r.Client.Log().Info("zendesk: articles listed", "published", len(arts), "skipped", len(all.Articles)-len(arts),
		"sections", len(all.Sections), "categories", len(all.Categories))
	return helpdesk.Each(ctx, arts, fn)
}

// fetch lists the articles, sections and categories, every page of each.
func (r *Reader) fetch(ctx context.Context, all *listPage) error {
	if r.Base == nil {
		return fmt.Errorf("no help center URL")
	}
	api := r.apiBase()
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

// apiBase is the Help Center API of Base's locale: /hc/de → /api/v2/help_center/de.
func (r *Reader) apiBase() string {
	u := *r.Base
	locale := ""
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	for i, p := range parts {
		if (p == "hc" || p == "help_center") && i+1 < len(parts) && parts[i+1] != "" {
			locale = parts[i+1]
		}
	}
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

// Package confluence reads a Confluence space's pages through Confluence's
// content REST API (/rest/api/content, which Cloud and Data Center both
// serve), each page's body as Confluence renders it (body.view), or from a
// file holding one answer of that list.
package confluence

import (
	"context"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/helpgraph/helpgraph/helpdesk"
	"github.com/helpgraph/helpgraph/page"
)

// Environment variables of the credentials: an Atlassian account's email
// and API token (Cloud, basic authentication), or a personal access token
// alone (Data Center, bearer). Unset: a public space, anonymously.
const (
	EnvEmail = "HELPGRAPH_CONFLUENCE_EMAIL"
	EnvToken = "HELPGRAPH_CONFLUENCE_TOKEN"
)

// pageSize is how many pages one request asks for, with their bodies.
const pageSize = 50

// maxRequests bounds the requests of one listing.
const maxRequests = 10000

// Reader reads the current pages of one space. It is a kgbuild.Source.
type Reader struct {
	Client *helpdesk.Client
	// Base is the site's Confluence ("https://acme.atlassian.net/wiki"),
	// Space the space's key ("SUP"); unset when File is set.
	Base  *url.URL
	Space string
	File  string
}

// New returns a Reader of loc: a space's address
// (https://acme.atlassian.net/wiki/spaces/SUP, …/display/SUP on Data
// Center) or a file of one answer of the content list.
func New(loc helpdesk.Location, email, token string) (*Reader, error) {
	c := &helpdesk.Client{Credentials: EnvEmail + " and " + EnvToken}
	switch {
	case email != "" && token != "":
		c.Authorize = func(r *http.Request) { r.SetBasicAuth(email, token) }
	case token != "":
		c.Authorize = func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }
	case email != "":
		return nil, fmt.Errorf("confluence: %s is set but %s is not: set both (an Atlassian API token), or the token alone (a Data Center personal access token)", EnvEmail, EnvToken)
	}
	r := &Reader{Client: c, File: loc.File}
	if loc.URL != nil {
		base, space, err := spaceOf(loc.URL)
		if err != nil {
			return nil, err
		}
		r.Base, r.Space = base, space
	}
	return r, nil
}

// spaceURL matches a space's address: /spaces/KEY (Cloud, and Data Center
// from 8) or /display/KEY, after the path Confluence is served under.
var spaceURL = regexp.MustCompile(`^(.*?)/(?:spaces|display)/([^/]+)`)

// spaceOf splits a space's address into the site's Confluence and the
// space's key.
func spaceOf(u *url.URL) (*url.URL, string, error) {
	m := spaceURL.FindStringSubmatch(u.Path)
	if m == nil {
		return nil, "", fmt.Errorf("confluence: %s names no space: give the space's address, such as https://acme.atlassian.net/wiki/spaces/SUP", u)
	}
	key, err := url.PathUnescape(m[2])
	if err != nil || key == "" {
		return nil, "", fmt.Errorf("confluence: %s: no space key", u)
	}
	base := *u
	base.Path, base.RawPath = m[1], ""
	return &base, key, nil
}

// content is a page of the content list, expanded with its rendered body,
// its ancestors and its labels.
type content struct {
	ID     string `json:"id"`
	Type   string `json:"type"`
	Status string `json:"status"`
	Title  string `json:"title"`
	Body   struct {
		View struct {
			Value string `json:"value"`
		} `json:"view"`
	} `json:"body"`
	Ancestors []struct {
		Title string `json:"title"`
	} `json:"ancestors"`
	Metadata struct {
		Labels struct {
			Results []struct {
				Name string `json:"name"`
			} `json:"results"`
		} `json:"labels"`
	} `json:"metadata"`
	Space struct {
		Key string `json:"key"`
	} `json:"space"`
	Links struct {
		WebUI string `json:"webui"`
	} `json:"_links"`
}

// list is one answer of the content list.
type list struct {
	Results []content `json:"results"`
	Links   struct {
		Base string `json:"base"` // the site's Confluence, for webui
		Next string `json:"next"` // relative to base
	} `json:"_links"`
}

// Each calls fn with each current page of the space.
func (r *Reader) Each(ctx context.Context, fn func(*page.Document) error) ([]page.PageError, error) {
	var answers []list
	if r.File != "" {
		var one list
		if err := helpdesk.ReadFile(r.File, &one); err != nil {
			return nil, fmt.Errorf("confluence: %w", err)
		}
		answers = append(answers, one)
	} else {
		var err error
		if answers, err = r.fetch(ctx); err != nil {
			return nil, fmt.Errorf("confluence: %w", err)
		}
	}
	byTitle := map[string]string{} // space key and title → page id
	for _, a := range answers {
		for _, c := range a.Results {
			byTitle[titleKey(c.Space.Key, c.Title)] = c.ID
		}
	}
	var articles []helpdesk.Article
	for _, a := range answers {
		for _, c := range a.Results {
			c.Body.View.Value = linksByID(c.Body.View.Value, byTitle)
			if art, ok := article(c, a.Links.Base); ok {
				articles = append(articles, art)
			}
		}
	}
	r.Client.Log().Info("confluence: pages listed", "pages", len(articles))
	return helpdesk.Each(ctx, articles, fn)
}

// fetch reads every answer of the space's page list.
func (r *Reader) fetch(ctx context.Context) ([]list, error) {
	if r.Base == nil {
		return nil, errors.New("no space URL")
	}
	q := url.Values{
		"spaceKey": {r.Space}, "type": {"page"}, "status": {"current"},
		"expand": {"body.view,ancestors,metadata.labels,space"}, "limit": {strconv.Itoa(pageSize)},
	}
	next := r.Base.JoinPath("rest/api/content")
	next.RawQuery = q.Encode()
	var out []list
	for n := 0; n < maxRequests; n++ {
		var a list
		if err := r.Client.GetJSON(ctx, next.String(), &a); err != nil {
			if errors.Is(err, helpdesk.ErrNotFound) {
				return nil, fmt.Errorf("%w: is %s the space's address, and %s its key?", err, r.Base, r.Space)
			}
			return nil, err
		}
		out = append(out, a)
		if a.Links.Next == "" || len(a.Results) == 0 {
			return out, nil
		}
		u, err := resolveNext(r.Base, a.Links.Base, a.Links.Next)
		if err != nil {
			return nil, err
		}
		next = u
	}
	return nil, fmt.Errorf("more than %d answers", maxRequests)
}

// resolveNext is the address of the next answer: next is relative to the
// answer's base ("/rest/api/content?…&start=50"), which on Cloud carries
// the /wiki the API is served under. It must stay on the site asked.
func resolveNext(asked *url.URL, base, next string) (*url.URL, error) {
	b := asked
	if base != "" {
		pb, err := url.Parse(base)
		if err != nil {
			return nil, fmt.Errorf("next answer: base %q: %w", base, err)
		}
		b = pb
	}
	n, err := url.Parse(next)
	if err != nil {
		return nil, fmt.Errorf("next answer %q: %w", next, err)
	}
	u := *b
	if n.IsAbs() {
		u = *n
	} else {
		u.Path = strings.TrimSuffix(b.Path, "/") + n.Path
		u.RawPath = ""
		u.RawQuery = n.RawQuery
	}
	if !strings.EqualFold(u.Host, asked.Host) || u.Scheme != asked.Scheme {
		return nil, fmt.Errorf("next answer %s is on another site than %s", u.Redacted(), asked.Host)
	}
	return &u, nil
}

// article is page c as a help desk article, or false when it is no current
// page with an address. Its body is set in the markup of Confluence's
// HTML export, whose reader knows the macros (an expand macro is a
// collapsible part, a table of contents is dropped), and its ancestors
// are its breadcrumb.
func article(c content, base string) (helpdesk.Article, bool) {
	if c.Type != "" && c.Type != "page" || c.Status != "" && c.Status != "current" || c.Links.WebUI == "" {
		return helpdesk.Article{}, false
	}
	u := c.Links.WebUI
	if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
		u = strings.TrimSuffix(base, "/") + u
	}
	var crumb []string
	for _, a := range c.Ancestors {
		if t := strings.TrimSpace(a.Title); t != "" {
			crumb = append(crumb, t)
		}
	}
	var labels []string
	for _, l := range c.Metadata.Labels.Results {
		labels = append(labels, strings.ReplaceAll(l.Name, "-", " "))
	}
	body := `<div id="title-heading"><span id="title-text">` + html.EscapeString(c.Title) + `</span></div>` +
		`<div id="main-content" class="wiki-content">` + c.Body.View.Value + `</div>`
	return helpdesk.Article{ID: c.ID, Title: c.Title, URL: u, Body: body, Breadcrumb: crumb, Keywords: labels}, true
}

// displayLink is a link Data Center renders to a page by its space and
// title (href="/confluence/display/SUP/Sign-in+problems"), where Cloud
// names the page's id.
var displayLink = regexp.MustCompile(`href="([^"]*/display/([^/"?#]+)/([^"?#]+))([^"]*)"`)

// linksByID points body's links to pages by title at the page's id
// (viewpage.action?pageId=), which the help desks' link table resolves;
// a title that names no page read is left as it is.
func linksByID(body string, byTitle map[string]string) string {
	if !strings.Contains(body, "/display/") {
		return body
	}
	return displayLink.ReplaceAllStringFunc(body, func(m string) string {
		sm := displayLink.FindStringSubmatch(m)
		title, err := url.QueryUnescape(html.UnescapeString(sm[3]))
		if err != nil {
			return m
		}
		id, ok := byTitle[titleKey(sm[2], title)]
		if !ok {
			return m
		}
		prefix := strings.TrimSuffix(sm[1], "/display/"+sm[2]+"/"+sm[3])
		return `href="` + prefix + `/pages/viewpage.action?pageId=` + id + sm[4] + `"`
	})
}

// titleKey identifies a page by its space and title, case aside.
func titleKey(space, title string) string {
	return strings.ToLower(space) + "\x00" + strings.ToLower(strings.TrimSpace(title))
}

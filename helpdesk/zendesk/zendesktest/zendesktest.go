// Package zendesktest is a fake Zendesk Help Center API answering in the
// documented shapes: cursor pagination (meta.has_more, links.next), a 429
// with Retry-After on the first request for the second page of articles,
// basic authentication with an API token.
package zendesktest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/helpgraph/helpgraph/helpdesk/helpdesktest"
)

// Server is a fake help center serving helpdesktest.Fixture, its articles
// two to a page.
type Server struct {
	*httptest.Server
	// Email and Token, when set, are the only credentials accepted.
	Email, Token string
	// RetryAfter is the Retry-After of the one 429 ("" for none).
	RetryAfter string
	// German adds a de locale: article 102 translated and published, 101's
	// translation a draft.
	German bool

	mu       sync.Mutex
	limited  bool
	Requests []string
	// Bodies replaces article bodies by id (a changed article).
	Bodies map[int64]string
	// Fail, when set, answers every request with this status.
	Fail int
}

// NewServer starts a fake help center, closed when the test ends.
func NewServer(t *testing.T) *Server {
	s := &Server{RetryAfter: "7", Bodies: map[int64]string{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// ArticleURL is the html_url of the fixture article id.
func (s *Server) ArticleURL(id int64) string {
	for _, a := range helpdesktest.Fixture {
		if a.ID == id {
			return fmt.Sprintf("%s/hc/en-us/articles/%d-%s", s.URL, a.ID, a.Slug)
		}
	}
	return ""
}

// SetBody changes an article's body, as an editor would.
func (s *Server) SetBody(id int64, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Bodies[id] = body
}

// SetFail makes every answer status (0: answer normally).
func (s *Server) SetFail(status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Fail = status
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Requests = append(s.Requests, r.URL.RequestURI())
	if s.Fail != 0 {
		http.Error(w, http.StatusText(s.Fail), s.Fail)
		return
	}
	if s.Email != "" {
		user, pass, ok := r.BasicAuth()
		if !ok || user != s.Email+"/token" || pass != s.Token {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, `{"error":"Couldn't authenticate you"}`)
			return
		}
	}
	path := r.URL.Path
	path = strings.Replace(path, "/help_center/en-us/", "/help_center/", 1)
	if s.German && strings.HasPrefix(path, "/api/v2/help_center/de/") {
		s.serveGerman(w, path)
		return
	}
	var body any
	switch path {
	case "/api/v2/help_center/locales.json":
		locales := []string{"en-us"}
		if s.German {
			locales = append(locales, "de")
		}
		body = map[string]any{"locales": locales, "default_locale": "en-us"}
	case "/api/v2/help_center/categories.json":
		body = map[string]any{
			"categories": []any{map[string]any{"id": 360001, "name": "Your account", "locale": "en-us",
				"html_url": s.URL + "/hc/en-us/categories/360001-Your-account"}},
			"meta": map[string]any{"has_more": false}, "links": map[string]any{"next": nil},
		}
	case "/api/v2/help_center/sections.json":
		body = map[string]any{
			"sections": []any{map[string]any{"id": 4401, "name": "Signing in", "category_id": 360001, "parent_section_id": nil,
				"locale": "en-us", "html_url": s.URL + "/hc/en-us/sections/4401-Signing-in"}},
			"meta": map[string]any{"has_more": false}, "links": map[string]any{"next": nil},
		}
	case "/api/v2/help_center/articles.json":
		after := r.URL.Query().Get("page[after]")
		if after != "" && !s.limited && s.RetryAfter != "" {
			s.limited = true
			w.Header().Set("Retry-After", s.RetryAfter)
			http.Error(w, `{"error":"TooManyRequests"}`, http.StatusTooManyRequests)
			return
		}
		all := helpdesktest.Fixture
		start, end := 0, 2
		if after == "c2" {
			start, end = 2, len(all)
		}
		var arts []any
		for _, a := range all[start:end] {
			html := a.Body
			if b, ok := s.Bodies[a.ID]; ok {
				html = b
			}
			if a.LinkTo != 0 {
				// A site-relative link with an outdated slug, as editors leave them.
				html += fmt.Sprintf(`<p>See also <a href="/hc/en-us/articles/%d-old-title">this article</a>.</p>`, a.LinkTo)
			}
			arts = append(arts, map[string]any{
				"id": a.ID, "url": fmt.Sprintf("%s/api/v2/help_center/en-us/articles/%d.json", s.URL, a.ID),
				"html_url": s.ArticleURL(a.ID), "title": a.Title, "name": a.Title, "body": html,
				"locale": "en-us", "source_locale": "en-us", "draft": a.Draft, "section_id": 4401,
				"created_at": "2024-04-17T17:18:10Z", "updated_at": "2024-04-17T17:18:10Z", "outdated": false,
				"label_names": labels(a.Keywords), "position": 0, "promoted": false,
			})
		}
		next := any(nil)
		if end < len(all) {
			next = s.URL + "/api/v2/help_center/articles.json?page[size]=2&page[after]=c2"
		}
		body = map[string]any{"articles": arts, "meta": map[string]any{"has_more": next != nil, "after_cursor": "c2"},
			"links": map[string]any{"next": next}}
	default:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(w, `{"error":"InvalidEndpoint"}`)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_ = json.NewEncoder(w).Encode(body)
}

// serveGerman answers the de locale's lists, each one page.
func (s *Server) serveGerman(w http.ResponseWriter, path string) {
	var body any
	switch path {
	case "/api/v2/help_center/de/categories.json":
		body = map[string]any{"categories": []any{map[string]any{"id": 360001, "name": "Ihr Konto", "locale": "de"}},
			"meta": map[string]any{"has_more": false}, "links": map[string]any{"next": nil}}
	case "/api/v2/help_center/de/sections.json":
		body = map[string]any{"sections": []any{map[string]any{"id": 4401, "name": "Anmelden", "category_id": 360001, "locale": "de"}},
			"meta": map[string]any{"has_more": false}, "links": map[string]any{"next": nil}}
	case "/api/v2/help_center/de/articles.json":
		body = map[string]any{"articles": []any{
			map[string]any{"id": 101, "html_url": s.URL + "/hc/de/articles/101-Passwort", "title": "Passwort zurücksetzen",
				"body": "<p>Entwurf.</p>", "locale": "de", "source_locale": "en-us", "draft": true, "section_id": 4401},
			map[string]any{"id": 102, "html_url": s.URL + "/hc/de/articles/102-Anmeldeprobleme", "title": "Anmeldeprobleme",
				"body":   "<p>Wenn Sie sich nicht anmelden können, prüfen Sie, ob die Feststelltaste aus ist.</p>",
				"locale": "de", "source_locale": "en-us", "draft": false, "section_id": 4401},
		}, "meta": map[string]any{"has_more": false}, "links": map[string]any{"next": nil}}
	default:
		http.Error(w, `{"error":"InvalidEndpoint"}`, http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_ = json.NewEncoder(w).Encode(body)
}

// labels is an article's label_names: an empty list, not null, as the API
// sends for an article with none.
func labels(keywords []string) []string {
	if keywords == nil {
		return []string{}
	}
	return keywords
}

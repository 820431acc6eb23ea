package mediawiki

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// batch is how many pages one request asks for with their text: the
// API's most for revision content.
const batch = 50

// maxRequests bounds the requests of one listing, against an API whose
// continuation never ends.
const maxRequests = 100000

// answer is an Action API query answer in formatversion 2.
type answer struct {
	Error *struct {
		Code string `json:"code"`
		Info string `json:"info"`
	} `json:"error"`
	Continue map[string]any `json:"continue"`
	Query    struct {
		Redirects []struct {
			From string `json:"from"`
			To   string `json:"to"`
		} `json:"redirects"`
		Pages []struct {
			PageID       int    `json:"pageid"`
			NS           int    `json:"ns"`
			Title        string `json:"title"`
			Missing      bool   `json:"missing"`
			FullURL      string `json:"fullurl"`
			PageLanguage string `json:"pagelanguage"`
			Revisions    []struct {
				Slots struct {
					Main struct {
						ContentModel string `json:"contentmodel"`
						Content      string `json:"content"`
						TextHidden   bool   `json:"texthidden"`
					} `json:"main"`
				} `json:"slots"`
			} `json:"revisions"`
		} `json:"pages"`
	} `json:"query"`
}

// fetch lists the wiki's pages with their latest wikitext, namespace by
// namespace, and the redirects among them.
func (r *Reader) fetch(ctx context.Context) ([]wikiPage, error) {
	if r.API == nil {
		return nil, errors.New("no API URL")
	}
	if !strings.HasSuffix(r.API.Path, "api.php") {
		return nil, fmt.Errorf("%s is not the wiki's api.php: give its address, as the wiki's Special:Version page lists it (https://wiki.example.org/w/api.php)", r.API)
	}
	if err := r.login(ctx); err != nil {
		return nil, err
	}
	var pages []wikiPage
	for _, ns := range namespaces {
		got, err := r.pages(ctx, ns)
		if err != nil {
			return nil, err
		}
		pages = append(pages, got...)
		redirects, err := r.redirects(ctx, ns)
		if err != nil {
			return nil, err
		}
		pages = append(pages, redirects...)
	}
	if len(pages) == 0 {
		return nil, errNoPages
	}
	return pages, nil
}

// pages lists the pages of namespace ns that are no redirects, with their
// text. An answer may leave some pages' text to the next one (the
// revisions continue where the pages do not), so pages are merged by id.
func (r *Reader) pages(ctx context.Context, ns int) ([]wikiPage, error) {
	q := url.Values{
		"generator": {"allpages"}, "gapnamespace": {strconv.Itoa(ns)}, "gapfilterredir": {"nonredirects"},
		"gaplimit": {strconv.Itoa(batch)}, "prop": {"revisions|info"}, "rvprop": {"content"},
		"rvslots": {"main"}, "inprop": {"url"},
	}
	var out []wikiPage
	index := map[int]int{} // page id → place in out
	err := r.query(ctx, q, func(a *answer) {
		for _, p := range a.Query.Pages {
			if p.Missing || p.FullURL == "" {
				continue
			}
			i, ok := index[p.PageID]
			if !ok {
				i = len(out)
				index[p.PageID] = i
				out = append(out, wikiPage{Title: p.Title, NS: p.NS, URL: p.FullURL, Lang: p.PageLanguage})
			}
			if len(p.Revisions) == 0 {
				continue
			}
			main := p.Revisions[0].Slots.Main
			if main.TextHidden || main.ContentModel != "" && main.ContentModel != "wikitext" {
				continue
			}
			out[i].Text = main.Content
		}
	})
	if err != nil {
		return nil, err
	}
	kept := out[:0] // a page with no text (hidden, or no wikitext) is no page
	for _, p := range out {
		if p.Text != "" {
			kept = append(kept, p)
		}
	}
	return kept, nil
}

// redirects lists the redirects of namespace ns, each as a page that
// leads to its target.
func (r *Reader) redirects(ctx context.Context, ns int) ([]wikiPage, error) {
	q := url.Values{
		"generator": {"allpages"}, "gapnamespace": {strconv.Itoa(ns)}, "gapfilterredir": {"redirects"},
		"gaplimit": {"max"}, "redirects": {"1"},
	}
	var out []wikiPage
	err := r.query(ctx, q, func(a *answer) {
		for _, rd := range a.Query.Redirects {
			out = append(out, wikiPage{Title: rd.From, NS: ns, RedirectTo: rd.To})
		}
	})
	return out, err
}

// query asks the API q, and again with each answer's continuation until
// there is none, handing each answer to fn.
func (r *Reader) query(ctx context.Context, q url.Values, fn func(*answer)) error {
	q.Set("action", "query")
	q.Set("format", "json")
	q.Set("formatversion", "2")
	cont := map[string]any{}
	for n := 0; n < maxRequests; n++ {
		req := url.Values{}
		for k, v := range q {
			req[k] = v
		}
		for k, v := range cont {
			req.Set(k, fmt.Sprint(v))
		}
		u := *r.API
		u.RawQuery = req.Encode()
		var a answer
		if err := r.Client.GetJSON(ctx, u.String(), &a); err != nil {
			return err
		}
		if a.Error != nil {
			hint := ""
			if a.Error.Code == "readapidenied" && r.creds.user == "" {
				hint = fmt.Sprintf(" (a private wiki: set %s and %s to a bot password from Special:BotPasswords)", EnvUser, EnvPassword)
			}
			return fmt.Errorf("the wiki's API answered %s: %s%s", a.Error.Code, a.Error.Info, hint)
		}
		fn(&a)
		if len(a.Continue) == 0 {
			return nil
		}
		cont = a.Continue
	}
	return fmt.Errorf("%s: more than %d answers", r.API, maxRequests)
}

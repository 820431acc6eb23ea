package mediawiki

import (
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
)

// exportPage is a <page> of Special:Export's XML (export-0.10, 0.11):
// its revisions oldest first, the whole history or the latest alone.
type exportPage struct {
	Title    string `xml:"title"`
	NS       int    `xml:"ns"`
	Redirect *struct {
		Title string `xml:"title,attr"`
	} `xml:"redirect"`
	Revisions []struct {
		Model string `xml:"model"`
		Text  struct {
			Deleted string `xml:"deleted,attr"`
			Body    string `xml:",chardata"`
		} `xml:"text"`
	} `xml:"revision"`
}

// siteInfo is the export's <siteinfo>: <base> is the main page's URL.
type siteInfo struct {
	Base string `xml:"base"`
}

// readExport reads the pages of the Special:Export file at path,
// streaming it: a dump with every revision holds each page's latest alone.
func readExport(ctx context.Context, path string) ([]wikiPage, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	pages, err := decodeExport(ctx, f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return pages, nil
}

func decodeExport(ctx context.Context, r io.Reader) ([]wikiPage, error) {
	d := xml.NewDecoder(r)
	var (
		pages    []wikiPage
		lang     string
		mainPage *url.URL
		rootSeen bool
		seen     int // <page> elements read
	)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("not a readable MediaWiki export: %w", err)
		}
		start, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if !rootSeen {
			if start.Name.Local != "mediawiki" {
				return nil, fmt.Errorf("not a MediaWiki export: the file opens with <%s>, not <mediawiki> (Special:Export writes one)", start.Name.Local)
			}
			rootSeen = true
			for _, a := range start.Attr {
				if a.Name.Local == "lang" {
					lang = a.Value
				}
			}
			continue
		}
		switch start.Name.Local {
		case "siteinfo":
			var si siteInfo
			if err := d.DecodeElement(&si, &start); err != nil {
				return nil, fmt.Errorf("not a readable MediaWiki export: its <siteinfo>: %w", err)
			}
			if u, err := url.Parse(strings.TrimSpace(si.Base)); err == nil && u.Host != "" && (u.Scheme == "http" || u.Scheme == "https") {
				mainPage = u
			}
		case "page":
			seen++
			var p exportPage
			if err := d.DecodeElement(&p, &start); err != nil {
				return nil, fmt.Errorf("not a readable MediaWiki export: its page %d: %w", seen, err)
			}
			if wp, ok := fromExport(p, mainPage, lang); ok {
				pages = append(pages, wp)
			}
		}
	}
	if !rootSeen {
		return nil, errors.New("not a MediaWiki export: no <mediawiki> element")
	}
	if len(pages) == 0 {
		return nil, errNoPages
	}
	return pages, nil
}

// fromExport is the page p, or false for one that is no help page: out
// of the namespaces read, or whose latest text is hidden or no wikitext
// (a style sheet, a script, JSON). A page's URL is its place on the wiki,
// or its title when the export names no main page.
func fromExport(p exportPage, mainPage *url.URL, lang string) (wikiPage, bool) {
	title := strings.TrimSpace(p.Title)
	if title == "" || !readNamespace(p.NS) && p.Redirect == nil {
		return wikiPage{}, false
	}
	wp := wikiPage{Title: title, NS: p.NS, Lang: lang}
	if mainPage != nil {
		wp.URL = pageURL(mainPage, title)
	} else {
		wp.URL = url.PathEscape(strings.ReplaceAll(title, " ", "_"))
	}
	if p.Redirect != nil {
		wp.RedirectTo = strings.TrimSpace(p.Redirect.Title)
		return wp, wp.RedirectTo != ""
	}
	if len(p.Revisions) == 0 {
		return wikiPage{}, false
	}
	latest := p.Revisions[len(p.Revisions)-1]
	if latest.Text.Deleted != "" || latest.Model != "" && latest.Model != "wikitext" {
		return wikiPage{}, false
	}
	wp.Text = latest.Text.Body
	return wp, true
}

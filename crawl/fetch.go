package crawl

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"path"
	"strings"

	"github.com/helpgraph/helpgraph/page"
)

// inScope reports whether the crawl may fetch u: an allowed host, under the
// start URL's folder, and not a file type that is never a page.
func (r *run) inScope(u *url.URL) bool {
	if (u.Scheme != "http" && u.Scheme != "https") || !r.hosts[u.Host] {
		return false
	}
	if !strings.HasPrefix(u.Path, r.prefix) {
		return false
	}
	return !notPage[strings.ToLower(path.Ext(u.Path))]
}

// notPage are extensions of files that are never pages, skipped without a
// request. PDF, Word and OpenDocument files are pages (page.ParseFile).
var notPage = map[string]bool{
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".svg": true,
	".webp": true, ".ico": true, ".css": true, ".js": true, ".json": true, ".xml": true,
	".zip": true, ".gz": true, ".tgz": true, ".mp3": true, ".mp4": true, ".mov": true,
	".avi": true, ".doc": true, ".xls": true, ".xlsx": true, ".ppt": true,
	".pptx": true, ".csv": true, ".txt": true, ".woff": true, ".woff2": true, ".ttf": true,
	".exe": true, ".dmg": true, ".rss": true, ".atom": true, ".ods": true, ".odp": true,
}

// pageRequest marks the context of a page's request, whose redirects are
// held to the page scope.
type pageRequest struct{}

// fetch gets one page and cleans it: an HTML page, or a document file
// (a PDF guide, a Word form), which links nowhere the crawl follows.
func (r *run) fetch(ctx context.Context, u string) fetched {
	ctx = context.WithValue(ctx, pageRequest{}, true)
	limit := r.maxBytes
	if page.IsDocumentFile(u) {
		limit = max(limit, page.MinDocumentBytes)
	}
	body, resp, err := r.get(ctx, u, "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1", limit)
	if err != nil {
		return fetched{err: err}
	}
	final := u
	if n, err := normalize(resp.Request.URL.String()); err == nil {
		final = n.String()
	}
	contentType := resp.Header.Get("Content-Type")
	if !isHTML(contentType, body) {
		if doc, ok, err := page.ParseFile(body, final, contentType); ok {
			if err != nil {
				return fetched{final: final, err: err}
			}
			parts := page.Split(doc)
			return fetched{final: final, doc: parts[0], parts: parts[1:]}
		}
		return fetched{final: final, err: fmt.Errorf("%w: content type %q", errSkipped, contentType)}
	}
	p, err := page.ParseHTMLPage(body, final, contentType)
	if errors.Is(err, page.ErrNoText) && bytes.Contains(bytes.ToLower(body), []byte("<script")) {
		p, err = r.rendered(ctx, final, p, err)
	}
	if p == nil {
		return fetched{final: final, err: err}
	}
	if p.Document != nil {
		p.Document.URL = r.canonical(p.Document.URL, final)
	}
	res := fetched{final: final, doc: p.Document, err: err}
	if !p.NoFollow {
		for _, h := range p.Hrefs {
			if n, err := normalize(h); err == nil {
				res.links = append(res.links, n.String())
			}
		}
		if p.Document != nil {
			for _, l := range p.Document.Links() {
				if n, err := normalize(l.URL); err == nil {
					res.links = append(res.links, n.String())
				}
			}
		}
	}
	if p.NoIndex && err == nil {
		res.doc, res.err = nil, errNoIndex
	}
	return res
}

// rendered reads the page at final again as a browser renders it, its
// scripts run: its server sent HTML with no text but scripts (a
// single-page app). Without a renderer, or when rendering fails, the page
// stays as sent (p, err), the failure logged.
func (r *run) rendered(ctx context.Context, final string, p *page.HTMLPage, err error) (*page.HTMLPage, error) {
	if r.render == nil {
		r.log.Warn("page has no text but scripts: it is written in the browser, and the crawl renders pages only with Chromium installed", "url", final)
		return p, err
	}
	html, rerr := r.render.Render(ctx, final)
	if rerr != nil {
		r.log.Warn("rendering failed", "url", final, "err", rerr)
		return p, err
	}
	return page.ParseHTMLPage(html, final, "text/html; charset=utf-8")
}

// canonical returns the URL a page read from final is kept under: the
// canonical URL it declares when that is on the same host and in the crawl's
// scope, else final. An off-site or out-of-scope canonical would let a page
// stand in for a page the crawl may not read.
func (r *run) canonical(declared, final string) string {
	if declared == final {
		return final
	}
	c, err := normalize(declared)
	f, ferr := url.Parse(final)
	if err != nil || ferr != nil || c.Host != f.Host || !r.inScope(c) {
		r.log.Debug("canonical URL ignored", "url", final, "canonical", declared)
		return final
	}
	return c.String()
}

// isHTML reports whether a response is an HTML page, by its Content-Type
// or, when a server sends none, by its first bytes.
func isHTML(contentType string, body []byte) bool {
	if contentType == "" {
		sniffed := http.DetectContentType(body)
		return strings.HasPrefix(sniffed, "text/html") || strings.HasPrefix(sniffed, "text/plain")
	}
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "text/html" || mt == "application/xhtml+xml")
}

// get makes one polite GET request and reads the body, at most maxBytes of
// it, within the request timeout. A status other than 2xx is an error.
func (r *run) get(ctx context.Context, u, accept string, maxBytes int64) ([]byte, *http.Response, error) {
	if err := r.limiter.Wait(ctx); err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("User-Agent", r.userAgent)
	req.Header.Set("Accept", accept)
	resp, err := r.client.Do(req)
	if err != nil {
		return nil, nil, unwrapURLError(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, resp, &StatusError{Code: resp.StatusCode, Status: resp.Status}
	}
	if resp.ContentLength > maxBytes {
		return nil, resp, fmt.Errorf("%d bytes, limit %d: %w", resp.ContentLength, maxBytes, page.ErrTooBig)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBytes+1))
	if err != nil {
		return nil, resp, fmt.Errorf("reading body: %w", unwrapURLError(err))
	}
	if int64(len(body)) > maxBytes {
		return nil, resp, fmt.Errorf("over %d bytes: %w", maxBytes, page.ErrTooBig)
	}
	return body, resp, nil
}

// unwrapURLError drops the *url.Error wrapper, whose message repeats the
// URL that a PageError already names.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// normalize parses an absolute http(s) URL into the form the crawl compares
// URLs in: lower-case scheme and host, no default port, no fragment, a path
// that is at least "/".
func normalize(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, err
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("URL %q: not http or https", raw)
	}
	if u.Host == "" {
		return nil, fmt.Errorf("URL %q: no host", raw)
	}
	u.Host = canonicalHost(u)
	u.Fragment, u.RawFragment = "", ""
	u.User = nil
	if u.Path == "" {
		u.Path, u.RawPath = "/", ""
	}
	return u, nil
}

// canonicalHost returns u's host in lower case without its default port.
func canonicalHost(u *url.URL) string {
	host := strings.ToLower(u.Host)
	switch {
	case u.Scheme == "http" && strings.HasSuffix(host, ":80"):
		host = strings.TrimSuffix(host, ":80")
	case u.Scheme == "https" && strings.HasSuffix(host, ":443"):
		host = strings.TrimSuffix(host, ":443")
	}
	return host
}

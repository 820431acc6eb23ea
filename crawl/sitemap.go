package crawl

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
)

// maxSitemaps bounds the sitemap files one crawl reads, index files included.
const maxSitemaps = 50

// sitemapFile is a sitemap (<urlset>) or a sitemap index (<sitemapindex>).
type sitemapFile struct {
	URLs     []sitemapLoc `xml:"url"`
	Sitemaps []sitemapLoc `xml:"sitemap"`
}

type sitemapLoc struct {
	Loc string `xml:"loc"`
}

// seedSitemaps queues the pages listed in the start host's sitemaps: those
// named in robots.txt, else /sitemap.xml. A sitemap that cannot be read is
// logged and skipped: sitemaps only help find pages.
func (r *run) seedSitemaps(ctx context.Context) {
	rules := r.robotsFor(ctx, r.start)
	pending := rules.sitemaps
	if len(pending) == 0 {
		pending = []string{(&url.URL{Scheme: r.start.Scheme, Host: r.start.Host, Path: "/sitemap.xml"}).String()}
	}
	seen := make(map[string]bool)
	for read := 0; len(pending) > 0 && read < maxSitemaps && ctx.Err() == nil; {
		next := pending[0]
		pending = pending[1:]
		u, err := normalize(next)
		if err != nil || seen[u.String()] || !r.hosts[u.Host] {
			continue
		}
		seen[u.String()] = true
		read++
		sm, err := r.readSitemap(ctx, u.String())
		if err != nil {
			r.log.Debug("sitemap not read", "url", u.String(), "err", err)
			continue
		}
		for _, s := range sm.Sitemaps {
			pending = append(pending, s.Loc)
		}
		r.mu.Lock()
		queued := 0
		for _, l := range sm.URLs {
			if n, err := normalize(l.Loc); err == nil {
				before := len(r.queue)
				r.enqueueLocked(n.String())
				queued += len(r.queue) - before
			}
		}
		r.mu.Unlock()
		r.log.Debug("sitemap read", "url", u.String(), "urls", len(sm.URLs), "queued", queued, "sitemaps", len(sm.Sitemaps))
	}
}

func (r *run) readSitemap(ctx context.Context, u string) (*sitemapFile, error) {
	body, _, err := r.get(ctx, u, "application/xml,text/xml;q=0.9,*/*;q=0.1", r.maxBytes)
	if err != nil {
		return nil, err
	}
	if bytes.HasPrefix(body, []byte{0x1f, 0x8b}) {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return nil, fmt.Errorf("gunzipping: %w", err)
		}
		body, err = io.ReadAll(io.LimitReader(zr, r.maxBytes+1))
		if err != nil {
			return nil, fmt.Errorf("gunzipping: %w", err)
		}
		if int64(len(body)) > r.maxBytes {
			return nil, fmt.Errorf("sitemap over %d bytes unzipped", r.maxBytes)
		}
	}
	var sm sitemapFile
	if err := xml.Unmarshal(body, &sm); err != nil {
		return nil, fmt.Errorf("parsing sitemap: %w", err)
	}
	return &sm, nil
}

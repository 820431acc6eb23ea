package crawl

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"time"

	"github.com/temoto/robotstxt"
	"golang.org/x/time/rate"
)

// robotsRules are a host's robots.txt rules for our user agent.
type robotsRules struct {
	data     *robotstxt.RobotsData // nil: everything allowed
	sitemaps []string
}

// allowed reports whether robots.txt lets the crawl fetch u. The host's
// robots.txt is fetched once; one that cannot be fetched or parsed allows
// everything, except a 5xx answer, which (as for Google) disallows all.
func (r *run) allowed(ctx context.Context, u *url.URL) bool {
	rules := r.robotsFor(ctx, u)
	return rules.data == nil || rules.data.TestAgent(u.RequestURI(), r.userAgent)
}

func (r *run) robotsFor(ctx context.Context, u *url.URL) *robotsRules {
	r.robotsMu.Lock()
	defer r.robotsMu.Unlock()
	if rules, ok := r.robots[u.Host]; ok {
		return rules
	}
	robotsURL := (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: "/robots.txt"}).String()
	rules := &robotsRules{}
	// A page redirect may bring us here: robots.txt's own redirects are not
	// held to the page scope.
	body, resp, err := r.get(context.WithValue(ctx, pageRequest{}, nil), robotsURL, "text/plain", r.maxBytes)
	var statusErr *StatusError
	switch {
	case errors.As(err, &statusErr):
		rules.data, _ = robotstxt.FromStatusAndBytes(statusErr.Code, nil)
		r.log.Debug("robots.txt", "url", robotsURL, "status", statusErr.Code)
	case err != nil:
		r.log.Warn("robots.txt not fetched; crawling as if there were none", "url", robotsURL, "err", err)
		if ctx.Err() != nil {
			return rules // not cached: the crawl is ending
		}
	default:
		data, err := robotstxt.FromStatusAndBytes(resp.StatusCode, body)
		if err != nil {
			r.log.Warn("robots.txt not parsed; crawling as if there were none", "url", robotsURL, "err", err)
			break
		}
		rules.data = data
		rules.sitemaps = data.Sitemaps
		if asked := data.FindGroup(r.userAgent).CrawlDelay; asked > r.delay {
			d := min(asked, r.maxDelay)
			// Said up front, so whoever started a long crawl learns it
			// before waiting for it.
			r.log.Warn("robots.txt asks for a crawl delay; the crawl will be slow",
				"host", u.Host, "asked", asked, "delay", d,
				"estimate", (time.Duration(r.maxPages)*d).Round(time.Second).String()+" for "+strconv.Itoa(r.maxPages)+" pages")
			r.delay = d
			r.limiter.SetLimit(rate.Every(d))
		}
	}
	r.robots[u.Host] = rules
	return rules
}

package crawl

import (
	"context"
	"errors"
	"net/url"

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
	body, resp, err := r.get(ctx, robotsURL, "text/plain")
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
		if d := data.FindGroup(r.userAgent).CrawlDelay; d > r.delay {
			d = min(d, maxCrawlDelay)
			r.log.Info("robots.txt asks for a crawl delay", "host", u.Host, "delay", d)
			r.delay = d
			r.limiter.SetLimit(rate.Every(d))
		}
	}
	r.robots[u.Host] = rules
	return rules
}

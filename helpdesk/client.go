package helpdesk

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Errors a help desk's API answers with that retrying cannot fix. Callers
// match them with errors.Is.
var (
	ErrUnauthorized = errors.New("the help desk refused the credentials")
	ErrNotFound     = errors.New("the help desk has no such address")
)

// Client fetches a help desk API's JSON, retrying what a later try can fix:
// 429 (after its Retry-After), 5xx and failed connections, until the waits
// add up to MaxWait.
type Client struct {
	HTTP *http.Client // nil: a client with a 60 s timeout
	// Authorize adds the credentials to a request (nil: none).
	Authorize func(*http.Request)
	// Header is added to every request (an API version header).
	Header http.Header
	// Credentials names where the credentials come from (environment
	// variables), for the error a refused request gives.
	Credentials string
	// MaxWait bounds the time one request spends waiting to retry; 0
	// means DefaultMaxWait.
	MaxWait time.Duration
	// Sleep waits d or until ctx is done; nil uses a timer. Tests pass one
	// that only records d.
	Sleep  func(ctx context.Context, d time.Duration) error
	Logger *slog.Logger // nil: discard
}

// Defaults for Client's zero values.
const (
	DefaultMaxWait = 5 * time.Minute
	// maxBody bounds one answer: a page of 100 articles with long bodies
	// is a few MiB.
	maxBody = 64 << 20
	// firstBackoff is the wait after the first 5xx; it doubles up to
	// maxBackoff.
	firstBackoff = time.Second
	maxBackoff   = time.Minute
)

// GetJSON fetches url and decodes its JSON answer into v.
func (c *Client) GetJSON(ctx context.Context, url string, v any) error {
	maxWait := c.MaxWait
	if maxWait <= 0 {
		maxWait = DefaultMaxWait
	}
	var waited time.Duration
	backoff := firstBackoff
	for try := 1; ; try++ {
		wait, err := c.get(ctx, url, v)
		if err == nil {
			return nil
		}
		if wait < 0 || ctx.Err() != nil {
			return err
		}
		if wait == 0 {
			wait = backoff
			backoff = min(2*backoff, maxBackoff)
		}
		if waited+wait > maxWait {
			return fmt.Errorf("%w (gave up after %d tries, %s of waiting)", err, try, waited)
		}
		c.logger().Warn("help desk API: retrying", "url", url, "err", err, "wait", wait)
		if err := c.sleep(ctx, wait); err != nil {
			return err
		}
		waited += wait
	}
}

// get makes one request. wait is how long to wait before trying again: 0
// for the usual backoff, negative when trying again cannot help.
func (c *Client) get(ctx context.Context, url string, v any) (wait time.Duration, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return -1, fmt.Errorf("help desk URL %q: %w", url, err)
	}
	req.Header.Set("Accept", "application/json")
	for k, vs := range c.Header {
		req.Header[k] = vs
	}
	if c.Authorize != nil {
		c.Authorize(req)
	}
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 60 * time.Second}
	}
	resp, err := hc.Do(req)
	if err != nil {
		// A host that does not exist or a certificate that does not
		// match is a wrong address, not an outage.
		var dnsErr *net.DNSError
		var certErr *tls.CertificateVerificationError
		if errors.As(err, &dnsErr) && dnsErr.IsNotFound || errors.As(err, &certErr) {
			return -1, fmt.Errorf("fetching %s: %w", url, err)
		}
		return 0, fmt.Errorf("fetching %s: %w", url, err)
	}
	defer resp.Body.Close()
	switch code := resp.StatusCode; {
	case code == http.StatusTooManyRequests:
		return retryAfter(resp.Header.Get("Retry-After"), time.Now()), fmt.Errorf("fetching %s: rate limited (429)", url)
	case code >= 500:
		return 0, fmt.Errorf("fetching %s: %s", url, resp.Status)
	case code == http.StatusUnauthorized || code == http.StatusForbidden:
		hint := ""
		if c.Credentials != "" {
			hint = "; check " + c.Credentials
		}
		return -1, fmt.Errorf("fetching %s: %s: %w%s", url, resp.Status, ErrUnauthorized, hint)
	case code == http.StatusNotFound:
		return -1, fmt.Errorf("fetching %s: %w (404): is the URL the help desk's own address?", url, ErrNotFound)
	case code != http.StatusOK:
		snippet, _ := io.ReadAll(io.LimitReader(resp.Body, 200))
		return -1, fmt.Errorf("fetching %s: %s: %s", url, resp.Status, strings.TrimSpace(string(snippet)))
	}
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt != "" && !strings.Contains(mt, "json") {
		return -1, fmt.Errorf("fetching %s: the answer is %s, not JSON: is the URL the help desk's own address?", url, mt)
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxBody)).Decode(v); err != nil {
		return -1, fmt.Errorf("reading %s: %w", url, err)
	}
	return 0, nil
}

// retryAfter reads a Retry-After header (seconds or an HTTP date); 0 when
// it is missing or unreadable, which means the usual backoff.
func retryAfter(h string, now time.Time) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	if s, err := strconv.Atoi(h); err == nil {
		return max(time.Duration(s)*time.Second, time.Second)
	}
	if t, err := http.ParseTime(h); err == nil {
		return max(t.Sub(now), time.Second)
	}
	return 0
}

func (c *Client) sleep(ctx context.Context, d time.Duration) error {
	if c.Sleep != nil {
		return c.Sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Log is the client's logger, never nil.
func (c *Client) Log() *slog.Logger { return c.logger() }

// ProgressEvery is how many items of a long read, each a request of its
// own (a help desk whose list gives no text), are read between two
// progress lines: thousands of articles take minutes at an API's rate
// limit.
const ProgressEvery = 50

// Progress logs what is being read, and how many items so far, every
// ProgressEvery items.
func (c *Client) Progress(what string, read int) {
	if read > 0 && read%ProgressEvery == 0 {
		c.logger().Info(what, "read", read)
	}
}

func (c *Client) logger() *slog.Logger {
	if c.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return c.Logger
}

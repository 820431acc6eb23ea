package llm

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// withRetries runs call with a per-request timeout, retrying 429s and 5xx
// with exponential backoff and jitter (or the server's Retry-After). A
// timeout is not retried: a stalled endpoint would only stall again. Calls
// that fail on the endpoint's side feed the circuit breaker, and while it is
// open calls fail at once with ErrUnavailable.
func (c *Client) withRetries(ctx context.Context, what string, call func(ctx context.Context) error) error {
	if err := c.brk.allow(); err != nil {
		c.unavailable.Add(1)
		return fmt.Errorf("%s: %w", what, err)
	}
	budget, _ := ctx.Value(budgetKey{}).(*Budget)
	for attempt := 0; ; attempt++ {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		if budget != nil && !budget.take() {
			return fmt.Errorf("%s: %w", what, ErrBudget)
		}
		hint := new(retryAfterHint)
		reqCtx, cancel := context.WithTimeout(context.WithValue(ctx, retryAfterKey{}, hint), c.cfg.Timeout)
		c.calls.Add(1)
		err := call(reqCtx)
		cancel()
		if err == nil {
			c.brk.success()
			return nil
		}
		if ctx.Err() != nil {
			// The caller's deadline, not the endpoint's fault alone; but a
			// request that used all of it says the endpoint is too slow.
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				c.tripped(ctx, err)
			}
			return fmt.Errorf("%s: %w", what, ctx.Err())
		}
		down := endpointDown(err)
		if !retryable(err) || attempt >= c.cfg.MaxRetries {
			if down {
				c.tripped(ctx, err)
			}
			if attempt > 0 {
				return fmt.Errorf("%s: giving up after %d retries: %w", what, attempt, err)
			}
			return fmt.Errorf("%s: %w", what, err)
		}
		wait := backoff(attempt)
		if d, ok := hint.get(); ok {
			wait = min(d, maxRetryAfter)
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			// Waiting would outlive the caller's deadline: fail now so it
			// can take its offline path with the time it has left.
			c.tripped(ctx, err)
			return fmt.Errorf("%s: retry in %v would pass the deadline: %w", what, wait, err)
		}
		c.retries.Add(1)
		c.log.DebugContext(ctx, "llm retry", "what", what, "attempt", attempt+1, "wait", wait, "err", err)
		if err := c.sleep(ctx, wait); err != nil {
			return fmt.Errorf("%s: waiting to retry: %w", what, err)
		}
	}
}

// tripped records an endpoint failure with the breaker.
func (c *Client) tripped(ctx context.Context, err error) {
	if c.brk.failure(err) {
		c.log.WarnContext(ctx, "llm endpoint failing; refusing calls for a while", "model", c.cfg.Model,
			"cooldown", c.cfg.BreakerCooldown, "err", err)
	}
}

// retryable reports whether err is worth retrying: rate limits and server
// errors.
func retryable(err error) bool {
	var apiErr *openai.APIError
	if errors.As(err, &apiErr) {
		return retryableStatus(apiErr.HTTPStatusCode)
	}
	var reqErr *openai.RequestError
	if errors.As(err, &reqErr) && reqErr.HTTPStatusCode != 0 {
		return retryableStatus(reqErr.HTTPStatusCode)
	}
	return false
}

// endpointDown reports whether err says the endpoint is unavailable (as
// opposed to refusing this request): a timeout, no connection, 429 or 5xx.
func endpointDown(err error) bool {
	if retryable(err) || errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var apiErr *openai.APIError
	var reqErr *openai.RequestError
	if errors.As(err, &apiErr) || errors.As(err, &reqErr) && reqErr.HTTPStatusCode != 0 {
		return false
	}
	var netErr net.Error
	var opErr *net.OpError
	return errors.As(err, &netErr) || errors.As(err, &opErr)
}

func retryableStatus(code int) bool {
	return code == http.StatusTooManyRequests || code >= 500
}

// backoff returns the wait before retry number attempt+1: exponential with
// "equal jitter" (half fixed, half random), so concurrent clients spread out.
func backoff(attempt int) time.Duration {
	d := maxBackoff
	if attempt < 16 {
		d = min(backoffBase<<attempt, maxBackoff)
	}
	return d/2 + rand.N(d/2+1)
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// retryAfterKey carries a *retryAfterHint in a request's context, so the
// HTTP layer can hand the Retry-After header (which go-openai's errors
// drop) back to withRetries without shared state between requests.
type retryAfterKey struct{}

type retryAfterHint struct {
	d  atomic.Int64
	ok atomic.Bool
}

func (h *retryAfterHint) get() (time.Duration, bool) {
	return time.Duration(h.d.Load()), h.ok.Load()
}

// retryAfterDoer is the http.Client go-openai uses, recording Retry-After.
type retryAfterDoer struct{ hc *http.Client }

func (d retryAfterDoer) Do(req *http.Request) (*http.Response, error) {
	resp, err := d.hc.Do(req)
	if err != nil || resp.StatusCode < 400 {
		return resp, err
	}
	if hint, ok := req.Context().Value(retryAfterKey{}).(*retryAfterHint); ok {
		if wait, ok := parseRetryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
			hint.d.Store(int64(wait))
			hint.ok.Store(true)
		}
	}
	return resp, nil
}

// parseRetryAfter reads a Retry-After header: delay seconds or an HTTP date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		if secs < 0 || math.IsNaN(secs) || math.IsInf(secs, 0) {
			return 0, false
		}
		return time.Duration(min(secs, maxRetryAfter.Seconds()) * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

package notify

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
)

// Send sends req for a sink that speaks HTTP and returns a 2xx answer's
// body (at most 1 MiB). Transport errors and 5xx, 408 and 429 answers are
// errors to retry; other answers are Permanent.
func Send(client *http.Client, req *http.Request) ([]byte, error) {
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", req.Method, req.URL.Redacted(), err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode/100 == 2 {
		return body, nil
	}
	err = fmt.Errorf("%s %s: %s: %.200s", req.Method, req.URL.Redacted(), resp.Status, bytes.TrimSpace(body))
	switch {
	case resp.StatusCode >= 500, resp.StatusCode == http.StatusTooManyRequests, resp.StatusCode == http.StatusRequestTimeout:
		return nil, err
	default:
		return nil, Permanent(err)
	}
}

package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/helpgraph/helpgraph/internal/lexical"
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

// JSONRequest is a request with body encoded as JSON (none when nil).
func JSONRequest(ctx context.Context, method, url string, body any) (*http.Request, error) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, Permanent(fmt.Errorf("encoding %s %s: %w", method, url, err))
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, r)
	if err != nil {
		return nil, Permanent(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "Helpgraph/1")
	return req, nil
}

// SendJSON is Send that decodes a 2xx answer into out (unless nil).
func SendJSON(client *http.Client, req *http.Request, out any) error {
	body, err := Send(client, req)
	if err != nil || out == nil {
		return err
	}
	if err := json.Unmarshal(body, out); err != nil {
		return fmt.Errorf("%s %s: reading the answer: %w", req.Method, req.URL.Redacted(), err)
	}
	return nil
}

// Transcript writes turns as plain text for a help desk's ticket. The
// assistant's text is a page's, whose words that name HTML and whose
// backslashes its Markdown escapes (lexical.EscapeWords): the ticket has
// them as the page does.
func Transcript(turns []Turn) string {
	var b strings.Builder
	for _, t := range turns {
		who := map[string]string{"user": "Customer", "agent": "Assistant", "support": "Support"}[t.Role]
		if who == "" {
			who = t.Role
		}
		text := t.Text
		if t.Role == "agent" {
			text = lexical.UnescapeWords(text)
		}
		fmt.Fprintf(&b, "%s: %s\n\n", who, text)
	}
	return strings.TrimSpace(b.String())
}

package helpdesk

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		h    string
		want time.Duration
	}{
		{"", 0},
		{"7", 7 * time.Second},
		{"0", time.Second}, // never a busy loop
		{"Fri, 02 Jan 2026 03:05:05 GMT", time.Minute},
		{"soon", 0},
	} {
		if got := retryAfter(tc.h, now); got != tc.want {
			t.Errorf("retryAfter(%q) = %v, want %v", tc.h, got, tc.want)
		}
	}
}

func TestID(t *testing.T) {
	var v struct{ A, B, C ID }
	if err := json.Unmarshal([]byte(`{"A": 360012345678901, "B": "6871119", "C": null}`), &v); err != nil {
		t.Fatal(err)
	}
	if v.A != "360012345678901" || v.B != "6871119" || v.C != "" {
		t.Errorf("ids %q %q %q", v.A, v.B, v.C)
	}
	if err := json.Unmarshal([]byte(`{"A": true}`), &v); err == nil {
		t.Error("a boolean id was accepted")
	}
}

func TestLinksBetweenArticles(t *testing.T) {
	arts := []Article{
		{ID: "1", URL: "https://help.example.com/hc/en-us/articles/1-One", Locale: "en-us", Title: "One",
			Body: `<p>Read <a href="/hc/en-us/articles/2-two-old#steps">two</a>, <a href="https://other.example.com/articles/2-x">elsewhere</a> and <a href="https://help.example.com/hc/de/articles/2">two in German</a>.</p>`},
		{ID: "2", URL: "https://help.example.com/hc/en-us/articles/2-Two", Locale: "en-us", Title: "Two", Body: "<p>Two.</p>"},
		{ID: "2", URL: "https://help.example.com/hc/de/articles/2-Zwei", Locale: "de", Title: "Zwei", Body: "<p>Zwei.</p>"},
	}
	links := newLinkTable(arts)
	doc, err := Document(arts[0], links.resolve)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range doc.Links() {
		got = append(got, l.URL)
	}
	// Links to the same article in the linking article's locale, whatever
	// the slug or locale written; other hosts untouched. Fragments are
	// dropped by the page reader.
	want := "https://help.example.com/hc/en-us/articles/2-Two https://other.example.com/articles/2-x"
	if strings.Join(got, " ") != want {
		t.Errorf("links %q, want %q", strings.Join(got, " "), want)
	}
	if doc.Title != "One" || doc.URL != arts[0].URL {
		t.Errorf("title %q url %q", doc.Title, doc.URL)
	}
}

func FuzzDocument(f *testing.F) {
	f.Add(`<p>Read <a href="/hc/en-us/articles/2">two</a></p>`)
	f.Add(`<table><tr><td><a href="%zz">x</a>`)
	f.Add(`</main></body><script>alert(1)</script>`)
	f.Fuzz(func(t *testing.T, body string) {
		arts := []Article{{ID: "1", URL: "https://h.example.com/articles/1", Title: "T", Body: body}}
		_, _ = Document(arts[0], newLinkTable(arts).resolve)
	})
}

func TestWrongHostFailsAtOnce(t *testing.T) {
	var waits []time.Duration
	// The resolver's answer for a name that does not exist, without
	// depending on this machine's DNS.
	noSuchHost := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		return nil, &net.OpError{Op: "dial", Net: network, Err: &net.DNSError{Err: "no such host", Name: "acme.zendesk.invalid", IsNotFound: true}}
	}}
	c := &Client{HTTP: &http.Client{Transport: noSuchHost},
		Sleep: func(_ context.Context, d time.Duration) error { waits = append(waits, d); return nil }}
	var v any
	err := c.GetJSON(context.Background(), "http://acme.zendesk.invalid/api/v2/help_center/articles.json", &v)
	if err == nil || len(waits) > 0 {
		t.Errorf("err %v after waits %v; want an error at once", err, waits)
	}
}

func TestRefusedConnectionIsRetriedWithinTheDeadline(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	addr := srv.URL
	srv.Close() // nothing listens there now
	var total time.Duration
	c := &Client{MaxWait: 10 * time.Second, Sleep: func(_ context.Context, d time.Duration) error { total += d; return nil }}
	var v any
	err := c.GetJSON(context.Background(), addr+"/articles", &v)
	if err == nil || !strings.Contains(err.Error(), "gave up") || total == 0 || total > 10*time.Second {
		t.Errorf("err %v after %v of waiting; want retries within 10s, then giving up", err, total)
	}
}

// TestProgress: a long read says how far it is every ProgressEvery items,
// and nothing in between.
func TestProgress(t *testing.T) {
	var buf bytes.Buffer
	c := &Client{Logger: slog.New(slog.NewTextHandler(&buf, nil))}
	for read := 0; read <= 2*ProgressEvery+1; read++ {
		c.Progress("reading articles", read)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], fmt.Sprintf("read=%d", ProgressEvery)) || !strings.Contains(lines[1], fmt.Sprintf("read=%d", 2*ProgressEvery)) {
		t.Errorf("progress lines %q, want one at %d and one at %d", lines, ProgressEvery, 2*ProgressEvery)
	}
}

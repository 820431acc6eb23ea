package chromium_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/crawl"
	"github.com/helpgraph/helpgraph/crawl/chromium"
	"github.com/helpgraph/helpgraph/internal/testenv"
)

var _ crawl.Renderer = (*chromium.Renderer)(nil)

func newRenderer(t *testing.T) *chromium.Renderer {
	t.Helper()
	r, err := chromium.New("")
	if errors.Is(err, chromium.ErrNotInstalled) {
		testenv.Missing(t, testenv.Browser, err.Error())
	}
	if err != nil {
		t.Fatal(err)
	}
	r.NoSandbox = true // a test machine's container may give no sandbox
	t.Cleanup(func() { r.Close() })
	return r
}

// spa is a help center built as a single-page app: every page is the same
// HTML with no text, whose script fetches the page's article and writes
// it, links included, into the page.
func spa(t *testing.T) *httptest.Server {
	articles := map[string]string{
		"/help/":        `<h1>Help</h1><p>Start with <a href="/help/refunds">refunds</a>.</p>`,
		"/help/refunds": `<h1>Refunds</h1><p>Refunds go back to the card you paid with within ten days.</p>`,
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/article", func(w http.ResponseWriter, r *http.Request) {
		a, ok := articles[r.URL.Query().Get("path")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, a)
	})
	mux.HandleFunc("/help/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!DOCTYPE html><html lang="en"><head><title>Acme Help</title></head><body><div id="root"></div>
<script>
fetch("/api/article?path=" + encodeURIComponent(location.pathname)).then(r => r.text()).then(html => {
  document.getElementById("root").innerHTML = "<main>" + html + "</main>";
  document.title = document.querySelector("h1").textContent;
});
</script></body></html>`)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// TestCrawlRendersSinglePageApp: the crawl reads a help center whose
// pages are written by script, text and links, once rendered; without a
// renderer it reads none of them.
func TestCrawlRendersSinglePageApp(t *testing.T) {
	srv := spa(t)
	c := &crawl.Crawler{Delay: -1, Timeout: 10 * time.Second, Render: newRenderer(t)}
	docs, failed, err := c.Crawl(context.Background(), srv.URL+"/help/", nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range docs {
		got = append(got, d.URL+" "+d.Title)
		if d.URL == srv.URL+"/help/refunds" && !strings.Contains(d.Text(), "within ten days") {
			t.Errorf("refunds page reads %q, want its article", d.Text())
		}
	}
	want := []string{srv.URL + "/help/ Help", srv.URL + "/help/refunds Refunds"}
	if slices.Sort(got); !slices.Equal(got, want) || len(failed) > 0 {
		t.Errorf("pages %q (failed %v), want %q", got, failed, want)
	}

	c.Render = nil
	if docs, _, err := c.Crawl(context.Background(), srv.URL+"/help/", nil); err != nil || len(docs) != 0 {
		t.Errorf("without a renderer: %d pages, err %v; want none (the server's HTML has no text and no links)", len(docs), err)
	}
}

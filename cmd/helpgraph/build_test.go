package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/helpgraph/helpgraph/config"
	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/sqlite"
	"github.com/helpgraph/helpgraph/kgbuild"
)

// runCLI runs helpgraph in-process with an offline config.
func runCLI(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{
		Config: config.FromLookup(func(string) (string, bool) { return "", false }),
		Stdin:  strings.NewReader(""),
		Stdout: &out,
		Stderr: &errb,
	}
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("helpgraph %v panicked: %v", args, r)
		}
	}()
	err = m.Run(context.Background(), args)
	return out.String(), errb.String(), err
}

func writePages(t *testing.T, pages map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	writePagesIn(t, dir, pages)
	return dir
}

// writePagesIn writes pages (path relative to dir -> body) under dir.
func writePagesIn(t *testing.T, dir string, pages map[string]string) {
	t.Helper()
	for name, body := range pages {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// lastBuild returns the last build of the store at db.
func lastBuild(t *testing.T, db string) graph.Build {
	t.Helper()
	st, err := sqlite.Open(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lb, err := st.LastBuild(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return lb
}

// lastBuildReport returns the report of the last build of the store at db.
func lastBuildReport(t *testing.T, db string) kgbuild.Report {
	t.Helper()
	return reportOf(t, lastBuild(t, db))
}

// reportOf decodes a build's report.
func reportOf(t *testing.T, lb graph.Build) kgbuild.Report {
	t.Helper()
	var report kgbuild.Report
	if err := json.Unmarshal(lb.Report, &report); err != nil {
		t.Fatal(err)
	}
	return report
}

var fixturePages = map[string]string{
	"change.html": `<html><head><title>Changing an order | Shop Help</title></head><body><main>
<h1>Changing an order</h1><p>You can change an order until it ships.</p>
<h2>If you ordered online</h2><p>Log in, open Orders and click Change.</p>
<h2>If you ordered by phone</h2><p>Call us at 0120-555-123.</p>
<p>To cancel instead, see <a href="cancel.html">Cancelling an order</a>.</p></main></body></html>`,
	"cancel.html": `<html><head><title>Cancelling an order | Shop Help</title></head><body><main>
<h1>Cancelling an order</h1><p>Please contact us.</p></main></body></html>`,
	"faq/shipping.md": "# Shipping times\n\nOrders ship in 2 days. Go to Orders to track yours.\n",
}

func TestBuildExportLint(t *testing.T) {
	dir := writePages(t, fixturePages)
	db := filepath.Join(t.TempDir(), "g.db")
	out, _, err := runCLI(t, "build", "--pages", dir, "--store", db, "--llm", "off")
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	if !strings.Contains(out, "3 ok, 0 failed") || !strings.Contains(out, "generation 1") {
		t.Errorf("build report:\n%s", out)
	}

	out, _, err = runCLI(t, "export", "--store", db, "--format", "json")
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	var ex struct {
		Pages []struct{ URL, Title, Status string }
		Nodes []graph.Node
		Edges []graph.Edge
	}
	if err := json.Unmarshal([]byte(out), &ex); err != nil {
		t.Fatalf("export is not JSON: %v\n%s", err, out)
	}
	if len(ex.Pages) != 3 || len(ex.Nodes) < 5 {
		t.Errorf("export: %d pages, %d nodes; want 3 and >= 5", len(ex.Pages), len(ex.Nodes))
	}
	refs := 0
	for _, e := range ex.Edges {
		if e.Type == graph.Reference {
			refs++
		}
	}
	if refs != 1 {
		t.Errorf("export: %d reference edges, want 1 (change -> cancel)", refs)
	}
	again, _, _ := runCLI(t, "export", "--store", db)
	if again != out {
		t.Error("export is not deterministic")
	}

	out, _, err = runCLI(t, "lint", "--store", db)
	if err != nil {
		t.Fatalf("lint: %v", err)
	}
	if !strings.Contains(out, "dead-end (") || !strings.Contains(out, "cancel.html") || !strings.Contains(out, "findings:") {
		t.Errorf("lint output:\n%s", out)
	}

	// A rebuild with nothing changed parses and writes nothing.
	out, _, err = runCLI(t, "build", "--pages", dir, "--store", db, "--llm", "off")
	if err != nil || !strings.Contains(out, "nothing changed since generation 1") {
		t.Errorf("rebuild: %v\n%s", err, out)
	}
}

func TestBuildBadInput(t *testing.T) {
	big := t.TempDir()
	f, err := os.Create(filepath.Join(big, "big.html"))
	if err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte("<p>lorem ipsum dolor sit amet</p>\n"), 1<<15)
	for written := 0; written < 50<<20; written += len(chunk) {
		if _, err := f.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	f.Close()
	broken := t.TempDir()
	if err := os.Symlink(filepath.Join(broken, "nowhere"), filepath.Join(broken, "broken.html")); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name string
		args []string
		want string // in the error
	}{
		{"missing folder", []string{"--pages", filepath.Join(t.TempDir(), "nope")}, "nope"},
		{"folder without pages", []string{"--pages", t.TempDir()}, "no pages"},
		{"50 MB page", []string{"--pages", big}, "big.html"},
		{"unreadable file", []string{"--pages", broken}, "broken.html"},
		{"empty HTML", []string{"--pages", writePages(t, map[string]string{"empty.html": "<html><body><nav>Home</nav><script>x()</script></body></html>"})}, "no text"},
		{"unreachable URL", []string{"--crawl", "http://127.0.0.1:1/help/", "--timeout", "2s"}, "127.0.0.1:1"},
		{"both sources", []string{"--pages", "x", "--crawl", "http://example.com/"}, "exactly one"},
		{"no source", nil, "exactly one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "g.db")
			_, _, err := runCLI(t, append([]string{"build", "--store", db, "--llm", "off"}, tt.args...)...)
			if err == nil {
				t.Fatal("build succeeded")
			}
			if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, tt.want) {
				t.Errorf("error %q: want one line mentioning %q", msg, tt.want)
			}
			assertNothingWritten(t, db)
		})
	}
}

// TestBuildNonUTF8 checks that a Latin-1 page without a charset neither
// panics nor ends up as invalid UTF-8 in the graph.
func TestBuildNonUTF8(t *testing.T) {
	dir := writePages(t, map[string]string{"latin1.html": "<html><head><title>Caf\xe9</title></head><body><p>Cr\xe8me br\xfbl\xe9e: click Order.</p></body></html>"})
	db := filepath.Join(t.TempDir(), "g.db")
	_, _, err := runCLI(t, "build", "--pages", dir, "--store", db, "--llm", "off")
	if err != nil {
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("multi-line error %q", err)
		}
		assertNothingWritten(t, db)
		return
	}
	out, _, err := runCLI(t, "export", "--store", db)
	if err != nil || !utf8.ValidString(out) {
		t.Errorf("export after a non-UTF-8 page: err %v, valid UTF-8 %v", err, utf8.ValidString(out))
	}
}

func assertNothingWritten(t *testing.T, db string) {
	t.Helper()
	if _, err := os.Stat(db); errors.Is(err, os.ErrNotExist) {
		return
	}
	st, err := sqlite.Open(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if b, err := st.LastBuild(context.Background()); !errors.Is(err, graph.ErrNotFound) {
		t.Errorf("a graph was written: generation %d, err %v", b.Generation, err)
	}
}

// TestRebuildUnchanged: a rebuild from the same bytes parses and writes
// nothing and publishes no generation; one changed byte, --force or another
// extractor builds again, and writes a generation if the graph changed.
func TestRebuildUnchanged(t *testing.T) {
	dir := writePages(t, fixturePages)
	db := filepath.Join(t.TempDir(), "g.db")
	build := func(extra ...string) string {
		t.Helper()
		out, _, err := runCLI(t, append([]string{"build", "--pages", dir, "--store", db, "--llm", "off"}, extra...)...)
		if err != nil {
			t.Fatalf("build: %v", err)
		}
		return out
	}
	lastGen := func() int64 {
		t.Helper()
		return lastBuild(t, db).Generation
	}
	steps := []struct {
		name    string
		change  func()
		extra   []string
		want    string
		wantGen int64
	}{
		{"first build", func() {}, nil, "pages/s)", 1},
		{"same bytes", func() {}, nil, "nothing changed since generation 1 (3 pages", 1},
		{"a page changed", func() {
			if err := os.WriteFile(filepath.Join(dir, "cancel.html"), []byte(strings.Replace(fixturePages["cancel.html"], "contact us", "write to us", 1)), 0o644); err != nil {
				t.Fatal(err)
			}
		}, nil, "1 extracted, 2 unchanged", 2},
		{"same bytes again", func() {}, nil, "nothing changed since generation 2", 2},
		// Judged with other rules (an older helpgraph), the same pages are
		// judged again: the verdicts come out the same, nothing is written.
		{"verdict rules changed", func() { setLastVerdicts(t, db, "0") }, nil, "0 extracted, 3 unchanged", 2},
		// Extracted again, the pages give the same graph: nothing to write.
		{"forced", func() {}, []string{"--force"}, "3 extracted", 2},
		{"a page added", func() {
			if err := os.WriteFile(filepath.Join(dir, "new.md"), []byte("# Returns\n\nSend it back within 30 days.\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, nil, "1 extracted, 3 unchanged", 3},
	}
	for _, s := range steps {
		s.change()
		out := build(s.extra...)
		if !strings.Contains(out, s.want) {
			t.Errorf("%s: output lacks %q:\n%s", s.name, s.want, out)
		}
		if got := lastGen(); got != s.wantGen {
			t.Errorf("%s: last generation %d, want %d", s.name, got, s.wantGen)
		}
	}
}

// TestBuildCrawl builds from a crawled help center (pages streamed into the
// build as they are fetched) and crawls it again: the same pages give the
// same graph, so nothing is written.
func TestBuildCrawl(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := fixturePages[strings.TrimPrefix(r.URL.Path, "/help/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, body)
	}))
	defer srv.Close()
	db := filepath.Join(t.TempDir(), "g.db")
	args := []string{"build", "--crawl", srv.URL + "/help/change.html", "--store", db, "--llm", "off", "--delay=-1ns"}
	out, _, err := runCLI(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "generation 1") || !strings.Contains(out, "0 failed") {
		t.Errorf("first crawl build:\n%s", out)
	}
	st, err := sqlite.Open(context.Background(), db, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := st.Load(context.Background())
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range g.Pages {
		got = append(got, strings.TrimPrefix(p.URL, srv.URL))
	}
	want := []string{"/help/cancel.html", "/help/change.html"} // by URL, whatever the fetch order
	if !slices.Equal(got, want) {
		t.Errorf("pages %q, want %q", got, want)
	}
	if out, _, err := runCLI(t, args...); err != nil || !strings.Contains(out, "nothing changed") {
		t.Errorf("second crawl build (error %v):\n%s", err, out)
	}
}

// setLastVerdicts makes the store's last build report say its verdicts
// were judged with rules version.
func setLastVerdicts(t *testing.T, db, version string) {
	t.Helper()
	conn, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Exec(`UPDATE builds SET report = json_set(report, '$.verdicts', ?) WHERE generation = (SELECT max(generation) FROM builds)`, version); err != nil {
		t.Fatal(err)
	}
}

// TestBuildAsciiDoc: a build converts AsciiDoc pages in its converter's
// child, this binary started again as main starts it (see TestMain).
func TestBuildAsciiDoc(t *testing.T) {
	dir := writePages(t, map[string]string{
		"reset.adoc": "= Reset the router\n\n== Steps\n\nHold the *reset* button for ten seconds.\n",
		"wifi.adoc":  "= Change the Wi-Fi password\n\nOpen *Settings*, then *Wireless*, and type the new password.\n",
	})
	db := filepath.Join(t.TempDir(), "g.db")
	out, stderr, err := runCLI(t, "build", "--pages", dir, "--store", db, "--llm", "off")
	if err != nil || !strings.Contains(out, "2 given, 2 ok, 0 failed") {
		t.Fatalf("build: %v\n%s\n%s", err, out, stderr)
	}
	export, _, err := runCLI(t, "export", "--store", db)
	if err != nil || !strings.Contains(export, "Hold the reset button for ten seconds.") {
		t.Errorf("export: %v, want the page's text: %.300s", err, export)
	}
}

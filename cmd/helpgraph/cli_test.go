package main

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/helpgraph/helpgraph/graph/sqlite"
)

// TestReadOnlyCommandsNeedAStore checks that commands that only read the
// store fail, naming it, when it does not exist, and create nothing.
func TestReadOnlyCommandsNeedAStore(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nonexistent", "dir", "x.db")
	for _, args := range [][]string{
		{"lint", "--store", missing},
		{"export", "--store", missing},
		{"chat", "--store", missing, "--llm", "off"},
		{"serve", "--store", missing, "--llm", "off", "--addr", "127.0.0.1:0"},
		{"inquiries", "generate", "--store", missing, "--llm", "off", "--out", filepath.Join(dir, "q.jsonl")},
	} {
		out, _, err := runCLI(t, args...)
		if err == nil || exitCode(err) == 0 {
			t.Errorf("%v succeeded (output %q), want an error", args, out)
			continue
		}
		if !errors.Is(err, sqlite.ErrNoStore) || !strings.Contains(err.Error(), missing) {
			t.Errorf("%v: %v, want an error naming the missing store", args, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "nonexistent")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a read-only command created %s", filepath.Join(dir, "nonexistent"))
	}
}

// TestBuildChecksStoreFirst checks that a build whose store cannot be opened
// fails before it reads a single page.
func TestBuildChecksStoreFirst(t *testing.T) {
	var hits atomic.Int32
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<html><body><p>a page</p></body></html>"))
	}))
	defer site.Close()
	notAFile := t.TempDir() // a folder where the store file should be
	_, _, err := runCLI(t, "build", "--crawl", site.URL+"/hc/", "--store", notAFile, "--llm", "off", "--delay", "-1ns")
	if err == nil {
		t.Fatal("build into a folder succeeded")
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("build fetched %d pages before finding the store unusable, want none", n)
	}
}

func TestLintFormatAndFailOn(t *testing.T) {
	dir := writePages(t, fixturePages)
	db := filepath.Join(t.TempDir(), "g.db")
	if _, _, err := runCLI(t, "build", "--pages", dir, "--store", db, "--llm", "off"); err != nil {
		t.Fatal(err)
	}

	out, _, err := runCLI(t, "lint", "--store", db, "--format", "json", "--fail-on", "none")
	if err != nil {
		t.Fatalf("lint --format json: %v", err)
	}
	var got lintJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("lint --format json is not JSON: %v\n%s", err, out)
	}
	if got.Pages != 3 || len(got.Findings) == 0 || got.Counts["dead-end"] == 0 {
		t.Errorf("lint JSON = %+v, want 3 pages and the dead end", got)
	}
	if !strings.Contains(out, `"severity": "warning"`) {
		t.Errorf("lint JSON lacks severities:\n%s", out)
	}

	// The fixture's worst finding is a dead end, a warning.
	for _, tt := range []struct {
		failOn string
		exit   int
	}{{"none", 0}, {"error", 0}, {"warning", 1}, {"info", 1}} {
		_, _, err := runCLI(t, "lint", "--store", db, "--fail-on", tt.failOn)
		if got := exitCodeOf(err); got != tt.exit {
			t.Errorf("lint --fail-on %s: exit %d (%v), want %d", tt.failOn, got, err, tt.exit)
		}
	}
	if _, _, err := runCLI(t, "lint", "--store", db, "--fail-on", "fatal"); exitCodeOf(err) != 2 {
		t.Errorf("lint --fail-on fatal: %v, want a usage error", err)
	}
	// The summary comes first, not after the list.
	out, _, _ = runCLI(t, "lint", "--store", db)
	if !strings.Contains(strings.SplitN(out, "\n", 2)[0], "findings:") {
		t.Errorf("lint's first line is not the summary:\n%s", out)
	}
}

func exitCodeOf(err error) int {
	if err == nil {
		return 0
	}
	return exitCode(err)
}

func TestHelpExitsZero(t *testing.T) {
	cases := [][]string{{"--help"}, {"-h"}, {"help"}, {"help", "build"}, {"inquiries", "--help"}, {"inquiries", "help"},
		{"inquiries", "generate", "--help"}, {"inquiries", "import-doc2dial", "-h"}}
	for _, name := range commandOrder {
		cases = append(cases, []string{name, "--help"}, []string{name, "-h"})
	}
	for _, args := range cases {
		_, stderr, err := runCLI(t, args...)
		if code := exitCodeOf(err); code != 0 {
			t.Errorf("helpgraph %s: exit %d (%v), want 0", strings.Join(args, " "), code, err)
		}
		if !strings.Contains(stderr, "sage") {
			t.Errorf("helpgraph %s printed no usage:\n%s", strings.Join(args, " "), stderr)
		}
	}
	if _, _, err := runCLI(t, "build", "--no-such-flag"); exitCodeOf(err) != 2 {
		t.Errorf("unknown flag: %v, want exit 2", err)
	}
}

func TestFlagsAfterPositional(t *testing.T) {
	src := "../../inquiry/testdata/doc2dial"
	for _, args := range [][]string{
		{"inquiries", "import-doc2dial", src, "--out", "OUT"},
		{"inquiries", "import-doc2dial", "--out", "OUT", src},
	} {
		out := filepath.Join(t.TempDir(), "q.jsonl")
		for i := range args {
			if args[i] == "OUT" {
				args[i] = out
			}
		}
		if _, _, err := runCLI(t, args...); err != nil {
			t.Errorf("%v: %v", args, err)
			continue
		}
		if fi, err := os.Stat(out); err != nil || fi.Size() == 0 {
			t.Errorf("%v wrote no inquiries: %v", args, err)
		}
	}
	db := filepath.Join(t.TempDir(), "g.db")
	if _, _, err := runCLI(t, "build", "--pages", writePages(t, fixturePages), "--store", db, "--llm", "off"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCLI(t, "lint", "extra", "--store", db); exitCodeOf(err) != 2 || !strings.Contains(err.Error(), `"extra"`) {
		t.Errorf("lint with a stray argument: %v, want a usage error naming it", err)
	}
}

func TestVersion(t *testing.T) {
	out, _, err := runCLI(t, "version")
	if err != nil || !strings.HasPrefix(out, "helpgraph ") || !strings.Contains(out, "go1.") {
		t.Errorf("version: %q, %v; want \"helpgraph VERSION ... goX\"", out, err)
	}
}

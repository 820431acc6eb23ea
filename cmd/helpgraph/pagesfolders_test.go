package main

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph/sqlite"
	"github.com/helpgraph/helpgraph/kgbuild"
)

// TestBuildSeveralFolders builds one graph from two help centers' folders:
// each keeps its base URL, or is named by its folder; the origin records
// both, so a re-sync reads both again.
func TestBuildSeveralFolders(t *testing.T) {
	root := t.TempDir()
	shop := filepath.Join(root, "shop")
	kb := filepath.Join(root, "kb")
	otherKB := filepath.Join(root, "other", "kb")
	for dir, pages := range map[string]map[string]string{
		shop:    fixturePages,
		otherKB: {"a.md": "# A\n\nText.\n"},
		kb:      {"reset.md": "# Resetting the router\n\nHold the reset button for ten seconds. See [lights](lights.md).\n", "lights.md": "# Router lights\n\nA red light means no connection.\n"},
	} {
		writePagesIn(t, dir, pages)
	}
	db := filepath.Join(t.TempDir(), "g.db")
	load := func() ([]string, *kgbuild.Report) {
		t.Helper()
		st, err := sqlite.Open(context.Background(), db, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		g, err := st.Load(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var urls []string
		for _, p := range g.Pages {
			urls = append(urls, p.URL)
		}
		slices.Sort(urls)
		report := lastBuildReport(t, db)
		return urls, &report
	}
	build := func(args ...string) string {
		t.Helper()
		out, stderr, err := runCLI(t, append([]string{"build", "--store", db, "--llm", "off"}, args...)...)
		if err != nil {
			t.Fatalf("build %v: %v\n%s", args, err, stderr)
		}
		return out
	}

	build("--pages", shop, "--pages", kb)
	urls, report := load()
	want := []string{"kb/lights.md", "kb/reset.md", "shop/cancel.html", "shop/change.html", "shop/faq/shipping.md"}
	if !slices.Equal(urls, want) {
		t.Errorf("page URLs = %q, want %q", urls, want)
	}
	wantOrigin := kgbuild.Origin{Kind: "pages", Location: shop, Options: []string{"--llm", "off", "--pages", kb}}
	if o := report.Origin; o == nil || o.Kind != wantOrigin.Kind || o.Location != wantOrigin.Location || !slices.Equal(o.Options, wantOrigin.Options) {
		t.Errorf("origin %+v, want %+v", o, wantOrigin)
	}
	// The origin's arguments repeat the build: nothing changed.
	args := append([]string{"--" + report.Origin.Kind, report.Origin.Location}, report.Origin.Options...)
	if out := build(args...); !strings.Contains(out, "nothing changed") {
		t.Errorf("the recorded origin built again: %q, want nothing changed", out)
	}

	build("--pages", shop, "--pages", kb, "--base-url", "none", "--base-url", "https://kb.example.com/help/")
	urls, report = load()
	want = []string{"https://kb.example.com/help/lights/", "https://kb.example.com/help/reset/", "shop/cancel.html", "shop/change.html", "shop/faq/shipping.md"}
	if !slices.Equal(urls, want) {
		t.Errorf("with a base URL for kb: page URLs = %q, want %q", urls, want)
	}
	if o := report.Origin; o == nil || !slices.Equal(o.Options, []string{"--base-url", "none", "--base-url", "https://kb.example.com/help/", "--llm", "off", "--pages", kb}) {
		t.Errorf("origin %+v: want both base URLs in order", o)
	}

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"one base URL for two folders", []string{"--pages", shop, "--pages", kb, "--base-url", "https://kb.example.com/"}, "one per folder"},
		{"same folder name", []string{"--pages", kb, "--pages", otherKB}, "same name"},
	} {
		_, _, err := runCLI(t, append([]string{"build", "--store", filepath.Join(t.TempDir(), "x.db"), "--llm", "off"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want one mentioning %q", tc.name, err, tc.want)
		}
	}
}

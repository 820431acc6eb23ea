package main

import (
	"bufio"
	"context"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/sqlite"
	"github.com/helpgraph/helpgraph/internal/shareddata"
)

// TestDocsAsCodeAdguard builds the real Docusaurus help center in
// ../shared/data/helpcenters/adguard-kb/en with --base-url, as a support
// team would, and measures it against issue 19's done-when: no template or
// wiki syntax in any node, every title its front matter title, H1 or file
// name, every page URL under the base URL, and most of the links between
// pages in the sources (counted from the raw Markdown, independently of
// the reader) reference edges. Run with -v for the numbers.
func TestDocsAsCodeAdguard(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a real help center")
	}
	src := filepath.Join(shareddata.AdguardKB(t), "en")
	const base = "https://kb.adguard.com/"
	store := filepath.Join(t.TempDir(), "g.db")
	if _, stderr, err := runCLI(t, "build", "--pages", src, "--base-url", base, "--store", store, "--llm", "off"); err != nil {
		t.Fatalf("build: %v\n%s", err, stderr)
	}
	s, err := sqlite.Open(context.Background(), store, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.Load(context.Background())
	if err != nil {
		t.Fatal(err)
	}

	syntax := []string{"{%", "{{", "[[", ":::", "<Tabs", "{!", "> [!"}
	carrying := 0
	for _, n := range g.Nodes {
		text := n.Problem + "\n" + n.Condition + "\n" + n.Resolution + "\n" + strings.Join(n.Intents, "\n")
		for _, s := range syntax {
			if strings.Contains(text, s) {
				carrying++
				t.Errorf("node %s carries %q: %.200q", n.ID, s, n.Resolution)
				break
			}
		}
	}

	sources := adguardSources(t, src)
	titles := map[string]string{} // page URL -> title the sources give
	for _, p := range sources {
		titles[p.url] = p.title
	}
	wrongTitle, outside := 0, 0
	for _, p := range g.Pages {
		if !strings.HasPrefix(p.URL, base) {
			outside++
			t.Errorf("page URL %s is not under %s", p.URL, base)
		}
		if want, ok := titles[p.URL]; !ok || p.Title != want {
			wrongTitle++
			t.Errorf("page %s: title %q, want %q", p.URL, p.Title, want)
		}
		if p.Lang != "en" {
			t.Errorf("page %s: lang %q, want en", p.URL, p.Lang)
		}
	}

	// Linked page pairs in the sources: (page, link target as written,
	// fragment and trailing slash dropped), links to other sites, mail and
	// files left out. A broken link in the sources counts too.
	linked := 0
	for _, p := range sources {
		linked += len(p.targets)
	}
	rootPage := map[string]string{}
	nodePage := map[string]string{}
	for _, n := range g.Nodes {
		nodePage[n.ID] = n.Page
		if n.Root {
			rootPage[n.ID] = n.Page
		}
	}
	refPairs := map[[2]string]bool{}
	for _, e := range g.Edges {
		if e.Type == graph.Reference {
			refPairs[[2]string{nodePage[e.From], rootPage[e.To]}] = true
		}
	}
	share := float64(len(refPairs)) / float64(max(1, linked))
	t.Logf("adguard-kb/en: %d pages, %d nodes; nodes with template syntax: %d; titles not front matter/H1/file name: %d; page URLs outside %s: %d",
		len(g.Pages), len(g.Nodes), carrying, wrongTitle, base, outside)
	t.Logf("linked page pairs in the sources: %d; page pairs with a reference edge: %d (%.1f%%)", linked, len(refPairs), 100*share)
	if share < 0.6 {
		t.Errorf("%.1f%% of the linked page pairs are reference edges, want at least 60%%", 100*share)
	}
}

// adguardPage is a source page as the raw Markdown tells it.
type adguardPage struct {
	url, title string
	targets    map[string]bool
}

var (
	sourceLink  = regexp.MustCompile(`\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	fileTarget  = regexp.MustCompile(`(?i)\.(png|jpe?g|gif|svg|webp|pdf|zip|mp4)$`)
	titleKey    = regexp.MustCompile(`^title:\s*(.*)$`)
	slugKey     = regexp.MustCompile(`^slug:\s*(.*)$`)
	otherScheme = regexp.MustCompile(`^[a-z]+:`)
)

// adguardSources reads each page's title (front matter title, else first
// # heading) and slug, and the links it makes to other pages, from the raw
// Markdown; its URL is where the site publishes it.
func adguardSources(t *testing.T, root string) []adguardPage {
	t.Helper()
	var out []adguardPage
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".mdx")) {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		pg := adguardPage{targets: map[string]bool{}}
		slug := ""
		front, fenced := false, false
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for n := 0; sc.Scan(); n++ {
			line := sc.Text()
			switch {
			case n == 0 && line == "---":
				front = true
				continue
			case front && line == "---":
				front = false
				continue
			case front:
				if m := titleKey.FindStringSubmatch(line); m != nil {
					pg.title = strings.Trim(strings.TrimSpace(m[1]), `"'`)
				}
				if m := slugKey.FindStringSubmatch(line); m != nil {
					slug = strings.TrimSpace(m[1])
				}
				continue
			case strings.HasPrefix(strings.TrimSpace(line), "```") && !strings.Contains(strings.TrimSpace(line)[3:], "`"):
				fenced = !fenced
			}
			if fenced {
				continue
			}
			if pg.title == "" && strings.HasPrefix(line, "# ") {
				pg.title = strings.TrimSpace(line[2:])
			}
			for _, m := range sourceLink.FindAllStringSubmatch(line, -1) {
				target, _, _ := strings.Cut(m[1], "#")
				target = strings.TrimSuffix(target, "/")
				if target == "" || otherScheme.MatchString(target) || fileTarget.MatchString(target) {
					continue
				}
				pg.targets[target] = true
			}
		}
		if pg.title == "" {
			pg.title = strings.TrimSuffix(path.Base(rel), path.Ext(rel))
		}
		// Published at the path without extension, ending in "/"; a doc
		// named as its folder at the folder's URL; a slug from the root.
		doc := strings.TrimSuffix(rel, path.Ext(rel))
		if dir := path.Dir(doc); path.Base(dir) == path.Base(doc) {
			doc = dir
		}
		pg.url = "https://kb.adguard.com/" + doc + "/"
		if strings.HasPrefix(slug, "/") {
			pg.url = strings.TrimSuffix("https://kb.adguard.com"+slug, "/") + "/"
		}
		out = append(out, pg)
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestBuildBaseURLKept: a rebuild without --base-url keeps the last
// build's, so page URLs stay the live ones; --base-url none goes back to
// folder paths; a bad one is refused before any page is read.
func TestBuildBaseURLKept(t *testing.T) {
	dir := writePages(t, map[string]string{
		"refunds.md":  "---\ntitle: Refunds\n---\nAsk for a refund. See [shipping](shipping.md).\n",
		"shipping.md": "# Shipping\n\nWe ship in two days.\n",
	})
	store := filepath.Join(t.TempDir(), "g.db")
	urls := func() []string {
		t.Helper()
		s, err := sqlite.Open(context.Background(), store, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		g, err := s.Load(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range g.Pages {
			out = append(out, p.URL)
		}
		return out
	}
	build := func(args ...string) {
		t.Helper()
		args = append([]string{"build", "--pages", dir, "--store", store, "--llm", "off"}, args...)
		if _, stderr, err := runCLI(t, args...); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, stderr)
		}
	}
	live := []string{"https://help.example.com/refunds/", "https://help.example.com/shipping/"}
	build("--base-url", "https://help.example.com")
	if got := urls(); !slices.Equal(got, live) {
		t.Fatalf("page URLs = %v, want %v", got, live)
	}
	if err := os.WriteFile(filepath.Join(dir, "shipping.md"), []byte("# Shipping\n\nWe ship in one day.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	build()
	if got := urls(); !slices.Equal(got, live) {
		t.Errorf("after a rebuild without --base-url: page URLs = %v, want %v", got, live)
	}
	build("--base-url", "none")
	if got, want := urls(), []string{"refunds.md", "shipping.md"}; !slices.Equal(got, want) {
		t.Errorf("with --base-url none: page URLs = %v, want %v", got, want)
	}
	if _, _, err := runCLI(t, "build", "--pages", dir, "--store", store, "--llm", "off", "--base-url", "help.example.com"); err == nil ||
		!strings.Contains(err.Error(), "base URL") {
		t.Errorf("a base URL without scheme: err = %v, want one naming the base URL", err)
	}
}

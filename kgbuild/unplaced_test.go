package kgbuild

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/page"
)

func TestUnplacedText(t *testing.T) {
	p := graph.Page{URL: "https://h.example/a", Text: `# Refunds
You can ask for a refund. It takes a week.
- If you paid by card, it goes back to the card.
Contact us if it does not arrive.
## Related articles
- Another page
| Plan | Price |`}
	nodes := []graph.Node{
		{Problem: "Refunds", Resolution: "You can ask for a refund. It takes a week."},
		{Problem: "Refunds (paid by card)", Condition: "you paid by card", Resolution: "- If you paid by card, it goes back to the card."},
	}
	lost, total := UnplacedText(p, nodes)
	// The chrome section's lines are left out; the table row after it too.
	if total != 4 || len(lost) != 1 || lost[0] != "Contact us if it does not arrive." {
		t.Errorf("UnplacedText = %q of %d, want the closing line of 4", lost, total)
	}
	g := &graph.Graph{Pages: []graph.Page{{URL: p.URL, Text: p.Text, Status: graph.PageOK}}}
	for i, n := range nodes {
		n.ID, n.Page, n.Root = "a"+string(rune('0'+i)), p.URL, i == 0
		g.Nodes = append(g.Nodes, n)
	}
	var found int
	for _, f := range Lint(g) {
		if f.Kind == TextInNoNode {
			found++
		}
	}
	if found != 1 {
		t.Errorf("lint: %d %s findings, want 1", found, TextInNoNode)
	}
}

// TestUnplacedTextCorpora measures, per corpus, the share of the pages'
// sentences that no node of the structural extractor holds. It reads real
// help centers, so it runs only with HELPGRAPH_MEASURE=1:
//
//	HELPGRAPH_MEASURE=1 go test ./kgbuild -run TestUnplacedTextCorpora -v
func TestUnplacedTextCorpora(t *testing.T) {
	if os.Getenv("HELPGRAPH_MEASURE") == "" {
		t.Skip("a measurement: set HELPGRAPH_MEASURE=1")
	}
	corpora := []struct{ name, dir string }{
		{"sample", "../testdata/helpcenter"},
		{"ssa", "../../shared/data/doc2dial-ssa/docs"},
		{"adguard-en", "../../shared/data/helpcenters/adguard-kb/en"},
		{"adguard-de", "../../shared/data/helpcenters/adguard-kb/de"},
		{"adguard-fr", "../../shared/data/helpcenters/adguard-kb/fr"},
		{"adguard-es", "../../shared/data/helpcenters/adguard-kb/es"},
		{"gnome", "../out/corpora/gnome-help"},
		{"gnome-de", "../out/corpora/gnome-help-de"},
		{"gimp (held out)", "../out/corpora/gimp-help"},
	}
	ctx := context.Background()
	for _, c := range corpora {
		if _, err := os.Stat(c.dir); err != nil {
			t.Logf("%-16s not found (%s)", c.name, c.dir)
			continue
		}
		docs, _, err := page.ReadDir(ctx, c.dir, page.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		var lost, total, pages, lossy int
		var example string
		for _, doc := range docs {
			pg, err := NewStructural().Extract(ctx, doc)
			if err != nil {
				continue
			}
			l, n := UnplacedText(graph.Page{URL: doc.URL, Text: doc.Text()}, pg.Nodes)
			lost, total, pages = lost+len(l), total+n, pages+1
			if len(l) > 0 && os.Getenv("HELPGRAPH_MEASURE") == "all" {
				for _, s := range l {
					t.Logf("  %s: %.120s", filepath.Base(doc.URL), s)
				}
			}
			if len(l) > 0 {
				lossy++
				if example == "" {
					example = filepath.Base(doc.URL) + ": " + strings.Join(l[:min(2, len(l))], " / ")
				}
			}
		}
		t.Logf("%-16s %4d of %5d sentences in no node (%.1f%%); %d of %d pages lose text; e.g. %.160s",
			c.name, lost, total, 100*float64(lost)/float64(max(1, total)), lossy, pages, example)
	}
}

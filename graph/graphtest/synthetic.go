package graphtest

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"github.com/helpgraph/helpgraph/graph"
)

// Vocabulary for synthetic help pages. It is small on purpose so that a large
// synthetic graph has realistic word overlap between intents.
var (
	synthTopics = []string{
		"password", "email address", "invoice", "refund", "subscription",
		"shipping address", "two-factor authentication", "payment method",
		"order", "account", "printer driver", "router firmware", "mobile app",
		"delivery", "gift card", "promo code", "billing plan", "profile photo",
		"notification settings", "data export", "API key", "team members",
		"calendar sync", "backup", "license key", "return label", "VPN connection",
		"wifi network", "bluetooth pairing", "storage quota",
	}
	synthActions = []string{
		"reset", "change", "cancel", "update", "track", "download", "verify",
		"delete", "restore", "set up", "transfer", "renew", "activate", "disable",
	}
	synthProducts = []string{
		"the iOS app", "the Android app", "the web dashboard", "a business plan",
		"a family plan", "the desktop client", "a trial account",
	}
	synthIntentTemplates = []string{
		"How do I %[1]s my %[2]s?",
		"I can't %[1]s my %[2]s",
		"%[2]s %[1]s not working",
		"Where can I %[1]s the %[2]s in %[3]s?",
		"Need help to %[1]s %[2]s",
		"Is it possible to %[1]s a %[2]s?",
	}
)

// Synthetic returns a deterministic graph with exactly nodes nodes, for
// benchmarks and tests that need volume. Pages hold about ten nodes: a root
// and a random child tree under it. About one node in ten refers to the root
// of another page. Every node has three or four intents built from a shared
// vocabulary, so searches find many candidates as on a real help center.
func Synthetic(nodes int, seed int64) *graph.Graph {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15))
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	g := &graph.Graph{}
	if nodes <= 0 {
		return g
	}
	const perPage = 10
	pageCount := (nodes + perPage - 1) / perPage
	roots := make([]string, pageCount)
	for p := range pageCount {
		topic := pick(synthTopics)
		url := fmt.Sprintf("https://help.example.com/articles/%06d-%s", p, slug(topic))
		first := p * perPage
		last := min(first+perPage, nodes)
		var text strings.Builder
		fmt.Fprintf(&text, "# Managing your %s\n\n", topic)
		pageNodes := make([]string, 0, last-first)
		for i := first; i < last; i++ {
			action, product := pick(synthActions), pick(synthProducts)
			subject := topic
			if i > first && rng.IntN(3) == 0 {
				subject = pick(synthTopics)
			}
			id := fmt.Sprintf("n%06d-%02d", p, i-first)
			n := graph.Node{
				ID:         id,
				Page:       url,
				Problem:    fmt.Sprintf("%s %s", action, subject),
				Resolution: fmt.Sprintf("To %s your %s, open Settings > %s and choose %q. See [%s help](https://help.example.com/topics/%s).", action, subject, strings.ToUpper(subject[:1])+subject[1:], action, subject, slug(subject)),
				Actionable: rng.IntN(4) != 0,
				Root:       i == first,
			}
			if !n.Root && rng.IntN(2) == 0 {
				n.Condition = "if you use " + product
			}
			if i%8 != 7 { // the others as a build before verdicts left them
				n.Verdict = &graph.Verdict{Answers: n.Actionable, Hollow: i%5 == 0, Text: n.Resolution}
			}
			intents := 3 + rng.IntN(2)
			used := rng.Perm(len(synthIntentTemplates))[:intents]
			for _, t := range used {
				n.Intents = append(n.Intents, fmt.Sprintf(synthIntentTemplates[t], action, subject, product))
			}
			fmt.Fprintf(&text, "## %s\n\n%s\n\n", n.Problem, n.Resolution)
			if !n.Root {
				// A random earlier node on the page is the parent, which gives
				// trees of varying depth and fan-out.
				parent := pageNodes[rng.IntN(len(pageNodes))]
				g.Edges = append(g.Edges, graph.Edge{From: parent, To: id, Type: graph.Child})
			}
			pageNodes = append(pageNodes, id)
			g.Nodes = append(g.Nodes, n)
		}
		roots[p] = pageNodes[0]
		g.Pages = append(g.Pages, graph.Page{
			URL:         url,
			Title:       "Managing your " + topic,
			Text:        text.String(),
			ContentHash: fmt.Sprintf("%016x", rng.Uint64()),
			Method:      graph.MethodStructural,
			Extractor:   "synthetic/1",
			Status:      graph.PageOK,
		})
	}
	if pageCount > 1 {
		seen := make(map[graph.Edge]bool)
		for i, n := range g.Nodes {
			if rng.IntN(10) != 0 {
				continue
			}
			targetPage := rng.IntN(pageCount)
			e := graph.Edge{From: n.ID, To: roots[targetPage], Type: graph.Reference}
			if targetPage == i/perPage || seen[e] {
				continue // own page, or already linked
			}
			seen[e] = true
			g.Edges = append(g.Edges, e)
		}
	}
	return g
}

func slug(s string) string {
	return strings.ReplaceAll(strings.ToLower(s), " ", "-")
}

// WriteSyntheticPages writes the pages of Synthetic(nodes, seed) into dir as
// Markdown files (one heading per node), a help center of nodes/10 pages to
// build from, and returns their paths.
func WriteSyntheticPages(dir string, nodes int, seed int64) ([]string, error) {
	g := Synthetic(nodes, seed)
	paths := make([]string, len(g.Pages))
	for i, p := range g.Pages {
		paths[i] = filepath.Join(dir, fmt.Sprintf("page-%06d.md", i))
		if err := os.WriteFile(paths[i], []byte(p.Text), 0o644); err != nil {
			return nil, err
		}
	}
	return paths, nil
}

// Package graphtest holds the conformance suite every graph.Store backend
// must pass, and a synthetic graph generator for benchmarks and tests.
package graphtest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/graph"
)

// TestStore runs the conformance suite against the stores newStore returns.
// newStore must return a fresh, empty store for every call; the suite closes it.
func TestStore(t *testing.T, newStore func(t *testing.T) graph.Store) {
	tests := []struct {
		name string
		run  func(t *testing.T, s graph.Store)
	}{
		{"Empty", testEmpty},
		{"RoundTrip", testRoundTrip},
		{"Generations", testGenerations},
		{"ReplaceReplaces", testReplaceReplaces},
		{"InvalidKeepsOld", testInvalidKeepsOld},
		{"CancelledKeepsOld", testCancelledKeepsOld},
		{"Node", testNode},
		{"SearchIntents", testSearchIntents},
		{"SearchSyntax", testSearchSyntax},
		{"LastBuild", testLastBuild},
		{"ConcurrentLoad", testConcurrentLoad},
		{"Breadcrumb", testBreadcrumb},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.run(t, openStore(t, newStore))
		})
	}
	for _, tt := range updateTests {
		t.Run(tt.name, func(t *testing.T) {
			u, ok := openStore(t, newStore).(graph.Updater)
			if !ok {
				t.Skip("the store cannot Update")
			}
			tt.run(t, u)
		})
	}
}

// openStore returns a store of newStore that the test closes.
func openStore(t *testing.T, newStore func(t *testing.T) graph.Store) graph.Store {
	s := newStore(t)
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// Fixture returns the small hand-written graph the suite uses: four pages
// (one failed), seven nodes, child and reference edges, and ids and URLs with
// characters that would break string-built queries.
func Fixture() *graph.Graph {
	const (
		pw     = "https://help.example.com/password"
		email  = "https://help.example.com/email"
		failed = "https://help.example.com/broken"
		router = `https://help.example.com/router?lang=en&q="x'y"`
	)
	return &graph.Graph{
		Pages: []graph.Page{
			{URL: pw, Title: "Reset your password", Lang: "en", Breadcrumb: []string{"Account & sign-in", `Passwords "and" 'codes' › SMS`},
				Text:        "# Reset your password\n\nUse [the reset form](https://example.com/reset).\n\n## By SMS\n\nIf you added a phone number, ask for a code.",
				ContentHash: "sha256:aa", Method: graph.MethodStructural, Extractor: "structural/1", Status: graph.PageOK},
			{URL: email, Title: "Change your email", Lang: "pt-BR", Text: "# Change your email\n\nOpen Settings > Account.",
				ContentHash: "sha256:bb", Method: graph.MethodLLM, Extractor: "llm/1 gpt-4o-mini", Status: graph.PageOK},
			{URL: failed, Title: "Broken", ContentHash: "sha256:cc", Method: graph.MethodFallback,
				Extractor: "structural/1", Status: graph.PageFailed, Error: "fetch: status 500"},
			{URL: router, Title: "Router help", Breadcrumb: []string{"Geräte"}, Text: "# Router help\n\n| light | meaning |\n|---|---|\n| red | offline |",
				ContentHash: "sha256:dd", Method: graph.MethodStructural, Extractor: "structural/1", Status: graph.PageOK},
		},
		Nodes: []graph.Node{
			{ID: "pw-root", Page: pw, Problem: "password problems", Resolution: "Use [the reset form](https://example.com/reset).",
				Intents: []string{"I forgot my password", "How do I reset my password?", "password reset email never arrived"}, Root: true,
				Verdict: &graph.Verdict{Text: "Use [the reset form](https://example.com/reset)."}},
			{ID: "pw-sms", Page: pw, Problem: "password reset by SMS", Condition: "if you added a phone number",
				Resolution: "ask for a code.", Intents: []string{"reset password with a text message", "SMS code for password"}, Actionable: true,
				Verdict: &graph.Verdict{Answers: true, Text: "Ask for a code — 6 digits, «quick».\nThen log in."}},
			{ID: "email-root", Page: email, Problem: "changing the email address", Resolution: "Open Settings > Account.",
				Intents: []string{"change my email address", "update the email on my account"}, Actionable: true, Root: true,
				Verdict: &graph.Verdict{Answers: true, Text: "Open Settings > Account."}},
			{ID: "router-root", Page: router, Problem: "router trouble", Resolution: "| light | meaning |",
				Intents: []string{"How do I reset my router", "router keeps disconnecting", "factory reset router"}, Root: true},
			{ID: `router/lights "red" #2`, Page: router, Problem: "blinking lights", Condition: "if a light is red",
				Resolution: "| red | offline |", Intents: []string{"what do the blinking LIGHTS mean"}, Actionable: true},
			// A hollow node, and an empty text: not the same as no verdict.
			{ID: "router-note", Page: router, Problem: "router note", Resolution: "offline",
				Verdict: &graph.Verdict{Hollow: true}},
			// A long intent holding many query words, to rank against short
			// intents holding fewer.
			{ID: "router-long", Page: router, Problem: "lights after a reset", Resolution: "| red | offline |",
				Intents: []string{"the lights keep blinking after I tried a reset of the modem and then of the router"}},
		},
		Edges: []graph.Edge{
			{From: "router-root", To: `router/lights "red" #2`, Type: graph.Child},
			{From: "pw-root", To: "pw-sms", Type: graph.Child},
			{From: "pw-root", To: "email-root", Type: graph.Reference},
			{From: "router-root", To: "router-note", Type: graph.Child},
			{From: "router-root", To: "pw-root", Type: graph.Reference},
			{From: "router-root", To: "router-long", Type: graph.Child},
		},
	}
}

// fixture2 overlaps Fixture (a kept page and node with changed fields, a
// new page) so that a store updating in place must also remove what is gone.
func fixture2() *graph.Graph {
	const email = "https://help.example.com/email"
	const billing = "https://help.example.com/billing"
	return &graph.Graph{
		Pages: []graph.Page{
			{URL: billing, Title: "Billing", Text: "# Billing\n\nInvoices are monthly.", ContentHash: "sha256:ee",
				Method: graph.MethodLLM, Extractor: "llm/2", Status: graph.PageOK},
			{URL: email, Title: "Change your email address", Lang: "de", Text: "# Change your email address\n\nOpen Profile.",
				ContentHash: "sha256:b2", Method: graph.MethodStructural, Extractor: "structural/2", Status: graph.PageOK},
		},
		Nodes: []graph.Node{
			{ID: "billing-root", Page: billing, Problem: "invoices", Resolution: "Invoices are monthly.",
				Intents: []string{"where is my invoice", "download invoice"}, Root: true},
			{ID: "email-root", Page: email, Problem: "changing the email", Resolution: "Open Profile.",
				Intents: []string{"new email address", "change my email address"}, Root: true,
				Verdict: &graph.Verdict{Text: "Open Profile."}},
			{ID: "email-verify", Page: email, Problem: "verifying the new email", Condition: "if the link expired",
				Resolution: "Open Profile.", Intents: []string{"verification link expired"}, Actionable: true},
		},
		Edges: []graph.Edge{
			{From: "email-root", To: "email-verify", Type: graph.Child},
			{From: "billing-root", To: "email-root", Type: graph.Reference},
		},
	}
}

func testEmpty(t *testing.T, s graph.Store) {
	ctx := context.Background()
	g, err := s.Load(ctx)
	if err != nil {
		t.Fatalf("Load on empty store: %v", err)
	}
	if g == nil || len(g.Pages)+len(g.Nodes)+len(g.Edges) != 0 {
		t.Errorf("Load on empty store = %+v, want an empty graph", g)
	}
	if b, err := s.LastBuild(ctx); !errors.Is(err, graph.ErrNotFound) {
		t.Errorf("LastBuild on empty store = %+v, %v; want ErrNotFound", b, err)
	}
	if _, err := s.Node(ctx, "pw-root"); !errors.Is(err, graph.ErrNotFound) {
		t.Errorf("Node on empty store: err = %v, want ErrNotFound", err)
	}
	hits, err := s.SearchIntents(ctx, "password", 10)
	if err != nil || len(hits) != 0 {
		t.Errorf("SearchIntents on empty store = %v, %v; want no hits", hits, err)
	}
}

func testRoundTrip(t *testing.T, s graph.Store) {
	ctx := context.Background()
	for _, g := range []*graph.Graph{Fixture(), Synthetic(120, 7)} {
		mustReplace(t, s, g)
		got, err := s.Load(ctx)
		if err != nil {
			t.Fatalf("Load: %v", err)
		}
		if diff := Diff(got, g); diff != "" {
			t.Fatalf("Load after Replace differs: %s", diff)
		}
	}
}

func testGenerations(t *testing.T, s graph.Store) {
	ctx := context.Background()
	for want := int64(1); want <= 3; want++ {
		gen, err := s.Replace(ctx, Fixture(), nil)
		if err != nil {
			t.Fatalf("Replace %d: %v", want, err)
		}
		if gen != want {
			t.Errorf("Replace %d returned generation %d", want, gen)
		}
		b, err := s.LastBuild(ctx)
		if err != nil {
			t.Fatalf("LastBuild: %v", err)
		}
		if b.Generation != want {
			t.Errorf("LastBuild after Replace %d: generation %d", want, b.Generation)
		}
	}
}

func testReplaceReplaces(t *testing.T, s graph.Store) {
	ctx := context.Background()
	mustReplace(t, s, Fixture())
	second := fixture2()
	mustReplace(t, s, second)
	got, err := s.Load(ctx)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if diff := Diff(got, second); diff != "" {
		t.Fatalf("Load after second Replace differs: %s", diff)
	}
	for _, id := range []string{"pw-root", "pw-sms", "router-root"} {
		if _, err := s.Node(ctx, id); !errors.Is(err, graph.ErrNotFound) {
			t.Errorf("Node(%q) of the first graph: err = %v, want ErrNotFound", id, err)
		}
	}
	n, err := s.Node(ctx, "email-root")
	if err != nil {
		t.Fatalf("Node(email-root): %v", err)
	}
	if !reflect.DeepEqual(n, second.Nodes[1]) {
		t.Errorf("Node(email-root) = %+v, want the updated %+v", n, second.Nodes[1])
	}
	// The search index must follow: old intents gone, new ones found.
	checkHitIDs(t, s, "password", nil)
	checkHitIDs(t, s, "router", nil)
	checkHitIDs(t, s, "invoice", []string{"billing-root"})
	checkHitIDs(t, s, "email", []string{"email-root"})

	// Replacing with an empty graph is allowed and empties the store.
	mustReplace(t, s, &graph.Graph{})
	got, err = s.Load(ctx)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(got.Pages)+len(got.Nodes)+len(got.Edges) != 0 {
		t.Errorf("Load after replacing with an empty graph: %d pages, %d nodes, %d edges", len(got.Pages), len(got.Nodes), len(got.Edges))
	}
	checkHitIDs(t, s, "invoice", nil)
}

func testInvalidKeepsOld(t *testing.T, s graph.Store) {
	ctx := context.Background()
	old := Fixture()
	mustReplace(t, s, old)
	invalid := map[string]func(g *graph.Graph){
		"duplicate node": func(g *graph.Graph) { g.Nodes = append(g.Nodes, g.Nodes[0]) },
		"unknown page":   func(g *graph.Graph) { g.Nodes[1].Page = "https://nowhere.example.com" },
		"dangling edge": func(g *graph.Graph) {
			g.Edges = append(g.Edges, graph.Edge{From: "pw-root", To: "ghost", Type: graph.Child})
		},
		"bad edge type":  func(g *graph.Graph) { g.Edges[0].Type = "sibling" },
		"two roots":      func(g *graph.Graph) { g.Nodes[2].Root = true }, // email-root and email-verify
		"empty page url": func(g *graph.Graph) { g.Pages = append(g.Pages, graph.Page{Title: "x"}) },
	}
	for name, spoil := range invalid {
		g := fixture2() // different from old, so a partial write would show
		spoil(g)
		if gen, err := s.Replace(ctx, g, json.RawMessage(`{"bad":true}`)); err == nil {
			t.Errorf("Replace of graph with %s: got generation %d, want an error", name, gen)
		}
	}
	if gen, err := s.Replace(ctx, nil, nil); err == nil {
		t.Errorf("Replace(nil graph): got generation %d, want an error", gen)
	}
	checkUnchanged(t, s, old, 1)
}

func testCancelledKeepsOld(t *testing.T, s graph.Store) {
	old := Fixture()
	mustReplace(t, s, old)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if gen, err := s.Replace(ctx, Synthetic(500, 3), nil); err == nil {
		t.Errorf("Replace with a cancelled context: got generation %d, want an error", gen)
	}
	checkUnchanged(t, s, old, 1)
}

// checkUnchanged asserts that the store still holds want at generation gen.
func checkUnchanged(t *testing.T, s graph.Store, want *graph.Graph, gen int64) {
	t.Helper()
	ctx := context.Background()
	got, err := s.Load(ctx)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if diff := Diff(got, want); diff != "" {
		t.Errorf("old graph not intact after a failed Replace: %s", diff)
	}
	b, err := s.LastBuild(ctx)
	if err != nil {
		t.Fatalf("LastBuild: %v", err)
	}
	if b.Generation != gen {
		t.Errorf("LastBuild generation = %d after a failed Replace, want %d", b.Generation, gen)
	}
	checkHitIDs(t, s, "invoice", nil) // fixture2's intents must not have leaked into the index
}

func testNode(t *testing.T, s graph.Store) {
	ctx := context.Background()
	g := Fixture()
	mustReplace(t, s, g)
	for _, want := range g.Nodes {
		got, err := s.Node(ctx, want.ID)
		if err != nil {
			t.Errorf("Node(%q): %v", want.ID, err)
			continue
		}
		if d := diffNode(got, want); d != "" {
			t.Errorf("Node(%q): %s", want.ID, d)
		}
	}
	for _, id := range []string{"", "nope", "PW-ROOT", "pw-root ", "' OR 1=1 --"} {
		if n, err := s.Node(ctx, id); !errors.Is(err, graph.ErrNotFound) {
			t.Errorf("Node(%q) = %+v, %v; want an error wrapping ErrNotFound", id, n, err)
		}
	}
}

func testSearchIntents(t *testing.T, s graph.Store) {
	g := Fixture()
	mustReplace(t, s, g)
	const lights = `router/lights "red" #2`
	tests := []struct {
		query string
		limit int
		// ranks lists groups of node ids in rank order: hits must be the
		// ids of the first group in any order, then the second, and so on,
		// cut at limit.
		ranks [][]string
	}{
		{"password", 10, [][]string{{"pw-root", "pw-sms"}}},
		{"PASSWORD", 10, [][]string{{"pw-root", "pw-sms"}}},
		{"password reset", 10, [][]string{{"pw-root", "pw-sms"}, {"router-root", "router-long"}}},
		{"reset password", 10, [][]string{{"pw-root", "pw-sms"}, {"router-root", "router-long"}}},
		{"zebra reset password", 10, [][]string{{"pw-root", "pw-sms"}, {"router-root", "router-long"}}},
		{"Reset my password please!", 10, [][]string{{"pw-root", "pw-sms"}, {"router-root", "router-long"}}},
		{"factory reset router", 10, [][]string{{"router-root"}, {"router-long"}, {"pw-root", "pw-sms"}}},
		// Full overlap in a long intent beats partial overlap in short ones.
		{"reset blinking lights", 10, [][]string{{"router-long"}, {lights}, {"router-root", "pw-root", "pw-sms"}}},
		{"password reset", 2, [][]string{{"pw-root", "pw-sms"}}},
		{"password reset", 1, [][]string{{"pw-root", "pw-sms"}}},
		{"password reset", 0, nil},
		{"password reset", -1, nil},
		{"router", 10, [][]string{{"router-root", "router-long"}}},
		{"blinking lights", 10, [][]string{{lights, "router-long"}}},
		{"email", 10, [][]string{{"email-root", "pw-root"}}},
		{"email address", 10, [][]string{{"email-root"}, {"pw-root"}}},
		{"zebra", 10, nil},
	}
	for _, tt := range tests {
		hits, err := s.SearchIntents(context.Background(), tt.query, tt.limit)
		if err != nil {
			t.Errorf("SearchIntents(%q, %d): %v", tt.query, tt.limit, err)
			continue
		}
		if msg := checkRanks(hits, tt.ranks, tt.limit, g); msg != "" {
			t.Errorf("SearchIntents(%q, %d) = %s: %s", tt.query, tt.limit, formatHits(hits), msg)
		}
	}
}

// checkRanks explains how hits break the expected ranking, or returns "".
func checkRanks(hits []graph.IntentHit, ranks [][]string, limit int, g *graph.Graph) string {
	total := 0
	for _, r := range ranks {
		total += len(r)
	}
	if want := min(max(limit, 0), total); len(hits) != want {
		return fmt.Sprintf("got %d hits, want %d", len(hits), want)
	}
	intents := make(map[string][]string)
	for _, n := range g.Nodes {
		intents[n.ID] = n.Intents
	}
	var group []string
	seen := make(map[string]bool)
	for i, h := range hits {
		if seen[h.NodeID] {
			return fmt.Sprintf("node %q hit twice", h.NodeID)
		}
		seen[h.NodeID] = true
		if !slices.Contains(intents[h.NodeID], h.Intent) {
			return fmt.Sprintf("hit %d: intent %q is not one of node %q's intents", i, h.Intent, h.NodeID)
		}
		if i > 0 && h.Score > hits[i-1].Score {
			return fmt.Sprintf("hit %d scores %g, more than hit %d (%g)", i, h.Score, i-1, hits[i-1].Score)
		}
		if len(group) == 0 {
			group, ranks = slices.Clone(ranks[0]), ranks[1:]
		}
		j := slices.Index(group, h.NodeID)
		if j < 0 {
			return fmt.Sprintf("hit %d is %q, want one of %q", i, h.NodeID, group)
		}
		group = slices.Delete(group, j, j+1)
	}
	return ""
}

func formatHits(hits []graph.IntentHit) string {
	var b strings.Builder
	b.WriteString("[")
	for i, h := range hits {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %q %.4g", h.NodeID, h.Intent, h.Score)
	}
	b.WriteString("]")
	return b.String()
}

func testSearchSyntax(t *testing.T, s graph.Store) {
	mustReplace(t, s, Fixture())
	// User text must never be read as query syntax nor cause an error.
	nothing := []string{
		"", "   ", "\t\n", "?!.", `"`, `""`, `"""`, "*", "-", "--", "^", "(", ")", "()", ":",
		"{}", "[]", `\`, "/", "~", "&&", "||", "!", "+", "'", "NEAR", "OR", "AND", "NOT",
		"OR AND NEAR", "NEAR()", "near/2", `"*" - "`, "AND OR NOT", "* OR *", "🔥", "\x00",
	}
	for _, q := range nothing {
		hits, err := s.SearchIntents(context.Background(), q, 10)
		if err != nil {
			t.Errorf("SearchIntents(%q): %v", q, err)
		} else if len(hits) != 0 {
			t.Errorf("SearchIntents(%q) = %s, want nothing", q, formatHits(hits))
		}
	}
	// Operators around real words are plain text: the words still match.
	words := []string{
		"password*", `"password`, `password"`, "-password", "password AND", "OR password",
		"NEAR(password sms)", "intent_text:password", "text:password", "(password", "password~2",
		`pass\word password`, "password^3", "{password}", "[password TO z]", "password:", "password's",
		"'; DROP TABLE nodes; -- password", "password/", "password!", "NOT password",
	}
	for _, q := range words {
		hits, err := s.SearchIntents(context.Background(), q, 10)
		if err != nil {
			t.Errorf("SearchIntents(%q): %v", q, err)
			continue
		}
		if len(hits) == 0 || !strings.HasPrefix(hits[0].NodeID, "pw-") {
			t.Errorf("SearchIntents(%q) = %s, want a password node first", q, formatHits(hits))
		}
	}
}

func testLastBuild(t *testing.T, s graph.Store) {
	ctx := context.Background()
	before := time.Now().Add(-time.Second)
	report := json.RawMessage(`{"pages": 4, "nodes": 6, "note": "ü \"quoted\""}`)
	gen, err := s.Replace(ctx, Fixture(), report)
	if err != nil {
		t.Fatalf("Replace: %v", err)
	}
	after := time.Now().Add(time.Second)
	b, err := s.LastBuild(ctx)
	if err != nil {
		t.Fatalf("LastBuild: %v", err)
	}
	if b.Generation != gen {
		t.Errorf("LastBuild generation = %d, want %d", b.Generation, gen)
	}
	if string(b.Report) != string(report) {
		t.Errorf("LastBuild report = %s, want %s", b.Report, report)
	}
	if b.FinishedAt.Before(before) || b.FinishedAt.After(after) {
		t.Errorf("LastBuild FinishedAt = %v, want between %v and %v", b.FinishedAt, before, after)
	}
	// A build without a report replaces the old report with none.
	if _, err := s.Replace(ctx, Fixture(), nil); err != nil {
		t.Fatalf("Replace: %v", err)
	}
	b, err = s.LastBuild(ctx)
	if err != nil {
		t.Fatalf("LastBuild: %v", err)
	}
	if b.Generation != gen+1 || len(b.Report) != 0 {
		t.Errorf("LastBuild after a report-less build = generation %d, report %q; want %d and no report", b.Generation, b.Report, gen+1)
	}
}

func mustReplace(t *testing.T, s graph.Store, g *graph.Graph) int64 {
	t.Helper()
	gen, err := s.Replace(context.Background(), g, nil)
	if err != nil {
		t.Fatalf("Replace: %v", err)
	}
	return gen
}

// checkHitIDs asserts that searching query finds exactly the nodes ids, in any order.
func checkHitIDs(t *testing.T, s graph.Store, query string, ids []string) {
	t.Helper()
	hits, err := s.SearchIntents(context.Background(), query, 50)
	if err != nil {
		t.Errorf("SearchIntents(%q): %v", query, err)
		return
	}
	var got []string
	for _, h := range hits {
		got = append(got, h.NodeID)
	}
	slices.Sort(got)
	want := slices.Sorted(slices.Values(ids))
	if !slices.Equal(got, want) {
		t.Errorf("SearchIntents(%q) found %q, want %q", query, got, want)
	}
}

// Diff describes the first difference between two graphs, or returns "" if
// they are equal. Order matters (graph order is meaningful to readers); an
// empty and a nil slice are equal.
func Diff(got, want *graph.Graph) string {
	if got == nil || want == nil {
		if got == want {
			return ""
		}
		return fmt.Sprintf("got %v, want %v", got, want)
	}
	if len(got.Pages) != len(want.Pages) || len(got.Nodes) != len(want.Nodes) || len(got.Edges) != len(want.Edges) {
		return fmt.Sprintf("got %d pages, %d nodes, %d edges; want %d, %d, %d",
			len(got.Pages), len(got.Nodes), len(got.Edges), len(want.Pages), len(want.Nodes), len(want.Edges))
	}
	for i := range got.Pages {
		if !graph.SamePage(got.Pages[i], want.Pages[i]) {
			return fmt.Sprintf("page %d = %+v, want %+v", i, got.Pages[i], want.Pages[i])
		}
	}
	for i := range got.Nodes {
		if d := diffNode(got.Nodes[i], want.Nodes[i]); d != "" {
			return fmt.Sprintf("node %d: %s", i, d)
		}
	}
	for i := range got.Edges {
		if got.Edges[i] != want.Edges[i] {
			return fmt.Sprintf("edge %d = %+v, want %+v", i, got.Edges[i], want.Edges[i])
		}
	}
	return ""
}

func diffNode(got, want graph.Node) string {
	if len(got.Intents) == 0 && len(want.Intents) == 0 {
		got.Intents, want.Intents = nil, nil
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Sprintf("got %+v, want %+v", got, want)
	}
	return ""
}

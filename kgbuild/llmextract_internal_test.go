package kgbuild

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/internal/english"
)

// BenchmarkLLMTreeValidate measures grounding a full-size answer (60 nodes)
// against a long page, which the correction loop does once per attempt.
func BenchmarkLLMTreeValidate(b *testing.B) {
	var sb strings.Builder
	for i := range 400 {
		fmt.Fprintf(&sb, "## Section %d\nIf you booked option %d, open [Settings](https://example.com/s/%d) and choose Change %d.\n", i, i, i, i)
	}
	text := sb.String()
	root := &llmTreeNode{Problem: "root", Resolution: "If you booked option 0, open"}
	for i := range 59 {
		root.Children = append(root.Children, &llmTreeNode{
			Problem:    fmt.Sprintf("case %d", i),
			Resolution: fmt.Sprintf("open [Settings](https://example.com/s/%d) and choose Change %d.", i*6, i*6),
		})
	}
	answer := &llmTreeAnswer{Root: root, pageText: text}
	if err := answer.Validate(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := answer.Validate(); err != nil {
			b.Fatal(err)
		}
	}
	// Reported after the loop: b.Loop's timer reset drops earlier metrics.
	b.ReportMetric(float64(len(text)), "page-bytes")
}

func TestLLMTreeValidateLimits(t *testing.T) {
	deep := &llmTreeNode{Problem: "level 0"}
	n := deep
	for i := 1; i <= 4; i++ {
		c := &llmTreeNode{Problem: fmt.Sprintf("level %d", i)}
		n.Children = []*llmTreeNode{c}
		n = c
	}
	wide := &llmTreeNode{Problem: "root"}
	for range 60 {
		wide.Children = append(wide.Children, &llmTreeNode{Problem: "case"})
	}
	tests := []struct {
		name    string
		answer  llmTreeAnswer
		wantErr string // "" for valid
	}{
		{"valid", llmTreeAnswer{Root: &llmTreeNode{Problem: "p", Resolution: "Call  US"}, pageText: "Please call us."}, ""},
		{"no root", llmTreeAnswer{}, `"root" is missing`},
		{"empty problem", llmTreeAnswer{Root: &llmTreeNode{Children: []*llmTreeNode{{Problem: " "}}}}, `root.children[0] has an empty "problem"`},
		{"null child", llmTreeAnswer{Root: &llmTreeNode{Problem: "p", Children: []*llmTreeNode{nil}}}, "root.children[0] is null"},
		{"too deep", llmTreeAnswer{Root: deep}, `("level 4") is nested 4 levels below the root; at most 3 are allowed`},
		{"too many nodes", llmTreeAnswer{Root: wide}, "the tree has 61 nodes; keep at most 60"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.answer.Validate()
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("Validate = %v, want nil", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("Validate = %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}

// TestFillIntentsInPageLanguage: intents written offline after the LLM
// failed are in the page's language: German templates, English ones, and
// for a language without templates the node's own words, not numbered
// copies of them.
func TestFillIntentsInPageLanguage(t *testing.T) {
	tests := []struct {
		lang, problem, condition string
		want                     []string
	}{
		{"de", "Drucker einrichten", "", english.IntentsFor("de").Intents("Drucker einrichten", "")},
		{"en", "Set up a printer", "", english.Intents("Set up a printer", "")},
		{"ja", "プリンターの設定", "", []string{"プリンターの設定"}},
		{"ja", "プリンターの設定", "Windows 7", []string{"プリンターの設定 (Windows 7)", "プリンターの設定"}},
	}
	for _, tt := range tests {
		n := graph.Node{Problem: tt.problem, Condition: tt.condition}
		fillIntents(english.IntentsFor(tt.lang), &n, map[string]bool{})
		if !slices.Equal(n.Intents, tt.want) {
			t.Errorf("%s: fillIntents(%q, %q) = %q, want %q", tt.lang, tt.problem, tt.condition, n.Intents, tt.want)
		}
	}
	// Every phrasing taken on the page: the German last resort is German.
	seen := map[string]bool{}
	for _, in := range english.IntentsFor("de").Intents("Beispiele", "") {
		seen[english.FoldIntent(in)] = true
	}
	n := graph.Node{Problem: "Beispiele"}
	fillIntents(english.IntentsFor("de"), &n, seen)
	if want := []string{"Frage zu Beispiele (2)", "Frage zu Beispiele (3)", "Frage zu Beispiele (4)"}; !slices.Equal(n.Intents, want) {
		t.Errorf("colliding German intents = %q, want %q", n.Intents, want)
	}
}

package ask

import (
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/graph"
)

// sampleGraph is a small help center: two folders, pages with site-suffixed
// titles, and problems of several lengths.
func sampleGraph() *graph.Graph {
	return &graph.Graph{
		Pages: []graph.Page{
			{URL: "https://help.example/payments/refunds.html", Title: "Refunds | Example Help", Status: graph.PageOK},
			{URL: "https://help.example/payments/card-declined.html", Title: "My card was declined | Example Help", Status: graph.PageOK},
			{URL: "https://help.example/account/login-errors.html", Title: "I can't log in | Example Help", Status: graph.PageOK},
		},
		Nodes: []graph.Node{
			{ID: "r", Page: "https://help.example/payments/refunds.html", Problem: "Refunds", Root: true},
			{ID: "r1", Page: "https://help.example/payments/refunds.html", Problem: "My refund hasn't arrived"},
			{ID: "l", Page: "https://help.example/account/login-errors.html", Problem: "I can't log in", Root: true},
			{ID: "l1", Page: "https://help.example/account/login-errors.html", Problem: "Your account is locked"},
			{ID: "p", Page: "https://help.example/account/login-errors.html", Problem: "Password"},
		},
	}
}

var now = time.Date(2026, 11, 25, 15, 0, 0, 0, time.UTC) // a Wednesday

func TestMask(t *testing.T) {
	cat := NewCatalog(sampleGraph())
	tests := []struct {
		question string
		want     string
		values   []string
	}{
		{"How many nodes does the Refunds page have?", "how many nodes does the <PAGE_1> page have", []string{"https://help.example/payments/refunds.html"}},
		{"which pages reference card declined", "which pages reference <PAGE_1>", []string{"https://help.example/payments/card-declined.html"}},
		{"Which pages link to \"My card was declined\"?", "which pages link to <PAGE_1>", []string{"https://help.example/payments/card-declined.html"}},
		{"which page has the url https://help.example/payments/refunds.html?", "which page has the url <PAGE_1>", []string{"https://help.example/payments/refunds.html"}},
		{"which resolutions link to https://other.example/x?", "which resolutions link to <URL_1>", []string{"https://other.example/x"}},
		{"which problems mention refunds?", "which problems mention <TERM_1>", []string{"refund"}},
		{"which problems about passwords have no resolution", "which problems about <TERM_1> have no resolution", []string{"password"}},
		{"what is the resolution of your account is locked", "what is the resolution of <PROBLEM_1>", []string{"Your account is locked"}},
		// A short problem text is an ordinary word, not an entity.
		{"which password problems are there", "which password problems are there", nil},
		{"which problems contain \"e-mail address\"", "which problems contain <QUOTED_1>", []string{"e-mail address"}},
		{"which 3 pages have more than 007 nodes", "which <NUMBER_1> pages have more than <NUMBER_2> nodes", []string{"3", "7"}},
		{"how many pages are in the payments section", "how many pages are in the <SECTION_1> section", []string{"/payments/"}},
		// A folder name alone is an ordinary word.
		{"which payments failed", "which payments failed", nil},
		{"handoffs since 2026-01-02", "handoffs since <DATE_1>", []string{"2026-01-02"}},
		{"which topics escalated most this week", "which topics escalated most <DATE_1>", []string{"2026-11-23"}},
		{"handoffs since yesterday", "handoffs since <DATE_1>", []string{"2026-11-24"}},
		{"and Refunds and I can't log in?", "and <PAGE_1> and <PAGE_2>", []string{"https://help.example/payments/refunds.html", "https://help.example/account/login-errors.html"}},
	}
	for _, tc := range tests {
		t.Run(tc.question, func(t *testing.T) {
			m := Mask(tc.question, cat, nil, now)
			if m.Text != tc.want {
				t.Errorf("masked %q, want %q", m.Text, tc.want)
			}
			var values []string
			for _, e := range m.Entities {
				values = append(values, e.Value)
			}
			if len(values) != len(tc.values) {
				t.Fatalf("values %q, want %q", values, tc.values)
			}
			for i := range values {
				if values[i] != tc.values[i] {
					t.Errorf("value %d = %q, want %q", i, values[i], tc.values[i])
				}
			}
		})
	}
}

// A follow-up numbers its placeholders after the earlier turns' and reuses
// the placeholder of a value already seen.
func TestMaskContinuesNumbering(t *testing.T) {
	cat := NewCatalog(sampleGraph())
	first := Mask("which pages reference Refunds", cat, nil, now)
	second := Mask("and what about card declined", cat, first.Entities, now)
	if second.Text != "and what about <PAGE_2>" {
		t.Errorf("follow-up masked %q", second.Text)
	}
	prior := append(first.Entities, second.Entities...)
	third := Mask("and Refunds again", cat, prior, now)
	if third.Text != "and <PAGE_1> again" {
		t.Errorf("repeated value masked %q, want its first placeholder", third.Text)
	}
}

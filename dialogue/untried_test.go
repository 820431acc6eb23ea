package dialogue

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
)

// TestUnshownOptions: the options offered at whose node nothing was said
// yet, in their order.
func TestUnshownOptions(t *testing.T) {
	s := &Session{History: []Turn{
		{Role: "user", Text: "how do I number pages"},
		{Role: "agent", NodeID: "intro", Text: "You can number pages."},
		{Role: "agent", NodeID: "insert", Text: "Choose Insert, then Field."},
	}}
	for _, tc := range []struct {
		name string
		opts []string
		want []string
	}{
		{"none shown", []string{"count", "style"}, []string{"count", "style"}},
		{"one shown", []string{"insert", "count"}, []string{"count"}},
		{"all shown", []string{"intro", "insert"}, nil},
		{"no options", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var opts []Option
			for _, id := range tc.opts {
				opts = append(opts, Option{NodeID: id})
			}
			var got []string
			for _, o := range unshownOptions(s, opts) {
				got = append(got, o.NodeID)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("unshownOptions(%v) = %v, want %v", tc.opts, got, tc.want)
			}
		})
	}
}

// TestNotSolvedShowsUntriedParts: "that didnt work" after a page's
// introduction, whose steps were offered as options and never shown
// (seen chatting on LibreOffice's help: a person at once), gives those
// steps, one part a time, and hands over once every part was tried.
func TestNotSolvedShowsUntriedParts(t *testing.T) {
	const page = "https://help.example.com/footer-numbers"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "Numbering pages in the footer"}},
		Nodes: []graph.Node{
			{ID: "intro", Page: page, Problem: "Numbering pages in the footer", Root: true, Actionable: true,
				Resolution: "A number field in the footer numbers every page. You can show the total count beside it."},
			{ID: "field", Page: page, Problem: "To insert the number field", Actionable: true,
				Resolution: "1. Open the footer.\n1. Choose Insert - Field - Number."},
			{ID: "total", Page: page, Problem: "To show the total count", Actionable: true,
				Resolution: "1. Click after the number field.\n1. Choose Insert - Field - Total."},
		},
		Edges: []graph.Edge{{From: "intro", To: "field", Type: graph.Child}, {From: "intro", To: "total", Type: graph.Child}},
	}
	type turn struct {
		msg    string
		action Action
		node   string
		text   string
	}
	for _, tc := range []struct {
		name  string
		turns []turn
	}{
		{"after the answer", []turn{
			{"numbering pages in the footer", Resolution, "intro", "A number field"},
			{"that didnt work", Resolution, "field", "To insert the number field"},
			{"that didnt work", Resolution, "total", "To show the total count"},
			{"that didnt work", Escalation, "total", ""},
		}},
		// Taken in with the answer's options kept ("ok", a detail of the
		// case), "that didnt work" is still about the answer.
		{"after an ok", []turn{
			{"numbering pages in the footer", Resolution, "intro", "A number field"},
			{"ok", Clarification, "intro", ""},
			{"that didnt work", Resolution, "field", "To insert the number field"},
		}},
		{"after a detail of the case", []turn{
			{"numbering pages in the footer", Resolution, "intro", "A number field"},
			{"i'm on a chromebook", Clarification, "intro", "chromebook"},
			{"that didnt work", Resolution, "field", "To insert the number field"},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, s := NewGraphAgent(g, Options{}), &Session{}
			for i, tt := range tc.turns {
				r, err := a.Respond(context.Background(), s, tt.msg)
				if err != nil {
					t.Fatal(err)
				}
				if r.Action != tt.action || r.NodeID != tt.node || !strings.Contains(r.Text, tt.text) {
					t.Fatalf("turn %d %q: %s at %q %q; want %s at %q containing %q", i, tt.msg, r.Action, r.NodeID, r.Text, tt.action, tt.node, tt.text)
				}
			}
		})
	}
}

// TestNotSolvedGoesOnToTheLoneSituation: "that didn't help" after a
// section whose one situation was offered with it ("If your adapter is
// in the list, go on to the drivers") gets that situation's text. Not
// stated, the situation stood for the question above it, and its answer,
// just given, was said again.
func TestNotSolvedGoesOnToTheLoneSituation(t *testing.T) {
	const page = "https://help.example/wifi-hardware"
	g := verdict.Judged(&graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "Wireless hardware check"}},
		Nodes: []graph.Node{
			{ID: "pci", Page: page, Problem: "Internal wireless adapters", Root: true, Actionable: true,
				Resolution: "Internal adapters are the most common in laptops. To check that yours is detected, open a terminal, type lspci and press Enter, then look for a Network controller in the list."},
			{ID: "listed", Page: page, Problem: "Internal wireless adapters (your adapter is in the list)", Condition: "your adapter is in the list", Actionable: true,
				Resolution: "If your adapter is in the list, go on to the step on device drivers."},
		},
		Edges: []graph.Edge{{From: "pci", To: "listed", Type: graph.Child}},
	})
	a := NewGraphAgent(g, Options{})
	const asked = "how do i check my internal wireless adapter"
	if r := lastReply(t, a, asked); r.NodeID != "pci" || r.Action != Resolution {
		t.Fatalf("first reply: %s at %q: %q, want the section's answer", r.Action, r.NodeID, r.Text)
	}
	if r := lastReply(t, a, asked, "that didn't help"); r.Action != Resolution || r.NodeID != "listed" || !strings.Contains(r.Text, "device drivers") {
		t.Errorf("didn't help: %s at %q: %q, want the situation's text", r.Action, r.NodeID, r.Text)
	}
}

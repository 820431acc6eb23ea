package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestAsksPage: a section's heading that names nothing beyond its page
// (the page's title and its introduction's heading) stands for the page
// when it repeats the introduction's heading, or when the request's words
// beyond it are all the page's; a section that names more, or a request
// that says more, asks about the section.
func TestAsksPage(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		sec, root, page, req string
		want                 bool
	}{
		{"the section repeats the page's heading", "close workspac", "close workspac", "close workspac", "close workspac", true},
		{"it repeats it, whatever the request adds", "export file", "export file", "export file", "save pdf export", true},
		{"the request's other words are the title's", "grant", "grant planner", "grant planner qualifi", "qualifi grant", true},
		{"the request holds the section's heading and nothing more", "grant", "grant planner", "grant planner qualifi", "grant", false},
		{"a request word the page lacks names a part", "grant", "grant planner", "grant planner qualifi", "qualifi grant child", false},
		{"a heading word beyond the page names a part", "leav team", "close workspac", "close workspac", "close workspac", false},
		{"a narrower heading is no repeat", "workspac", "close workspac", "close workspac", "workspac", false},
		{"no heading terms", "", "close workspac", "close workspac", "close workspac", false},
		{"repeated terms count once", "close close workspac", "close workspac workspac", "close workspac", "workspac", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := asksPage(strings.Fields(tc.sec), strings.Fields(tc.root), termSet(tc.page), strings.Fields(tc.req)); got != tc.want {
				t.Errorf("asksPage(%q, %q, %q, %q) = %v, want %v", tc.sec, tc.root, tc.page, tc.req, got, tc.want)
			}
		})
	}
}

// TestPageIntroLeadsFirstAnswer: "close my workspace" is answered from the
// page's steps, whose heading repeats the page's, led by what the page
// says above them (the files that are lost); a section the request names
// is answered alone, and so is the page's next answer in a conversation.
func TestPageIntroLeadsFirstAnswer(t *testing.T) {
	const page = "https://help.example.com/close-workspace"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "Closing your workspace"}},
		Nodes: []graph.Node{
			{ID: "root", Page: page, Problem: "Closing your workspace", Root: true,
				Resolution: "Before you close your workspace, please note:\n- All your files are lost and can't be restored.\n- Your invoices are deleted."},
			{ID: "steps", Page: page, Problem: "Closing your workspace", Actionable: true,
				Resolution: "1. Sign in and open Workspace Settings.\n1. Click Close workspace.\n1. Enter your password and click Close for good."},
			{ID: "team", Page: page, Problem: "I only want to leave a team", Actionable: true,
				Resolution: "You don't need to close the workspace. In Team Settings, click Leave team."},
		},
		Edges: []graph.Edge{{From: "root", To: "steps", Type: graph.Child}, {From: "root", To: "team", Type: graph.Child}},
	}
	a, s := NewGraphAgent(g, Options{}), &Session{}
	for _, tc := range []struct {
		message, node string
		lead          bool
	}{
		{"close my workspace", "steps", true},
		{"i only want to leave the team", "team", false},
		{"close my workspace", "steps", false},
	} {
		r, err := a.Respond(context.Background(), s, tc.message)
		if err != nil || r.Action != Resolution || r.NodeID != tc.node {
			t.Fatalf("%q: %s at %q (%q), %v; want a resolution at %s", tc.message, r.Action, r.NodeID, r.Text, err, tc.node)
		}
		if got := strings.Contains(r.Text, "All your files are lost"); got != tc.lead {
			t.Errorf("%q: %q; led by the page's introduction: %v, want %v", tc.message, r.Text, got, tc.lead)
		}
	}
}

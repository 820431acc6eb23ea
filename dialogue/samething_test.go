package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// reportGraph is an app's help: a page on reporting a problem, whose
// instructions have a section for each of the app's systems (the tablet
// one named by its system, "TabletOS"), and a page of system requirements
// whose section on the Slate tablet says which system it runs.
func reportGraph() *graph.Graph {
	const (
		report = "https://help.app.example/report-problem"
		reqs   = "https://help.app.example/requirements"
		backup = "https://help.app.example/backup"
	)
	return &graph.Graph{
		Pages: []graph.Page{{URL: report, Title: "Reporting a problem"}, {URL: reqs, Title: "System requirements"}, {URL: backup, Title: "Backups"}},
		Nodes: []graph.Node{
			{ID: "report", Page: report, Problem: "Reporting a problem", Root: true, Actionable: true},
			{ID: "before", Page: report, Problem: "Before you start", Actionable: true,
				Resolution: "Update the app first: the problem may be fixed already. Search the issue tracker for the same problem."},
			{ID: "platforms", Page: report, Problem: "Instructions for each system", Actionable: true,
				Resolution: "Follow the steps for the system the app runs on."},
			{ID: "desktop", Page: report, Problem: "Desktop app", Actionable: true,
				Resolution: "Open Help, choose Report a problem, describe what happened and press Send."},
			{ID: "tablet", Page: report, Problem: "TabletOS app", Actionable: true,
				Resolution: "Shake the tablet until the feedback form opens, describe what happened and press Send."},
			{ID: "requirements", Page: reqs, Problem: "System requirements", Root: true, Actionable: true,
				Resolution: "The app runs on these devices."},
			{ID: "slate", Page: reqs, Problem: "Slate", Actionable: true,
				Resolution: "Slate: requires TabletOS 3 or later."},
			{ID: "laptop", Page: reqs, Problem: "Laptops running the desktop system", Actionable: true,
				Resolution: "Any laptop with 4 GB of memory: the crash reporter sends a report after a crash."},
			{ID: "backup", Page: backup, Problem: "Back up your notes", Root: true, Actionable: true,
				Resolution: "Choose Settings, then Backup, and press Back up now."},
		},
		Edges: []graph.Edge{
			{From: "report", To: "before", Type: graph.Child}, {From: "report", To: "platforms", Type: graph.Child},
			{From: "platforms", To: "desktop", Type: graph.Child}, {From: "platforms", To: "tablet", Type: graph.Child},
			{From: "requirements", To: "slate", Type: graph.Child}, {From: "requirements", To: "laptop", Type: graph.Child},
		},
	}
}

// TestHeadingIsReply: only a heading that is the reply's words alone says
// what the thing the reply names is.
func TestHeadingIsReply(t *testing.T) {
	for _, tc := range []struct {
		name           string
		heading, reply []string
		want           bool
	}{
		{"the reply's word", []string{"slate"}, []string{"slate"}, true},
		{"the reply's words", []string{"slate", "pro"}, []string{"slate", "pro"}, true},
		{"says more", []string{"card", "declin", "reason"}, []string{"reason"}, false},
		{"no heading", nil, []string{"slate"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := headingIsReply(tc.heading, tc.reply); got != tc.want {
				t.Errorf("headingIsReply(%v, %v) = %v, want %v", tc.heading, tc.reply, got, tc.want)
			}
		})
	}
}

// TestBareReplyInThePagesWords: after "which part are you asking about?",
// a bare reply ("on my slate") that the page being discussed has no
// section about, though it has one about what the
// help center says the thing is (the Slate "requires TabletOS"), stays on
// the page at that section, not at the requirements page's "Slate".
func TestBareReplyInThePagesWords(t *testing.T) {
	g := reportGraph()
	for _, tc := range []struct {
		then, node string
	}{
		{"on my slate", "tablet"},
		{"slate", "tablet"},
	} {
		t.Run(tc.then, func(t *testing.T) {
			r := secondReply(t, g, "how do i report a problem", "report", tc.then)
			about := r.NodeID
			if r.Action == Clarification && len(r.Options) == 1 {
				about = r.Options[0].NodeID
			}
			if about != tc.node {
				t.Errorf("got %s about %q (%q), want %q", r.Action, about, r.Text, tc.node)
			}
		})
	}
}

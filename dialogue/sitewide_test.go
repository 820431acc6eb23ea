package dialogue

import (
	"fmt"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// siteNameGraph is a help center whose product's name, Acme, is on every
// page: a backups page with two sections, one of which names Acme in a
// table row, and ten other pages.
func siteNameGraph() *graph.Graph {
	const backups = "https://help.acme.example/backups"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: backups, Title: "Backups"}},
		Nodes: []graph.Node{
			{ID: "backups", Page: backups, Problem: "Backups", Root: true, Actionable: true,
				Resolution: "Acme can back up the data, settings and secrets of most apps."},
			{ID: "schedule", Page: backups, Problem: "Schedule backups", Actionable: true,
				Resolution: "Open Backups, choose a repository and a time of day."},
			{ID: "notes", Page: backups, Problem: "Notes for specific apps", Actionable: true,
				Resolution: "Acme Mail: does not include attachments. Calendar: includes shared calendars."},
		},
		Edges: []graph.Edge{{From: "backups", To: "schedule", Type: graph.Child}, {From: "backups", To: "notes", Type: graph.Child}},
	}
	for i, topic := range []string{"Users", "Mail", "Calendar", "Wiki", "Chat", "VPN", "Firewall", "Storage", "Updates", "Networks"} {
		u := fmt.Sprintf("https://help.acme.example/p%d", i)
		g.Pages = append(g.Pages, graph.Page{URL: u, Title: topic})
		g.Nodes = append(g.Nodes, graph.Node{ID: fmt.Sprint("p", i), Page: u, Problem: topic, Root: true, Actionable: true,
			Resolution: "Acme runs " + topic + " for your household."})
	}
	return g
}

func TestDescribedChildSiteName(t *testing.T) {
	a := NewGraphAgent(siteNameGraph(), Options{})
	sub := []string{"schedule", "notes"}
	for _, tc := range []struct{ msg, want string }{
		// The product's name is in the notes' table, in passing: it
		// describes no section.
		{"backups of my Acme", ""},
		{"backups of attachments", "notes"},
		{"backups at a time of day", "schedule"},
	} {
		if got := a.describedChild("backups", sub, a.readText(tc.msg)); got != tc.want {
			t.Errorf("describedChild(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
}

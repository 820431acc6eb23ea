package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// pointsGraph is a small hotel help center whose points programme is a
// name of run-together capitalised words ("NestPoints") while its texts
// speak of points on their own too.
func pointsGraph() *graph.Graph {
	const about, faq = "https://help.stay.example/about-nestpoints", "https://help.stay.example/points-faq"
	return &graph.Graph{
		Pages: []graph.Page{{URL: about, Title: "About NestPoints"}, {URL: faq, Title: "Points FAQ"}},
		Nodes: []graph.Node{
			{ID: "about", Page: about, Problem: "About NestPoints", Root: true,
				Resolution: "NestPoints is the free points programme for members."},
			{ID: "earning", Page: about, Problem: "Earning NestPoints", Actionable: true,
				Resolution: "You earn 1 NestPoint for every 100 yen of the room charge when you book while logged in. Points are credited after check-out."},
			{ID: "none", Page: about, Problem: "Reservations that don't earn points", Actionable: true,
				Resolution: "Guest reservations, group bookings and cancelled reservations earn no points."},
			{ID: "guest", Page: faq, Problem: "Do I earn points if someone else stays in the room?", Root: true, Actionable: true,
				Resolution: "Points go to the member who booked, whoever stays in the room."},
		},
		Edges: []graph.Edge{{From: "about", To: "earning", Type: graph.Child}, {From: "about", To: "none", Type: graph.Child}},
	}
}

// TestCamelHead: a name of run-together capitalised words is indexed with
// its head when the texts write the head on its own at least as often as
// the name (vocab.readCamelHeads), so "earn points" finds "Earning
// NestPoints"; a name the texts write more often than its head alone, or
// whose head they never write alone, keeps to itself.
func TestCamelHead(t *testing.T) {
	for _, tc := range []struct {
		name, text, word, head string
	}{
		{"head used more than the name", "NestPoints: earn points, use points.", "nestpoints", "points"},
		{"head used as often as the name", "OneDrive is a drive.", "onedrive", "drive"},
		{"head never used alone", "StayNest keeps your stay.", "staynest", ""},
		{"name used more than its head", "AdGuard blocks ads. AdGuard is a guard. AdGuard for Mac.", "adguard", ""},
		{"an identifier, not a name", "Call getValue for the value.", "getvalue", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &graph.Graph{Pages: []graph.Page{{URL: "p", Title: "Page"}},
				Nodes: []graph.Node{{ID: "n", Page: "p", Problem: "Page", Root: true, Resolution: tc.text}}}
			gw := newGraphWords(newAnalyzer(nil), g)
			id, ok := gw.v.ids[tc.word]
			if !ok {
				t.Fatalf("%q not read from %q", tc.word, tc.text)
			}
			var got string
			if h := gw.v.words[id].head; h > 0 {
				got = gw.v.words[h-1].text
			}
			if got != tc.head {
				t.Errorf("head of %q in %q = %q, want %q", tc.word, tc.text, got, tc.head)
			}
		})
	}
	if r := firstReply(t, pointsGraph(), "how do i earn points"); r.Action != Resolution || r.NodeID != "earning" {
		t.Errorf("how do i earn points = %s at %q (%q), want Earning NestPoints", r.Action, r.NodeID, r.Text)
	}
}

// TestNamedChildPolarity: a request that denies nothing does not name the
// sub-section on the case that does not hold. With "Reservations that
// don't earn points" beneath "Earning NestPoints", as on the sample help
// center, "how do i earn points" is answered by the section (namedChild
// had taken "points" for the sub-section's name); asked with a negation,
// the sub-section answers.
func TestNamedChildPolarity(t *testing.T) {
	g := pointsGraph()
	g.Edges = []graph.Edge{{From: "about", To: "earning", Type: graph.Child}, {From: "earning", To: "none", Type: graph.Child}}
	// Reservations are what the rest of the help center is about: the
	// sub-section's "reservations" is a common word, its "points" the one
	// that would name it.
	const stays = "https://help.stay.example/reservations"
	g.Pages = append(g.Pages, graph.Page{URL: stays, Title: "Reservations"})
	g.Nodes = append(g.Nodes,
		graph.Node{ID: "stays", Page: stays, Problem: "Your reservations", Root: true, Resolution: "Find your reservations under My Reservations."},
		graph.Node{ID: "change", Page: stays, Problem: "Change a reservation", Actionable: true, Resolution: "Open the reservation and choose Change."},
		graph.Node{ID: "cancel", Page: stays, Problem: "Cancel a reservation", Actionable: true, Resolution: "Open the reservation and choose Cancel."},
		graph.Node{ID: "print", Page: stays, Problem: "Print a reservation", Actionable: true, Resolution: "Open the reservation and choose Print."})
	g.Edges = append(g.Edges, graph.Edge{From: "stays", To: "change", Type: graph.Child}, graph.Edge{From: "stays", To: "cancel", Type: graph.Child},
		graph.Edge{From: "stays", To: "print", Type: graph.Child})
	for _, tc := range []struct{ msg, node string }{
		{"how do i earn points", "earning"},
		{"which reservations don't earn points", "none"},
	} {
		if r := firstReply(t, g, tc.msg); r.NodeID != tc.node {
			t.Errorf("%q = %s at %q (%q), want %q", tc.msg, r.Action, r.NodeID, r.Text, tc.node)
		}
	}
}

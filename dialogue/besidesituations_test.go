package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
)

// TestSectionOfOneSituationOnly: a section beneath a situation the user has
// not stated is answered at once when no situation beside it speaks of what
// its heading names (one long manual's "HowTos for general administration"
// and "HowTos for the desktop"), and a word of its own heading picks no
// situation beside it (statedSituation); where the branch beside it has the
// same section ("Cancel a booking" when booked by phone or online), which
// situation applies is still asked first.
func TestSectionOfOneSituationOnly(t *testing.T) {
	const url = "https://help.example/manual"
	node := func(id, problem, cond, res string) graph.Node {
		return graph.Node{ID: id, Page: url, Problem: problem, Condition: cond, Actionable: true, Resolution: res}
	}
	g := &graph.Graph{Pages: []graph.Page{{URL: url, Title: "School server manual", Lang: "en"}}}
	g.Nodes = []graph.Node{
		{ID: "root", Page: url, Problem: "School server manual", Root: true, Resolution: "This is the manual for the school server."},
		node("admin", "HowTos (general administration)", "general administration", "HowTos for the people who run the network."),
		node("shutdown", "Automatic shutdown of machines during the night", "", "Add the machine to the shutdown-at-night netgroup and it powers off at night."),
		node("backup", "Backup of the main server", "", "Open the backup page and pick the folders to save."),
		node("desktop", "HowTos (the desktop)", "the desktop", "HowTos for the people at the desktop."),
		node("fonts", "Handwriting fonts", "", "Install the handwriting fonts package."),
		node("dvd", "Playing DVDs", "", "Install the libdvdcss package to play DVDs."),
		node("teach", "HowTos (teaching and learning)", "teaching and learning", "HowTos for teachers."),
		node("restrict", "Restricting pupils' network access", "", "Some schools use a web filter to restrict network access."),
		node("netclients", "HowTos (networked clients)", "networked clients", "HowTos for networked clients."),
		node("wireless", "Wireless clients", "", "Wireless clients need a RADIUS server."),
		node("phone", "Bookings (booked by phone)", "booked by phone", "Bookings made by phone."),
		node("phonecancel", "Cancel a booking made by phone", "", "Call us to cancel a booking made by phone."),
		node("online", "Bookings (booked online)", "booked online", "Bookings made online."),
		node("onlinecancel", "Cancel a booking made online", "", "Open My bookings and press Cancel."),
	}
	for _, e := range [][2]string{{"root", "admin"}, {"admin", "shutdown"}, {"admin", "backup"}, {"root", "desktop"}, {"desktop", "fonts"}, {"desktop", "dvd"},
		{"root", "teach"}, {"teach", "restrict"}, {"root", "netclients"}, {"netclients", "wireless"},
		{"root", "phone"}, {"phone", "phonecancel"}, {"root", "online"}, {"online", "onlinecancel"}} {
		g.Edges = append(g.Edges, graph.Edge{From: e[0], To: e[1], Type: graph.Child})
	}
	for _, tc := range []struct {
		message string
		action  Action
		text    string
	}{
		{"how do I shut down the machines at night", Resolution, "Add the machine to the shutdown-at-night netgroup and it powers off at night."},
		{"how do I install handwriting fonts", Resolution, "Install the handwriting fonts package."},
		{"cancel my booking", Clarification, ""},
		// A word of the section's own heading ("network") picks no
		// situation beside the one it is under ("networked clients").
		{"how do I restrict the pupils network access", Resolution, "Some schools use a web filter to restrict network access."},
	} {
		a := NewGraphAgent(verdict.Judged(g), Options{})
		r, err := a.Respond(context.Background(), &Session{}, tc.message)
		if err != nil || r.Action != tc.action || tc.text != "" && r.Text != tc.text {
			t.Errorf("%q: %s %q (%v), want %s %q", tc.message, r.Action, r.Text, err, tc.action, tc.text)
		}
	}
}

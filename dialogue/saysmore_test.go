package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
)

func TestSaysMore(t *testing.T) {
	for _, tc := range []struct {
		said, more string
		want       bool
	}{
		{"Installing a system with profile Workstation included, a lot of programs are installed.\n", "A lot of programs are installed.", false},
		{"Open the settings.\n", "Open the settings.", false},
		{"Open the settings.\n", "Then press Save.", true},
		{"Open the settings.\n", "", false},
		{"", "Open the settings.", true},
		// One step, shown once without its list's mark and then with it.
		{"When all the pages have printed, flip them over.\n", "1. When all the pages have printed, flip them over.", false},
		{"- Open the settings.\n- Press Save.\n", "1. Open the settings.\n2. Press Save.", false},
		{"1. Open the settings.\n", "1. Open the settings.\n2. Press Save.", true},
	} {
		if got := saysMore(tc.said, tc.more); got != tc.want {
			t.Errorf("saysMore(%q, %q) = %v, want %v", tc.said, tc.more, got, tc.want)
		}
	}
}

// TestYesAfterSituationAnswer: "yes" after the whole answer of a situation
// says nothing of it again, its opening clause cut ("A lot of education
// related programs are installed." after "Installing a system with profile
// Workstation included, a lot of education related programs are
// installed."): there is no more to go on with.
func TestYesAfterSituationAnswer(t *testing.T) {
	const url = "https://help.example/install"
	g := &graph.Graph{Pages: []graph.Page{{URL: url, Title: "Modular installation", Lang: "en"}}}
	g.Nodes = []graph.Node{
		{ID: "root", Page: url, Problem: "Modular installation", Root: true, Actionable: true,
			Resolution: "The installer offers several profiles to choose from."},
		{ID: "ws", Page: url, Problem: "Modular installation (installing a system with profile Workstation included)",
			Condition: "installing a system with profile Workstation included", Actionable: true,
			Resolution: "Installing a system with profile Workstation included, a lot of education related programs are installed."},
	}
	g.Edges = []graph.Edge{{From: "root", To: "ws", Type: graph.Child}}
	a := NewGraphAgent(verdict.Judged(g), Options{})
	s := &Session{}
	r, err := a.Respond(context.Background(), s, "installing a system with profile workstation included")
	if err != nil || r.Action != Resolution || r.NodeID != "ws" {
		t.Fatalf("first reply %s at %s %q (%v), want the Workstation answer", r.Action, r.NodeID, r.Text, err)
	}
	r, err = a.Respond(context.Background(), s, "yes")
	if err != nil || strings.Contains(r.Text, "education related programs") {
		t.Errorf("yes: %s %q (%v), want nothing said again", r.Action, r.Text, err)
	}
}

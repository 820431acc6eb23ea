package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestOptionByPrefix: a one-word reply shortening one option's name picks
// it; one shortening several, or no word, picks none.
func TestOptionByPrefix(t *testing.T) {
	labels := []string{"Windows", "macOS", "Windows Phone", "Android"}
	for _, tc := range []struct {
		text string
		want int
	}{
		{"mac", 1},
		{"Mac.", 1},
		{"andro", 3},
		{"win", -1}, // Windows and Windows Phone
		{"ma", -1},  // too short to name anything
		{"macos", -1},
		{"on my mac", -1},
		{"linux", -1},
	} {
		if got := optionByPrefix(tc.text, labels); got != tc.want {
			t.Errorf("optionByPrefix(%q) = %d, want %d", tc.text, got, tc.want)
		}
	}
}

// TestOptionShortened: asked which platform applies, "mac" picks macOS.
// Before, no word of the reply was an option's ("mac" is no stem of
// "macos"), and the question was asked again.
func TestOptionShortened(t *testing.T) {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "sync", Page: "sync", Problem: "Turn on sync", Root: true, Actionable: true, Resolution: "Sync keeps your settings the same on every computer."},
		{ID: "win", Page: "sync", Problem: "Turn on sync (Windows)", Condition: "Windows", Actionable: true, Resolution: "Settings are in the AppData folder."},
		{ID: "mac", Page: "sync", Problem: "Turn on sync (macOS)", Condition: "macOS", Actionable: true, Resolution: "Settings are in the Library folder."},
	}, Edges: []graph.Edge{{From: "sync", To: "win", Type: graph.Child}, {From: "sync", To: "mac", Type: graph.Child}}}
	a, s := NewGraphAgent(g, Options{}), &Session{}
	var r Reply
	for _, m := range []string{"how do i turn on sync", "mac"} {
		var err error
		if r, err = a.Respond(context.Background(), s, m); err != nil {
			t.Fatal(err)
		}
	}
	if r.Action != Resolution || r.NodeID != "mac" {
		t.Errorf("got %s at %q: %q, want the macOS section", r.Action, r.NodeID, r.Text)
	}
}

package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestSeeAlso(t *testing.T) {
	const steps = "1. Choose Tools - Options.\n2. Mark Save every n minutes."
	for _, tc := range []struct {
		name       string
		text       string
		answers    bool
		kids, refs int
		want       bool
	}{
		{"steps above a list of links", steps, false, 0, 2, true},
		{"an instruction above one link", "Open the settings and turn on autosave.", false, 0, 1, true},
		{"an introduction above a pointer: the pointer says how", "Autosave keeps your work safe.", false, 0, 1, false},
		{"steps above a section that answers", steps, true, 0, 1, false},
		{"steps above a section with sections of its own", steps, false, 2, 1, false},
		{"steps above a section that points nowhere", steps, false, 0, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := seeAlso(tc.text, tc.answers, tc.kids, tc.refs); got != tc.want {
				t.Errorf("seeAlso(%q, %v, %d, %d) = %v, want %v", tc.text, tc.answers, tc.kids, tc.refs, got, tc.want)
			}
		})
	}
}

// TestStepsAboveSeeAlso checks that steps above a section listing related
// pages answer with that section, and the page the list points to is
// offered, not answered from.
func TestStepsAboveSeeAlso(t *testing.T) {
	const save, crash = "https://help.example/save", "https://help.example/crash"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: save, Title: "Saving documents automatically"}, {URL: crash, Title: "Crash report tool"}},
		Nodes: []graph.Node{
			{ID: "save", Page: save, Problem: "Saving documents automatically", Root: true, Resolution: "Your documents can be saved for you."},
			{ID: "recovery", Page: save, Problem: "To save recovery information automatically every few minutes", Resolution: "1. Choose Tools - Options - Load/Save.\n2. Mark Save recovery information every n minutes and select the interval."},
			{ID: "related", Page: save, Problem: "Related topics", Resolution: "[Crash report tool](https://help.example/crash)"},
			{ID: "crash", Page: crash, Problem: "Crash report tool", Root: true, Resolution: "The tool reports a crash to the developers."},
			{ID: "start", Page: crash, Problem: "Starting the crash report tool", Actionable: true, Resolution: "Restart the program after a crash."},
			{ID: "send", Page: crash, Problem: "Sending the crash report", Actionable: true, Resolution: "Click Send report."},
		},
		Edges: []graph.Edge{
			{From: "save", To: "recovery", Type: graph.Child}, {From: "recovery", To: "related", Type: graph.Child},
			{From: "related", To: "crash", Type: graph.Reference},
			{From: "crash", To: "start", Type: graph.Child}, {From: "crash", To: "send", Type: graph.Child},
		},
	}
	a := NewGraphAgent(g, Options{})
	r, err := a.Respond(context.Background(), &Session{ID: "s"}, "can it save recovery information automatically every few minutes")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID != "related" || len(r.Sources) == 0 || r.Sources[0] != save || !strings.Contains(r.Text, "Mark Save recovery information") {
		t.Fatalf("reply %s at %q citing %v (%q), want the steps and their related topics citing %s", r.Action, r.NodeID, r.Sources, r.Text, save)
	}
	if len(r.Options) != 1 || r.Options[0].NodeID != "crash" {
		t.Errorf("options %+v, want the related page crash", r.Options)
	}
}

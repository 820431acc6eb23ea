package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestTopicOptionsNameTheTopic: "Is it about this?" offers a node by its
// problem; its condition alone names no topic ("Is it about this? Your
// phone has this option", seen on adguard-en). Among a node's situations
// the condition is the label, as before.
func TestTopicOptionsNameTheTopic(t *testing.T) {
	const page = "https://help.example.com/battery"
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "battery", Page: page, Problem: "Background work", Root: true, Resolution: "Phones stop apps in the background."},
		{ID: "adaptive", Page: page, Problem: "Android 11+ (your phone has this option)", Condition: "your phone has this option", Actionable: true,
			Resolution: "Turn off Adaptive battery."},
		{ID: "plain", Page: page, Problem: "Sony", Actionable: true, Resolution: "Turn off Stamina mode."},
	}, Edges: []graph.Edge{{From: "battery", To: "adaptive", Type: graph.Child}, {From: "battery", To: "plain", Type: graph.Child}}}
	a := NewGraphAgent(g, Options{})
	for _, tc := range []struct {
		opts []Option
		want []string
	}{
		{a.topicOptions([]string{"adaptive", "plain"}), []string{"Android 11+ (your phone has this option)", "Sony"}},
		{a.options([]string{"adaptive", "plain"}), []string{"Your phone has this option", "Sony"}},
	} {
		for i, o := range tc.opts {
			if o.Label != tc.want[i] || o.NodeID == "" {
				t.Errorf("option %d = %+v, want label %q", i, o, tc.want[i])
			}
		}
	}
}

package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestTitleBreaksTies: of candidates that tie on the request's words, the
// one on the page whose title has them wins, wherever it is in the graph.
func TestTitleBreaksTies(t *testing.T) {
	const spouse, family = "https://help.example/spouse", "https://help.example/family"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: spouse, Title: "Benefits for your spouse"}, {URL: family, Title: "Family benefits"}},
		Nodes: []graph.Node{
			{ID: "spouse", Page: spouse, Problem: "Benefits for your spouse", Root: true, Actionable: true,
				Resolution: "Your spouse may get up to half of your full benefit."},
			{ID: "spouse-family", Page: spouse, Problem: "Benefits for your family", Actionable: true,
				Resolution: "There is a limit to the amount we can pay to a family."},
			{ID: "family", Page: family, Problem: "Benefits for your family", Root: true, Actionable: true,
				Resolution: "Certain members of your family may receive benefits on your record."},
		},
		Edges: []graph.Edge{{From: "spouse", To: "spouse-family", Type: graph.Child}},
	}
	for _, tc := range []struct{ say, want string }{
		{"family benefits", "family"},
		{"benefits for my family", "family"},
		{"benefits for my spouse", "spouse"},
	} {
		t.Run(tc.say, func(t *testing.T) {
			if r := firstReply(t, g, tc.say); r.NodeID != tc.want {
				t.Errorf("%q: got %s at %q, want %q", tc.say, r.Action, r.NodeID, tc.want)
			}
		})
	}
}

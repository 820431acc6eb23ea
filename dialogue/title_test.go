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

// TestTitleFit: of near-tied candidates, a page title with all of the
// request's words counts twice a title with part of them; one with part of
// them still counts its share; none lifts a candidate outside the tie margin.
func TestTitleFit(t *testing.T) {
	const qualify, apply, pay = "https://help.example/qualify", "https://help.example/apply", "https://help.example/pay"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: qualify, Title: "Disability benefits: how you qualify"},
			{URL: apply, Title: "Apply for disability benefits"}, {URL: pay, Title: "Payments"}},
		Nodes: []graph.Node{
			{ID: "qualify-child", Page: qualify, Problem: "Benefits for a disabled child", Root: true, Actionable: true,
				Resolution: "A child may get benefits until 18."},
			{ID: "apply-online", Page: apply, Problem: "Apply online", Root: true, Actionable: true,
				Resolution: "Fill in the form on the website."},
			{ID: "pay-dates", Page: pay, Problem: "When disability benefits are paid", Root: true, Actionable: true,
				Resolution: "On the second Wednesday of each month."},
		},
	}
	a := NewGraphAgent(g, Options{})
	terms := a.an.terms("apply for disability benefits")
	c := func(id string, score float64) candidate {
		return candidate{id: id, score: score, coverage: 1, ownCoverage: 1, terms: 2}
	}
	for _, tc := range []struct {
		name  string
		cands []candidate
		want  string
	}{
		{"a title with all the words over one with most, scoring a little lower", []candidate{c("qualify-child", 10), c("apply-online", 9.4)}, "apply-online"},
		{"a title with part of the words over one with none", []candidate{c("pay-dates", 10), c("qualify-child", 9.8)}, "qualify-child"},
		{"no title lifts a candidate outside the tie margin", []candidate{c("qualify-child", 10), c("apply-online", 8.5)}, "qualify-child"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.selectCandidate(&Session{}, tc.cands, a.leadsOf(tc.cands), terms); got != tc.want {
				t.Errorf("selectCandidate = %q, want %q", got, tc.want)
			}
		})
	}
	for _, tc := range []struct{ share, want float64 }{{0, 0}, {0.5, titleWeight / 2}, {1, 2 * titleWeight}} {
		if got := titleFit(tc.share); got < tc.want-1e-9 || got > tc.want+1e-9 {
			t.Errorf("titleFit(%v) = %v, want %v", tc.share, got, tc.want)
		}
	}
}

package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestDetailLeavesAsked: a detail of the case matched on another page
// while the node's situations are asked about details that case; not
// after an answer (detailAfterAnswer), at no node, while parts or topics
// are offered, nor when matched on the page asked about.
func TestDetailLeavesAsked(t *testing.T) {
	asked := Turn{Action: Clarification, NodeID: "n"}
	for _, tc := range []struct {
		name               string
		last               Turn
		cur                string
		situations, leaves bool
		want               bool
	}{
		{"its situations asked, matched elsewhere", asked, "n", true, true, true},
		{"matched on the page asked about", asked, "n", true, false, false},
		{"parts offered, not situations", asked, "n", false, true, false},
		{"at no node", Turn{Action: Clarification}, "", true, true, false},
		{"asked about another node", Turn{Action: Clarification, NodeID: "m"}, "n", true, true, false},
		{"after an answer", Turn{Action: Resolution, NodeID: "n"}, "n", true, true, false},
	} {
		if got := detailLeavesAsked(tc.last, tc.cur, tc.situations, tc.leaves); got != tc.want {
			t.Errorf("%s: detailLeavesAsked = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestDetailWhileSituationsAsked: "on my iphone" while the page on video
// ads asks "in the app" or "in the browser" is a detail of that case: it
// is taken in and the question asked again. Before, read as a request,
// "iphone" answered from the page that says which iPhones are supported
// (adguard-en, adguard-es, gnome-en chats).
func TestDetailWhileSituationsAsked(t *testing.T) {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "ads", Page: "ads", Problem: "Blocking video ads", Root: true, Resolution: "Video ads are blocked in two ways."},
		{ID: "ads-app", Page: "ads", Problem: "Blocking video ads (in the app)", Condition: "in the app", Actionable: true, Resolution: "Share the video to the app."},
		{ID: "ads-web", Page: "ads", Problem: "Blocking video ads (in the browser)", Condition: "in the browser", Actionable: true, Resolution: "Turn on the browser extension."},
		{ID: "req", Page: "req", Problem: "iPhone", Root: true, Actionable: true, Resolution: "Requires version 13 or later."},
	}, Edges: []graph.Edge{
		{From: "ads", To: "ads-app", Type: graph.Child}, {From: "ads", To: "ads-web", Type: graph.Child},
	}}
	for _, n := range g.Nodes {
		g.Pages = append(g.Pages, graph.Page{URL: n.Page, Title: n.Problem})
	}
	a, s := NewGraphAgent(g, Options{}), &Session{}
	var r Reply
	for i, m := range []string{"how do I block video ads", "on my iphone"} {
		var err error
		if r, err = a.Respond(context.Background(), s, m); err != nil {
			t.Fatal(err)
		}
		if i == 0 && (r.Action != Clarification || r.NodeID != "ads") {
			t.Fatalf("%q: %s at %q, want the situations asked at ads", m, r.Action, r.NodeID)
		}
	}
	var labels []string
	for _, o := range r.Options {
		labels = append(labels, o.Label)
	}
	if r.Action != Clarification || r.NodeID != "ads" || !strings.HasPrefix(r.Text, "Noted.") || !strings.HasSuffix(r.Text, "Which of these applies to you?") ||
		strings.Join(labels, "|") != "In the app|In the browser" {
		t.Errorf("got %s at %q: %q %v, want the detail noted at ads and the question asked again", r.Action, r.NodeID, r.Text, labels)
	}
}

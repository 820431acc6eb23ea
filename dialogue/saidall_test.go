package dialogue

import (
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// saidAllGraph is a page of activation steps for three platforms and,
// after them, a product of its own, which links to a page on buying and
// is linked from a page on moving a licence.
func saidAllGraph() *graph.Graph {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "act", Page: "activate", Problem: "Activating your licence", Root: true, Actionable: true,
			Resolution: "Open the Licence section and find the Activate button."},
		{ID: "win", Page: "activate", Problem: "Activating your licence (windows)", Condition: "windows", Actionable: true,
			Resolution: "Windows: click Licence, then click Activate."},
		{ID: "droid", Page: "activate", Problem: "Activating your licence (android)", Condition: "android", Actionable: true,
			Resolution: "Android: tap Settings, then tap Licence."},
		{ID: "ios", Page: "activate", Problem: "Activating your licence (iOS)", Condition: "iOS", Actionable: true,
			Resolution: "iOS: tap Settings, then tap Log in."},
		{ID: "mini", Page: "activate", Problem: "Activating the Mini edition", Actionable: true,
			Resolution: "Click the Mini icon in the menu bar, then click Licence."},
		{ID: "buy", Page: "buy", Problem: "Buying a licence", Root: true, Actionable: true,
			Resolution: "Licences are sold in the online store."},
		{ID: "move", Page: "move", Problem: "Moving a licence to another device", Root: true, Actionable: true,
			Resolution: "Deactivate the licence on the old device first. See the activation page."},
		{ID: "other", Page: "other", Problem: "Changing the theme", Root: true, Actionable: true,
			Resolution: "Open Appearance and pick a theme."},
	}}
	for _, id := range []string{"win", "droid", "ios", "mini"} {
		g.Edges = append(g.Edges, graph.Edge{From: "act", To: id, Type: graph.Child})
	}
	g.Edges = append(g.Edges, graph.Edge{From: "act", To: "buy", Type: graph.Reference}, graph.Edge{From: "move", To: "act", Type: graph.Reference})
	for _, n := range g.Nodes {
		if n.Root {
			g.Pages = append(g.Pages, graph.Page{URL: n.Page, Title: n.Problem})
		}
	}
	return g
}

// TestNextSection: the next part of a page is never, once the customer
// chose a situation, a section outside that situation's.
func TestNextSection(t *testing.T) {
	a := NewGraphAgent(saidAllGraph(), Options{})
	for _, tc := range []struct {
		name, at, chosen string
		want             string // "" for none
	}{
		{"no situation chosen: page order", "droid", "", "ios"},
		{"Android chosen: nothing more for Android", "droid", "droid", ""},
		{"Windows chosen: not Android's section", "win", "win", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ""
			if n := a.nextSection(a.ix.Node(tc.at), tc.chosen); n != nil {
				got = n.ID
			}
			if got != tc.want {
				t.Errorf("nextSection(%s, %q) = %q, want %q", tc.at, tc.chosen, got, tc.want)
			}
		})
	}
}

// TestChosenSituation: a situation is chosen when the answer came from
// the question which one applies, not when the request named it.
func TestChosenSituation(t *testing.T) {
	a := NewGraphAgent(saidAllGraph(), Options{})
	for _, tc := range []struct {
		name    string
		history []Turn
		want    string
	}{
		{"picked when asked", []Turn{{Role: "agent", Action: Clarification, NodeID: "act"}, {Role: "user"}, {Role: "agent", Action: Resolution, NodeID: "droid"}}, "droid"},
		{"named in the request", []Turn{{Role: "user"}, {Role: "agent", Action: Resolution, NodeID: "droid"}}, ""},
		{"asked elsewhere before", []Turn{{Role: "agent", Action: Clarification, NodeID: "other"}, {Role: "user"}, {Role: "agent", Action: Resolution, NodeID: "droid"}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.chosenSituation(&Session{History: tc.history}, "droid"); got != tc.want {
				t.Errorf("chosenSituation = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestRelatedTopics: what a page links to, then what links to it; never
// its own page, nor what was said.
func TestRelatedTopics(t *testing.T) {
	a := NewGraphAgent(saidAllGraph(), Options{})
	for _, tc := range []struct {
		name string
		at   string
		said []string
		want []string
	}{
		{"a section: its page's links, then the pages linking to it", "droid", nil, []string{"buy", "move"}},
		{"what was said is left out", "droid", []string{"buy"}, []string{"move"}},
		{"a page that links nowhere and is linked from nowhere", "other", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := a.relatedTopics(a.ix.Node(tc.at), func(id string) bool { return slices.Contains(tc.said, id) })
			if !slices.Equal(got, tc.want) {
				t.Errorf("relatedTopics(%s) = %v, want %v", tc.at, got, tc.want)
			}
		})
	}
}

// TestAndThenAfterAllSaid: "ok and then?" after the Android steps were
// said in full. Before, the next section in page order was given (the
// iOS steps), or, with none, "Of course. What can I help you with?" as if
// the question had not been heard.
func TestAndThenAfterAllSaid(t *testing.T) {
	for _, tc := range []struct {
		name     string
		turns    []string
		want     string // the start of the last reply's text
		action   Action
		options  []string
		nodeSaid string // the node the last reply is at
	}{
		{"said all: related topics offered", []string{"how do I activate my licence", "android", "ok and then?"},
			"That is all our help page says about “Activating your licence (android)”. Related topics", Clarification, []string{"buy", "move"}, "droid"},
		{"a related topic taken", []string{"how do I activate my licence", "android", "ok and then?", "1"},
			"Licences are sold", Resolution, nil, "buy"},
		{"related topics, then no: none of them", []string{"how do I activate my licence", "android", "ok and then?", "no"},
			"All right, none of those.", Clarification, nil, ""},
		{"nothing related: said so", []string{"how do I change the theme", "and then?"},
			"That is all our help page says about “Changing the theme”. Is there anything else", Clarification, nil, "other"},
		{"said so, then no: goodbye", []string{"how do I change the theme", "and then?", "no"},
			"All right. Thanks for getting in touch", Clarification, nil, "other"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := lastReply(t, NewGraphAgent(saidAllGraph(), Options{}), tc.turns...)
			var ids []string
			for _, o := range r.Options {
				ids = append(ids, o.NodeID)
			}
			if !strings.HasPrefix(r.Text, tc.want) || r.Action != tc.action || !slices.Equal(ids, tc.options) || r.NodeID != tc.nodeSaid {
				t.Errorf("last reply %s at %s %q %v, want %s at %s %q… %v", r.Action, r.NodeID, r.Text, ids, tc.action, tc.nodeSaid, tc.want, tc.options)
			}
		})
	}
}

package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// unofferedGraph: a page on activating, with sections for Windows, Mac and
// Android; a page on blocking notifications, for Windows and Mac only,
// whose text mentions Android; a page on the Android app.
func unofferedGraph() *graph.Graph {
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "act", Page: "act", Problem: "Activating your licence", Root: true, Actionable: true, Resolution: "Find the Activate button."},
		{ID: "act-win", Page: "act", Problem: "Activating your licence (windows)", Condition: "windows", Actionable: true, Resolution: "Click Licence, then Activate."},
		{ID: "act-mac", Page: "act", Problem: "Activating your licence (mac)", Condition: "mac", Actionable: true, Resolution: "Open the menu bar icon, then Licence."},
		{ID: "act-droid", Page: "act", Problem: "Activating your licence (android)", Condition: "android", Actionable: true, Resolution: "Tap Settings, then Licence."},
		{ID: "act-tablet", Page: "act", Problem: "Activating your licence (android tablets)", Condition: "android tablets", Actionable: true, Resolution: "Open the app on the tablet."},
		{ID: "notif", Page: "notif", Problem: "Blocking notifications", Root: true, Actionable: true, Resolution: "Notifications can be blocked in the app. The Android app blocks them on its own."},
		{ID: "notif-win", Page: "notif", Problem: "Blocking notifications (On Windows)", Condition: "On Windows", Actionable: true, Resolution: "Open Settings and turn Notifications off."},
		{ID: "notif-mac", Page: "notif", Problem: "Blocking notifications (On Mac)", Condition: "On Mac", Actionable: true, Resolution: "Open Preferences and clear Notifications."},
		{ID: "app", Page: "app", Problem: "The Android app", Root: true, Actionable: true, Resolution: "The Android app filters traffic on your phone."},
	}, Edges: []graph.Edge{
		{From: "act", To: "act-win", Type: graph.Child}, {From: "act", To: "act-mac", Type: graph.Child}, {From: "act", To: "act-droid", Type: graph.Child}, {From: "act", To: "act-tablet", Type: graph.Child},
		{From: "notif", To: "notif-win", Type: graph.Child}, {From: "notif", To: "notif-mac", Type: graph.Child},
	}}
	for _, n := range g.Nodes {
		if n.Root {
			g.Pages = append(g.Pages, graph.Page{URL: n.Page, Title: n.Problem})
		}
	}
	return g
}

// TestUnofferedSituation: a short reply naming a situation the pages set
// beside one of the options offered, which no option names.
func TestUnofferedSituation(t *testing.T) {
	a := NewGraphAgent(unofferedGraph(), Options{})
	opts := a.options([]string{"notif-win", "notif-mac"})
	for _, tc := range []struct {
		msg  string
		opts []Option
		want string
	}{
		{"im on android", opts, "android"},
		{"on windows", opts, ""},                                   // an option's word
		{"im on linux", opts, ""},                                  // no page sets it beside an option
		{"android tablets", opts, "android"},                       // a situation the reply names
		{"a tablet", opts, ""},                                     // a situation saying more than the reply
		{"the android app", a.options([]string{"act", "app"}), ""}, // parts, not situations
		{"how do I set a pin on my android phone?", opts, ""},      // a request, not a bare reply
	} {
		t.Run(tc.msg, func(t *testing.T) {
			if got := a.unofferedSituation(a.readMessage(tc.msg), tc.opts); got != tc.want {
				t.Errorf("unofferedSituation(%q) = %q, want %q", tc.msg, got, tc.want)
			}
		})
	}
}

// TestNoSuchSituation: "I'm on Android" to a question offering Windows and
// Mac says the page has no part for it, the options kept and a person
// offered. Before, the question was asked again as if nothing had been
// said (on adguard-en, "android" was matched as a request: another
// section of the page that mentions it, for Windows and Mac again).
func TestNoSuchSituation(t *testing.T) {
	a, s := NewGraphAgent(unofferedGraph(), Options{}), &Session{}
	var r Reply
	for _, m := range []string{"how do I block notifications", "im on android"} {
		var err error
		if r, err = a.Respond(context.Background(), s, m); err != nil {
			t.Fatal(err)
		}
	}
	var labels []string
	for _, o := range r.Options {
		labels = append(labels, o.Label)
	}
	if r.Action != Clarification || !strings.HasPrefix(r.Text, "Our help page has no part for “android”") || strings.Join(labels, "|") != "On Windows|On Mac|Talk to a person" {
		t.Errorf("got %s at %q: %q %v, want the page's lack of an Android part said, Windows, Mac and a person offered", r.Action, r.NodeID, r.Text, labels)
	}
}

// TestSituationOnAnotherPage: "I'm on Android" to the question of a page
// for Windows and Mac, where another page is about that request on
// Android, is answered there, not told the page has no part for it.
func TestSituationOnAnotherPage(t *testing.T) {
	g := unofferedGraph()
	g.Pages = append(g.Pages, graph.Page{URL: "notif-app", Title: "Notifications in the Android app"})
	g.Nodes = append(g.Nodes, graph.Node{ID: "notif-app", Page: "notif-app", Problem: "Notifications in the Android app", Root: true, Actionable: true,
		Resolution: "To block notifications on your phone, open the app, tap Settings and turn Notifications off."})
	a := NewGraphAgent(g, Options{})
	const asked = "how do I block notifications"
	if r := lastReply(t, a, asked); r.Action != Clarification || r.NodeID != "notif" {
		t.Fatalf("%q: %s at %q: %q, want the question which applies", asked, r.Action, r.NodeID, r.Text)
	}
	if r := lastReply(t, a, asked, "im on android"); r.Action != Resolution || r.NodeID != "notif-app" {
		t.Errorf("im on android: %s at %q: %q, want the Android page's answer", r.Action, r.NodeID, r.Text)
	}
}

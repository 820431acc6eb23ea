package dialogue

import (
	"context"
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestLinkAct(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want Act
	}{
		{"can you send me the link to that page?", ActLink},
		{"link please", ActLink},
		{"what's the url?", ActLink},
		{"ok thanks, can you share the link", ActLink},
		{"source?", ActLink},
		{"schick mir den Link", ActLink},
		{"le lien svp", ActLink},
		{"¿me pasas el enlace?", ActLink},
		{"リンクをください", ActLink},
		// A request about links, or for another page.
		{"how do I link two contacts?", ActNone},
		{"send me the invoice", ActNone},
		{"where is the page about refunds?", ActNone},
	} {
		if got := ClassifyAct(tc.msg); got != tc.want {
			t.Errorf("ClassifyAct(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

// TestLinkToPageDiscussed: asked for the link after an answer, the agent
// cites the page answered from; with no page discussed, the message is a
// request like any other.
func TestLinkToPageDiscussed(t *testing.T) {
	g := driftGraph()
	a := NewGraphAgent(g, Options{})
	s := &Session{}
	ctx := context.Background()
	if _, err := a.Respond(ctx, s, "how do I lock the screen"); err != nil {
		t.Fatal(err)
	}
	r, err := a.Respond(ctx, s, "can you send me the link?")
	if err != nil {
		t.Fatal(err)
	}
	if want := "https://help.desktop.example/settings"; !slices.Equal(r.Sources, []string{want}) || r.NodeID != "lock" {
		t.Errorf("got %s at %q citing %v (%q), want the page discussed, %s", r.Action, r.NodeID, r.Sources, r.Text, want)
	}
	if want := a.say(s, "PageLink", "Title", "Settings"); r.Text != want {
		t.Errorf("text %q, want %q", r.Text, want)
	}
	if r := firstReply(t, g, "link please"); r.Text == a.say(&Session{}, "PageLink", "Title", "Settings") {
		t.Errorf("with no page discussed, got the page link reply %q", r.Text)
	}
}

// TestLinkOptionClicked: an option labelled "Link" (a section on sharing
// by link), clicked, picks that option: it is no request for the page's
// link.
func TestLinkOptionClicked(t *testing.T) {
	const share = "https://help.example.com/share"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: share, Title: "Share a file"}},
		Nodes: []graph.Node{
			{ID: "share", Page: share, Problem: "Share a file", Root: true},
			{ID: "link", Page: share, Problem: "Link", Actionable: true, Resolution: "Choose Share, then Copy link, and send the link."},
			{ID: "email", Page: share, Problem: "Email", Actionable: true, Resolution: "Choose Share, then Email, and type the address."},
		},
		Edges: []graph.Edge{{From: "share", To: "link", Type: graph.Child}, {From: "share", To: "email", Type: graph.Child}},
	}
	a := NewGraphAgent(g, Options{})
	s := &Session{}
	ctx := context.Background()
	r, err := a.Respond(ctx, s, "how do I share a file?")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Options) < 2 {
		t.Fatalf("want a choice between Link and Email, got %s %q %v", r.Action, r.Text, r.Options)
	}
	if r, err = a.Respond(ctx, s, "Link"); err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID != "link" {
		t.Errorf("clicking Link got %s at %q (%q), want the Link section", r.Action, r.NodeID, r.Text)
	}
}

package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// passingLinkGraph is a chat server's page whose section on memory use
// explains it at length and names an IRC client's page in passing, and a
// short section that only points to that page.
func passingLinkGraph() *graph.Graph {
	const server, irc = "https://help.example/server", "https://help.example/irc"
	return &graph.Graph{
		Pages: []graph.Page{{URL: server, Title: "Chat server"}, {URL: irc, Title: "IRC client"}},
		Nodes: []graph.Node{
			{ID: "server", Page: server, Problem: "Chat server", Root: true, Resolution: "The chat server lets your family talk in private rooms."},
			{ID: "memory", Page: server, Problem: "Memory usage", Resolution: "The chat server is known to use a lot of memory when it loads large rooms. " +
				"Avoid joining rooms with thousands of members if your box has 1 GiB of memory or less. " +
				"Rooms with up to a hundred members are safe to join. " +
				"Some large rooms are also IRC channels: you can join them using [IRC client](https://help.example/irc)."},
			{ID: "bridge", Page: server, Problem: "Bridged channels", Resolution: "Bridged channels are joined with [IRC client](https://help.example/irc)."},
			{ID: "irc", Page: irc, Problem: "IRC client", Root: true, Resolution: "The IRC client stays connected to IRC networks while your computer is off."},
			{ID: "enable", Page: irc, Problem: "Enabling the IRC client", Actionable: true, Resolution: "Open Apps and click Install under IRC client."},
			{ID: "connect", Page: irc, Problem: "Joining IRC channels from a desktop client", Actionable: true, Resolution: "Add your box as the core in the desktop client and join the channels."},
		},
		Edges: []graph.Edge{
			{From: "server", To: "memory", Type: graph.Child}, {From: "server", To: "bridge", Type: graph.Child},
			{From: "memory", To: "irc", Type: graph.Reference}, {From: "bridge", To: "irc", Type: graph.Reference},
			{From: "irc", To: "enable", Type: graph.Child}, {From: "irc", To: "connect", Type: graph.Child},
		},
	}
}

func TestLinksInPassing(t *testing.T) {
	a := NewGraphAgent(passingLinkGraph(), Options{})
	for _, tc := range []struct {
		name, node, message string
		want                bool
	}{
		{"an explanation the linked page does not hold", "memory", "the chat server eats all the memory", true},
		{"the linked page holds the request better", "memory", "how do i join irc channels from a desktop client", false},
		{"a pointer: one sentence, and it links", "bridge", "bridged channels use up memory", false},
		{"no words to weigh", "memory", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.linksInPassing(a.ix.Node(tc.node), "irc", a.readMessage(tc.message)); got != tc.want {
				t.Errorf("linksInPassing(%s, irc, %q) = %v, want %v", tc.node, tc.message, got, tc.want)
			}
		})
	}
}

// TestPassingLinkAnswers checks that a request matched to a section that
// names another page in passing is answered there, with that page offered,
// not from the page it names.
func TestPassingLinkAnswers(t *testing.T) {
	a := NewGraphAgent(passingLinkGraph(), Options{})
	r, err := a.Respond(context.Background(), &Session{ID: "s"}, "my chat server uses too much memory")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID != "memory" || len(r.Sources) == 0 || r.Sources[0] != "https://help.example/server" {
		t.Fatalf("reply %s at %q citing %v (%q), want the memory section's answer", r.Action, r.NodeID, r.Sources, r.Text)
	}
	if len(r.Options) != 1 || r.Options[0].NodeID != "irc" {
		t.Errorf("options %+v, want the IRC client's page", r.Options)
	}
}

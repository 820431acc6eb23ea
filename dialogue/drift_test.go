package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// driftGraph is two help centers in one graph: a shop's returns and
// refunds, and a desktop's settings and contacts application, whose page is about the
// one generic word a customer asks with ("who do I contact?").
func driftGraph() *graph.Graph {
	const (
		returns, refunds = "https://help.shop.example/returns", "https://help.shop.example/refunds"
		contacts         = "https://help.desktop.example/contacts"
		desktop          = "https://help.desktop.example/settings"
	)
	return &graph.Graph{
		Pages: []graph.Page{{URL: returns, Title: "Returns"}, {URL: refunds, Title: "Refunds"}, {URL: contacts, Title: "Address book"}, {URL: desktop, Title: "Settings"}},
		Nodes: []graph.Node{
			{ID: "return", Page: returns, Problem: "Return a damaged item you bought as a gift", Root: true, Actionable: true,
				Resolution: "You can return most items within 30 days. Print the return label from your account."},
			{ID: "refund", Page: refunds, Problem: "Refund for a damaged gift you bought and returned", Root: true, Actionable: true,
				Resolution: "If it has not arrived after 5 days, contact our returns team, or contact your bank."},
			{ID: "contacts", Page: contacts, Problem: "Contacts", Root: true, Actionable: true,
				Resolution: "Open the address book to add people."},
			{ID: "wallpaper", Page: desktop, Problem: "Change the wallpaper", Root: true, Actionable: true, Resolution: "Open Settings and choose Background."},
			{ID: "wifi", Page: desktop, Problem: "Connect to a wireless network", Root: true, Actionable: true, Resolution: "Open Settings and choose Wi-Fi."},
			{ID: "bright", Page: desktop, Problem: "Change the screen brightness", Root: true, Actionable: true, Resolution: "Open Settings and choose Power."},
			{ID: "lock", Page: desktop, Problem: "Lock the screen", Root: true, Actionable: true, Resolution: "Press Super+L."},
			{ID: "keyboard", Page: desktop, Problem: "Change the keyboard layout", Root: true, Actionable: true, Resolution: "Open Settings and choose Keyboard."},
			{ID: "clock", Page: desktop, Problem: "Set the time zone", Root: true, Actionable: true, Resolution: "Open Settings and choose Date & Time."},
			{ID: "print", Page: desktop, Problem: "Print a document", Root: true, Actionable: true, Resolution: "Press Ctrl+P and choose a printer."},
		},
	}
}

// TestEarlierWordsRank: mid-conversation, the conversation's earlier words
// rank what a message matches, even when its one word is all a node
// elsewhere is about; a message saying all of a node in several words
// stands on its own.
func TestEarlierWordsRank(t *testing.T) {
	for _, tc := range []struct {
		name, first, firstNode, then string
		node                         string
	}{
		{"a generic follow-up stays with the conversation", "how do I return a damaged item I bought as a gift", "return", "who do I contact?", "refund"},
		{"the same words opening a conversation", "", "", "who do I contact?", "contacts"},
		{"several words all a node is about stand on their own", "how do I return a damaged item I bought as a gift", "return", "contact people in the address book", "contacts"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkSecondTurn(t, driftGraph(), tc.first, tc.firstNode, tc.then, Resolution, tc.node)
		})
	}
}

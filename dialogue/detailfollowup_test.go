package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestDetailFollowUp(t *testing.T) {
	for _, tc := range []struct {
		msg   string
		terms int
		want  bool
	}{
		{"what about on windows?", 1, true},
		{"and on android?", 1, true},
		{"And on my tv box?", 2, true},
		{"how about bluetooth", 1, true},
		{"und auf dem Mac?", 1, true},
		{"et sous Linux ?", 1, true},
		{"¿y en el iPhone?", 1, true},
		{"was ist mit dem Drucker?", 1, true},
		{"and add a custom filter list?", 3, false}, // a request of its own
		{"and how do i print?", 1, false},           // a question of its own
		{"et comment imprimer ?", 1, false},
		{"et pour la mettre par defaut ?", 2, false}, // a purpose
		{"et pour Android ?", 1, true},
		{"and what do i do if the light stays red", 2, false}, // a sentence
		{"what if the light stays red?", 2, false},            // a situation, not a detail
		{"on windows", 1, false},                              // no opener: a bare reply
		{"what about it?", 0, false},                          // no words of its own
		{"android and windows", 2, false},
	} {
		if got := detailFollowUp(tc.msg, tc.terms); got != tc.want {
			t.Errorf("detailFollowUp(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

// vpnGraph is a home server's help: setting up its VPN (with sections for
// the clients it covers), and pages where "Windows" is what a heading is
// about, with no VPN in it, which the set-up links, and other apps.
func vpnGraph() *graph.Graph {
	const (
		vpn     = "https://help.example/vpn"
		windows = "https://help.example/desktop-windows"
		backup  = "https://help.example/backup"
		mail    = "https://help.example/mail"
		users   = "https://help.example/users"
	)
	return &graph.Graph{
		Pages: []graph.Page{{URL: vpn, Title: "VPN server"}, {URL: windows, Title: "Desktop"}, {URL: backup, Title: "Backups"},
			{URL: mail, Title: "Mail server"}, {URL: users, Title: "Users"}},
		Nodes: []graph.Node{
			{ID: "setup", Page: vpn, Problem: "Set up the VPN server", Root: true, Actionable: true,
				Resolution: "1. Open the apps menu and choose VPN.\n2. Click Install.\n3. Download your profile."},
			{ID: "android", Page: vpn, Problem: "Connect to the VPN from Android", Root: true, Actionable: true,
				Resolution: "Install the client app from the store, then import your profile into it."},
			{ID: "switch", Page: windows, Problem: "Switch between windows", Root: true, Actionable: true,
				Resolution: "Press Super+Tab to go from one open window to the next."},
			{ID: "backup", Page: backup, Problem: "Back up your data", Root: true, Actionable: true,
				Resolution: "Open Backups, choose a disk and click Create."},
			{ID: "restore", Page: backup, Problem: "Restore a backup", Root: true, Actionable: true,
				Resolution: "Open Backups, pick an archive and click Restore."},
			{ID: "mail", Page: mail, Problem: "Set up the mail server", Root: true, Actionable: true,
				Resolution: "Open the apps menu, choose Mail and enter your domain."},
			{ID: "user", Page: users, Problem: "Add a user account", Root: true, Actionable: true,
				Resolution: "Open Users and click Add, then enter a name and a password."},
		},
		// The set-up links the desktop's page ("see Desktop"): the
		// page is in the conversation's place.
		Edges: []graph.Edge{{From: "setup", To: "switch", Type: graph.Reference}},
	}
}

// TestDetailFollowUpKeepsTheRequest: after the VPN set-up, "what about on
// windows?" asks for the VPN on Windows, which no page covers: no answer
// from the desktop's page on switching windows, which its one word read
// alone finds; "and on android?" is the VPN page's Android section.
func TestDetailFollowUpKeepsTheRequest(t *testing.T) {
	a := NewGraphAgent(vpnGraph(), Options{})
	for _, tc := range []struct {
		turns []string
		want  string // the node answered; "" for none
	}{
		{[]string{"how do i set up the vpn server", "what about on windows?"}, ""},
		{[]string{"how do i set up the vpn server", "and on android?"}, "android"},
	} {
		r := lastReply(t, a, tc.turns...)
		got := ""
		if r.Action == Resolution {
			got = r.NodeID
		}
		if got != tc.want {
			t.Errorf("%q: answered at %q (%s %q), want %q", tc.turns, got, r.Action, r.Text, tc.want)
		}
	}
}

func TestDistinctiveTerms(t *testing.T) {
	weight := map[string]float64{"block": 1.2, "ad": 0.9, "youtub": 5.6, "vpn": 5.0, "set": 2.0}
	for _, tc := range []struct {
		terms, want []string
	}{
		{[]string{"block", "ad", "youtub"}, []string{"youtub"}},
		{[]string{"set", "vpn", "youtub"}, []string{"vpn", "youtub"}},
		{[]string{"set"}, []string{"set"}},
		{nil, nil},
	} {
		got := distinctiveTerms(tc.terms, func(t string) float64 { return weight[t] })
		if !slices.Equal(got, tc.want) {
			t.Errorf("distinctiveTerms(%v) = %v, want %v", tc.terms, got, tc.want)
		}
	}
}

func TestDetailsMiss(t *testing.T) {
	missed := Turn{Role: "agent", Action: Clarification}
	for _, tc := range []struct {
		name, msg         string
		atNode, saidFirst bool
		last              Turn
		want              bool
	}{
		{"a detail after a miss", "on my iphone", false, true, missed, true},
		{"a situation after topics offered", "i'm on android", false, true, missed, true},
		{"a request after a miss", "how do i block ads on my iphone", false, true, missed, false},
		{"a detail opening the conversation", "on my iphone", false, false, Turn{}, false},
		{"a detail after an answer", "on my iphone", true, true, Turn{Role: "agent", Action: Resolution, NodeID: "n"}, false},
		{"a detail while a node's question is open", "on my iphone", true, true, Turn{Role: "agent", Action: Clarification, NodeID: "n"}, false},
	} {
		if got := detailsMiss(func() string { return caseDetailOf(tc.msg) }, tc.atNode, tc.saidFirst, tc.last); got != tc.want {
			t.Errorf("%s: detailsMiss(%q) = %v, want %v", tc.name, tc.msg, got, tc.want)
		}
	}
}

// TestDetailAfterAMiss: "on my android" after a request no page answers
// is a detail of that request, which no page holds either: not answered
// from the VPN's Android section, which its one word finds alone, nor
// handed over as a second miss in the pages' words.
func TestDetailAfterAMiss(t *testing.T) {
	a := NewGraphAgent(vpnGraph(), Options{})
	r := lastReply(t, a, "my printer jams every morning", "on my android")
	if r.Action != Clarification || r.NodeID == "android" {
		t.Errorf("%s at %q (%q), want a clarification at no answer", r.Action, r.NodeID, r.Text)
	}
}

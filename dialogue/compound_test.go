package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// securityGraph is a small desktop help center whose pages write some
// words hyphenated ("anti-virus", "Wi-Fi") and one both ways ("e-mail",
// "email").
func securityGraph() *graph.Graph {
	const virus, wireless, mail = "https://help.desk.example/virus", "https://help.desk.example/wireless", "https://help.desk.example/mail"
	return &graph.Graph{
		Pages: []graph.Page{{URL: virus, Title: "Do I need anti-virus software?"}, {URL: wireless, Title: "Wireless networks"}, {URL: mail, Title: "Mail"}},
		Nodes: []graph.Node{
			{ID: "virus", Page: virus, Problem: "Do I need anti-virus software?", Root: true, Actionable: true,
				Resolution: "Viruses are rare on this system: anti-virus software is seldom needed."},
			{ID: "wifi", Page: wireless, Problem: "Connect to a Wi-Fi network", Root: true, Actionable: true,
				Resolution: "Pick the network from the system menu and type its password."},
			{ID: "mail", Page: mail, Problem: "Set up e-mail", Root: true, Actionable: true,
				Resolution: "Add your email account in Online Accounts. State-of-the-art encryption protects it."},
		},
	}
}

// TestDecompound: a word the pages never use that they write hyphenated
// reads as its two parts; the pages' own words, and parts of longer
// hyphenated runs, are left alone.
func TestDecompound(t *testing.T) {
	a := NewGraphAgent(securityGraph(), Options{})
	for _, tc := range []struct {
		say  string
		want []string
	}{
		{"do i need antivirus", []string{"anti", "virus"}},
		{"connect to wifi", []string{"connect", "wi", "fi"}},
		{"set up my email", []string{"set", "email"}},          // the pages write "email" too
		{"stateof encryption", []string{"stateof", "encrypt"}}, // part of a longer run
	} {
		t.Run(tc.say, func(t *testing.T) {
			if got := a.readText(tc.say).terms; !slices.Equal(got, tc.want) {
				t.Errorf("terms of %q = %q, want %q", tc.say, got, tc.want)
			}
		})
	}
	if r := firstReply(t, securityGraph(), "do I need antivirus?"); r.Action != Resolution || r.NodeID != "virus" {
		t.Errorf("do I need antivirus? = %s at %q (%q), want the anti-virus answer", r.Action, r.NodeID, r.Text)
	}
}

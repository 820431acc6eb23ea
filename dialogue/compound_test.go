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

// TestAsGraphWords: the one step that reads a message's words the graph
// lacks as the graph's words, case by case: a word the pages write
// hyphenated as its parts (any language), a form of the pages' words as
// those words (a compound's parts, a participle's verb; not English), a
// separable particle joined to its verb; the pages' own words as they are.
func TestAsGraphWords(t *testing.T) {
	german := NewGraphAgent(smallHelpCenter("de",
		[2]string{"Konto sperren", "Wenn Sie Ihr Konto sperren, kann sich niemand mehr anmelden."},
		[2]string{"Code eingeben", "Den Code aus der E-Mail tippen Sie unter Aktivierung."},
	), Options{})
	english := NewGraphAgent(securityGraph(), Options{})
	for _, tc := range []struct {
		name       string
		a          *GraphAgent
		say        string
		raw, stems []string
	}{
		{"hyphenated on the pages", german, "die Email", []string{"die", "e", "mail"}, []string{"die", "e", "mail"}},
		{"hyphenated on the pages, English", english, "connect to wifi", []string{"connect", "to", "wi", "fi"}, []string{"connect", "to", "wi", "fi"}},
		{"the pages' own word", english, "set up my email", []string{"set", "up", "my", "email"}, []string{"set", "up", "my", "email"}},
		{"a compound of the pages' words", german, "die Kontosperre", []string{"die", "konto", "sperre"}, []string{"die", "konto", "sperr"}},
		{"a participle of the pages' verb", german, "Konto gesperrt", []string{"konto", "gesperrt"}, []string{"konto", "sperr"}},
		{"a separable particle", german, "wo gebe ich den Code ein", []string{"wo", "gebe", "ich", "den", "code"}, []string{"wo", "eingeb", "ich", "den", "cod"}},
		{"no word of the pages in it", german, "Emailkonto", []string{"emailkonto"}, []string{"emailkonto"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.a.an.split(tc.say); !slices.Equal(got.raw, tc.raw) || !slices.Equal(got.stems, tc.stems) {
				t.Errorf("split(%q) = %q %q, want %q %q", tc.say, got.raw, got.stems, tc.raw, tc.stems)
			}
		})
	}
}

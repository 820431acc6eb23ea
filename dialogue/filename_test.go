package dialogue

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
)

func TestFileNameWords(t *testing.T) {
	for _, tc := range []struct{ url, want string }{
		{"clock-set.html", "clock set"},
		{"en-US/text/shared/guide/numbering_stop.html", "numbering stop"},
		{"https://acme.zendesk.com/hc/en-us/articles/115-how-to-reset-your-password", "115 how to reset your password"},
		{"guides/take-screenshot.md", "take screenshot"},
		{"docs/setup/", "setup"},
		{"docs/setup/index.html", ""},
		{"README.md", ""},
		{"https://help.example/", ""},
		{"Power.part.html", "Power"},
		{"Help%20Center/Reset%20your%20password.md", "Reset your password"},
		{"", ""},
	} {
		if got := fileNameWords(tc.url); got != tc.want {
			t.Errorf("fileNameWords(%q) = %q, want %q", tc.url, got, tc.want)
		}
	}
}

// TestFileNameRanks: the page whose file name has the request's telling
// word ("clock"), which its text does not write, holds the whole request
// as a page and its section ranks above a section titled with that word
// alone; under names that say nothing it holds two of three words and
// ranks below.
func TestFileNameRanks(t *testing.T) {
	pages := func(setTime, wrongNetwork, worldClock string) *graph.Graph {
		return verdict.Judged(&graph.Graph{
			Pages: []graph.Page{{URL: setTime, Title: "Change the date and time"}, {URL: wrongNetwork, Title: "My computer connects to the wrong network"}, {URL: worldClock, Title: "Add a world clock"}},
			Nodes: []graph.Node{
				{ID: "time", Page: setTime, Problem: "Change the date and time", Root: true, Actionable: true, Resolution: "If the date and time shown on your computer are wrong, open Settings and correct them."},
				{ID: "network", Page: wrongNetwork, Problem: "My computer connects to the wrong network", Root: true, Actionable: true, Resolution: "Forget the network in Settings and choose the one you want."},
				{ID: "world", Page: worldClock, Problem: "Add a world clock", Root: true, Actionable: true, Resolution: "Open the Clocks app and add a city."},
			},
		})
	}
	const say = "the clock on my computer is wrong"
	for _, tc := range []struct {
		name      string
		g         *graph.Graph
		wholePage bool // the time page holds every word of the request
	}{
		{"named", pages("https://help.example/clock-set", "https://help.example/wrong-network", "https://help.example/world-clock"), true},
		{"numbered", pages("https://help.example/articles/1", "https://help.example/articles/2", "https://help.example/articles/3"), false},
	} {
		a := NewGraphAgent(tc.g, Options{})
		r := a.readMessage(say)
		rank := map[string]int{}
		var held float64
		for i, c := range a.lexical(query{terms: r.terms, neg: r.neg}, nil, 3) {
			rank[c.id] = i
			if c.id == "time" {
				held = c.pageCoverage
			}
		}
		if got := held > 0.99; got != tc.wholePage {
			t.Errorf("%s: the time page holds %.2f of %q, want all: %v", tc.name, held, say, tc.wholePage)
		}
		if got := rank["time"] < rank["world"]; got != tc.wholePage {
			t.Errorf("%s: ranks %v, want the time section above the world clock: %v", tc.name, rank, tc.wholePage)
		}
	}
}

// TestFileNameNumber: a number in a file name (an article's id) is no word
// of the page, though a page writes it ("error 115").
func TestFileNameNumber(t *testing.T) {
	const u = "https://help.example/articles/115-clock"
	g := verdict.Judged(&graph.Graph{
		Pages: []graph.Page{{URL: u, Title: "Error 115 on the clock"}},
		Nodes: []graph.Node{{ID: "clock", Page: u, Problem: "Error 115 on the clock", Root: true, Actionable: true, Resolution: "Set the clock again."}},
	})
	gw := newGraphWords(NewGraphAgent(g, Options{}).an, g)
	f := gw.fileName[u]
	var words []string
	for _, id := range gw.titles[f[0]:f[1]] {
		words = append(words, gw.v.words[id].text)
	}
	if len(words) != 1 || words[0] != "clock" {
		t.Errorf("file name words of %s: %q, want clock alone", u, words)
	}
}

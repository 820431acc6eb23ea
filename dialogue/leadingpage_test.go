package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestLeadingPage(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pages []pageEvidence
		want  int
	}{
		{"one page", []pageEvidence{{0.6, 4}}, 0},
		{"clear leader", []pageEvidence{{0.6, 2.7}, {0.3, 0.9}}, 0},
		{"leader ranked second", []pageEvidence{{0.3, 2}, {0.7, 5}}, 1},
		{"near tie", []pageEvidence{{0.6, 4}, {0.6, 3.5}}, -1},
		{"leader holds too little of the request", []pageEvidence{{0.33, 1.4}, {0.2, 0.5}}, -1},
		{"none", nil, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := leadingPage(tc.pages, 0.5); got != tc.want {
				t.Errorf("leadingPage = %d, want %d", got, tc.want)
			}
		})
	}
}

// microphoneGraph is a small desktop help center: a page on using another
// microphone, whose words are spread over its sections, a page on drives
// and one on the volume.
func microphoneGraph() *graph.Graph {
	const mic, drives, volume = "https://help.desk.example/mic", "https://help.desk.example/drives", "https://help.desk.example/volume"
	return &graph.Graph{
		Pages: []graph.Page{{URL: mic, Title: "Use a different microphone"}, {URL: drives, Title: "Drives"}, {URL: volume, Title: "Volume"}},
		Nodes: []graph.Node{
			{ID: "mic", Page: mic, Problem: "Use a different microphone", Root: true, Actionable: true,
				Resolution: "Plug the headset in. Open the Sound settings and pick it under Input."},
			{ID: "level", Page: mic, Problem: "Check the input level", Actionable: true,
				Resolution: "Speak normally: the level bar moves with your voice."},
			{ID: "eject", Page: drives, Problem: "Remove a drive safely", Root: true, Actionable: true,
				Resolution: "Eject an external drive before you unplug it."},
			{ID: "volume", Page: volume, Problem: "Change the volume", Root: true, Actionable: true,
				Resolution: "Use the volume keys or the sound menu."},
		},
		Edges: []graph.Edge{{From: "mic", To: "level", Type: graph.Child}},
	}
}

// TestSuggestLeadingPage: a request no section holds enough of, spread
// over one page that clearly leads on whole-page evidence, is asked about
// that page ("is it about this?"), not answered; a request no page leads
// on is asked to be rephrased.
func TestSuggestLeadingPage(t *testing.T) {
	for _, tc := range []struct {
		name, say string
		option    string // the one node offered; "" for none
	}{
		{"spread over one page", "my headset isn't picking up my voice", "mic"},
		{"no page leads", "is it going to rain tomorrow in the mountains?", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkOffersAlone(t, firstReply(t, microphoneGraph(), tc.say), tc.option)
		})
	}
}

// printerGraph is a small printer help center: a settings page whose
// sections each name one of a request's words, and a print-quality page
// whose text has them all.
func printerGraph() *graph.Graph {
	const settings, quality, network = "https://help.print.example/settings", "https://help.print.example/quality", "https://help.print.example/network"
	return &graph.Graph{
		Pages: []graph.Page{{URL: settings, Title: "Printer settings"}, {URL: quality, Title: "Print quality"}, {URL: network, Title: "Network"}},
		Nodes: []graph.Node{
			{ID: "settings", Page: settings, Problem: "Printer settings", Root: true, Actionable: true,
				Resolution: "Open the printer's menu to change its settings."},
			{ID: "toner", Page: settings, Problem: "Replace the toner", Actionable: true,
				Resolution: "Open the front cover and swap the cartridge."},
			{ID: "smudge", Page: settings, Problem: "Smudge-free mode", Actionable: true,
				Resolution: "Turn it on for glossy paper: pages dry longer before they come out."},
			{ID: "quality", Page: quality, Problem: "Print quality", Root: true, Actionable: true,
				Resolution: "Toner smudges on the page come from a dirty drum: clean the drum."},
			{ID: "drum", Page: quality, Problem: "Clean the drum", Actionable: true,
				Resolution: "Streaks across the page also mean a dirty drum: wipe it with a dry cloth."},
			{ID: "wifi", Page: network, Problem: "Connect the printer to Wi-Fi", Root: true, Actionable: true,
				Resolution: "Choose Network in the printer's menu and pick your Wi-Fi."},
		},
		Edges: []graph.Edge{{From: "settings", To: "toner", Type: graph.Child}, {From: "settings", To: "smudge", Type: graph.Child}, {From: "quality", To: "drum", Type: graph.Child}},
	}
}

// TestSpreadOverSectionsAsksLeadingPage: a request whose words are
// spread over a page's sections, none holding enough of it, is not
// answered from that page; the page that clearly leads on whole-page
// evidence is asked about.
func TestSpreadOverSectionsAsksLeadingPage(t *testing.T) {
	checkOffersAlone(t, firstReply(t, printerGraph(), "toner smudges and streaks"), "quality")
}

// TestOutscoredElsewhere: a quote of a node's text (phraseMatch) yields to
// a section on another page that outscores the quoting node by more than
// genericRatio, unless the quote's own page clearly leads on whole-page
// evidence.
func TestOutscoredElsewhere(t *testing.T) {
	a := NewGraphAgent(bookingGraph(), Options{})
	c := func(id string, score, pageScore float64) candidate {
		return candidate{id: id, score: score, coverage: 0.3, pageCoverage: 0.7, pageScore: pageScore}
	}
	for _, tc := range []struct {
		name  string
		quote string
		cands []candidate
		want  bool
	}{
		{"the quote far below a leading page elsewhere", "refund", []candidate{c("cancel", 10, 5), c("refund", 4, 2)}, true},
		{"the quote close to the leading page's best", "refund", []candidate{c("cancel", 10, 5), c("refund", 7, 2)}, false},
		{"the quote on the leading page", "change-online", []candidate{c("change", 10, 5), c("change-online", 3, 5), c("refund", 2, 1)}, false},
		{"no page leads, the quote far below another page's best", "refund", []candidate{c("cancel", 10, 5), c("refund", 4, 4.5)}, true},
		{"no page leads, the quote close to the best", "refund", []candidate{c("cancel", 10, 5), c("refund", 7, 4.5)}, false},
		{"the quote below a section of its own page", "change-online", []candidate{c("change", 10, 5), c("change-online", 3, 5)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.outscoredElsewhere(tc.quote, tc.cands, a.leadingPageOf(tc.cands)); got != tc.want {
				t.Errorf("outscoredElsewhere(%q) = %v, want %v", tc.quote, got, tc.want)
			}
		})
	}
}

// TestLeadingPageOfCoverage: a page asked about on a miss (a question,
// never an answer) needs suggestShare of the coverage an answer needs, as
// the other suggestions on a miss do, not all of it.
func TestLeadingPageOfCoverage(t *testing.T) {
	a := NewGraphAgent(bookingGraph(), Options{})
	c := func(id string, pageCoverage, pageScore float64) candidate {
		return candidate{id: id, score: pageScore, coverage: 0.2, pageCoverage: pageCoverage, pageScore: pageScore}
	}
	for _, tc := range []struct {
		name  string
		cands []candidate
		want  string
	}{
		{"holds half the coverage an answer needs", []candidate{c("refund", 0.46, 5), c("cancel", 0.44, 3)}, "https://help.example/refund"},
		{"holds too little", []candidate{c("refund", 0.2, 5), c("cancel", 0.2, 3)}, ""},
		{"no page leads", []candidate{c("refund", 0.46, 5), c("cancel", 0.44, 4.5)}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.leadingPageOf(tc.cands).url; got != tc.want {
				t.Errorf("leadingPageOf = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestLeadsOf: the pages that lead on whole-page evidence, worked out in
// one pass, among all the candidates and among those that say something:
// a page whose candidates are all hollow (the "Fees" heading) leads the
// first or keeps any page from leading it, never the second.
func TestLeadsOf(t *testing.T) {
	a := NewGraphAgent(bookingGraph(), Options{})
	c := func(id string, pageScore float64) candidate {
		return candidate{id: id, score: pageScore, coverage: 0.3, pageCoverage: 0.7, pageScore: pageScore}
	}
	const fees, refund = "https://help.example/fees", "https://help.example/refund"
	for _, tc := range []struct {
		name        string
		cands       []candidate
		all, saying pageLead
	}{
		{"a section that says something leads both", []candidate{c("refund", 5), c("cancel", 2), c("fees", 1)},
			pageLead{refund, "refund"}, pageLead{refund, "refund"}},
		{"a hollow page leads all", []candidate{c("fees", 10), c("refund", 5), c("cancel", 2)},
			pageLead{fees, ""}, pageLead{refund, "refund"}},
		{"a hollow page near the leader", []candidate{c("fees", 5.5), c("refund", 5), c("cancel", 2)},
			pageLead{}, pageLead{refund, "refund"}},
		{"no page leads", []candidate{c("refund", 5), c("cancel", 4.5)}, pageLead{}, pageLead{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.leadsOf(tc.cands); got.all != tc.all || got.saying != tc.saying {
				t.Errorf("leadsOf = %+v, want all %+v, saying %+v", got, tc.all, tc.saying)
			}
		})
	}
}

// TestLedBy: suggestions on a miss narrow to the first only when the
// best-ranked candidate nearly answers and its page is also the page that
// clearly leads on whole-page evidence, or when it is far ahead of every
// other suggestion (farAhead).
func TestLedBy(t *testing.T) {
	a := NewGraphAgent(bookingGraph(), Options{})
	c := func(id string, score, pageScore float64) candidate {
		return candidate{id: id, score: score, coverage: 0.48, pageCoverage: 0.7, pageScore: pageScore}
	}
	farUnder := c("refund", 10, 5)
	farUnder.coverage = 0.3
	for _, tc := range []struct {
		name  string
		cands []candidate
		ids   []string
		want  []string
	}{
		{"best candidate on the leading page", []candidate{c("refund", 10, 5), c("cancel", 6, 2), c("change", 5, 1.5)},
			[]string{"refund", "cancel", "change"}, []string{"refund"}},
		{"no page leads", []candidate{c("refund", 10, 5), c("cancel", 6, 4.5)},
			[]string{"refund", "cancel"}, []string{"refund", "cancel"}},
		{"the leading page ranks second", []candidate{c("cancel", 10, 2), c("refund", 6, 5)},
			[]string{"cancel", "refund"}, []string{"cancel", "refund"}},
		{"first suggestion elsewhere", []candidate{c("refund", 10, 5), c("cancel", 6, 2)},
			[]string{"cancel", "change"}, []string{"cancel", "change"}},
		{"best candidate far under the bar", []candidate{farUnder, c("cancel", 6, 2)},
			[]string{"refund", "cancel"}, []string{"refund", "cancel"}},
		{"one suggestion", []candidate{c("refund", 10, 5)}, []string{"refund"}, []string{"refund"}},
		{"far ahead of the other suggestions", []candidate{farUnder, c("cancel", 5.9, 4.5), c("change", 4, 4)},
			[]string{"refund", "cancel", "change"}, []string{"refund"}},
		{"far ahead, the first suggestion elsewhere", []candidate{farUnder, c("cancel", 5.9, 4.5), c("change", 4, 4)},
			[]string{"cancel", "change"}, []string{"cancel", "change"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := a.ledBy(tc.cands, tc.ids, a.leadingPageOf(tc.cands)); !slices.Equal(got, tc.want) {
				t.Errorf("ledBy = %q, want %q", got, tc.want)
			}
		})
	}
}

// ovenGraph is a small kitchen help center: a page on cleaning the oven,
// whose text alone says "glass door", and pages on the timer and the
// kettle.
func ovenGraph() *graph.Graph {
	const oven, timer, kettle = "https://help.kitchen.example/oven", "https://help.kitchen.example/timer", "https://help.kitchen.example/kettle"
	return &graph.Graph{
		Pages: []graph.Page{{URL: oven, Title: "Clean the oven"}, {URL: timer, Title: "Set the timer"}, {URL: kettle, Title: "Descale the kettle"}},
		Nodes: []graph.Node{
			{ID: "oven", Page: oven, Problem: "Clean the oven", Root: true, Actionable: true,
				Resolution: "Let the oven cool. Wipe the glass door with a damp cloth and mild soap."},
			{ID: "racks", Page: oven, Problem: "Clean the racks", Actionable: true,
				Resolution: "Soak the racks overnight in warm water, then scrub them."},
			{ID: "timer", Page: timer, Problem: "Set the timer", Root: true, Actionable: true,
				Resolution: "Press the clock button twice and turn the dial."},
			{ID: "kettle", Page: kettle, Problem: "Descale the kettle", Root: true, Actionable: true,
				Resolution: "Fill it with water and vinegar, boil, and rinse."},
		},
		Edges: []graph.Edge{{From: "oven", To: "racks", Type: graph.Child}},
	}
}

// TestLeadingPageHoldsRequest: the page that leads on whole-page evidence
// is asked about only when it holds suggestShare of what an answer holds
// of the request's distinctive weight (requestHeld); leading on words its
// text mentions in passing while the words that say what is asked are on
// no page, it is far off, and the reply is the honest not-found one.
func TestLeadingPageHoldsRequest(t *testing.T) {
	for _, tc := range []struct {
		name, say string
		option    string // the one node offered; "" for the not-found reply
	}{
		{"the page holds a third of the request", "the door glass is cloudy", "oven"},
		{"two words of four on no page", "my glass door is foggy and squeaky", ""},
		{"the page holds too little", "the glass is cloudy inside the door", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkOffersAlone(t, firstReply(t, ovenGraph(), tc.say), tc.option)
		})
	}
}

// checkOffersAlone fails t unless r is a clarification offering node
// option alone ("" for the not-found reply, which offers no node).
func checkOffersAlone(t *testing.T, r Reply, option string) {
	t.Helper()
	var got string
	if len(r.Options) == 1 {
		got = r.Options[0].NodeID
	}
	if r.Action != Clarification || got != option {
		t.Errorf("got %s at %q, options %+v (%q); want a clarification offering %q", r.Action, r.NodeID, r.Options, r.Text, option)
	}
}

package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// transferGraph is an app's help on moving a licence, beside a page on
// taking screenshots.
func transferGraph() *graph.Graph {
	const (
		transfer   = "https://help.app.example/licence-transfer"
		screenshot = "https://help.app.example/screenshots"
		renew      = "https://help.app.example/renewal"
	)
	return &graph.Graph{
		Pages: []graph.Page{{URL: transfer, Title: "Licence transfer"}, {URL: screenshot, Title: "Taking a screenshot"},
			{URL: renew, Title: "Renewal"}},
		Nodes: []graph.Node{
			{ID: "transfer", Page: transfer, Problem: "Transferring a licence to a new computer", Root: true, Actionable: true,
				Resolution: "Sign out on the old computer, then sign in on the new one with the same account."},
			{ID: "screenshot", Page: screenshot, Problem: "Taking a screenshot", Root: true, Actionable: true,
				Resolution: "Press the Print Screen key, or Shift+Command+3 on a Mac."},
			{ID: "renew", Page: renew, Problem: "Renewing a licence", Root: true, Actionable: true,
				Resolution: "A licence renews itself every year unless you cancel it."},
		},
	}
}

// TestQuestionAboutTheAnswer: "how long does it take?" after an answer
// asks about the answer; its one word another page has ("take", in
// "Taking a screenshot") is no topic to answer or offer: with nothing on
// the page to say, the not-found reply is the honest one. A question that
// names its own topic is answered as before.
func TestQuestionAboutTheAnswer(t *testing.T) {
	const first = "how do I transfer my licence to a new computer"
	r := secondReply(t, transferGraph(), first, "transfer", "how long does it take?")
	if r.NodeID == "screenshot" || slices.ContainsFunc(r.Options, func(o Option) bool { return o.Value == "screenshot" }) ||
		slices.Contains(r.Sources, "https://help.app.example/screenshots") {
		t.Errorf("got %s at %q (%q), options %v: about the screenshot page", r.Action, r.NodeID, r.Text, r.Options)
	}
	checkSecondTurn(t, transferGraph(), first, "transfer", "does it renew itself every year?", Resolution, "renew")
}

func TestAsksAboutAnswer(t *testing.T) {
	for _, tc := range []struct {
		text  string
		terms int
		want  bool
	}{
		{"how long does it take?", 2, true},
		{"will that work on a Mac?", 2, true},
		{"is this free?", 1, true},
		{"it does take long", 2, false}, // a statement
		{"i have an old lifetime key from years ago, is it still valid?", 6, false},
		{"how long does the transfer take?", 3, false},
	} {
		r := &reading{text: tc.text, terms: slices.Repeat([]string{"w"}, tc.terms), question: isQuestion(tc.text), refersBack: refersBack.MatchString(tc.text)}
		if got := r.asksAboutAnswer(); got != tc.want {
			t.Errorf("asksAboutAnswer(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

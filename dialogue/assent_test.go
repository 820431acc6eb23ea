package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

func TestAssentsToAsked(t *testing.T) {
	open := askedState{open: true, pageWords: true}
	for _, tc := range []struct {
		name           string
		r              reading
		st             askedState
		away, searches bool // what movesAway says, whether it is asked
		want           bool
	}{
		{"a statement of the case", reading{terms: []string{"retir", "benefit"}}, open, false, true, true},
		{"a yes and the case", reading{terms: []string{"phone"}, lead: ActYes, yesStatement: true}, open, false, true, true},
		{"no question open", reading{terms: []string{"phone"}}, askedState{}, false, false, false},
		{"a question is a request", reading{terms: []string{"phone"}, question: true}, open, false, false, false},
		{"a question naming the node", reading{terms: []string{"phone"}, question: true}, askedState{open: true, pageWords: true, namesAsked: true}, false, false, false},
		{"a no", reading{terms: []string{"phone"}, lead: ActNo}, open, false, false, false},
		{"denies", reading{terms: []string{"phone"}, neg: true}, open, false, false, false},
		{"an act", reading{act: ActThanks}, open, false, false, false},
		{"a detail no page has", reading{terms: []string{"thinkpad"}}, askedState{open: true}, false, false, false},
		{"the request again", reading{terms: []string{"phone"}}, askedState{open: true, pageWords: true, repeats: true}, false, false, false},
		{"moves away", reading{terms: []string{"printer"}}, open, true, true, false},
		{"a detail of the case, another page holds more", reading{terms: []string{"lenovo", "laptop"}}, askedState{open: true, pageWords: true, detail: true}, true, false, true},
		{"a question with a detail's words", reading{terms: []string{"laptop"}, question: true}, askedState{open: true, pageWords: true, detail: true}, true, false, false},
		{"names the node, another page holds more", reading{terms: []string{"printer"}}, askedState{open: true, pageWords: true, namesAsked: true}, true, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			searched := false
			st := tc.st
			st.movesAway = func() bool { searched = true; return tc.away }
			if got := assentsToAsked(&tc.r, st); got != tc.want || searched != tc.searches {
				t.Errorf("assentsToAsked(%+v) = %v (searched: %v), want %v (searched: %v)", tc.r, got, searched, tc.want, tc.searches)
			}
		})
	}
}

func TestIsQuestion(t *testing.T) {
	for _, tc := range []struct {
		msg  string
		want bool
	}{
		{"she was getting retirement benefits", false},
		{"yes, it's on my phone", false},
		{"it's the desktop app", false},
		{"it happens after about a minute", false},
		{"where do I find it", true},
		{"so how do I report it", true},
		{"my battery is swollen, is it safe to use", true},
		{"the file is too big, how do i send it", true},
		{"I need to change my address", true},
		{"ok. tell me about the fees", true},
		{"c'est sur mon téléphone ?", true},
		{"help", true},
		{"please show me the fees", true},
	} {
		if got := isQuestion(tc.msg); got != tc.want {
			t.Errorf("isQuestion(%q) = %v, want %v", tc.msg, got, tc.want)
		}
	}
}

func TestRestates(t *testing.T) {
	for _, tc := range []struct {
		name         string
		msg, earlier []string
		want         bool
	}{
		{"the request and a fact", []string{"bring", "dog", "small"}, []string{"bring", "dog"}, true},
		{"new words", []string{"phone"}, []string{"bring", "dog"}, false},
		{"half of it", []string{"bring", "cat"}, []string{"bring", "dog"}, false},
		{"an earlier message with no words", []string{"phone"}, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := restates(tc.msg, [][]string{tc.earlier}); got != tc.want {
				t.Errorf("restates(%q, %q) = %v, want %v", tc.msg, tc.earlier, got, tc.want)
			}
		})
	}
}

// assentGraph is a small help center of a smart-home app: a page on
// setting up a camera, whose section on a camera that will not connect
// says nothing of the router, and a page on the router.
func assentGraph() *graph.Graph {
	const camera, router, plug = "https://help.home.example/camera", "https://help.home.example/router", "https://help.home.example/plug"
	return &graph.Graph{
		Pages: []graph.Page{{URL: camera, Title: "Set up a camera"}, {URL: router, Title: "Restart the router"}, {URL: plug, Title: "Pair a smart plug"}},
		Nodes: []graph.Node{
			{ID: "camera", Page: camera, Problem: "Set up a camera", Root: true, Actionable: true,
				Resolution: "Open the app, tap Add device and scan the code on the camera. Keep it near the router."},
			{ID: "offline", Page: camera, Problem: "The camera shows offline", Actionable: true,
				Resolution: "Move the camera closer and hold its button for ten seconds until the light blinks blue."},
			{ID: "outdoor", Page: camera, Problem: "Outdoor cameras", Actionable: true,
				Resolution: "Outdoor cameras need their power adapter: in the cold their batteries run down within hours."},
			{ID: "router", Page: router, Problem: "Restart the router", Root: true, Actionable: true,
				Resolution: "Unplug the router, wait a minute and plug it back in. The lights come on within two minutes."},
			{ID: "plug", Page: plug, Problem: "Pair a smart plug", Root: true, Actionable: true,
				Resolution: "Hold the plug's button until it clicks (it is actually a small hole), then tap Add device in the app."},
		},
		Edges: []graph.Edge{{From: "camera", To: "offline", Type: graph.Child}, {From: "camera", To: "outdoor", Type: graph.Child}},
	}
}

// TestStatementAnswersAsked: after "Is it about this?", a statement of the
// customer's case is the answer to it: the node asked about is shown,
// though the statement's words ("lights come on", in the router's steps)
// lead to another page on their own; a part of its page the statement
// names is shown instead. A question, or a statement about
// what another page is about, is a request of its own, chat ("actually")
// or not.
func TestStatementAnswersAsked(t *testing.T) {
	for _, tc := range []struct {
		name, reply string
		at          string // the node the reply answers at ("": none, or another)
	}{
		{"the case, in words the router's steps have", "the lights come on and then go out", "offline"},
		{"a yes and the case", "yes, the lights come on", "offline"},
		{"the case, on another page's topic", "i restarted the router", "router"},
		{"another page's topic, with chat", "it's the router actually", "router"},
		{"a question", "how do i restart the router", "router"},
		// The part of the asked node's page the case names is the
		// answer (seen on AdGuard's page on background work: "it's a
		// samsung" was answered with the battery optimization steps,
		// above its Samsung section).
		{"the case, named by a part of the page", "it's outdoors", "outdoor"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, s := NewGraphAgent(assentGraph(), Options{}), &Session{}
			asked, err := a.Respond(context.Background(), s, "my doorbell keeps going offline at night")
			if err != nil || asked.Action != Clarification || len(asked.Options) != 1 || asked.Options[0].NodeID != "offline" {
				t.Fatalf("first reply %+v, %v: want \"Is it about this?\" of the offline section", asked, err)
			}
			r, err := a.Respond(context.Background(), s, tc.reply)
			if err != nil {
				t.Fatal(err)
			}
			if r.NodeID != tc.at || r.Action != Resolution {
				t.Errorf("%q: %s at %q (%q), want a resolution at %q", tc.reply, r.Action, r.NodeID, r.Text, tc.at)
			}
		})
	}
}

// TestSecondMissOffersPerson: a miss after a miss hands over only when the
// customer has put the request in the pages' words; said in none
// ("anything else i can try?"), it gets the nearest topics of what they
// said before, or the not-found reply, with "Talk to a person", and the
// next miss in the pages' words hands over.
func TestSecondMissOffersPerson(t *testing.T) {
	for _, tc := range []struct {
		name string
		say  []string
		want []Action
	}{
		{"no page words, then page words", []string{"the plug smells like burning plastic", "anything else i can try?", "the plug gets very hot"},
			[]Action{Clarification, Clarification, Escalation}},
		{"a bare yes", []string{"the plug smells like burning plastic", "yes"}, []Action{Clarification, Clarification}},
		{"a rephrase in the pages' words", []string{"the plug smells like burning plastic", "the plug gets very hot"}, []Action{Clarification, Escalation}},
		{"asked for", []string{"the plug smells like burning plastic", "talk to a person"}, []Action{Clarification, Escalation}},
		// Asking for help without saying what for is no miss: the request
		// after it is a first one.
		{"help asked for first", []string{"can you help me?", "the plug smells like burning plastic"}, []Action{Clarification, Clarification}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, s := NewGraphAgent(assentGraph(), Options{}), &Session{}
			for i, say := range tc.say {
				r, err := a.Respond(context.Background(), s, say)
				if err != nil {
					t.Fatal(err)
				}
				if r.Action != tc.want[i] {
					t.Fatalf("%q: %s (%q), want %s", say, r.Action, r.Text, tc.want[i])
				}
				if i > 0 && r.Action == Clarification && (len(r.Options) == 0 || r.Options[len(r.Options)-1].Value != TalkToPersonValue) {
					t.Errorf("%q: options %+v, want \"Talk to a person\" last", say, r.Options)
				}
			}
		})
	}
}

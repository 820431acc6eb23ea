package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestWithoutPointers: a message after a reply made only of words that
// point at it has no terms of its own; with a word of its own beside, its
// terms stay as they are.
func TestWithoutPointers(t *testing.T) {
	pointer := map[string]bool{"now": true, "one": true, "els": true}
	for _, tc := range []struct {
		name  string
		terms []string
		want  []string
	}{
		{"what do I do now", []string{"now"}, nil},
		{"what about the other one", []string{"one"}, nil},
		{"now what else", []string{"now", "els"}, nil},
		{"i forgot the old one", []string{"forgot", "old", "one"}, []string{"forgot", "old", "one"}},
		{"reset my password", []string{"reset", "password"}, []string{"reset", "password"}},
		{"no words", nil, nil},
	} {
		if got := withoutPointers(tc.terms, pointer); !slices.Equal(got, tc.want) {
			t.Errorf("%s: withoutPointers(%v) = %v, want %v", tc.name, tc.terms, got, tc.want)
		}
	}
}

// pointerWordGraph is a login page with two sections and a payment page whose
// heading has "now".
func pointerWordGraph() *graph.Graph {
	const (
		login = "https://help.example/login"
		pay   = "https://help.example/payment"
	)
	return &graph.Graph{
		Pages: []graph.Page{{URL: login, Title: "Login problems"}, {URL: pay, Title: "Payment"}},
		Nodes: []graph.Node{
			{ID: "login", Page: login, Problem: "I can't log in", Root: true, Actionable: true,
				Resolution: "Check that your e-mail address is the one you registered with."},
			{ID: "reset", Page: login, Problem: "Reset your password", Actionable: true,
				Resolution: "Choose Forgot password on the login page and follow the link in the e-mail."},
			{ID: "pay", Page: pay, Problem: "Pay online now", Root: true, Actionable: true,
				Resolution: "Pay by card when you book."},
		},
		Edges: []graph.Edge{{From: "login", To: "reset", Type: graph.Child}},
	}
}

// TestPointersStay: "what do I do now" after an answer points at it; read
// by its one word, "now", it went to the payment page's "Pay online now".
func TestPointersStay(t *testing.T) {
	for _, then := range []string{"what do I do now?", "what else?", "and the other one?"} {
		t.Run(then, func(t *testing.T) {
			r := secondReply(t, pointerWordGraph(), "I can't log in", "login", then)
			if r.NodeID == "pay" || slices.Contains(r.Sources, "https://help.example/payment") {
				t.Errorf("got %s at %q (%q), sources %v: left for the page with the pointer word", r.Action, r.NodeID, r.Text, r.Sources)
			}
		})
	}
}

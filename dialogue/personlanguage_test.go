package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestPersonRequestLanguage: a request for a person in another language's
// words is in that language, whatever words are around it, and is
// answered in it. Seen chatting on GNOME's English help: "necesito hablar
// con alguien" was handed over in English ("Of course. Please contact our
// support team."): one Spanish function word ("con") is too little for the
// detector on a help center without Spanish pages.
func TestPersonRequestLanguage(t *testing.T) {
	for _, tc := range []struct{ msg, want string }{
		{"necesito hablar con alguien", "es"},
		{"bitte ich will mit einem mitarbeiter reden", "de"},
		{"je veux parler a quelqu'un svp", "fr"},
		{"hablar con alguien", "es"},
		{"I want to talk to a person", ""},
		{"how do I print", ""},
	} {
		if got := phraseLanguage(tc.msg); got != tc.want {
			t.Errorf("phraseLanguage(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
	g := &graph.Graph{
		Pages: []graph.Page{{URL: "https://help.example.com/print", Title: "Printing"}},
		Nodes: []graph.Node{{ID: "print", Page: "https://help.example.com/print", Problem: "Printing a page", Resolution: "Press Ctrl+P.", Root: true, Actionable: true}},
	}
	r, err := NewGraphAgent(g, Options{}).Respond(context.Background(), &Session{}, "necesito hablar con alguien")
	if err != nil {
		t.Fatal(err)
	}
	if want := "Por supuesto. Póngase en contacto con nuestro equipo de soporte."; r.Action != Escalation || r.Text != want {
		t.Errorf("%s %q, want escalation %q", r.Action, r.Text, want)
	}
}

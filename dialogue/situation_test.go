package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
)

// situationGraph is a small help center page with two situations, each
// with its own way of doing the same thing: the steps under one situation
// match a request about the other one's words just as well.
func situationGraph() *graph.Graph {
	const page = "https://help.example/export"
	g := &graph.Graph{
		Pages: []graph.Page{{URL: page, Title: "Exporting a report"}},
		Nodes: []graph.Node{
			{ID: "export", Page: page, Problem: "Exporting a report", Root: true,
				Resolution: "You can export any report. How depends on where you use the product."},
			{ID: "desktop", Page: page, Problem: "Exporting a report (desktop app)", Condition: "you use the desktop app", Actionable: true,
				Resolution: "Open the report in the desktop app and choose File, then Export."},
			{ID: "desktop-pdf", Page: page, Problem: "Exporting as a PDF file", Actionable: true,
				Resolution: "Choose File, Export, then PDF. Pick the pages and click Save."},
			{ID: "desktop-csv", Page: page, Problem: "Exporting as a spreadsheet", Actionable: true,
				Resolution: "Choose File, Export, then CSV, and click Save."},
			{ID: "browser", Page: page, Problem: "Exporting a report (web version)", Condition: "you use the web version in a browser", Actionable: true,
				Resolution: "Open the report and click the Share button. A PDF file can't be made in the web version: open the report in the desktop app for that."},
		},
		Edges: []graph.Edge{
			{From: "export", To: "desktop", Type: graph.Child},
			{From: "desktop", To: "desktop-pdf", Type: graph.Child},
			{From: "desktop", To: "desktop-csv", Type: graph.Child},
			{From: "export", To: "browser", Type: graph.Child},
		},
	}
	return verdict.Judged(g)
}

// TestStatedSituation: a node under one situation gives way to the sibling
// situation the request states; a request that states none, or states the
// node's own, or a situation the user confirmed before, keeps it.
func TestStatedSituation(t *testing.T) {
	a := NewGraphAgent(situationGraph(), Options{})
	for _, tc := range []struct {
		name      string
		id, text  string
		confirmed []string
		want      string
	}{
		{"other situation stated", "desktop-pdf", "save the report as pdf, I use the web version in my browser", nil, "browser"},
		{"no situation stated", "desktop-pdf", "save the report as pdf", nil, "desktop-pdf"},
		{"own situation stated", "desktop-pdf", "save the report as pdf in the desktop app", nil, "desktop-pdf"},
		{"condition node itself", "desktop", "export a report in the browser", nil, "browser"},
		{"confirmed before", "desktop-pdf", "save the report as pdf", []string{"you use the web version in a browser"}, "browser"},
		{"own situation confirmed", "desktop-pdf", "save the report as pdf in the browser", []string{"you use the desktop app"}, "desktop-pdf"},
		{"root has no situation", "export", "export a report in the browser", nil, "export"},
		{"no text", "desktop-pdf", "", nil, "desktop-pdf"},
	} {
		s := &Session{Confirmed: tc.confirmed}
		if got := a.statedSituation(s, tc.id, a.readText(tc.text)); got != tc.want {
			t.Errorf("%s: statedSituation(%s, %q) = %s, want %s", tc.name, tc.id, tc.text, got, tc.want)
		}
	}
}

// TestStatedSituationTurn: end to end, a request whose words match the
// steps under one situation but which states the other is answered from
// the situation it states.
func TestStatedSituationTurn(t *testing.T) {
	a := NewGraphAgent(situationGraph(), Options{})
	r, err := a.Respond(context.Background(), &Session{ID: "t"}, "how do I export a pdf, I'm in the browser")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID != "browser" {
		t.Fatalf("got %s at %q (%q), want a resolution at browser", r.Action, r.NodeID, r.Text)
	}
}

// TestSituationAbove: a section beneath a situation the user has not
// stated ("save it as a pdf", whose steps are the desktop app's) asks which
// situation is theirs first, and answers that section once they choose
// its situation, or the other situation's answer when they choose that.
// A request that states the situation, or one confirmed before, is
// answered at once.
func TestSituationAbove(t *testing.T) {
	const ask = "how do I save the report as a pdf file"
	for _, tc := range []struct {
		name      string
		confirmed []string
		first     string
		choose    string // the option's node to choose after a question ("" none)
		want      string // the node answered
	}{
		{"not stated: asked, then the section", nil, ask, "desktop", "desktop-pdf"},
		{"not stated: asked, the other situation chosen", nil, ask, "browser", "browser"},
		{"stated in the request", nil, ask + " in the desktop app", "", "desktop-pdf"},
		{"confirmed before", []string{"you use the desktop app"}, ask, "", "desktop-pdf"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := NewGraphAgent(situationGraph(), Options{})
			s := &Session{ID: "t", Confirmed: tc.confirmed}
			r, err := a.Respond(context.Background(), s, tc.first)
			if err != nil {
				t.Fatal(err)
			}
			if tc.choose != "" {
				if r.Action != Clarification || r.NodeID != "export" {
					t.Fatalf("first reply: %s at %q (%q), want a question at export", r.Action, r.NodeID, r.Text)
				}
				value := ""
				for _, o := range r.Options {
					if o.NodeID == tc.choose {
						value = o.Value
					}
				}
				if value == "" {
					t.Fatalf("options %+v do not offer %s", r.Options, tc.choose)
				}
				if r, err = a.Respond(context.Background(), s, value); err != nil {
					t.Fatal(err)
				}
			}
			if r.Action != Resolution || r.NodeID != tc.want {
				t.Errorf("got %s at %q (%q), want a resolution at %s", r.Action, r.NodeID, r.Text, tc.want)
			}
		})
	}
}

// TestSituationAboveNewRequest: a new request forgets the section asked
// about before (Session.Asked): one that leads to the situation above it
// gets that situation's answer, not the old section.
func TestSituationAboveNewRequest(t *testing.T) {
	a := NewGraphAgent(situationGraph(), Options{})
	s := &Session{ID: "t", Asked: "desktop-pdf", Confirmed: []string{"you use the desktop app"}}
	r, err := a.Respond(context.Background(), s, "how do I export a report")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID != "desktop" {
		t.Errorf("got %s at %q (%q), want a resolution at desktop", r.Action, r.NodeID, r.Text)
	}
	if s.Asked != "" {
		t.Errorf("Asked = %q after a new request, want none", s.Asked)
	}
}

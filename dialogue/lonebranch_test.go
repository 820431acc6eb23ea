package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/verdict"
)

func TestLoneBranch(t *testing.T) {
	for _, tc := range []struct {
		options      int
		answers      bool
		viaReference bool
		want         bool
	}{
		{0, false, false, false},
		{1, true, false, true},
		{1, false, false, false}, // a pointer to another page: still asked
		{1, true, true, false},   // on a page a pointer led to: still asked
		{2, true, false, false},
	} {
		if got := loneBranch(tc.options, tc.answers, tc.viaReference); got != tc.want {
			t.Errorf("loneBranch(%d, %v, %v) = %v, want %v", tc.options, tc.answers, tc.viaReference, got, tc.want)
		}
	}
}

// TestOneSituationIsNoQuestion: a section whose only sub-section is for one
// situation ("Hardware requirements" over "Hardware requirements
// (workstations)", one manual's) answers with its opening and that
// sub-section, which says whom it is for: "which of these applies to you?
// 1. Workstations" asks nothing. Two situations are still a question, and
// so is one branch that only points to another page, unless it is the one
// item of a list of topics (topicItem).
func TestOneSituationIsNoQuestion(t *testing.T) {
	const url, url2, url3 = "https://help.example/manual", "https://help.example/bluetooth", "https://help.example/smtp"
	node := func(id, problem, cond, res string) graph.Node {
		return graph.Node{ID: id, Page: url, Problem: problem, Condition: cond, Actionable: true, Resolution: res}
	}
	g := &graph.Graph{Pages: []graph.Page{{URL: url, Title: "School server manual", Lang: "en"}, {URL: url2, Title: "Bluetooth", Lang: "en"}, {URL: url3, Title: "Outgoing mail", Lang: "en"}}}
	g.Nodes = []graph.Node{
		{ID: "root", Page: url, Problem: "School server manual", Root: true, Resolution: "This is the manual for the school server."},
		// An opening that answers nothing by itself (a pointer).
		{ID: "hw", Page: url, Problem: "Hardware requirements", Resolution: "The profiles are explained in the architecture chapter."},
		node("hwws", "Hardware requirements (workstations)", "workstations", "Workstations need 1500 MHz and 1024 MiB RAM at least."),
		{ID: "mouse", Page: url, Problem: "Mouse problems", Resolution: "The mouse is set up in the settings."},
		{ID: "btmouse", Page: url, Problem: "Mouse problems (Bluetooth mouse)", Condition: "Bluetooth mouse", Resolution: "See Connect a Bluetooth device."},
		{ID: "connect", Page: url2, Problem: "Connect a Bluetooth device", Root: true, Actionable: true, Resolution: "Open Bluetooth settings and press Connect."},
		// A list of topics with one item (a Mallard guide's): its page.
		{ID: "sending", Page: url, Problem: "Sending mail", Resolution: "### Sending mail"},
		{ID: "smtpitem", Page: url, Problem: "Sending mail (outgoing server options)", Condition: "outgoing server options", Resolution: "- [Outgoing server options: Settings for sending.](https://help.example/smtp)"},
		{ID: "smtp", Page: url3, Problem: "Outgoing server options", Root: true, Actionable: true, Resolution: "Enter the address of the school's mail server and port 587."},
		node("print", "Printer setup", "", "Printers are set up in the print server's web page."),
		node("printlaser", "Printer setup (laser printers)", "laser printers", "Laser printers need the PostScript driver."),
		node("printink", "Printer setup (inkjet printers)", "inkjet printers", "Inkjet printers need the vendor's driver."),
	}
	for _, e := range [][2]string{{"root", "hw"}, {"hw", "hwws"}, {"root", "mouse"}, {"mouse", "btmouse"}, {"root", "print"}, {"print", "printlaser"}, {"print", "printink"}, {"root", "sending"}, {"sending", "smtpitem"}} {
		g.Edges = append(g.Edges, graph.Edge{From: e[0], To: e[1], Type: graph.Child})
	}
	g.Edges = append(g.Edges, graph.Edge{From: "btmouse", To: "connect", Type: graph.Reference}, graph.Edge{From: "smtpitem", To: "smtp", Type: graph.Reference})
	for _, tc := range []struct {
		message string
		action  Action
		says    []string
	}{
		{"what are the hardware requirements", Resolution, []string{"architecture chapter", "1024 MiB RAM"}},
		{"how do I set up a printer", Clarification, []string{"Printers are set up"}},
		// One branch that only points to another page: asked, not followed.
		{"my mouse has problems", Clarification, []string{"The mouse is set up"}},
		// One item of a list of topics is no question either: the page
		// it leads to answers (Evolution's "Sending Email" lists one,
		// "SMTP sending options", and was asked "which part?" of it).
		{"sending mail does not work", Resolution, []string{"port 587"}},
	} {
		a := NewGraphAgent(verdict.Judged(g), Options{})
		r, err := a.Respond(context.Background(), &Session{}, tc.message)
		if err != nil || r.Action != tc.action {
			t.Errorf("%q: %s %q (%v), want %s", tc.message, r.Action, r.Text, err, tc.action)
			continue
		}
		for _, w := range tc.says {
			if !strings.Contains(r.Text, w) {
				t.Errorf("%q: %q does not say %q", tc.message, r.Text, w)
			}
		}
	}
}

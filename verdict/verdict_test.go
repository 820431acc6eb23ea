package verdict

import (
	"testing"

	"github.com/helpgraph/helpgraph/graph"
	"github.com/helpgraph/helpgraph/graph/graphtest"
	"github.com/helpgraph/helpgraph/internal/english"
)

func TestJudgeAnswers(t *testing.T) {
	g := &graph.Graph{
		Nodes: []graph.Node{
			{ID: "steps", Problem: "Reset", Resolution: "Click Reset.", Actionable: true},
			{ID: "fact", Problem: "When will I get my refund?", Resolution: "Within 7 business days."},
			{ID: "where", Problem: "Phone number (members)", Condition: "members", Resolution: "- Members: on the details page."},
			{ID: "handoff", Problem: "Receipt", Resolution: "Please contact the accommodation directly. We can't issue it."},
			{ID: "handled", Problem: "Lost items", Resolution: "Lost property is handled by the hotel."},
			{ID: "noshow", Problem: "No-shows", Resolution: "If you do not arrive and do not contact anyone, you pay 100%."},
			{ID: "pointer", Problem: "Missing points", Resolution: "See [Points](https://x.example/points)."},
			{ID: "heading", Problem: "Codes", Resolution: "## Codes"},
			{ID: "intro", Problem: "Declined", Resolution: "Check which situation matches yours."},
			{ID: "child", Problem: "Declined (debit)", Condition: "you use a debit card", Resolution: "Use a credit card.", Actionable: true},
			{ID: "ref", Problem: "Locked", Resolution: "Your account is locked."},
			{ID: "points", Problem: "Points", Resolution: "About points.", Root: true},
			{ID: "refsteps", Problem: "Code (members)", Resolution: "Log in and open My Reservations. If it isn't listed, see [Points](https://x.example/points)."},
			{ID: "reflink", Problem: "Locked", Resolution: "Wait, or [reset your password](https://x.example/points)."},
			{ID: "menu", Problem: "Set up", Resolution: "[Set up a printer — Connect it and add it.](https://x.example/points)\n[Rename a printer](https://x.example/points)"},
			{ID: "menusteps", Problem: "Set up", Resolution: "Turn the printer on first.\n[Set up a printer](https://x.example/points)"},
			{ID: "leadin", Problem: "Remove the app", Resolution: "To remove the app, enter:", Actionable: true},
			{ID: "release", Problem: "Release", Resolution: "app remove --release", Actionable: true},
			{ID: "titled", Problem: "Apply for a permit", Resolution: "### Apply for a permit", Actionable: true},
			{ID: "placeholder", Problem: "Export", Resolution: "- TODO", Actionable: true},
			{ID: "label", Problem: "Align", Resolution: "Choose middle", Actionable: true},
			{ID: "call", Problem: "Support line", Resolution: "Call 0800 123 456"},
			{ID: "yes", Problem: "Is the app free?", Resolution: "Yes."},
			{ID: "short", Problem: "Choose a photo", Resolution: "Click Select a file", Actionable: true},
			// Steps in a language whose imperatives no list knows, beside a link.
			{ID: "numbered", Problem: "Ta bort ett användarkonto", Resolution: "Du behöver [administratörsbehörighet](https://x.example/points).\n1. Öppna Användare.\n1. Tryck på Lås upp.", Actionable: true},
			{ID: "numberedlinks", Problem: "Skrivare", Resolution: "1. [Ställ in en skrivare](https://x.example/points)\n1. [Byt namn](https://x.example/points)", Actionable: true},
		},
		Edges: []graph.Edge{
			{From: "intro", To: "child", Type: graph.Child},
			{From: "ref", To: "points", Type: graph.Reference},
			{From: "refsteps", To: "points", Type: graph.Reference},
			{From: "reflink", To: "points", Type: graph.Reference},
			{From: "menu", To: "points", Type: graph.Reference},
			{From: "menusteps", To: "points", Type: graph.Reference},
			{From: "leadin", To: "release", Type: graph.Child},
			{From: "numbered", To: "points", Type: graph.Reference},
			{From: "numberedlinks", To: "points", Type: graph.Reference},
		},
	}
	Judge(g)
	ix := graph.NewIndex(g)
	for id, want := range map[string]bool{
		"steps": true, "fact": true, "where": true, "noshow": true,
		"handoff": false, "handled": false, "pointer": false, "heading": false,
		"intro":     false, // introduces its sub-problems
		"ref":       false, // follows its reference
		"refsteps":  true,  // steps of its own; the link is a "see also"
		"reflink":   false, // its only step is the link
		"menu":      false, // links whose titles read as steps: a menu of pages
		"menusteps": true,  // a step of its own besides the link
		// Hollow: a lead-in with nothing after it, or its heading alone,
		// says nothing by itself, steps or not; the lead-in introduces its
		// sub-problems.
		"leadin":      false,
		"titled":      false,
		"placeholder": false, "label": false, // too little to answer: hollow
		"call": true, "yes": true, "short": true,
		"numbered":      true,  // a numbered list is steps in any language
		"numberedlinks": false, // a numbered list of links is a menu
	} {
		if got := ix.Node(id).Verdict.Answers; got != want {
			t.Errorf("answers(%s) = %v, want %v", id, got, want)
		}
	}
}

// TestFragment: a resolution with fewer than fragmentWords words, no full
// stop, no digit and no link is a label or a placeholder, not an answer.
func TestFragment(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"- TODO", true},
		{"Choose middle", true},
		{"(Automation)", true},
		{"text", true},
		{"Yes.", false},                                   // a sentence
		{"Call 0800 123 456", false},                      // a number to call
		{"Click Select a file", false},                    // three words
		{"Press Super+Alt+S.", false},                     // a sentence
		{"- [for Opera](https://help.opera.com/)", false}, // a link
		{"設定を開きます", false},                                // unspaced: one word per two letters
		{"設定", true},
		{"", false}, // no substance: hollow already
	} {
		t.Run(tc.text, func(t *testing.T) {
			_, sub := english.ReadResolution(tc.text, "", "")
			if got := fragment(tc.text, sub); got != tc.want {
				t.Errorf("fragment(%q) = %v, want %v (substance %q)", tc.text, got, tc.want, sub)
			}
		})
	}
	g := &graph.Graph{Nodes: []graph.Node{{ID: "p", Problem: "Export", Resolution: "- TODO", Actionable: true}}}
	Judge(g)
	if v := g.Nodes[0].Verdict; !v.Hollow || v.Answers {
		t.Errorf("a placeholder's verdict = %+v, want hollow and not answering", *v)
	}
}

// BenchmarkJudge measures deciding the verdicts of a 10,000-node graph,
// which every build does once its edges are known.
func BenchmarkJudge(b *testing.B) {
	g := graphtest.Synthetic(10000, 1)
	b.ReportAllocs()
	for b.Loop() {
		Judge(g)
	}
}

// TestJudgeText checks how a resolution reads in a reply: a link between
// pages built without their site's address reads as its text, a web link
// stays a link.
func TestJudgeText(t *testing.T) {
	g := &graph.Graph{Nodes: []graph.Node{{ID: "hub", Problem: "The app", Resolution: "- [Features](app/features.md) What it does\n- [Installation](app/install.md)\nOr [download it](https://x.example/get)."}}}
	Judge(g)
	want := "- Features What it does\n- Installation\nOr [download it](https://x.example/get)."
	if got := g.Nodes[0].Verdict.Text; got != want {
		t.Errorf("shown text = %q, want %q", got, want)
	}
}

// TestJudgeTextPictures: a line that stands for a picture (its alt text in
// brackets, or broken image syntax) is left out of a reply; brackets in a
// sentence stay, and a text of a picture alone is kept.
func TestJudgeTextPictures(t *testing.T) {
	for _, tc := range []struct{ res, want string }{
		{"1. Tap the icon. It looks like this:\n(Samsung settings)\n2. Tap Lock Apps.", "1. Tap the icon. It looks like this:\n2. Tap Lock Apps."},
		{"Open Settings.\n![Settings *mobile] (https://x.example/s.png)\nTap Apps.", "Open Settings.\nTap Apps."},
		{"Open the menu (the three dots) and tap Apps.", "Open the menu (the three dots) and tap Apps."},
		{"1. Click Cancel auto-renewal. (Cancel)\n2. Confirm. (This cannot be undone.)", "1. Click Cancel auto-renewal.\n2. Confirm. (This cannot be undone.)"},
		{"4. Choose the folder. (Choose folder) If you want another, click Browse.", "4. Choose the folder. If you want another, click Browse."},
		{"Open Files. (or press Ctrl+O) then pick one.", "Open Files. (or press Ctrl+O) then pick one."},
		{"(Main screen)", "(Main screen)"},
	} {
		g := &graph.Graph{Nodes: []graph.Node{{ID: "n", Problem: "Apps", Resolution: tc.res}}}
		Judge(g)
		if got := g.Nodes[0].Verdict.Text; got != tc.want {
			t.Errorf("shown text of %q = %q, want %q", tc.res, got, tc.want)
		}
	}
}

package dialogue

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// longSection is a section's sentences, more than a first answer shows.
var longSection = []string{
	"You can apply for retirement benefits online.",
	"Most people can finish the application in one sitting.",
	"You will need your birth date and your bank details.",
	"If you worked abroad, have your foreign work dates at hand.",
	"After you apply, we review the application and may contact you.",
	"We send a letter with our decision by mail.",
	"You can check the status of your application online at any time, from the same account you applied with.",
	"If you disagree with the decision, you can ask for a review within 60 days.",
	"A review is done by someone who did not take part in the first decision.",
	"Your first payment arrives the month after you become entitled.",
	"Payments are made by direct deposit to the account you gave us.",
	"Tell us at once if your address or bank account changes.",
}

func TestFocusLongSection(t *testing.T) {
	sentences := longSection
	res := strings.Join(sentences, " ")
	g := &graph.Graph{Nodes: []graph.Node{{ID: "apply", Page: "https://help.example.com/apply", Problem: "Apply for retirement benefits", Resolution: res, Actionable: true, Root: true}}}
	a := NewGraphAgent(g, Options{})
	s := &Session{}
	first, err := a.Respond(context.Background(), s, "how do I apply for retirement benefits")
	if err != nil {
		t.Fatal(err)
	}
	if first.Action != Resolution || !strings.HasPrefix(first.Text, sentences[0]) || len(first.Text) > focusChars+len(sentences[0]) {
		t.Fatalf("first answer: %s %q, want the section's opening, about %d characters", first.Action, first.Text, focusChars)
	}
	// Asked about the same section again, it goes on where the question points.
	second, err := a.Respond(context.Background(), s, "what if I disagree with the decision about retirement benefits")
	if err != nil {
		t.Fatal(err)
	}
	if second.Action != Resolution || !strings.Contains(second.Text, "If you disagree") || strings.Contains(second.Text, sentences[0]) {
		t.Errorf("second answer: %s %q, want the part on disagreeing, not the opening again", second.Action, second.Text)
	}
	// "Yes" goes on with what it has not said.
	third, err := a.Respond(context.Background(), s, "yes")
	if err != nil {
		t.Fatal(err)
	}
	if third.Action != Resolution || strings.Contains(second.Text, third.Text) || strings.Contains(first.Text, third.Text) {
		t.Errorf("after yes: %s %q, want more of the section", third.Action, third.Text)
	}
	for _, r := range []Reply{first, second, third} {
		for _, u := range units(r.Text) {
			if !strings.Contains(res, u.text) {
				t.Errorf("reply says %q, not in the section", u.text)
			}
		}
	}
}

// TestFocusFirstAnswer: a long section's first answer keeps its short
// opening and adds, after it, the sentences the question asks about beyond
// the section's heading; a request that only names the section gets the
// opening and what follows it. The same holds mid-conversation.
func TestFocusFirstAnswer(t *testing.T) {
	sentences := longSection
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "apply", Page: "https://help.example.com/apply", Problem: "Apply for retirement benefits", Resolution: strings.Join(sentences, " "), Actionable: true, Root: true},
		{ID: "hours", Page: "https://help.example.com/hours", Problem: "Office opening hours", Resolution: "Our offices are open from 9 to 5 on weekdays.", Actionable: true, Root: true},
	}}
	for _, tc := range []struct {
		name, first, then string
		opens, then2      string // the reply opens with opens, then2 follows on a new line
	}{
		{"a point asked mid-conversation", "when are your offices open?", "I applied for retirement benefits: what if I disagree with the decision?", sentences[0], "If you disagree"},
		{"the heading named mid-conversation", "when are your offices open?", "apply for retirement benefits", sentences[0] + " " + sentences[1], ""},
		{"a point asked to open the conversation", "", "I applied for retirement benefits: what if I disagree with the decision?", sentences[0], "If you disagree"},
		{"the heading named to open the conversation", "", "how do I apply for retirement benefits", sentences[0] + " " + sentences[1], ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := NewGraphAgent(g, Options{})
			s := &Session{}
			if tc.first != "" {
				if r, err := a.Respond(context.Background(), s, tc.first); err != nil || r.NodeID != "hours" {
					t.Fatalf("first turn: %s at %q, %v", r.Action, r.NodeID, err)
				}
			}
			r, err := a.Respond(context.Background(), s, tc.then)
			if err != nil {
				t.Fatal(err)
			}
			if r.NodeID != "apply" || !strings.HasPrefix(r.Text, tc.opens) {
				t.Fatalf("got %s at %q: %q, want it to open with %q", r.Action, r.NodeID, r.Text, tc.opens)
			}
			if tc.then2 != "" && !strings.Contains(r.Text, "\n"+tc.then2) {
				t.Errorf("got %q, want %q after the opening", r.Text, tc.then2)
			}
			if len(r.Text) > focusChars+openingChars {
				t.Errorf("got %d characters, want at most %d", len(r.Text), focusChars+openingChars)
			}
		})
	}
}

// TestFocusSections: what a first answer keeps of a long section, on a
// small hand-made graph: whole lists and steps, no boilerplate opening,
// no sentence cut at an abbreviation.
func TestFocusSections(t *testing.T) {
	filler := "Filler text that says nothing the question asks about and goes on for a while."
	// More steps than a window holds: asked about the fifth, the reply
	// still starts at the first.
	steps := "To renew the permit online:\n1. Sign in to your account with the e-mail address you registered with.\n" +
		"2. Open the Permits tab at the top of the page and pick the permit to renew.\n3. Check that the vehicle and zone shown are still right, and correct them if not.\n" +
		"4. Choose how long the renewed permit should last, from one month to a year.\n5. Pay the fee by card or from your account balance, then confirm.\n6. Keep the confirmation e-mail until the new permit arrives."
	banner := "Note: this article is about the desktop app."
	var nodes []graph.Node
	// The banner opens a section on boilerplatePages pages.
	topics := []string{"printers", "scanners", "monitors", "keyboards", "speakers", "cameras"}[:boilerplatePages]
	for i, topic := range topics {
		nodes = append(nodes, graph.Node{ID: topic, Page: fmt.Sprintf("https://help.example.com/p%d", i), Problem: "Setting up " + topic, Resolution: banner + "\nPlug the " + topic + " in and wait.", Actionable: true, Root: true})
	}
	nodes = append(nodes,
		graph.Node{ID: "permit", Page: "https://help.example.com/permit", Problem: "Parking permit", Root: true, Actionable: true,
			Resolution: "A parking permit lets you park in your zone.\n" + strings.Repeat(filler+" ", 4) + "\n" + steps + "\n" + strings.Repeat(filler+" ", 3)},
		graph.Node{ID: "card", Page: "https://help.example.com/card", Problem: "Library card", Root: true, Actionable: true,
			Resolution: "We accept proof of U.S. residence for a library card. " + strings.Repeat(filler+" ", 8) + "A lost card costs five dollars to replace."},
		// A section that opens with a list: its first item is one
		// example, not what the section is about.
		graph.Node{ID: "examples", Page: "https://help.example.com/cli", Problem: "Command examples", Root: true, Actionable: true,
			Resolution: "1. Download the tool from the mirror list.\n  `tool fetch --mirror`\n" + strings.Repeat("1. "+filler+"\n  `tool run`\n", 8) +
				"1. Import an old archive into the library.\n  `tool import archive.zip`\n" + strings.Repeat("1. "+filler+"\n", 8)},
	)
	g := &graph.Graph{Nodes: nodes}
	for _, tc := range []struct {
		name, ask, node string
		want            []string // in the reply, in this order
		not             []string
	}{
		{"steps given whole with their lead-in", "can I pay the parking permit fee by card", "permit",
			[]string{"A parking permit lets you park in your zone.", "\nTo renew the permit online:\n1. Sign in", "\n5. Pay the fee by card", "\n6. Keep the confirmation"}, nil},
		{"a boilerplate opening left out", "how do I set up my scanners", "scanners",
			[]string{"Plug the scanners in and wait."}, []string{banner}},
		{"an abbreviation ends no sentence", "what does a lost library card cost to replace", "card",
			[]string{"We accept proof of U.S. residence for a library card.\n", "A lost card costs five dollars"}, nil},
		{"a list's first item is no opening", "how do I import an old archive with the command", "examples",
			[]string{"1. Import an old archive into the library.", "tool import archive.zip"}, []string{"Download the tool"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := NewGraphAgent(g, Options{})
			r, err := a.Respond(context.Background(), &Session{}, tc.ask)
			if err != nil {
				t.Fatal(err)
			}
			if r.NodeID != tc.node {
				t.Fatalf("got %s at %q: %q, want %q", r.Action, r.NodeID, r.Text, tc.node)
			}
			at := 0
			for _, w := range tc.want {
				i := strings.Index(r.Text[at:], w)
				if i < 0 {
					t.Fatalf("got %q, want %q (after what came before)", r.Text, w)
				}
				at += i + len(w)
			}
			for _, w := range tc.not {
				if strings.Contains(r.Text, w) {
					t.Errorf("got %q, want no %q", r.Text, w)
				}
			}
		})
	}
}

// TestClarifyLeavesTheListToOptions: a page that lists the pages it leads
// to asks which one with those pages as options; the list itself, which
// says what the options say, is not the question's lead-in, and no link
// to a folder path is shown.
func TestClarifyLeavesTheListToOptions(t *testing.T) {
	g := &graph.Graph{
		Nodes: []graph.Node{
			{ID: "hub", Page: "app/app.md", Problem: "The desktop app", Root: true, Resolution: "- [Features](app/features.md) What the desktop app does\n- [Installation](app/install.md) Installing and removing the desktop app\n[Solving problems — When the app does not start](app/problems.md)\nThis article covers the desktop app for your computer.\nSolving problems starts with a restart."},
			{ID: "features", Page: "app/features.md", Problem: "Features", Root: true, Resolution: "Filtering, privacy and parental control.", Actionable: true},
			{ID: "install", Page: "app/install.md", Problem: "Installation", Root: true, Resolution: "Download the installer and run it.", Actionable: true},
			{ID: "problems", Page: "app/problems.md", Problem: "Solving problems", Root: true, Resolution: "Restart the app first.", Actionable: true},
		},
		Edges: []graph.Edge{
			{From: "hub", To: "features", Type: graph.Reference},
			{From: "hub", To: "install", Type: graph.Reference},
			{From: "hub", To: "problems", Type: graph.Reference},
		},
	}
	a := NewGraphAgent(g, Options{})
	r, err := a.Respond(context.Background(), &Session{}, "the desktop app")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Clarification || len(r.Options) != 3 {
		t.Fatalf("got %s %q with %d options, want a clarification among the 3 pages", r.Action, r.Text, len(r.Options))
	}
	if !strings.HasPrefix(r.Text, "This article covers the desktop app for your computer.\nSolving problems starts with a restart.") {
		t.Errorf("lead-in %q, want the page's own text without its list of the options", r.Text)
	}
	for _, not := range []string{"](", ".md", "Installing and removing"} {
		if strings.Contains(r.Text, not) {
			t.Errorf("reply %q says %q", r.Text, not)
		}
	}
}

// TestWholeListsLeadIn: a kept sentence that introduces a list brings the
// list with it; a kept sentence before a list that does not introduce it
// does not.
func TestWholeListsLeadIn(t *testing.T) {
	for _, tc := range []struct {
		name, text, keep, want string
	}{
		{"a lead-in brings its steps",
			"Night Light makes the screen warmer. To enable Night Light:\n1. Open Displays.\n2. Switch Night Light on.\nIt can be turned off from the menu.",
			"Night Light makes the screen warmer. To enable Night Light:",
			"Night Light makes the screen warmer. To enable Night Light:\n1. Open Displays.\n2. Switch Night Light on."},
		// A code block inside the last item is indented under it: part
		// of the item. Before, the list ended at the item's text, and
		// the commands were left out of the reply; then they were given
		// flush left, which Markdown shows after the list, not in the
		// item.
		{"an item's code goes with it",
			"To use system trust stores:\n- Use Python 3.10.\n- Install the truststore package:\n  `$ pip install truststore`\n  `[...]`\nNew in version 22.2.",
			"To use system trust stores:",
			"To use system trust stores:\n- Use Python 3.10.\n- Install the truststore package:\n  `$ pip install truststore`\n  `[...]`"},
		{"a sentence before a list is no lead-in",
			"Night Light makes the screen warmer.\n- Open Displays.\n- Switch Night Light on.",
			"Night Light makes the screen warmer.",
			"Night Light makes the screen warmer."},
		{"a list too long to give stays out",
			"To enable it:\n1. " + strings.Repeat("Open the panel. ", 100) + "\n2. Switch it on.",
			"To enable it:",
			"To enable it:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := keptBy(tc.text, tc.keep, wholeLists); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestReachSteps: a section's first numbered steps are kept when they fit;
// a bulleted list is no steps, and steps too long to give stay out.
func TestReachSteps(t *testing.T) {
	for _, tc := range []struct{ name, text, want string }{
		{"numbered steps", "Stay awake with the lid closed. Be careful: a closed laptop can overheat.\n1. Open Tweaks.\n2. Switch it off.\nThe note after.",
			"Be careful: a closed laptop can overheat.\n1. Open Tweaks.\n2. Switch it off."},
		{"a bulleted list", "Some filters:\n- Base filter.\n- Mobile filter.", ""},
		{"a list of things to try", "This error occurs when the command is another user's.\nTo solve it, try one of the following:\n- Install the command for yourself.\n- Ask the admin to allow it for all users.\nThat is all.",
			"To solve it, try one of the following:\n- Install the command for yourself.\n- Ask the admin to allow it for all users."},
		{"a list, not all instructions", "Some options:\n- Install it for yourself.\n- The admin's copy.", ""},
		{"a list whose tail is instructions", "Some options:\n- The admin's copy.\n- Install it for yourself.", ""},
		{"steps too long", "To do it:\n1. " + strings.Repeat("Open the panel. ", 100) + "\n2. Switch it on.", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			us := units(tc.text)
			keep := make([]bool, len(us))
			reachSteps(us, keep)
			wholeLists(us, keep)
			if got := joinUnits(us, keep); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestMenuIsNoLead: a section that only lists the page it links to is no
// lead-in to that page's answer: the reply is the page's answer.
func TestMenuIsNoLead(t *testing.T) {
	g := &graph.Graph{
		Nodes: []graph.Node{
			{ID: "menu", Page: "printing.html", Problem: "Printer paper jams", Root: true, Resolution: "[Clearing a paper jam — How to free paper stuck in the printer.](paperjam.html)"},
			{ID: "jam", Page: "paperjam.html", Problem: "Clearing a paper jam", Root: true, Resolution: "Open the front cover and pull the paper out slowly.", Actionable: true},
		},
		Edges: []graph.Edge{{From: "menu", To: "jam", Type: graph.Reference}},
	}
	a := NewGraphAgent(g, Options{})
	r, err := a.Respond(context.Background(), &Session{}, "printer paper jams")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.Text != "Open the front cover and pull the paper out slowly." {
		t.Errorf("got %s %q, want the linked page's answer alone", r.Action, r.Text)
	}
}

// TestUnitsKeepAsides: a bracketed aside of several sentences is one unit,
// so a reply never cuts it open; an unclosed bracket does not hold the
// rest of the line.
func TestUnitsKeepAsides(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Benefits are reduced. (Full retirement age is 66. It rises to 67.) Apply early.",
			[]string{"Benefits are reduced.", "(Full retirement age is 66. It rises to 67.)", "Apply early."}},
		{"See the list (in the menu. Then pick one. Done.", []string{"See the list (in the menu.", "Then pick one.", "Done."}},
	} {
		var got []string
		for _, u := range units(tc.text) {
			got = append(got, u.text)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("units(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestUnitsKeepCodeLines: a line of code (a code span alone on its line,
// as kgbuild writes a page's code) is one unit, whatever stops it holds:
// cut at one, each half would leave its span open in a reply. Code in a
// sentence, and the LLM path's sentences (splitSentences), alike.
func TestUnitsKeepCodeLines(t *testing.T) {
	text := "Pip asks first. Answer y.\n`Proceed (Y/n)? y`\n  `` $ cwd=`pwd`. ls ``\n`Successfully uninstalled x. Done.`"
	want := []string{"Pip asks first.", "Answer y.", "`Proceed (Y/n)? y`", "`` $ cwd=`pwd`. ls ``", "`Successfully uninstalled x. Done.`"}
	var got []string
	for _, u := range units(text) {
		got = append(got, u.text)
	}
	if !slices.Equal(got, want) {
		t.Errorf("units(%q) = %q, want %q", text, got, want)
	}
	got = got[:0]
	for _, u := range splitSentences(text) {
		got = append(got, u.text)
	}
	if !slices.Equal(got, want) {
		t.Errorf("splitSentences(%q) = %q, want %q", text, got, want)
	}
}

// TestWholeSteps: a run of steps written as sentences that the window
// reaches is kept whole, within maxListChars; sentences around it, and a
// lone instruction, are not widened.
func TestWholeSteps(t *testing.T) {
	us := units("A lost card can be replaced. Call the card office and ask for a new card. " +
		"Wait for the letter. Open the letter and sign the card. Keep it apart from your PIN. " +
		"Cards arrive within a week. Some banks charge a fee. Ask your bank.")
	for _, tc := range []struct {
		name string
		keep []int // kept before
		want []int // kept after
	}{
		{"the first step reached: the run follows", []int{1}, []int{1, 2, 3, 4}},
		{"the last step reached: the run is given from its start", []int{4}, []int{1, 2, 3, 4}},
		{"no step reached: nothing added", []int{0, 5}, []int{0, 5}},
		{"a lone instruction is no run", []int{7}, []int{7}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keep := make([]bool, len(us))
			for _, i := range tc.keep {
				keep[i] = true
			}
			wholeSteps(us, keep)
			var got []int
			for i, k := range keep {
				if k {
					got = append(got, i)
				}
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("kept %v, want %v (of %v)", got, tc.want, us)
			}
		})
	}
}

// keptBy is text's units kept as keep (the text of those a reply keeps
// before the rule) says, after the rule fn, joined.
func keptBy(text, keep string, fn func([]unit, []bool)) string {
	us := units(text)
	kept := make([]bool, len(us))
	for i, u := range us {
		kept[i] = strings.Contains(keep, u.text)
	}
	fn(us, kept)
	return joinUnits(us, kept)
}

// TestUnitsBlankCodeLines: a blank line inside a code block
// (lexical.BlankCode) is no sentence: it goes with the line after it,
// shown when the line before is kept too, and counts in no answer's
// length, so it moves no cut.
func TestUnitsBlankCodeLines(t *testing.T) {
	text := "Download, then install:\n`$ pip download x`\n` `\n`$ pip install x`\n- Config:\n  `[a]`\n  ` `\n  `[b]`"
	us := units(text)
	var got []string
	for _, u := range us {
		got = append(got, u.text)
	}
	want := []string{"Download, then install:", "`$ pip download x`", "`$ pip install x`", "- Config:", "`[a]`", "`[b]`"}
	if !slices.Equal(got, want) {
		t.Fatalf("units(%q) = %q, want %q", text, got, want)
	}
	for _, tc := range []struct {
		name string
		keep []int
		want string
	}{
		{"all kept: the text as it was", []int{0, 1, 2, 3, 4, 5}, text},
		{"the line before left out: no blank", []int{0, 2}, "Download, then install:\n`$ pip install x`"},
		{"in a list item's code", []int{3, 4, 5}, "- Config:\n  `[a]`\n  ` `\n  `[b]`"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			keep := make([]bool, len(us))
			for _, i := range tc.keep {
				keep[i] = true
			}
			if got := joinUnits(us, keep); got != tc.want {
				t.Errorf("joinUnits = %q, want %q", got, tc.want)
			}
		})
	}
	if got, want := answerChars(text), len(text)-len("` `\n")-len("  ` `\n"); got != want {
		t.Errorf("answerChars = %d, want %d (the blank lines of code left out)", got, want)
	}
}

// TestWithOwnItems: a kept line that goes on in a list item (a step's
// command, a tab's label) comes with its item's line when the line
// before it is not kept: pip's git example was shown under the first
// example's line ("Install SomePackage … from PyPI"). A kept line whose
// previous line is kept, or a line of no item, brings nothing.
func TestWithOwnItems(t *testing.T) {
	const examples = "1. Install from PyPI.\n  `pip install x`\n1. Install from a git repo. See VCS Support.\n  Unix:\n  `pip install git+https://g/x`\n  Windows:\n  `py -m pip install git+https://g/x`\nSee also the reference."
	for _, tc := range []struct{ name, text, keep, want string }{
		{"a tab's command brings its step",
			examples, "  Windows:\n  `py -m pip install git+https://g/x`",
			"1. Install from a git repo. See VCS Support.\nWindows:\n  `py -m pip install git+https://g/x`"},
		{"a step's line kept: nothing more",
			examples, "1. Install from a git repo. See VCS Support.\n  Unix:",
			"1. Install from a git repo. See VCS Support.\n  Unix:"},
		{"a line of no item",
			"Open the panel.\nSee also the reference.", "See also the reference.",
			"See also the reference."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := keptBy(tc.text, tc.keep, withOwnItems); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestWholeCode: a block of code the reply reaches comes whole when it
// fits; a line of code alone is no code to run.
func TestWholeCode(t *testing.T) {
	loop := "Sort it and scan from the end:\n`if mylist:`\n`    mylist.sort()`\n`    last = mylist[-1]`\nThis keeps the order."
	long := "Run it:\n`" + strings.Repeat("x", 700) + "`\n`" + strings.Repeat("y", 700) + "`"
	for _, tc := range []struct{ name, text, keep, want string }{
		{"the block's first line kept",
			loop,
			"Sort it and scan from the end:\n`if mylist:`",
			"Sort it and scan from the end:\n`if mylist:`\n`    mylist.sort()`\n`    last = mylist[-1]`"},
		{"its last line kept",
			loop,
			"`    last = mylist[-1]`\nThis keeps the order.",
			"`if mylist:`\n`    mylist.sort()`\n`    last = mylist[-1]`\nThis keeps the order."},
		{"no code kept",
			loop,
			"This keeps the order.",
			"This keeps the order."},
		{"a block too long to show whole",
			long,
			"Run it:\n`" + strings.Repeat("x", 700) + "`",
			"Run it:\n`" + strings.Repeat("x", 700) + "`"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := keptBy(tc.text, tc.keep, wholeCode); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

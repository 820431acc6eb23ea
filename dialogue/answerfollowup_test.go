package dialogue

import (
	"context"
	"strings"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// speakerGraph is a speaker's help: one long section on turning it on and
// off (the steps for each, more than a reply gives at once), and pages
// that use "back" and "else" elsewhere, so the words a follow-up adds are
// the help center's, not the section's.
func speakerGraph() *graph.Graph {
	const (
		power  = "https://help.example/speaker-power"
		reset  = "https://help.example/speaker-reset"
		wall   = "https://help.example/wall-mount"
		pair   = "https://help.example/pairing"
		clean  = "https://help.example/cleaning"
		update = "https://help.example/updates"
	)
	return &graph.Graph{
		Pages: []graph.Page{{URL: power, Title: "Speaker power"}, {URL: reset, Title: "Reset"}, {URL: wall, Title: "Wall mount"},
			{URL: pair, Title: "Pairing"}, {URL: clean, Title: "Cleaning"}, {URL: update, Title: "Updates"}},
		Nodes: []graph.Node{
			{ID: "power", Page: power, Problem: "Turn the speaker on or off", Root: true, Actionable: true,
				Resolution: "You can turn the speaker on to play music, or turn it off to save its battery. To turn the speaker on:\n" +
					"1. Plug the charging cable into a power outlet.\n2. Hold the round power button for three seconds.\n3. Wait until the ring of lights glows white.\n" +
					"Some models have a slider on the underside that must be set to the middle position first. Look for it next to the rubber feet. The lights blink red while the battery is too low to start; charge it for an hour and try again. A speaker left unused for months may need a full charge before it answers the button at all.\n" +
					"To turn the speaker off:\n1. Hold the round power button for five seconds.\n2. Release it when the ring of lights fades out.\n3. Unplug the charging cable if you store it for weeks."},
			{ID: "reset", Page: reset, Problem: "Reset the speaker to its factory settings", Root: true, Actionable: true,
				Resolution: "Hold the volume buttons together for ten seconds. Everything else is erased, and the settings go back to how they came."},
			{ID: "mount", Page: wall, Problem: "Mount the speaker on a wall", Root: true, Actionable: true,
				Resolution: "Screw the bracket to the wall, then slide the speaker onto it from above until it clicks."},
			{ID: "plate", Page: wall, Problem: "Take the speaker back off the wall", Root: true, Actionable: true,
				Resolution: "Lift the speaker up and away from the bracket."},
			{ID: "pair", Page: pair, Problem: "Pair the speaker with a phone", Root: true, Actionable: true,
				Resolution: "Open the phone's Bluetooth settings and choose the speaker in the list."},
			{ID: "clean", Page: clean, Problem: "Clean the speaker's fabric", Root: true, Actionable: true,
				Resolution: "Wipe the fabric with a dry cloth; never use water or soap."},
			{ID: "update", Page: update, Problem: "Update the speaker's software", Root: true, Actionable: true,
				Resolution: "Open the speaker app and choose Update; keep the speaker plugged in until it restarts."},
		},
	}
}

// TestAsksOnAnswer checks the rule on plain readings: a short question
// naming the answer just given by a pronoun asks more of it.
func TestAsksOnAnswer(t *testing.T) {
	for _, tc := range []struct {
		name     string
		r        reading
		onAnswer bool
		want     bool
	}{
		{"it, on the answer", reading{text: "how do i turn it back off", terms: []string{"turn", "back"}, question: true, pronoun: true}, true, true},
		{"it, elsewhere", reading{text: "how do i turn it back off", terms: []string{"turn", "back"}, question: true, pronoun: true}, false, false},
		{"no pronoun", reading{text: "how do i turn back time", terms: []string{"turn", "back", "time"}, question: true}, true, false},
		{"a statement", reading{text: "i turned it back off", terms: []string{"turn", "back"}, pronoun: true}, true, false},
		{"says what it is about", reading{text: "can i run it every morning with the task scheduler", terms: []string{"run", "everi", "morn", "task", "schedul"}, question: true, pronoun: true}, true, false},
		{"about the answer itself", reading{text: "how long does it take?", terms: []string{"long", "take"}, question: true, pronoun: true, refersBack: true}, true, false},
		{"no words", reading{text: "can i do it?", question: true, pronoun: true}, true, false},
		{"the answer's action done again", reading{text: "can i do that for several sheets at once?", terms: []string{"sever", "sheet"}, question: true, pronoun: true, refersBack: true}, true, true},
		{"follow-up opener, on the answer", reading{text: "and the first column too?", terms: []string{"first", "column"}, question: true, followUpForm: true}, true, true},
		{"follow-up opener, elsewhere", reading{text: "and the first column too?", terms: []string{"first", "column"}, question: true, followUpForm: true}, false, false},
		{"follow-up opener, a statement", reading{text: "and the first column", terms: []string{"first", "column"}, followUpForm: true}, true, false},
		{"follow-up opener, says what it is about", reading{text: "and how do i print the first column on every page?", terms: []string{"print", "first", "column", "everi", "page"}, question: true, followUpForm: true}, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := asksOnAnswer(&tc.r, tc.onAnswer); got != tc.want {
				t.Errorf("asksOnAnswer = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestFollowUpOnAnswer: after the steps to turn the speaker on, "how do I
// turn it back off" ("off" a stop word, "back" a word the section lacks)
// gets the part of the same section not said yet, the steps to turn it
// off, not "Is it about this?" of the section just answered; and "what
// else can I try" then goes on with it, not that question either.
func TestFollowUpOnAnswer(t *testing.T) {
	a := NewGraphAgent(speakerGraph(), Options{})
	s := &Session{}
	ctx := context.Background()
	first, err := a.Respond(ctx, s, "how do i turn on the speaker")
	if err != nil || first.Action != Resolution || first.NodeID != "power" {
		t.Fatalf("first turn: %s at %q, %v", first.Action, first.NodeID, err)
	}
	if strings.Contains(first.Text, "To turn the speaker off") {
		t.Fatalf("first answer gives the whole section (%q): nothing left to follow up on", first.Text)
	}
	r, err := a.Respond(ctx, s, "how do i turn it back off")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID != "power" || !strings.Contains(r.Text, "Release it when the ring of lights fades out") {
		t.Errorf("got %s at %q (%q), want the steps to turn it off", r.Action, r.NodeID, r.Text)
	}
	r, err = a.Respond(ctx, s, "what else can i try")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID != "power" {
		t.Errorf("then: got %s at %q (%q), want the rest of the section", r.Action, r.NodeID, r.Text)
	}
}

// TestNoSameQuestionTwice: a question with no words of its own ("what
// else can I try?") to "Is it about this?" is not asked the same question
// again: that topic is not it.
func TestNoSameQuestionTwice(t *testing.T) {
	a := NewGraphAgent(speakerGraph(), Options{})
	s := &Session{}
	ctx := context.Background()
	first, err := a.Respond(ctx, s, "how to turn the speaker on remotely from my laptop")
	if err != nil {
		t.Fatal(err)
	}
	if first.Action != Clarification || len(first.Options) != 1 {
		t.Fatalf("first turn: %s with %d options (%q), want Is it about this?", first.Action, len(first.Options), first.Text)
	}
	r, err := a.Respond(ctx, s, "what else can i try?")
	if err != nil {
		t.Fatal(err)
	}
	if r.Text == first.Text && len(r.Options) == 1 && r.Options[0].NodeID == first.Options[0].NodeID {
		t.Errorf("asked %q about %q twice in a row", r.Text, r.Options[0].NodeID)
	}
}

// sheetGraph is a spreadsheet's help: a section on keeping header rows
// or columns in view that never says "first", and pages that do, so a
// follow-up's "first" is a word of the help center's, not the section's.
func sheetGraph() *graph.Graph {
	const (
		freeze = "https://help.example/freeze"
		sort   = "https://help.example/sort"
		print  = "https://help.example/print"
		width  = "https://help.example/width"
	)
	return &graph.Graph{
		Pages: []graph.Page{{URL: freeze, Title: "Freezing rows or columns as headers"}, {URL: sort, Title: "Sorting"},
			{URL: print, Title: "Printing"}, {URL: width, Title: "Column width"}},
		Nodes: []graph.Node{
			{ID: "freeze", Page: freeze, Problem: "Freeze rows or columns as headers", Root: true, Actionable: true,
				Resolution: "Frozen header rows or columns stay visible while you scroll through the rest of the sheet.\n" +
					"1. Select the row below, or the column to the right of, the rows or columns to freeze.\n2. Choose View - Freeze Rows and Columns."},
			{ID: "sort", Page: sort, Problem: "Sort by the first column", Root: true, Actionable: true,
				Resolution: "Click the first cell of the data, then choose Data - Sort Ascending."},
			{ID: "print", Page: print, Problem: "Print only the first page", Root: true, Actionable: true,
				Resolution: "Choose File - Print and type 1 in the Pages box."},
			{ID: "width", Page: width, Problem: "Change a column's width", Root: true, Actionable: true,
				Resolution: "Drag the border of the column header, or choose Format - Columns - Width. Select several columns to give them one width."},
		},
	}
}

// TestFollowUpOpenerOnAnswer: after the steps to keep a header row in
// view, "and the first column too?" (a follow-up opener; "first" a word
// of other pages, not of the section) whose best match is the section
// just answered gets that section, not "Is it about this?" of it.
func TestFollowUpOpenerOnAnswer(t *testing.T) {
	a := NewGraphAgent(sheetGraph(), Options{})
	s := &Session{}
	ctx := context.Background()
	first, err := a.Respond(ctx, s, "how can i keep the header row visible when i scroll")
	if err != nil || first.Action != Resolution || first.NodeID != "freeze" {
		t.Fatalf("first turn: %s at %q, %v", first.Action, first.NodeID, err)
	}
	r, err := a.Respond(ctx, s, "and the first column too?")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID != "freeze" {
		t.Errorf("got %s at %q (%q) with options %v, want the section answered", r.Action, r.NodeID, r.Text, r.Options)
	}
}

// TestDoThatOnAnswer: after the steps to keep a header row in view, "can I
// do that for several sheets at once?" names the answer's action by "do
// that" (its object, no question about the answer itself such as "how
// long does it take?"); its best match, the section just answered, gets
// it, not "Is it about this?" of that section ("several" is another
// page's word).
func TestDoThatOnAnswer(t *testing.T) {
	a := NewGraphAgent(sheetGraph(), Options{})
	s := &Session{}
	ctx := context.Background()
	first, err := a.Respond(ctx, s, "how can i keep the header row visible when i scroll")
	if err != nil || first.Action != Resolution || first.NodeID != "freeze" {
		t.Fatalf("first turn: %s at %q, %v", first.Action, first.NodeID, err)
	}
	r, err := a.Respond(ctx, s, "can i do that for several sheets at once?")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID != "freeze" {
		t.Errorf("got %s at %q (%q) with options %v, want the section answered", r.Action, r.NodeID, r.Text, r.Options)
	}
}

package dialogue

import (
	"context"
	"testing"

	"github.com/helpgraph/helpgraph/graph"
)

// TestAsksOfAsked checks the rule on plain readings: a short question
// naming by a pronoun the topic "Is it about this?" asks about takes it.
func TestAsksOfAsked(t *testing.T) {
	stays := func() bool { return false }
	moves := func() bool { return true }
	open := askedState{open: true, pageWords: true, movesAway: stays}
	for _, tc := range []struct {
		name string
		r    reading
		st   askedState
		want bool
	}{
		{"that, to is it about this", reading{text: "how can i change that?", terms: []string{"chang"}, question: true, pronoun: true}, open, true},
		{"it as the subject", reading{text: "does it work on a mac?", terms: []string{"work", "mac"}, question: true, refersBack: true}, open, true},
		{"no question open", reading{text: "how can i change that?", terms: []string{"chang"}, question: true, pronoun: true}, askedState{pageWords: true, movesAway: stays}, false},
		{"moves away", reading{text: "how does she accept or reject them", terms: []string{"accept", "reject"}, question: true, pronoun: true}, askedState{open: true, pageWords: true, movesAway: moves}, false},
		{"names the topic asked", reading{text: "how do i lock it?", terms: []string{"lock"}, question: true, pronoun: true}, askedState{open: true, pageWords: true, namesAsked: true, movesAway: moves}, true},
		{"no word of the pages", reading{text: "how can i zorble that?", terms: []string{"zorbl"}, question: true, pronoun: true}, askedState{open: true, movesAway: stays}, false},
		{"no pronoun", reading{text: "how can i change the delay?", terms: []string{"chang", "delay"}, question: true}, open, false},
		{"a statement", reading{text: "i changed that", terms: []string{"chang"}, pronoun: true}, open, false},
		{"a no", reading{text: "no, how do i change it?", terms: []string{"chang"}, question: true, pronoun: true, lead: ActNo}, open, false},
		{"says what it is about", reading{text: "can i change it for the whole lock screen wallpaper?", terms: []string{"chang", "whole", "lock", "screen", "wallpap"}, question: true, pronoun: true}, open, false},
		{"no words", reading{text: "can i do it?", question: true, pronoun: true}, open, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := asksOfAsked(&tc.r, tc.st); got != tc.want {
				t.Errorf("asksOfAsked = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestPronounQuestionToAsked: "the screen goes black after a few minutes"
// is asked about the section on the screen locking itself ("black" no
// page's word); "how can I change that?" then asks about that section
// (its part on the delay says how), not about changing the resolution,
// where its own word alone led.
func TestPronounQuestionToAsked(t *testing.T) {
	const (
		lock  = "https://help.example/screen-lock"
		disp  = "https://help.example/display"
		paper = "https://help.example/wallpaper"
		clock = "https://help.example/clock"
	)
	g := &graph.Graph{
		Pages: []graph.Page{{URL: lock, Title: "Screen lock"}, {URL: disp, Title: "Display"}, {URL: paper, Title: "Wallpaper"}, {URL: clock, Title: "Clock"}},
		Edges: []graph.Edge{{From: "lock", To: "delay", Type: graph.Child}},
		Nodes: []graph.Node{
			{ID: "lock", Page: lock, Problem: "The screen locks itself too quickly", Root: true, Actionable: true,
				Resolution: "After a few minutes without use the screen locks itself, so that nobody can use the computer while you are away."},
			{ID: "delay", Page: lock, Problem: "Automatic screen lock delay", Actionable: true,
				Resolution: "To change how long it waits, open Privacy - Screen Lock and choose a longer Automatic Screen Lock Delay."},
			{ID: "resolution", Page: disp, Problem: "Change the screen resolution", Root: true, Actionable: true,
				Resolution: "Open Displays, choose a resolution and click Apply."},
			{ID: "wallpaper", Page: paper, Problem: "Change the wallpaper", Root: true, Actionable: true,
				Resolution: "Right-click the desktop and choose Change Background."},
			{ID: "clock", Page: clock, Problem: "Show seconds on the clock", Root: true, Actionable: true,
				Resolution: "Open Date & Time and switch on Seconds; the clock then counts every second and minute."},
		},
	}
	a, s := NewGraphAgent(g, Options{}), &Session{}
	ctx := context.Background()
	asked, err := a.Respond(ctx, s, "the screen goes black after a few minutes")
	if err != nil || asked.Action != Clarification || len(asked.Options) != 1 || asked.Options[0].NodeID != "lock" {
		t.Fatalf("first reply %s %q %v, %v: want Is it about this? of the screen lock", asked.Action, asked.Text, asked.Options, err)
	}
	r, err := a.Respond(ctx, s, "how can i change that?")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Resolution || r.NodeID != "lock" && r.NodeID != "delay" {
		t.Errorf("got %s at %q (%q), want the screen lock section", r.Action, r.NodeID, r.Text)
	}
}

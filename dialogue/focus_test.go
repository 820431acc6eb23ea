package dialogue

import (
	"context"
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

// TestFocusFirstAnswerMidConversation: later in a conversation, a long
// section's first answer starts at the point the question asks about
// beyond the section's heading; a conversation's opening request, or one
// that only names the section, gets its opening.
func TestFocusFirstAnswerMidConversation(t *testing.T) {
	sentences := longSection
	g := &graph.Graph{Nodes: []graph.Node{
		{ID: "apply", Page: "https://help.example.com/apply", Problem: "Apply for retirement benefits", Resolution: strings.Join(sentences, " "), Actionable: true, Root: true},
		{ID: "hours", Page: "https://help.example.com/hours", Problem: "Office opening hours", Resolution: "Our offices are open from 9 to 5 on weekdays.", Actionable: true, Root: true},
	}}
	for _, tc := range []struct {
		name, first, then string
		opens             string
	}{
		{"a point asked mid-conversation", "when are your offices open?", "I applied for retirement benefits: what if I disagree with the decision?", "If you disagree"},
		{"the heading named mid-conversation", "when are your offices open?", "apply for retirement benefits", sentences[0]},
		{"a point asked to open the conversation", "", "I applied for retirement benefits: what if I disagree with the decision?", sentences[0]},
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
				t.Errorf("got %s at %q: %q, want it to open with %q", r.Action, r.NodeID, r.Text, tc.opens)
			}
		})
	}
}

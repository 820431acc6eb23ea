package dialogue

import (
	"context"
	"slices"
	"testing"
)

// "Is it about this?" asked again (the customer said nothing that answers
// it: "so"; a question such as "how?" is not asked it again, see
// TestNoSameQuestionTwice) cites the page it asks about, as the first time did.
func TestAskedAgainCitesWhatItAsksAbout(t *testing.T) {
	ctx := context.Background()
	a := fixtureAgent(t, Options{})
	s := &Session{ID: "ask-again-sources"}
	first, err := a.Respond(ctx, s, "my points never showed up after my trip last month")
	if err != nil {
		t.Fatal(err)
	}
	if first.Action != Clarification || len(first.Options) != 1 || len(first.Sources) == 0 {
		t.Fatalf("first reply: %s %q %v %v; want a topic suggested with its page", first.Action, first.Text, first.Options, first.Sources)
	}
	again, err := a.Respond(ctx, s, "so")
	if err != nil {
		t.Fatal(err)
	}
	if again.Text != first.Text || !slices.Equal(again.Sources, first.Sources) {
		t.Errorf("asked again: %q citing %v; want %q citing %v", again.Text, again.Sources, first.Text, first.Sources)
	}
}

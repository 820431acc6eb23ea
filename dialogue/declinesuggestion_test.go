package dialogue

import (
	"context"
	"strings"
	"testing"
)

func TestSuggestedOnMiss(t *testing.T) {
	opt := []Option{{Label: "Earning points", Value: "earn", NodeID: "earn"}}
	for _, tc := range []struct {
		name string
		s    Session
		want bool
	}{
		{"suggested on a miss", Session{PendingOptions: opt}, true},
		{"a doubted node asked about", Session{PendingOptions: opt, Doubted: "earn"}, false},
		{"a node's situations", Session{PendingOptions: opt, CurrentNode: "change"}, false},
		{"nothing pending", Session{}, false},
	} {
		if got := suggestedOnMiss(&tc.s); got != tc.want {
			t.Errorf("%s: suggestedOnMiss = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// "Is it about this?" (a topic suggested for a request that matched
// nothing) "No.": the customer is asked to say it another way, not handed
// over after one request; the miss still counts.
func TestNoToASuggestionAsksAgain(t *testing.T) {
	ctx := context.Background()
	a := fixtureAgent(t, Options{})
	s := &Session{ID: "no-to-suggestion"}
	r, err := a.Respond(ctx, s, "my points never showed up after my trip last month")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Clarification || len(r.Options) != 1 || s.CurrentNode != "" {
		t.Fatalf("first reply: %s %q %v; want a topic suggested on a miss", r.Action, r.Text, r.Options)
	}
	r, err = a.Respond(ctx, s, "no")
	if err != nil {
		t.Fatal(err)
	}
	if r.Action != Clarification || !strings.Contains(r.Text, "describe your situation") {
		t.Fatalf(`"no" to the suggestion: %s %q; want to be asked to describe it`, r.Action, r.Text)
	}
	if s.Rephrases != 1 {
		t.Errorf("after the no: %d misses counted, want 1 (the request's): the next miss hands over", s.Rephrases)
	}
}

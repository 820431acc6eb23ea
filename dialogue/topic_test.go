package dialogue

import (
	"slices"
	"testing"

	"github.com/helpgraph/helpgraph/internal/lexical"
)

func TestTopicReadsEachMessageOnce(t *testing.T) {
	a := NewGraphAgent(sampleGraph(t), Options{})
	s := &Session{History: []Turn{
		{Role: "user", Text: "I want to cancel my booking 48213"},
		{Role: "agent", Text: "..."},
		{Role: "user", Text: "start over"},
		{Role: "agent", Text: "..."},
		{Role: "user", Text: "my card was declined"},
		{Role: "agent", Text: "..."},
		{Role: "user", Text: "by phone"},
		{Role: "user", Text: "and now?"}, // the message being answered
	}}
	want := slices.Concat(a.an.terms(lexical.Mask("by phone")), a.an.terms(lexical.Mask("my card was declined")))
	if got := a.topic(s); !slices.Equal(got, want) {
		t.Fatalf("topic = %q, want %q (the restart ends it)", got, want)
	}
	reads := 0
	count := func(text string) earlierMessage { reads++; return a.readEarlier(text) }
	for range 3 {
		for _, turn := range s.History {
			a.earlier.get(turn.Text, count)
		}
	}
	// The topic above read the message being answered (whether it starts
	// afresh) and the three user messages it reached (the start over
	// included); the other two texts are read once here.
	if reads != 2 {
		t.Errorf("%d reads of messages the topic already read or read once before, want 2", reads)
	}
	if got := a.topic(s); !slices.Equal(got, want) {
		t.Errorf("topic from the cache = %q, want %q", got, want)
	}
}

package conversation_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
)

func saveConversation(t *testing.T, db *conversation.DB, turns []dialogue.Turn, h *conversation.Handoff) string {
	t.Helper()
	s, err := db.Create(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s.History = turns
	if err := db.Save(context.Background(), &s, 0, h); err != nil {
		t.Fatal(err)
	}
	return s.ID
}

func user(text string) dialogue.Turn { return dialogue.Turn{Role: "user", Text: text} }
func agent(a dialogue.Action, node string) dialogue.Turn {
	return dialogue.Turn{Role: "agent", Text: "…", Action: a, NodeID: node}
}

func TestGaps(t *testing.T) {
	ctx := context.Background()
	db, _ := open(t)
	// Escalated after a question matched n1; the example is the question,
	// not the request for a person.
	saveConversation(t, db, []dialogue.Turn{
		user("my refund never arrived"), agent(dialogue.Clarification, "n1"),
		user("talk to a human"), agent(dialogue.Escalation, ""),
	}, &conversation.Handoff{})
	// An answer at n2 rated 👎, and one at n1 rated 👍 (not a gap).
	rated := saveConversation(t, db, []dialogue.Turn{
		user("how do I reset my password"), agent(dialogue.Resolution, "n2"),
		user("and my refund?"), agent(dialogue.Resolution, "n1"),
	}, nil)
	if err := db.RecordFeedback(ctx, rated, 1, false); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordFeedback(ctx, rated, 3, true); err != nil {
		t.Fatal(err)
	}
	// Nothing matched: asked to rephrase, twice; a greeting is no gap, and
	// after starting over the old question is forgotten.
	saveConversation(t, db, []dialogue.Turn{
		user("hello"), agent(dialogue.Clarification, ""),
		user("my parrot ate the invoice"), agent(dialogue.Clarification, ""),
		user("start over"), agent(dialogue.Clarification, ""),
		user("hello"), agent(dialogue.Clarification, ""),
		user("the parrot again"), agent(dialogue.Clarification, ""),
	}, nil)

	events, err := db.GapEvents(ctx, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	got := map[conversation.GapKind][]string{}
	for _, e := range events {
		got[e.Kind] = append(got[e.Kind], e.NodeID+": "+e.Utterance)
	}
	want := map[conversation.GapKind][]string{
		conversation.GapEscalated: {"n1: my refund never arrived"},
		conversation.GapUnhelpful: {"n2: how do I reset my password"},
		conversation.GapRephrase:  {": my parrot ate the invoice", ": the parrot again"},
	}
	for k := range want {
		if !sameSet(got[k], want[k]) {
			t.Errorf("%s events = %q, want %q", k, got[k], want[k])
		}
	}
	if len(events) != 4 {
		t.Errorf("%d events, want 4: %+v", len(events), events)
	}

	gaps := conversation.GroupGaps(events, func(id string) string { return "https://help.example/" + id })
	if len(gaps) != 3 || gaps[0].NodeID != "" || gaps[0].Total != 2 || gaps[0].Page != "" ||
		!reflect.DeepEqual(gaps[0].Counts, map[conversation.GapKind]int{conversation.GapRephrase: 2}) {
		t.Fatalf("gaps = %+v", gaps)
	}
	if gaps[1].NodeID != "n1" || gaps[1].Page != "https://help.example/n1" || gaps[1].Counts[conversation.GapEscalated] != 1 ||
		!reflect.DeepEqual(gaps[1].Examples, []string{"my refund never arrived"}) {
		t.Errorf("n1 gap = %+v", gaps[1])
	}

	days, err := db.Daily(ctx, 7)
	if err != nil {
		t.Fatal(err)
	}
	today := days[len(days)-1]
	if len(days) != 7 || today.Conversations != 3 || today.Resolved != 1 || today.Escalated != 1 || today.Helpful != 1 || today.Not != 1 {
		t.Errorf("today = %+v (of %d days)", today, len(days))
	}
	if days[0].Conversations != 0 || !days[0].Day.Equal(today.Day.AddDate(0, 0, -6)) {
		t.Errorf("first day = %+v", days[0])
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, s := range a {
		seen[s]++
	}
	for _, s := range b {
		seen[s]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}

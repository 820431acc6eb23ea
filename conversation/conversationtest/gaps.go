package conversationtest

import (
	"context"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
)

func testGaps(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	// Escalated after a question matched n1; the example is the question,
	// not the request for a person.
	saved(t, db, []dialogue.Turn{
		user("my refund never arrived"), agent(dialogue.Clarification, "n1"),
		user("talk to a human"), agent(dialogue.Escalation, ""),
	}, &conversation.Handoff{})
	// An answer at n2 rated 👎, and one at n1 rated 👍 (not a gap).
	rated := saved(t, db, []dialogue.Turn{
		user("how do I reset my password"), agent(dialogue.Resolution, "n2"),
		user("and my refund?"), agent(dialogue.Resolution, "n1"),
	}, nil)
	if err := db.RecordFeedback(ctx, rated.ID, 1, false); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordFeedback(ctx, rated.ID, 3, true); err != nil {
		t.Fatal(err)
	}
	// Nothing matched: asked to rephrase, twice; a greeting is no gap, and
	// after starting over the old question is forgotten.
	saved(t, db, []dialogue.Turn{
		user("hello"), agent(dialogue.Clarification, ""),
		user("my parrot ate the invoice"), agent(dialogue.Clarification, ""),
		user("start over"), agent(dialogue.Clarification, ""),
		user("hello"), agent(dialogue.Clarification, ""),
		user("the parrot again"), agent(dialogue.Clarification, ""),
	}, nil)
	// A conversation without a customer message counts nowhere.
	if _, err := db.Create(ctx, ""); err != nil {
		t.Fatal(err)
	}

	events, err := db.GapEvents(ctx, time.Now().Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	got := map[conversation.GapKind][]string{}
	for _, e := range events {
		got[e.Kind] = append(got[e.Kind], e.NodeID+": "+e.Utterance)
		if e.At.IsZero() || e.ConversationID == "" {
			t.Errorf("event without time or conversation: %+v", e)
		}
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
	if later, err := db.GapEvents(ctx, time.Now().Add(time.Hour)); err != nil || len(later) != 0 {
		t.Errorf("GapEvents since an hour from now = %+v, %v; want none", later, err)
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
	if len(days) != 7 {
		t.Fatalf("%d days, want 7", len(days))
	}
	today := days[len(days)-1]
	if today.Conversations != 3 || today.Resolved != 1 || today.Escalated != 1 || today.Helpful != 1 || today.Not != 1 {
		t.Errorf("today = %+v", today)
	}
	if wantDay := time.Now().UTC().Truncate(24 * time.Hour); !today.Day.Equal(wantDay) {
		t.Errorf("today is %v, want %v", today.Day, wantDay)
	}
	if days[0].Conversations != 0 || !days[0].Day.Equal(today.Day.AddDate(0, 0, -6)) {
		t.Errorf("first day = %+v", days[0])
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

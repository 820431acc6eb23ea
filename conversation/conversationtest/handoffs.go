package conversationtest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sync"
	"testing"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
)

// escalated stores a conversation of two turns handed off to a person.
func escalated(t *testing.T, db conversation.Store) (dialogue.Session, *conversation.Handoff) {
	t.Helper()
	ctx := context.Background()
	s, err := db.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	s.Escalated = true
	s.History = []dialogue.Turn{{Role: "user", Text: "talk to a human"}, {Role: "agent", Text: "Of course", Action: dialogue.Escalation, NodeID: "n1"}}
	h := &conversation.Handoff{Intent: "refund", Transcript: s.History, AwaitingContact: true,
		Path: []conversation.Step{{NodeID: "n1", Label: "Refunds"}}, Sources: []string{"https://help.example/refunds"}}
	if err := db.Save(ctx, &s, 0, h); err != nil {
		t.Fatal(err)
	}
	return s, h
}

func testHandoffLifecycle(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	s, err := db.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	s.Confirmed = []string{"booked by phone"}
	s.Escalated = true
	s.History = []dialogue.Turn{{Role: "user", Text: "help"}, {Role: "agent", Text: "A person will help", Action: dialogue.Escalation}}
	h := &conversation.Handoff{Intent: "change booking", Confirmed: s.Confirmed, Transcript: s.History}
	if err := db.Save(ctx, &s, 0, h); err != nil {
		t.Fatal(err)
	}
	if h.ID == 0 || h.ConversationID != s.ID || h.Status != conversation.StatusOpen || h.CreatedAt.IsZero() || h.Ref == "" {
		t.Fatalf("handoff not filled in: %+v", h)
	}
	waiting, err := db.Handoffs(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(waiting) != 1 || waiting[0].ID != h.ID || waiting[0].Ref != h.Ref || waiting[0].Intent != "change booking" ||
		!reflect.DeepEqual(waiting[0].Transcript, s.History) ||
		!reflect.DeepEqual(waiting[0].Confirmed, []string{"booked by phone"}) || waiting[0].Handled() ||
		!waiting[0].CreatedAt.Equal(h.CreatedAt) || waiting[0].Path == nil || waiting[0].Sources == nil {
		t.Fatalf("waiting handoffs = %+v, saved %+v", waiting, h)
	}
	// A second handoff of another conversation, later: oldest first.
	s2, h2 := escalated(t, db)
	if h2.ID == h.ID || h2.Ref == h.Ref {
		t.Errorf("two handoffs share id or ref: %+v, %+v", h, h2)
	}
	if err := db.SetStatus(ctx, h.ID, conversation.StatusClosed); err != nil {
		t.Fatal(err)
	}
	if waiting, _ := db.Handoffs(ctx, true); len(waiting) != 1 || waiting[0].ID != h2.ID {
		t.Errorf("after closing the first, waiting = %+v", waiting)
	}
	all, _ := db.Handoffs(ctx, false)
	if len(all) != 2 || all[0].ID != h.ID || !all[0].Handled() || all[1].ID != h2.ID {
		t.Errorf("all handoffs = %+v, want the closed one, then the open one", all)
	}
	got, err := db.Handoff(ctx, h.ID)
	if err != nil || !got.Handled() || got.HandledAt.IsZero() {
		t.Fatalf("Handoff(%d) = %+v, %v", h.ID, got, err)
	}
	// Closing again keeps the first close time; reopening clears it.
	if err := db.SetStatus(ctx, h.ID, conversation.StatusClosed); err != nil {
		t.Fatal(err)
	}
	if again, _ := db.Handoff(ctx, h.ID); !again.HandledAt.Equal(got.HandledAt) {
		t.Errorf("closing twice moved the close time from %v to %v", got.HandledAt, again.HandledAt)
	}
	if err := db.SetStatus(ctx, h.ID, conversation.StatusOpen); err != nil {
		t.Fatal(err)
	}
	if again, _ := db.Handoff(ctx, h.ID); again.Status != conversation.StatusOpen || !again.HandledAt.IsZero() {
		t.Errorf("reopened handoff = %+v", again)
	}
	if latest, err := db.LatestHandoff(ctx, s2.ID); err != nil || latest.ID != h2.ID {
		t.Errorf("LatestHandoff = %+v, %v", latest, err)
	}
}

// testHandoffRefTaken: a new handoff with a reference another has is
// ErrRefTaken and saves nothing of the turn; another reference then saves.
func testHandoffRefTaken(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	_, first := escalated(t, db)
	s, err := db.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	s.Escalated = true
	s.History = []dialogue.Turn{user("a person please"), agent(dialogue.Escalation, "n1")}
	h := &conversation.Handoff{Ref: first.Ref, Intent: "refund", Transcript: s.History}
	if err := db.Save(ctx, &s, 0, h); !errors.Is(err, conversation.ErrRefTaken) {
		t.Fatalf("Save with a taken reference = %v, want ErrRefTaken", err)
	}
	if got, err := db.Get(ctx, s.ID); err != nil || len(got.History) != 0 || got.Escalated {
		t.Fatalf("after the refused save, conversation = %+v, %v; want it as created", got, err)
	}
	if _, err := db.LatestHandoff(ctx, s.ID); !errors.Is(err, conversation.ErrNotFound) {
		t.Errorf("after the refused save, LatestHandoff = %v, want ErrNotFound", err)
	}
	h.Ref = conversation.NewRef()
	if err := db.Save(ctx, &s, 0, h); err != nil {
		t.Fatalf("Save with a new reference: %v", err)
	}
	if got, err := db.LatestHandoff(ctx, s.ID); err != nil || got.Ref != h.Ref || got.ID == first.ID {
		t.Errorf("LatestHandoff = %+v, %v; want the new handoff %s", got, err, h.Ref)
	}
}

func testHandoffWithAPerson(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	s, h := escalated(t, db)
	if !regexp.MustCompile(`^HG-[2-9A-Z]{6}$`).MatchString(h.Ref) || h.Status != conversation.StatusOpen {
		t.Fatalf("new handoff = %+v", h)
	}

	// The customer leaves an e-mail address: saved with the turns.
	s.History = append(s.History, dialogue.Turn{Role: "user", Text: "jane@example.com"}, dialogue.Turn{Role: "agent", Text: "Thanks", Action: "handoff"})
	if err := db.SaveFollowUp(ctx, &s, 2, conversation.FollowUp{HandoffID: h.ID, Contact: "jane@example.com"}); err != nil {
		t.Fatal(err)
	}
	// A person replies: the reply is the conversation's next turn.
	seq, err := db.Reply(ctx, h.ID, "We have refunded you. See [refunds](https://help.example/refunds).")
	if err != nil || seq != 4 {
		t.Fatalf("Reply = %d, %v; want turn 4", seq, err)
	}
	got, _ := db.Handoff(ctx, h.ID)
	if got.Status != conversation.StatusAnswered || got.Contact != "jane@example.com" || got.AwaitingContact ||
		!reflect.DeepEqual(got.Path, h.Path) || !reflect.DeepEqual(got.Sources, h.Sources) || got.UpdatedAt.Before(got.CreatedAt) {
		t.Errorf("after the reply, handoff = %+v", got)
	}
	// The customer writes again: open again, contact kept.
	conv, err := db.Get(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(conv.History); n != 5 || conv.History[4].Role != conversation.RoleSupport {
		t.Fatalf("history = %+v, want the support reply last", conv.History)
	}
	from := len(conv.History)
	conv.History = append(conv.History, dialogue.Turn{Role: "user", Text: "thanks, one more thing"})
	if err := db.SaveFollowUp(ctx, &conv, from, conversation.FollowUp{HandoffID: h.ID}); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Handoff(ctx, h.ID); got.Status != conversation.StatusOpen || got.Contact != "jane@example.com" {
		t.Errorf("after the customer wrote again, handoff = %+v", got)
	}
	if err := db.SetStatus(ctx, h.ID, conversation.StatusClosed); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	// All of it is there after reopening.
	db2 := open()
	latest, err := db2.LatestHandoff(ctx, s.ID)
	if err != nil || latest.ID != h.ID || !latest.Handled() || latest.HandledAt.IsZero() {
		t.Errorf("LatestHandoff = %+v, %v", latest, err)
	}
	if waiting, _ := db2.Handoffs(ctx, true); len(waiting) != 0 {
		t.Errorf("closed handoff still waiting: %+v", waiting)
	}
	if err := db2.SaveFollowUp(ctx, &conv, len(conv.History), conversation.FollowUp{HandoffID: 999}); !errors.Is(err, conversation.ErrNotFound) {
		t.Errorf("SaveFollowUp unknown handoff = %v", err)
	}
	// A handoff of another conversation is not this one's.
	_, other := escalated(t, db2)
	if err := db2.SaveFollowUp(ctx, &conv, len(conv.History), conversation.FollowUp{HandoffID: other.ID}); !errors.Is(err, conversation.ErrNotFound) {
		t.Errorf("SaveFollowUp on another conversation's handoff = %v", err)
	}
}

// A failed follow-up saves nothing: turns and handoff change go together.
func testFollowUpIsAtomic(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	s, h := escalated(t, db)
	s.History = append(s.History, dialogue.Turn{Role: "user", Text: "lost?"})
	if err := db.SaveFollowUp(ctx, &s, 2, conversation.FollowUp{HandoffID: h.ID + 12345, Contact: "x@example.com"}); err == nil {
		t.Fatal("follow-up on another handoff: no error")
	}
	got, _ := db.Get(ctx, s.ID)
	if len(got.History) != 2 {
		t.Errorf("history after a failed follow-up = %+v, want the 2 turns before", got.History)
	}
	// And a failed Save records no handoff: its turn 0 exists already.
	if err := db.Save(ctx, &s, 0, &conversation.Handoff{Intent: "again"}); err == nil {
		t.Fatal("Save of turns already saved: no error")
	}
	if hs, _ := db.Handoffs(ctx, false); len(hs) != 1 {
		t.Errorf("after a failed Save, handoffs = %+v, want the one before", hs)
	}
}

// A conversation has at most one handoff that is not closed: a second is
// ErrConflict and saves nothing of its turn, as are turns saved at
// positions taken; once the first is closed a new one may be filed, and
// the old one cannot then be reopened or answered.
func testOneOpenHandoff(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	s, first := escalated(t, db)
	again := s
	again.History = append(append([]dialogue.Turn(nil), s.History...), user("a person, now"), agent(dialogue.Escalation, "n1"))
	if err := db.Save(ctx, &again, 2, &conversation.Handoff{Intent: "again"}); !errors.Is(err, conversation.ErrConflict) {
		t.Fatalf("a second handoff while the first is open: %v, want ErrConflict", err)
	}
	if got, _ := db.Get(ctx, s.ID); len(got.History) != 2 {
		t.Errorf("after the refused handoff, %d turns, want the 2 before", len(got.History))
	}
	if latest, err := db.LatestHandoff(ctx, s.ID); err != nil || latest.ID != first.ID {
		t.Errorf("LatestHandoff = %+v, %v; want the first, %d", latest, err, first.ID)
	}
	// Answered is not closed either.
	if _, err := db.Reply(ctx, first.ID, "on it"); err != nil {
		t.Fatal(err)
	}
	again.History = append(append([]dialogue.Turn(nil), s.History...), dialogue.Turn{Role: conversation.RoleSupport, Text: "on it"},
		user("a person, now"), agent(dialogue.Escalation, "n1"))
	if err := db.Save(ctx, &again, 3, &conversation.Handoff{Intent: "again"}); !errors.Is(err, conversation.ErrConflict) {
		t.Fatalf("a second handoff while the first is answered: %v, want ErrConflict", err)
	}
	// Turns at a position saved before (another replica came first).
	if err := db.Save(ctx, &again, 2, nil); !errors.Is(err, conversation.ErrConflict) {
		t.Errorf("turns saved twice: %v, want ErrConflict", err)
	}
	if err := db.SaveFollowUp(ctx, &again, 2, conversation.FollowUp{HandoffID: first.ID}); !errors.Is(err, conversation.ErrConflict) {
		t.Errorf("follow-up turns saved twice: %v, want ErrConflict", err)
	}

	if err := db.SetStatus(ctx, first.ID, conversation.StatusClosed); err != nil {
		t.Fatal(err)
	}
	second := &conversation.Handoff{Intent: "again"}
	if err := db.Save(ctx, &again, 3, second); err != nil {
		t.Fatalf("a new handoff once the first is closed: %v", err)
	}
	for _, st := range []conversation.Status{conversation.StatusOpen, conversation.StatusAnswered} {
		if err := db.SetStatus(ctx, first.ID, st); !errors.Is(err, conversation.ErrConflict) {
			t.Errorf("reopening the first handoff as %s beside the second: %v, want ErrConflict", st, err)
		}
	}
	if _, err := db.Reply(ctx, first.ID, "late"); !errors.Is(err, conversation.ErrConflict) {
		t.Errorf("answering the closed first handoff beside the second: %v, want ErrConflict", err)
	}
	if got, _ := db.Handoff(ctx, first.ID); !got.Handled() {
		t.Errorf("the first handoff after the refused changes: %+v, want it closed", got)
	}
	if waiting, err := db.Handoffs(ctx, true); err != nil || len(waiting) != 1 || waiting[0].ID != second.ID {
		t.Errorf("waiting = %+v, %v; want only the second", waiting, err)
	}
	// Closing the closed one again is allowed (it changes nothing).
	if err := db.SetStatus(ctx, first.ID, conversation.StatusClosed); err != nil {
		t.Errorf("closing a closed handoff: %v", err)
	}
}

// Many writers (on two handles where the engine allows) escalating one
// conversation at once, each from the same read of it: exactly one
// handoff is filed, and every other writer gets ErrConflict.
func testConcurrentEscalations(t *testing.T, open func() conversation.Store, shared bool) {
	ctx := context.Background()
	a := open()
	b := a
	if shared {
		b = open()
	}
	s, err := a.Create(ctx, "browser")
	if err != nil {
		t.Fatal(err)
	}
	const writers = 24
	var (
		mu        sync.Mutex
		filed     []*conversation.Handoff
		conflicts int
		wg        sync.WaitGroup
	)
	for i := range writers {
		db := a
		if i%2 == 1 {
			db = b
		}
		wg.Go(func() {
			mine := s
			mine.Escalated = true
			mine.History = []dialogue.Turn{user(fmt.Sprint("person please ", i)), agent(dialogue.Escalation, "n1")}
			h := &conversation.Handoff{Intent: fmt.Sprint("writer ", i)}
			err := db.Save(ctx, &mine, 0, h)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				filed = append(filed, h)
			case errors.Is(err, conversation.ErrConflict):
				conflicts++
			default:
				t.Errorf("writer %d: %v, want nil or ErrConflict", i, err)
			}
		})
	}
	wg.Wait()
	if len(filed) != 1 || conflicts != writers-1 {
		t.Fatalf("%d handoffs filed, %d conflicts; want 1 and %d", len(filed), conflicts, writers-1)
	}
	hs, err := b.Handoffs(ctx, false)
	if err != nil || len(hs) != 1 || hs[0].ID != filed[0].ID {
		t.Errorf("handoffs = %+v, %v; want only %d", hs, err, filed[0].ID)
	}
	got, err := b.Get(ctx, s.ID)
	if err != nil || len(got.History) != 2 || got.History[0].Text != "person please "+filed[0].Intent[len("writer "):] {
		t.Errorf("conversation = %+v, %v; want the winner's two turns", got.History, err)
	}
}

// ListHandoffs pages through handoffs newest first: every page at most
// Limit long, the next one from the last ID of this one, each filter
// seeing exactly its handoffs, none twice.
func testListHandoffs(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	if _, err := db.ListHandoffs(ctx, conversation.HandoffQuery{Limit: 0}); !errors.Is(err, conversation.ErrInvalid) {
		t.Errorf("a page of 0: %v, want ErrInvalid", err)
	}
	if _, err := db.ListHandoffs(ctx, conversation.HandoffQuery{Status: "lost", Limit: 5}); !errors.Is(err, conversation.ErrInvalid) {
		t.Errorf("an unknown status: %v, want ErrInvalid", err)
	}
	statuses := []conversation.Status{conversation.StatusOpen, conversation.StatusClosed, conversation.StatusAnswered,
		conversation.StatusOpen, conversation.StatusClosed, conversation.StatusOpen, conversation.StatusOpen}
	var ids []int64 // oldest first
	status := map[int64]conversation.Status{}
	for _, st := range statuses {
		_, h := escalated(t, db)
		if st != conversation.StatusOpen {
			if err := db.SetStatus(ctx, h.ID, st); err != nil {
				t.Fatal(err)
			}
		}
		ids = append(ids, h.ID)
		status[h.ID] = st
	}
	for _, q := range []conversation.HandoffQuery{
		{}, {All: true}, {Status: conversation.StatusOpen}, {Status: conversation.StatusAnswered}, {Status: conversation.StatusClosed},
	} {
		var want []int64
		for i := len(ids) - 1; i >= 0; i-- {
			st := status[ids[i]]
			if q.All || (q.Status == "" && st != conversation.StatusClosed) || st == q.Status {
				want = append(want, ids[i])
			}
		}
		var got []int64
		q.Limit = 2
		for page := 0; ; page++ {
			hs, err := db.ListHandoffs(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			if len(hs) > q.Limit || page > len(ids) {
				t.Fatalf("%+v: a page of %d", q, len(hs))
			}
			for _, h := range hs {
				got = append(got, h.ID)
			}
			if len(hs) < q.Limit {
				break
			}
			q.Before = hs[len(hs)-1].ID
		}
		if !reflect.DeepEqual(got, want) {
			q.Before = 0
			t.Errorf("%+v: pages give %v, want %v", q, got, want)
		}
	}
}

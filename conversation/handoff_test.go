package conversation_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"reflect"
	"regexp"
	"testing"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
)

// escalated stores a conversation of two turns handed off to a person.
func escalated(t *testing.T, db *conversation.DB) (dialogue.Session, *conversation.Handoff) {
	t.Helper()
	ctx := context.Background()
	s, err := db.Create(ctx)
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

func TestHandoffConversationWithAPerson(t *testing.T) {
	ctx := context.Background()
	db, path := open(t)
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
		!reflect.DeepEqual(got.Path, h.Path) || !reflect.DeepEqual(got.Sources, h.Sources) {
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
	if err := db.SetStatus(ctx, h.ID, "pending"); !errors.Is(err, conversation.ErrInvalid) {
		t.Errorf("SetStatus(pending) = %v, want ErrInvalid", err)
	}
	db.Close()

	// All of it is there after reopening.
	db2, err := conversation.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	latest, err := db2.LatestHandoff(ctx, s.ID)
	if err != nil || latest.ID != h.ID || !latest.Handled() || latest.HandledAt.IsZero() {
		t.Errorf("LatestHandoff = %+v, %v", latest, err)
	}
	if waiting, _ := db2.Handoffs(ctx, true); len(waiting) != 0 {
		t.Errorf("closed handoff still waiting: %+v", waiting)
	}
	if _, err := db2.LatestHandoff(ctx, "nope"); !errors.Is(err, conversation.ErrNotFound) {
		t.Errorf("LatestHandoff unknown = %v", err)
	}
	if _, err := db2.Reply(ctx, 999, "hi"); !errors.Is(err, conversation.ErrNotFound) {
		t.Errorf("Reply unknown = %v", err)
	}
	if err := db2.SaveFollowUp(ctx, &conv, len(conv.History), conversation.FollowUp{HandoffID: 999}); !errors.Is(err, conversation.ErrNotFound) {
		t.Errorf("SaveFollowUp unknown handoff = %v", err)
	}
}

// A failed follow-up saves nothing: turns and handoff change go together.
func TestFollowUpIsAtomic(t *testing.T) {
	ctx := context.Background()
	db, _ := open(t)
	s, _ := escalated(t, db)
	s.History = append(s.History, dialogue.Turn{Role: "user", Text: "lost?"})
	if err := db.SaveFollowUp(ctx, &s, 2, conversation.FollowUp{HandoffID: 12345}); err == nil {
		t.Fatal("follow-up on another handoff: no error")
	}
	got, _ := db.Get(ctx, s.ID)
	if len(got.History) != 2 {
		t.Errorf("history after a failed follow-up = %+v, want the 2 turns before", got.History)
	}
}

func TestFeedback(t *testing.T) {
	ctx := context.Background()
	db, _ := open(t)
	s, err := db.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	s.History = []dialogue.Turn{{Role: "user", Text: "q"}, {Role: "agent", Text: "a", Action: dialogue.Resolution, NodeID: "n7"},
		{Role: "user", Text: "q2"}, {Role: "agent", Text: "which?", Action: dialogue.Clarification, NodeID: "n8"}}
	if err := db.Save(ctx, &s, 0, nil); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		seq  int
		want error
	}{{1, nil}, {0, conversation.ErrInvalid}, {3, conversation.ErrInvalid}, {9, conversation.ErrNotFound}} {
		if err := db.RecordFeedback(ctx, s.ID, tc.seq, true); !errors.Is(err, tc.want) {
			t.Errorf("RecordFeedback(turn %d) = %v, want %v", tc.seq, err, tc.want)
		}
	}
	// A second rating of the same answer replaces the first.
	if err := db.RecordFeedback(ctx, s.ID, 1, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Feedback(ctx, s.ID); !reflect.DeepEqual(got, map[int]bool{1: false}) {
		t.Errorf("Feedback = %v", got)
	}
	if got, _ := db.NodeRatings(ctx); !reflect.DeepEqual(got, []conversation.NodeRating{{NodeID: "n7", Helpful: 0, Not: 1}}) {
		t.Errorf("NodeRatings = %+v", got)
	}
}

// A database made before handoffs had statuses opens, upgraded: handled
// handoffs are closed, and every handoff has a reference.
func TestOpenUpgradesOldHandoffs(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.Exec(`
CREATE TABLE conversations (id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, state TEXT NOT NULL);
CREATE TABLE handoffs (id INTEGER PRIMARY KEY AUTOINCREMENT, conversation_id TEXT NOT NULL, created_at INTEGER NOT NULL,
	intent TEXT NOT NULL DEFAULT '', confirmed TEXT NOT NULL DEFAULT '[]', transcript TEXT NOT NULL DEFAULT '[]', handled_at INTEGER NOT NULL DEFAULT 0);
INSERT INTO conversations VALUES ('c1', 1, 1, '{}');
INSERT INTO handoffs (conversation_id, created_at, intent, handled_at) VALUES ('c1', 1000, 'a', 0), ('c1', 2000, 'b', 3000);`); err != nil {
		t.Fatal(err)
	}
	old.Close()
	db, err := conversation.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	hs, err := db.Handoffs(ctx, false)
	if err != nil || len(hs) != 2 {
		t.Fatalf("Handoffs = %+v, %v", hs, err)
	}
	if hs[0].Status != conversation.StatusOpen || hs[1].Status != conversation.StatusClosed || hs[0].Ref == "" || hs[0].Ref == hs[1].Ref {
		t.Errorf("upgraded handoffs = %+v", hs)
	}
}

func TestOwner(t *testing.T) {
	ctx := context.Background()
	db, _ := open(t)
	mine, err := db.CreateOwned(ctx, "browser-a")
	if err != nil {
		t.Fatal(err)
	}
	legacy, _ := db.Create(ctx)
	for _, tc := range []struct {
		id, owner string
		ok        bool
	}{
		{mine.ID, "browser-a", true},
		{mine.ID, "browser-b", false},
		{mine.ID, "", false},
		{"nope", "browser-a", false},
		{legacy.ID, "browser-b", true}, // claimed by the first to ask
		{legacy.ID, "browser-a", false},
	} {
		err := db.CheckOwner(ctx, tc.id, tc.owner)
		if tc.ok != (err == nil) || (err != nil && !errors.Is(err, conversation.ErrNotFound)) {
			t.Errorf("CheckOwner(%s, %q) = %v, want ok=%v", tc.id[:4], tc.owner, err, tc.ok)
		}
	}
	if err := db.SetOwner(ctx, mine.ID, "browser-c"); err != nil || db.CheckOwner(ctx, mine.ID, "browser-c") != nil {
		t.Errorf("SetOwner: %v", err)
	}
}

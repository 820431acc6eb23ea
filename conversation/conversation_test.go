package conversation_test

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
)

func open(t *testing.T) (*conversation.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sub", "conv.db")
	db, err := conversation.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, path
}

func TestSessionRoundTripAcrossReopen(t *testing.T) {
	ctx := context.Background()
	db, path := open(t)
	s, err := db.Create(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.ID) != 32 {
		t.Fatalf("id %q: want 32 hex chars", s.ID)
	}
	s.CurrentNode = "n1"
	s.Confirmed = []string{"booked online"}
	s.PendingOptions = []dialogue.Option{{Label: "Online", Value: "online", NodeID: "n2"}}
	s.History = append(s.History,
		dialogue.Turn{Role: "user", Text: "hi"},
		dialogue.Turn{Role: "agent", Text: "which?", Action: dialogue.Clarification, NodeID: "n1"})
	if err := db.Save(ctx, &s, 0, nil); err != nil {
		t.Fatal(err)
	}
	s.History = append(s.History, dialogue.Turn{Role: "user", Text: "online"})
	if err := db.Save(ctx, &s, 2, nil); err != nil {
		t.Fatal(err)
	}
	db.Close()

	db2, err := conversation.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	got, err := db2.Get(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, s) {
		t.Errorf("after reopen:\n got %+v\nwant %+v", got, s)
	}
}

func TestNotFound(t *testing.T) {
	ctx := context.Background()
	db, _ := open(t)
	if _, err := db.Get(ctx, "nope"); !errors.Is(err, conversation.ErrNotFound) {
		t.Errorf("Get unknown: %v, want ErrNotFound", err)
	}
	s := dialogue.Session{ID: "nope"}
	if err := db.Save(ctx, &s, 0, nil); !errors.Is(err, conversation.ErrNotFound) {
		t.Errorf("Save unknown: %v, want ErrNotFound", err)
	}
	if _, err := db.Handoff(ctx, 42); !errors.Is(err, conversation.ErrNotFound) {
		t.Errorf("Handoff unknown: %v, want ErrNotFound", err)
	}
	if err := db.MarkHandled(ctx, 42); !errors.Is(err, conversation.ErrNotFound) {
		t.Errorf("MarkHandled unknown: %v, want ErrNotFound", err)
	}
	if err := db.Save(ctx, &s, 3, nil); err == nil {
		t.Error("Save with from beyond history: no error")
	}
}

func TestHandoffLifecycle(t *testing.T) {
	ctx := context.Background()
	db, _ := open(t)
	s, err := db.Create(ctx)
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
	if h.ID == 0 || h.ConversationID != s.ID {
		t.Fatalf("handoff not filled in: %+v", h)
	}
	waiting, err := db.Handoffs(ctx, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(waiting) != 1 || waiting[0].Intent != "change booking" || !reflect.DeepEqual(waiting[0].Transcript, s.History) ||
		!reflect.DeepEqual(waiting[0].Confirmed, []string{"booked by phone"}) || waiting[0].Handled() {
		t.Fatalf("waiting handoffs = %+v", waiting)
	}
	if err := db.MarkHandled(ctx, h.ID); err != nil {
		t.Fatal(err)
	}
	if waiting, _ := db.Handoffs(ctx, true); len(waiting) != 0 {
		t.Errorf("after MarkHandled, waiting = %+v", waiting)
	}
	all, _ := db.Handoffs(ctx, false)
	if len(all) != 1 || !all[0].Handled() {
		t.Errorf("all handoffs = %+v, want one handled", all)
	}
	got, err := db.Handoff(ctx, h.ID)
	if err != nil || !got.Handled() {
		t.Errorf("Handoff(%d) = %+v, %v", h.ID, got, err)
	}
	if err := db.Ping(ctx); err != nil {
		t.Error(err)
	}
}

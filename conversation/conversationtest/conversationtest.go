// Package conversationtest holds the contract suite every
// conversation.Store engine must pass.
package conversationtest

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
)

// Opener opens a store. Every call opens the same data again, as another
// process (or another serve replica) would.
type Opener func(ctx context.Context) (conversation.Store, error)

// Options describe the engine under test.
type Options struct {
	// OneWriter is set for an engine that one process (one open store) at
	// a time may write: the suite then checks that a second open store is
	// refused instead of that it shares the first one's data.
	OneWriter bool
}

// TestStore runs the contract suite. fresh must return, on every call, an
// Opener of a new, empty store; the suite closes every store it opens.
func TestStore(t *testing.T, fresh func(t *testing.T) Opener, o Options) {
	tests := []struct {
		name string
		run  func(t *testing.T, open func() conversation.Store)
	}{
		{"SessionRoundTrip", testSessionRoundTrip},
		{"NotFound", testNotFound},
		{"Invalid", testInvalid},
		{"CancelledSavesNothing", testCancelled},
		{"HandoffLifecycle", testHandoffLifecycle},
		{"HandoffConversationWithAPerson", testHandoffWithAPerson},
		{"HandoffRefTaken", testHandoffRefTaken},
		{"HandoffByRef", testHandoffByRef},
		{"FollowUpIsAtomic", testFollowUpIsAtomic},
		{"OneOpenHandoff", testOneOpenHandoff},
		{"ListHandoffs", testListHandoffs},
		{"ConcurrentEscalations", func(t *testing.T, open func() conversation.Store) {
			testConcurrentEscalations(t, open, !o.OneWriter)
		}},
		{"Feedback", testFeedback},
		{"Owner", testOwner},
		{"Gaps", testGaps},
		{"SharedBetweenHandles", testShared},
		{"ConcurrentTurns", testConcurrentTurns},
		{"ConcurrentHandoffsAndClaims", testConcurrentHandoffsAndClaims},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opener := fresh(t)
			if tt.name == "SharedBetweenHandles" && o.OneWriter {
				testOneWriter(t, opener)
				return
			}
			open := func() conversation.Store {
				t.Helper()
				s, err := opener(context.Background())
				if err != nil {
					t.Fatalf("opening the store: %v", err)
				}
				t.Cleanup(func() {
					if err := s.Close(); err != nil {
						t.Errorf("Close: %v", err)
					}
				})
				return s
			}
			tt.run(t, open)
		})
	}
}

func user(text string) dialogue.Turn { return dialogue.Turn{Role: "user", Text: text} }

func agent(a dialogue.Action, node string) dialogue.Turn {
	return dialogue.Turn{Role: "agent", Text: "…", Action: a, NodeID: node}
}

// saved stores a new conversation of turns (handed off with h when not nil).
func saved(t *testing.T, db conversation.Store, turns []dialogue.Turn, h *conversation.Handoff) dialogue.Session {
	t.Helper()
	s, err := db.Create(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	s.History = turns
	if err := db.Save(context.Background(), &s, 0, h); err != nil {
		t.Fatal(err)
	}
	return s
}

func testSessionRoundTrip(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	s, err := db.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.ID) != 32 {
		t.Fatalf("id %q: want 32 hex chars", s.ID)
	}
	if got, err := db.Get(ctx, s.ID); err != nil || got.ID != s.ID || len(got.History) != 0 {
		t.Fatalf("new conversation = %+v, %v", got, err)
	}
	s.CurrentNode = "n1"
	s.Confirmed = []string{"booked online"}
	s.PendingOptions = []dialogue.Option{{Label: "Online", Value: "online", NodeID: "n2"}}
	s.History = append(s.History,
		dialogue.Turn{Role: "user", Text: "hi ' \" \\ ✓ 😀"},
		dialogue.Turn{Role: "agent", Text: "which?", Action: dialogue.Clarification, NodeID: "n1"})
	if err := db.Save(ctx, &s, 0, nil); err != nil {
		t.Fatal(err)
	}
	s.History = append(s.History, dialogue.Turn{Role: "user", Text: "online"})
	if err := db.Save(ctx, &s, 2, nil); err != nil {
		t.Fatal(err)
	}
	if err := db.Ping(ctx); err != nil {
		t.Error(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	got, err := open().Get(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, s) {
		t.Errorf("after reopening:\n got %+v\nwant %+v", got, s)
	}
}

func testNotFound(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	s := dialogue.Session{ID: "nope", History: []dialogue.Turn{user("hi")}}
	for _, tc := range []struct {
		what string
		err  error
	}{
		{"Get", func() error { _, err := db.Get(ctx, "nope"); return err }()},
		{"GetOwned", func() error { _, err := db.GetOwned(ctx, "nope", "me"); return err }()},
		{"CheckOwner", db.CheckOwner(ctx, "nope", "me")},
		{"Save", db.Save(ctx, &s, 0, nil)},
		{"Save with a handoff", db.Save(ctx, &s, 0, &conversation.Handoff{})},
		{"SaveFollowUp", db.SaveFollowUp(ctx, &s, 0, conversation.FollowUp{HandoffID: 1})},
		{"Handoff", func() error { _, err := db.Handoff(ctx, 42); return err }()},
		{"LatestHandoff", func() error { _, err := db.LatestHandoff(ctx, "nope"); return err }()},
		{"Reply", func() error { _, err := db.Reply(ctx, 42, "hi"); return err }()},
		{"SetStatus", db.SetStatus(ctx, 42, conversation.StatusClosed)},
		{"SetStatus open", db.SetStatus(ctx, 42, conversation.StatusOpen)},
		{"RecordFeedback", db.RecordFeedback(ctx, "nope", 1, true)},
	} {
		if !errors.Is(tc.err, conversation.ErrNotFound) {
			t.Errorf("%s of something unknown = %v, want ErrNotFound", tc.what, tc.err)
		}
	}
	if got, err := db.Feedback(ctx, "nope"); err != nil || len(got) != 0 {
		t.Errorf("Feedback of unknown = %v, %v; want none", got, err)
	}
	if hs, err := db.Handoffs(ctx, false); err != nil || len(hs) != 0 {
		t.Errorf("Handoffs of an empty store = %+v, %v", hs, err)
	}
}

func testInvalid(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	s := saved(t, db, []dialogue.Turn{user("q"), agent(dialogue.Resolution, "n1")}, nil)
	h := &conversation.Handoff{}
	for _, tc := range []struct {
		what string
		err  error
	}{
		{"Save from beyond the history", db.Save(ctx, &s, 3, nil)},
		{"Save from before the start", db.Save(ctx, &s, -1, nil)},
		{"SaveFollowUp from beyond the history", db.SaveFollowUp(ctx, &s, 3, conversation.FollowUp{})},
		{"SetStatus pending", func() error {
			if err := db.Save(ctx, &s, 2, h); err != nil {
				return err
			}
			return db.SetStatus(ctx, h.ID, "pending")
		}()},
		{"rating a question", db.RecordFeedback(ctx, s.ID, 0, true)},
	} {
		if !errors.Is(tc.err, conversation.ErrInvalid) {
			t.Errorf("%s = %v, want ErrInvalid", tc.what, tc.err)
		}
	}
	// Saving the turns already saved again is an error, not a duplicate,
	// and the state saved with them is not kept either.
	s.CurrentNode = "changed"
	if err := db.Save(ctx, &s, 0, nil); err == nil {
		t.Error("saving turn 0 twice: no error")
	}
	if got, _ := db.Get(ctx, s.ID); len(got.History) != 2 || got.CurrentNode != "" {
		t.Errorf("after the failed saves: history %+v, node %q; want the 2 turns and no node", got.History, got.CurrentNode)
	}
}

// A write whose request is cancelled before it is queued reports so and
// changes nothing.
func testCancelled(t *testing.T, open func() conversation.Store) {
	db := open()
	s := saved(t, db, []dialogue.Turn{user("q")}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s.History = append(s.History, agent(dialogue.Resolution, "n1"))
	if err := db.Save(ctx, &s, 1, &conversation.Handoff{}); err == nil {
		t.Fatal("Save with a cancelled context: no error")
	}
	got, err := db.Get(context.Background(), s.ID)
	if err != nil || len(got.History) != 1 {
		t.Errorf("after a cancelled Save: %+v, %v; want the 1 turn before", got.History, err)
	}
	if hs, _ := db.Handoffs(context.Background(), false); len(hs) != 0 {
		t.Errorf("a cancelled Save recorded handoffs %+v", hs)
	}
}

func testFeedback(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	s := saved(t, db, []dialogue.Turn{user("q"), {Role: "agent", Text: "a", Action: dialogue.Resolution, NodeID: "n7"},
		user("q2"), {Role: "agent", Text: "which?", Action: dialogue.Clarification, NodeID: "n8"}}, nil)
	for _, tc := range []struct {
		seq  int
		want error
	}{{1, nil}, {0, conversation.ErrInvalid}, {3, conversation.ErrInvalid}, {9, conversation.ErrNotFound}} {
		if err := db.RecordFeedback(ctx, s.ID, tc.seq, true); !errors.Is(err, tc.want) {
			t.Errorf("RecordFeedback(turn %d) = %v, want %v", tc.seq, err, tc.want)
		}
	}
	if got, _ := db.Feedback(ctx, s.ID); !reflect.DeepEqual(got, map[int]bool{1: true}) {
		t.Errorf("Feedback = %v", got)
	}
	// A second rating of the same answer replaces the first.
	if err := db.RecordFeedback(ctx, s.ID, 1, false); err != nil {
		t.Fatal(err)
	}
	if got, _ := db.Feedback(ctx, s.ID); !reflect.DeepEqual(got, map[int]bool{1: false}) {
		t.Errorf("Feedback = %v", got)
	}
	other := saved(t, db, []dialogue.Turn{user("q"), {Role: "agent", Text: "a", Action: dialogue.Resolution, NodeID: "n9"}}, nil)
	if err := db.RecordFeedback(ctx, other.ID, 1, true); err != nil {
		t.Fatal(err)
	}
	want := []conversation.NodeRating{{NodeID: "n7", Helpful: 0, Not: 1}, {NodeID: "n9", Helpful: 1, Not: 0}}
	if got, _ := db.NodeRatings(ctx); !reflect.DeepEqual(got, want) {
		t.Errorf("NodeRatings = %+v, want %+v", got, want)
	}
}

func testOwner(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	mine, err := db.Create(ctx, "browser-a")
	if err != nil {
		t.Fatal(err)
	}
	mine.History = []dialogue.Turn{user("hello")}
	if err := db.Save(ctx, &mine, 0, nil); err != nil {
		t.Fatal(err)
	}
	legacy, _ := db.Create(ctx, "")
	legacy2, _ := db.Create(ctx, "")
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
		{legacy.ID, "browser-b", true},
	} {
		err := db.CheckOwner(ctx, tc.id, tc.owner)
		if tc.ok != (err == nil) || (err != nil && !errors.Is(err, conversation.ErrNotFound)) {
			t.Errorf("CheckOwner(%.4s, %q) = %v, want ok=%v", tc.id, tc.owner, err, tc.ok)
		}
		got, err := db.GetOwned(ctx, tc.id, tc.owner)
		if tc.ok != (err == nil) || (err != nil && !errors.Is(err, conversation.ErrNotFound)) {
			t.Errorf("GetOwned(%.4s, %q) = %v, want ok=%v", tc.id, tc.owner, err, tc.ok)
		}
		if tc.ok && got.ID != tc.id {
			t.Errorf("GetOwned(%.4s) = %+v", tc.id, got)
		}
	}
	if got, err := db.GetOwned(ctx, mine.ID, "browser-a"); err != nil || !reflect.DeepEqual(got.History, mine.History) {
		t.Errorf("GetOwned = %+v, %v; want the saved history", got, err)
	}
	// GetOwned claims too.
	if _, err := db.GetOwned(ctx, legacy2.ID, "browser-c"); err != nil {
		t.Errorf("GetOwned of an unowned conversation: %v", err)
	}
	if err := db.CheckOwner(ctx, legacy2.ID, "browser-a"); !errors.Is(err, conversation.ErrNotFound) {
		t.Errorf("after GetOwned claimed it, CheckOwner by another = %v", err)
	}
}

package conversationtest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/dialogue"
)

// Two handles on one store (two processes, or two serve replicas) see each
// other's writes as soon as they are acknowledged.
func testShared(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	a, b := open(), open()
	s, err := a.Create(ctx, "browser")
	if err != nil {
		t.Fatal(err)
	}
	s.History = []dialogue.Turn{user("hi"), agent(dialogue.Clarification, "n1")}
	if err := a.Save(ctx, &s, 0, nil); err != nil {
		t.Fatal(err)
	}
	got, err := b.GetOwned(ctx, s.ID, "browser")
	if err != nil || len(got.History) != 2 {
		t.Fatalf("the other handle reads %+v, %v", got, err)
	}
	got.History = append(got.History, user("a person please"), agent(dialogue.Escalation, ""))
	got.Escalated = true
	h := &conversation.Handoff{Intent: "hi"}
	if err := b.Save(ctx, &got, 2, h); err != nil {
		t.Fatal(err)
	}
	waiting, err := a.Handoffs(ctx, true)
	if err != nil || len(waiting) != 1 || waiting[0].ID != h.ID {
		t.Fatalf("the first handle's queue = %+v, %v; want handoff %d", waiting, err, h.ID)
	}
	if _, err := a.Reply(ctx, h.ID, "hello from a person"); err != nil {
		t.Fatal(err)
	}
	if again, _ := b.Get(ctx, s.ID); len(again.History) != 5 || !again.Escalated {
		t.Errorf("the other handle reads %+v", again)
	}
}

// A one-writer engine refuses a second writer while the first is open,
// and takes one once it is closed.
func testOneWriter(t *testing.T, open Opener) {
	ctx := context.Background()
	a, err := open(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := open(ctx); err == nil {
		b.Close()
		a.Close()
		t.Fatal("a second store opened on data another store writes")
	}
	s, err := a.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := open(ctx)
	if err != nil {
		t.Fatalf("opening after the first store closed: %v", err)
	}
	defer b.Close()
	if _, err := b.Get(ctx, s.ID); err != nil {
		t.Error(err)
	}
}

// Many conversations written at once (what group commit batches): every
// acknowledged turn is there, in order, under its conversation.
func testConcurrentTurns(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	const clients, turns = 16, 12
	ids := make([]string, clients)
	errs := make(chan error, clients)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			s, err := db.Create(ctx, fmt.Sprint("owner-", c))
			if err != nil {
				errs <- err
				return
			}
			ids[c] = s.ID
			for i := range turns {
				from := len(s.History)
				s.History = append(s.History, user(fmt.Sprintf("c%d q%d", c, i)), agent(dialogue.Resolution, fmt.Sprint("n", i)))
				s.CurrentNode = fmt.Sprint("n", i)
				if err := db.Save(ctx, &s, from, nil); err != nil {
					errs <- err
					return
				}
				if i%4 == 0 {
					if _, err := db.GetOwned(ctx, s.ID, fmt.Sprint("owner-", c)); err != nil {
						errs <- err
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for c, id := range ids {
		s, err := db.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.History) != 2*turns || s.CurrentNode != fmt.Sprint("n", turns-1) {
			t.Fatalf("client %d: %d turns, node %q; want %d, n%d", c, len(s.History), s.CurrentNode, 2*turns, turns-1)
		}
		for i := range turns {
			if want := fmt.Sprintf("c%d q%d", c, i); s.History[2*i].Text != want {
				t.Fatalf("client %d turn %d = %q, want %q", c, 2*i, s.History[2*i].Text, want)
			}
		}
	}
}

// Handoffs filed at once get distinct ids and references; an unowned
// conversation claimed by many at once has exactly one owner; failures in
// a batch of writes do not fail the others.
func testConcurrentHandoffsAndClaims(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	const n = 12
	var mu sync.Mutex
	seen := map[int64]bool{}
	refs := map[string]bool{}
	legacy, err := db.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	var winners int
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			s, h := escalated(t, db)
			// A failing write beside the good ones.
			ghost := dialogue.Session{ID: "ghost", History: []dialogue.Turn{user("x")}}
			ghostErr := db.Save(ctx, &ghost, 0, nil)
			claimErr := db.CheckOwner(ctx, legacy.ID, fmt.Sprint("browser-", i))
			mu.Lock()
			defer mu.Unlock()
			if seen[h.ID] || refs[h.Ref] || h.ConversationID != s.ID {
				t.Errorf("handoff %+v repeats an id or ref, or names another conversation", h)
			}
			seen[h.ID], refs[h.Ref] = true, true
			if !errors.Is(ghostErr, conversation.ErrNotFound) {
				t.Errorf("Save of an unknown conversation = %v", ghostErr)
			}
			switch {
			case claimErr == nil:
				winners++
			case !errors.Is(claimErr, conversation.ErrNotFound):
				t.Errorf("CheckOwner = %v", claimErr)
			}
		})
	}
	wg.Wait()
	if winners != 1 {
		t.Errorf("%d browsers own the unowned conversation, want 1", winners)
	}
	if hs, err := db.Handoffs(ctx, true); err != nil || len(hs) != n {
		t.Errorf("%d handoffs waiting (%v), want %d", len(hs), err, n)
	}
}

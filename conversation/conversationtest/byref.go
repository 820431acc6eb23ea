package conversationtest

import (
	"context"
	"errors"
	"testing"

	"github.com/helpgraph/helpgraph/conversation"
)

func testHandoffByRef(t *testing.T, open func() conversation.Store) {
	ctx := context.Background()
	db := open()
	_, h := escalated(t, db)
	got, err := db.HandoffByRef(ctx, h.Ref)
	if err != nil {
		t.Fatalf("HandoffByRef(%q): %v", h.Ref, err)
	}
	if got.ID != h.ID || got.ConversationID != h.ConversationID || got.Ref != h.Ref {
		t.Errorf("HandoffByRef(%q) = id %d ref %q of %q, want id %d of %q", h.Ref, got.ID, got.Ref, got.ConversationID, h.ID, h.ConversationID)
	}
	if _, err := db.HandoffByRef(ctx, "HG-NOSUCH"); !errors.Is(err, conversation.ErrNotFound) {
		t.Errorf("HandoffByRef of an unknown reference: %v, want ErrNotFound", err)
	}
}

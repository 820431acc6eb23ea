package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/helpgraph/helpgraph/conversation"
)

// HandoffByRef returns the handoff with reference ref (ref is UNIQUE, so
// indexed).
func (s *Store) HandoffByRef(ctx context.Context, ref string) (conversation.Handoff, error) {
	h, err := scanHandoff(s.pool.QueryRow(ctx, handoffSelect+" WHERE ref = $1", ref))
	if errors.Is(err, pgx.ErrNoRows) {
		return conversation.Handoff{}, fmt.Errorf("handoff %q: %w", ref, conversation.ErrNotFound)
	}
	if err != nil {
		return conversation.Handoff{}, fmt.Errorf("reading handoff %q: %w", ref, err)
	}
	return h, nil
}

package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/helpgraph/helpgraph/conversation"
)

// HandoffByRef returns the handoff with reference ref (an index lookup:
// handoffs_ref is unique).
func (s *Store) HandoffByRef(ctx context.Context, ref string) (Handoff, error) {
	h, err := scanHandoff(s.rdb.QueryRowContext(ctx, handoffSelect+" WHERE ref = ?", ref))
	if errors.Is(err, sql.ErrNoRows) {
		return Handoff{}, fmt.Errorf("handoff %q: %w", ref, conversation.ErrNotFound)
	}
	if err != nil {
		return Handoff{}, fmt.Errorf("reading handoff %q: %w", ref, err)
	}
	return h, nil
}

package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/helpgraph/helpgraph/conversation"
	"github.com/helpgraph/helpgraph/conversation/postgres"
	"github.com/helpgraph/helpgraph/conversation/sqlite"
)

// conversationsUsage describes the --conversations flag.
const conversationsUsage = "conversations and handoffs: a SQLite file, or a postgres:// URL that serve replicas share"

// openConversations opens the conversation store named by spec: a
// postgres:// URL opens PostgreSQL, anything else is a SQLite file.
// readOnly (gaps, ask) opens an existing SQLite file for reading, so it
// works beside the serve that writes it; a missing file is then an error
// wrapping fs.ErrNotExist.
func (m *Main) openConversations(ctx context.Context, spec string, readOnly bool) (conversation.Store, error) {
	if spec == "" {
		spec = m.Config.ConversationsDB
	}
	if postgres.IsURL(spec) {
		s, err := postgres.Open(ctx, spec)
		if err != nil {
			return nil, oneLine(err)
		}
		return s, nil
	}
	if readOnly {
		if _, err := os.Stat(spec); err != nil {
			return nil, fmt.Errorf("no conversations at %s (helpgraph serve records them; see --conversations): %w", spec, err)
		}
		return sqlite.OpenReadOnly(ctx, spec)
	}
	s, err := sqlite.Open(ctx, spec)
	if errors.Is(err, sqlite.ErrInUse) {
		return nil, fmt.Errorf("%w; or give this serve its own --conversations file", err)
	}
	return s, err
}

// isMissing reports whether err says that there are no conversations yet.
func isMissing(err error) bool { return errors.Is(err, fs.ErrNotExist) }

package conversation

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Conversations belong to the browser that started them: owner is an opaque
// string the web layer derives from a browser's secret (a hash, never the
// secret itself). A conversation made before owners existed has owner "".

func migrateOwners(ctx context.Context, db *sql.DB) error {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM pragma_table_info('conversations') WHERE name = 'owner'").Scan(&n); err != nil {
		return err
	}
	if n == 0 {
		if _, err := db.ExecContext(ctx, "ALTER TABLE conversations ADD COLUMN owner TEXT NOT NULL DEFAULT ''"); err != nil {
			return fmt.Errorf("adding conversations.owner: %w", err)
		}
	}
	return nil
}

// SetOwner makes owner the owner of conversation id.
func (d *DB) SetOwner(ctx context.Context, id, owner string) error {
	res, err := d.db.ExecContext(ctx, "UPDATE conversations SET owner = ? WHERE id = ?", owner, id)
	if err != nil {
		return fmt.Errorf("setting the owner of %q: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("conversation %q: %w", id, ErrNotFound)
	}
	return nil
}

// CheckOwner returns nil when owner may read and continue conversation id,
// and an error wrapping ErrNotFound otherwise, so that a conversation of
// someone else cannot be told from none. A conversation without an owner
// (made before owners existed) is claimed by the first owner to ask.
func (d *DB) CheckOwner(ctx context.Context, id, owner string) error {
	if owner == "" {
		return fmt.Errorf("conversation %q: no owner given: %w", id, ErrNotFound)
	}
	var have string
	err := d.db.QueryRowContext(ctx, "SELECT owner FROM conversations WHERE id = ?", id).Scan(&have)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("conversation %q: %w", id, ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("reading conversation %q: %w", id, err)
	}
	switch have {
	case owner:
		return nil
	case "":
		if _, err := d.db.ExecContext(ctx, "UPDATE conversations SET owner = ? WHERE id = ? AND owner = ''", owner, id); err != nil {
			return fmt.Errorf("claiming conversation %q: %w", id, err)
		}
		return d.CheckOwner(ctx, id, owner) // another browser may have claimed it first
	}
	return fmt.Errorf("conversation %q: %w", id, ErrNotFound)
}

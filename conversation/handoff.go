package conversation

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/helpgraph/helpgraph/dialogue"
)

// Status is where a handoff stands: open (waiting for a person), answered
// (a person replied and the customer has not written since), or closed.
type Status string

const (
	StatusOpen     Status = "open"
	StatusAnswered Status = "answered"
	StatusClosed   Status = "closed"
)

// Valid reports whether s is one of the statuses above.
func (s Status) Valid() bool {
	return s == StatusOpen || s == StatusAnswered || s == StatusClosed
}

// RoleSupport is the role of a turn a support person wrote.
const RoleSupport = "support"

// Step is one node the bot went through before handing off, kept with its
// label so the record reads the same after the graph is rebuilt.
type Step struct {
	NodeID string `json:"node_id"`
	Label  string `json:"label"`
}

// Handoff is an escalated conversation waiting for (or handled by) a person.
type Handoff struct {
	ID int64 `json:"id"`
	// Ref is the reference number the customer is shown ("HG-7K3Q9A").
	Ref            string    `json:"ref"`
	ConversationID string    `json:"conversation_id"`
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
	Status         Status    `json:"status"`
	Intent         string    `json:"intent"`
	Confirmed      []string  `json:"confirmed"`
	// Transcript is the conversation up to the handoff; later turns are in
	// the conversation itself.
	Transcript []dialogue.Turn `json:"transcript"`
	// Path is the nodes the bot followed, Sources the pages it cited.
	Path    []Step   `json:"path"`
	Sources []string `json:"sources"`
	// Contact is how the customer asked to be reached ("" if not given);
	// AwaitingContact is set while the chat waits for the answer.
	Contact         string `json:"contact,omitempty"`
	AwaitingContact bool   `json:"awaiting_contact,omitempty"`
	// HandledAt is when the handoff was closed; zero while it is not.
	HandledAt time.Time `json:"handled_at,omitzero"`
}

// Handled reports whether the handoff is closed.
func (h Handoff) Handled() bool { return h.Status == StatusClosed }

// refAlphabet leaves out look-alikes (0/O, 1/I/L), since people read
// references out over the phone.
const refAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// NewRef returns a random handoff reference, "HG-" and six characters.
func NewRef() string {
	var b [6]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	out := []byte("HG-")
	for _, c := range b {
		out = append(out, refAlphabet[int(c)%len(refAlphabet)])
	}
	return string(out)
}

// handoffColumns adds what handoffs gained after the first schema; databases
// made before are upgraded in place on Open.
var handoffColumns = []struct{ name, def string }{
	{"ref", "TEXT NOT NULL DEFAULT ''"},
	{"status", "TEXT NOT NULL DEFAULT 'open'"},
	{"updated_at", "INTEGER NOT NULL DEFAULT 0"},
	{"path", "TEXT NOT NULL DEFAULT '[]'"},
	{"sources", "TEXT NOT NULL DEFAULT '[]'"},
	{"contact", "TEXT NOT NULL DEFAULT ''"},
	{"awaiting_contact", "INTEGER NOT NULL DEFAULT 0"},
}

func migrate(ctx context.Context, db *sql.DB) error {
	have := map[string]bool{}
	rows, err := db.QueryContext(ctx, "SELECT name FROM pragma_table_info('handoffs')")
	if err != nil {
		return err
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return err
		}
		have[name] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, c := range handoffColumns {
		if have[c.name] {
			continue
		}
		if _, err := db.ExecContext(ctx, "ALTER TABLE handoffs ADD COLUMN "+c.name+" "+c.def); err != nil {
			return fmt.Errorf("adding handoffs.%s: %w", c.name, err)
		}
		switch c.name {
		case "status": // handled before statuses existed means closed
			_, err = db.ExecContext(ctx, "UPDATE handoffs SET status = 'closed' WHERE handled_at != 0")
		case "ref":
			_, err = db.ExecContext(ctx, "UPDATE handoffs SET ref = 'HG-' || id WHERE ref = ''")
		case "updated_at":
			_, err = db.ExecContext(ctx, "UPDATE handoffs SET updated_at = created_at")
		}
		if err != nil {
			return fmt.Errorf("filling handoffs.%s: %w", c.name, err)
		}
	}
	_, err = db.ExecContext(ctx, `
CREATE UNIQUE INDEX IF NOT EXISTS handoffs_ref ON handoffs(ref);
CREATE INDEX IF NOT EXISTS handoffs_conversation ON handoffs(conversation_id, id);`)
	return err
}

func insertHandoff(ctx context.Context, tx *sql.Tx, conv string, h *Handoff, now int64) error {
	if h.Ref == "" {
		h.Ref = NewRef()
	}
	confirmed, _ := json.Marshal(nonNil(h.Confirmed))
	transcript, _ := json.Marshal(nonNil(h.Transcript))
	path, _ := json.Marshal(nonNil(h.Path))
	sources, _ := json.Marshal(nonNil(h.Sources))
	res, err := tx.ExecContext(ctx,
		`INSERT INTO handoffs (conversation_id, created_at, updated_at, ref, status, intent, confirmed, transcript, path, sources, contact, awaiting_contact)
		 VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?)`,
		conv, now, now, h.Ref, h.Intent, string(confirmed), string(transcript), string(path), string(sources), h.Contact, h.AwaitingContact)
	if err != nil {
		return fmt.Errorf("recording handoff of %q: %w", conv, err)
	}
	h.ID, _ = res.LastInsertId()
	h.ConversationID = conv
	h.CreatedAt, h.UpdatedAt = time.UnixMilli(now), time.UnixMilli(now)
	h.Status = StatusOpen
	return nil
}

// FollowUp is what a customer's message after a handoff changes in it.
type FollowUp struct {
	HandoffID int64
	// Contact, when not "", is the contact the customer gave.
	Contact string
	// AwaitingContact is whether the chat still waits for a contact.
	AwaitingContact bool
}

// SaveFollowUp saves s like Save and, in the same transaction, records that
// the customer wrote again on handoff f.HandoffID: an answered handoff is
// open again, waiting for a person.
func (d *DB) SaveFollowUp(ctx context.Context, s *dialogue.Session, from int, f FollowUp) error {
	return d.inTx(ctx, s.ID, func(tx *sql.Tx, now int64) error {
		if err := saveTurns(ctx, tx, s, from, now); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE handoffs SET
			status = CASE WHEN status = 'answered' THEN 'open' ELSE status END,
			contact = CASE WHEN ? != '' THEN ? ELSE contact END,
			awaiting_contact = ?, updated_at = ?
			WHERE id = ? AND conversation_id = ?`,
			f.Contact, f.Contact, f.AwaitingContact, now, f.HandoffID, s.ID)
		if err != nil {
			return fmt.Errorf("updating handoff %d: %w", f.HandoffID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("handoff %d of %q: %w", f.HandoffID, s.ID, ErrNotFound)
		}
		return nil
	})
}

// Reply appends a support person's reply to the conversation of handoff id
// and marks the handoff answered, in one transaction. It returns the turn's
// position in the conversation.
func (d *DB) Reply(ctx context.Context, id int64, text string) (int, error) {
	var seq int
	var conv string
	err := d.db.QueryRowContext(ctx, "SELECT conversation_id FROM handoffs WHERE id = ?", id).Scan(&conv)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("handoff %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("reading handoff %d: %w", id, err)
	}
	err = d.inTx(ctx, conv, func(tx *sql.Tx, now int64) error {
		if err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(seq) + 1, 0) FROM turns WHERE conversation_id = ?", conv).Scan(&seq); err != nil {
			return fmt.Errorf("replying on handoff %d: %w", id, err)
		}
		if _, err := tx.ExecContext(ctx,
			"INSERT INTO turns (conversation_id, seq, role, text, created_at) VALUES (?, ?, ?, ?, ?)",
			conv, seq, RoleSupport, text, now); err != nil {
			return fmt.Errorf("replying on handoff %d: %w", id, err)
		}
		if _, err := tx.ExecContext(ctx, "UPDATE conversations SET updated_at = ? WHERE id = ?", now, conv); err != nil {
			return fmt.Errorf("replying on handoff %d: %w", id, err)
		}
		if _, err := tx.ExecContext(ctx,
			"UPDATE handoffs SET status = 'answered', handled_at = 0, updated_at = ? WHERE id = ?", now, id); err != nil {
			return fmt.Errorf("replying on handoff %d: %w", id, err)
		}
		return nil
	})
	return seq, err
}

const handoffSelect = `SELECT id, ref, conversation_id, created_at, updated_at, status, intent, confirmed,
	transcript, path, sources, contact, awaiting_contact, handled_at FROM handoffs`

// Handoffs lists handoffs, oldest first; waitingOnly leaves out closed ones.
func (d *DB) Handoffs(ctx context.Context, waitingOnly bool) ([]Handoff, error) {
	q := handoffSelect
	if waitingOnly {
		q += " WHERE status != 'closed'"
	}
	return d.queryHandoffs(ctx, q+" ORDER BY created_at, id")
}

func (d *DB) queryHandoffs(ctx context.Context, q string, args ...any) ([]Handoff, error) {
	rows, err := d.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("listing handoffs: %w", err)
	}
	defer rows.Close()
	var hs []Handoff
	for rows.Next() {
		h, err := scanHandoff(rows)
		if err != nil {
			return nil, fmt.Errorf("listing handoffs: %w", err)
		}
		hs = append(hs, h)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing handoffs: %w", err)
	}
	return hs, nil
}

// Handoff returns one handoff, or an error wrapping ErrNotFound.
func (d *DB) Handoff(ctx context.Context, id int64) (Handoff, error) {
	h, err := scanHandoff(d.db.QueryRowContext(ctx, handoffSelect+" WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return Handoff{}, fmt.Errorf("handoff %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return Handoff{}, fmt.Errorf("reading handoff %d: %w", id, err)
	}
	return h, nil
}

// LatestHandoff returns the newest handoff of conversation conv, or an error
// wrapping ErrNotFound when it has none.
func (d *DB) LatestHandoff(ctx context.Context, conv string) (Handoff, error) {
	h, err := scanHandoff(d.db.QueryRowContext(ctx, handoffSelect+" WHERE conversation_id = ? ORDER BY id DESC LIMIT 1", conv))
	if errors.Is(err, sql.ErrNoRows) {
		return Handoff{}, fmt.Errorf("handoff of %q: %w", conv, ErrNotFound)
	}
	if err != nil {
		return Handoff{}, fmt.Errorf("reading handoff of %q: %w", conv, err)
	}
	return h, nil
}

// SetStatus moves handoff id to status st. Closing keeps the first close time.
func (d *DB) SetStatus(ctx context.Context, id int64, st Status) error {
	if !st.Valid() {
		return fmt.Errorf("handoff %d: status %q: %w", id, st, ErrInvalid)
	}
	now := d.now().UnixMilli()
	handled := "0 * ?" // reopened: not handled any more
	if st == StatusClosed {
		handled = "CASE WHEN handled_at = 0 THEN ? ELSE handled_at END"
	}
	res, err := d.db.ExecContext(ctx,
		"UPDATE handoffs SET status = ?, updated_at = ?, handled_at = "+handled+" WHERE id = ?",
		string(st), now, now, id)
	if err != nil {
		return fmt.Errorf("marking handoff %d %s: %w", id, st, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("marking handoff %d %s: %w", id, st, ErrNotFound)
	}
	return nil
}

// MarkHandled closes handoff id.
func (d *DB) MarkHandled(ctx context.Context, id int64) error {
	return d.SetStatus(ctx, id, StatusClosed)
}

type scanner interface{ Scan(dest ...any) error }

func scanHandoff(r scanner) (Handoff, error) {
	var h Handoff
	var created, updated, handled int64
	var status, confirmed, transcript, path, sources string
	if err := r.Scan(&h.ID, &h.Ref, &h.ConversationID, &created, &updated, &status, &h.Intent, &confirmed,
		&transcript, &path, &sources, &h.Contact, &h.AwaitingContact, &handled); err != nil {
		return Handoff{}, err
	}
	h.Status = Status(status)
	h.CreatedAt, h.UpdatedAt = time.UnixMilli(created), time.UnixMilli(updated)
	if handled != 0 {
		h.HandledAt = time.UnixMilli(handled)
	}
	for _, f := range []struct {
		what string
		raw  string
		dst  any
	}{{"confirmed conditions", confirmed, &h.Confirmed}, {"transcript", transcript, &h.Transcript},
		{"path", path, &h.Path}, {"sources", sources, &h.Sources}} {
		if err := json.Unmarshal([]byte(f.raw), f.dst); err != nil {
			return Handoff{}, fmt.Errorf("decoding %s of handoff %d: %w", f.what, h.ID, err)
		}
	}
	return h, nil
}

//go:build cgo

package kuzu

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	kz "github.com/kuzudb/go-kuzu"

	"github.com/helpgraph/helpgraph/ask"
)

// Handoff statements. A full load creates conversations and handoffs in
// batches and their relationships by COPY (row by row, 5,000 handoffs took
// 17 s); an update merges the few that changed since, one at a time.
const (
	insertConvs     = `UNWIND $rows AS row CREATE (:Conversation {id: row.id, turns: row.turns, last_action: row.last_action, escalated: true})`
	insertHandoffs  = `UNWIND $rows AS row CREATE (:Handoff {id: row.id, conversation_id: row.conversation_id, created_at: row.created_at, intent: row.intent, handled: row.handled, handled_at: row.handled_at})`
	mergeConv       = `MERGE (c:Conversation {id: $id}) SET c.turns = $turns, c.last_action = $last_action, c.escalated = true`
	mergeHandoff    = `MERGE (h:Handoff {id: $id}) SET h.conversation_id = $conversation_id, h.created_at = $created_at, h.intent = $intent, h.handled = $handled, h.handled_at = $handled_at`
	mergeOf         = `MATCH (h:Handoff {id: $id}), (c:Conversation {id: $conversation_id}) MERGE (h)-[:OF]->(c)`
	mergeConvEnd    = `MATCH (c:Conversation {id: $conversation_id}), (n:HelpgraphNode {id: $node}) MERGE (c)-[:ENDED_ON]->(n)`
	mergeHandoffEnd = `MATCH (h:Handoff {id: $id}), (n:HelpgraphNode {id: $node}) MERGE (h)-[:ENDED_ON]->(n)`
)

func handoffRow(h ask.Handoff) map[string]any {
	handledAt := ""
	if !h.HandledAt.IsZero() {
		handledAt = isoTime(h.HandledAt)
	}
	return map[string]any{"id": h.ID, "conversation_id": h.ConversationID, "created_at": isoTime(h.CreatedAt),
		"intent": h.Intent, "handled": !h.HandledAt.IsZero(), "handled_at": handledAt}
}

func convRow(h ask.Handoff) map[string]any {
	return map[string]any{"id": h.ConversationID, "turns": int64(h.Turns), "last_action": h.LastAction}
}

// loadHandoffs loads the conversations that were handed off, linked to
// the node they ended on, into a database that has none yet.
func loadHandoffs(ctx context.Context, conn *kz.Connection, snap *ask.Snapshot, dir string) error {
	if len(snap.Handoffs) == 0 {
		return nil
	}
	known := make(map[string]bool, len(snap.Graph.Nodes))
	for _, n := range snap.Graph.Nodes {
		known[n.ID] = true
	}
	// A conversation handed off twice is one node; its later handoff
	// has the longer transcript.
	convAt := map[string]int{}
	var convs, handoffs []any
	var of, handoffEnds, convEnds [][]string
	convEnded := map[[2]string]bool{}
	for _, h := range snap.Handoffs {
		if i, ok := convAt[h.ConversationID]; ok {
			convs[i] = convRow(h)
		} else {
			convAt[h.ConversationID] = len(convs)
			convs = append(convs, convRow(h))
		}
		handoffs = append(handoffs, handoffRow(h))
		id := strconv.FormatInt(h.ID, 10)
		of = append(of, []string{id, h.ConversationID})
		// A conversation can end on a node a rebuild removed; it then
		// simply has no ENDED_ON.
		if h.EndedOn == "" || !known[h.EndedOn] {
			continue
		}
		handoffEnds = append(handoffEnds, []string{id, h.EndedOn})
		if pair := [2]string{h.ConversationID, h.EndedOn}; !convEnded[pair] {
			convEnded[pair] = true
			convEnds = append(convEnds, pair[:])
		}
	}
	ins, err := newInserter(conn)
	if err != nil {
		return err
	}
	defer ins.close()
	if err := execute(conn, "BEGIN TRANSACTION"); err != nil {
		return err
	}
	for _, step := range []struct {
		q    string
		rows []any
	}{{insertConvs, convs}, {insertHandoffs, handoffs}} {
		for start := 0; start < len(step.rows); start += batchSize {
			if err := ctx.Err(); err != nil {
				_ = execute(conn, "ROLLBACK")
				return err
			}
			if err := ins.run(step.q, map[string]any{"rows": step.rows[start:min(start+batchSize, len(step.rows))]}); err != nil {
				_ = execute(conn, "ROLLBACK")
				return fmt.Errorf("handoffs: %w", err)
			}
		}
	}
	if err := execute(conn, "COMMIT"); err != nil {
		return err
	}
	if err := copyCSV(conn, dir, "OF", "", of); err != nil {
		return err
	}
	if err := copyCSV(conn, dir, "ENDED_ON", "from='Conversation', to='HelpgraphNode'", convEnds); err != nil {
		return err
	}
	return copyCSV(conn, dir, "ENDED_ON", "from='Handoff', to='HelpgraphNode'", handoffEnds)
}

// UpdateHandoffs adds new handoffs and updates changed ones (handled
// since) without loading the graph again. A read-only database is closed,
// opened for writing and opened read-only again; running queries finish
// first, and no query runs meanwhile.
func (d *DB) UpdateHandoffs(ctx context.Context, hs []ask.Handoff) (err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return errors.New("kuzu: database closed")
	}
	if d.path != "" {
		d.db.Close()
		cfg := d.cfg
		cfg.ReadOnly = false
		if d.db, err = kz.OpenDatabase(d.path, cfg); err != nil {
			d.closed = true
			return fmt.Errorf("opening kuzu database for handoffs: %w", err)
		}
		defer func() {
			d.db.Close()
			var rerr error
			if d.db, rerr = kz.OpenDatabase(d.path, d.cfg); rerr != nil {
				d.closed = true
				err = errors.Join(err, fmt.Errorf("opening kuzu database read-only again: %w", rerr))
			}
		}()
	}
	conn, err := kz.OpenConnection(d.db)
	if err != nil {
		return err
	}
	defer conn.Close()
	ins, err := newInserter(conn)
	if err != nil {
		return err
	}
	defer ins.close()
	if err := execute(conn, "BEGIN TRANSACTION"); err != nil {
		return err
	}
	for _, h := range hs {
		if err := upsertHandoff(ctx, ins, h); err != nil {
			_ = execute(conn, "ROLLBACK")
			return fmt.Errorf("handoff %d: %w", h.ID, err)
		}
	}
	return execute(conn, "COMMIT")
}

// statement is one statement with its arguments.
type statement struct {
	q    string
	args map[string]any
}

func upsertHandoff(ctx context.Context, ins *inserter, h ask.Handoff) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	steps := []statement{
		{mergeConv, convRow(h)},
		{mergeHandoff, handoffRow(h)},
		{mergeOf, map[string]any{"id": h.ID, "conversation_id": h.ConversationID}},
	}
	if h.EndedOn != "" {
		steps = append(steps,
			statement{mergeConvEnd, map[string]any{"conversation_id": h.ConversationID, "node": h.EndedOn}},
			statement{mergeHandoffEnd, map[string]any{"id": h.ID, "node": h.EndedOn}})
	}
	for _, s := range steps {
		if err := ins.run(s.q, s.args); err != nil {
			return err
		}
	}
	return nil
}

// Gap statements: a few hundred events at most, one at a time.
const (
	insertGap = `CREATE (:Gap {id: $id, kind: $kind, conversation_id: $conversation_id, utterance: $utterance, at: $at})`
	linkGap   = `MATCH (g:Gap {id: $id}), (n:HelpgraphNode {id: $node}) CREATE (g)-[:NEAR]->(n)`
)

// loadGaps loads the gap events, linked to the node they were near.
func loadGaps(ctx context.Context, conn *kz.Connection, snap *ask.Snapshot) error {
	if len(snap.Gaps) == 0 {
		return nil
	}
	known := make(map[string]bool, len(snap.Graph.Nodes))
	for _, n := range snap.Graph.Nodes {
		known[n.ID] = true
	}
	ins, err := newInserter(conn)
	if err != nil {
		return err
	}
	defer ins.close()
	if err := execute(conn, "BEGIN TRANSACTION"); err != nil {
		return err
	}
	for i, gap := range snap.Gaps {
		if err := ctx.Err(); err != nil {
			_ = execute(conn, "ROLLBACK")
			return err
		}
		id := int64(i + 1)
		if err := ins.run(insertGap, map[string]any{"id": id, "kind": gap.Kind, "conversation_id": gap.ConversationID,
			"utterance": gap.Utterance, "at": isoTime(gap.At)}); err != nil {
			_ = execute(conn, "ROLLBACK")
			return fmt.Errorf("gap %d: %w", id, err)
		}
		if gap.NodeID != "" && known[gap.NodeID] {
			if err := ins.run(linkGap, map[string]any{"id": id, "node": gap.NodeID}); err != nil {
				_ = execute(conn, "ROLLBACK")
				return err
			}
		}
	}
	return execute(conn, "COMMIT")
}
